import { ArrowRight, CalendarCheck, Phone } from "lucide-react";
import { Link } from "react-router";
import { CallToActionBanner } from "~/components/call-to-action";
import { ServiceCards } from "~/components/services/service-cards";
import { HOME_STATS, type HomeContent } from "~/lib/home-content";

export function AboutTeaser({ content }: { content: HomeContent }) {
  return (
    <div className="grid items-center gap-10 lg:grid-cols-2">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
          {content.about_title}
        </p>
        <h2 id="about-title" className="mt-2 text-balance text-3xl font-bold text-slate-900">
          {content.about_subtitle}
        </h2>
        <p className="mt-4 whitespace-pre-line text-pretty leading-relaxed text-slate-600">
          {content.about_description}
        </p>
        <Link
          to="/about"
          className="mt-6 inline-flex items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
        >
          Learn more about us
          <ArrowRight className="size-4" aria-hidden />
        </Link>
      </div>
      <CompanyStats />
    </div>
  );
}

/** The company's figures (10+ Years Experience ...), on the home and about pages. */
export function CompanyStats() {
  return (
    <dl className="grid grid-cols-2 gap-4">
      {HOME_STATS.map((stat) => (
        <div key={stat.label} className="flex flex-col rounded-xl bg-brand-50 p-6 text-center">
          <dt className="text-sm font-medium text-slate-600">{stat.label}</dt>
          <dd className="order-first text-3xl font-bold text-brand-800">{stat.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function ServicesTeaser({ content }: { content: HomeContent }) {
  return (
    <div>
      <div className="mx-auto max-w-2xl text-center">
        <h2 id="services-title" className="text-3xl font-bold text-slate-900">
          {content.services_title}
        </h2>
        <p className="mt-2 font-medium text-brand-700">{content.services_subtitle}</p>
        <p className="mt-3 text-pretty text-slate-600">{content.services_description}</p>
      </div>
      <ServiceCards className="mt-10" titleAs="h3" />
    </div>
  );
}

export function CallToAction() {
  return (
    <CallToActionBanner
      titleId="cta-title"
      title="Ready to find your next property?"
      text="Book a consultation with one of our agents, or send us a message and we will get back to you shortly."
      links={[
        { to: "/book-appointment", label: "Book Appointment", Icon: CalendarCheck, primary: true },
        { to: "/contact", label: "Contact Us", Icon: Phone },
      ]}
    />
  );
}
