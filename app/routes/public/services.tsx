import { CallToActionBanner } from "~/components/call-to-action";
import { CalendarCheck, Phone } from "~/components/icons";
import { ServiceCards } from "~/components/services/service-cards";
import { PROCESS_STEPS } from "~/components/services/services";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/services";

// /services: static content, rendered on the server (no loader: nothing comes from the database).

export default function ServicesPage() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">What We Do</h1>
        <p className="mt-4 text-pretty text-lg text-slate-600">
          From buying your first home to delivering a whole estate, we offer real estate,
          infrastructure and project management services under one roof.
        </p>
      </header>

      <ServiceCards className="mt-12" titleAs="h2" />

      <section aria-labelledby="process-title" className="mt-16 sm:mt-20">
        <h2 id="process-title" className="text-center text-3xl font-bold text-slate-900">
          Our Process
        </h2>
        <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PROCESS_STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl bg-brand-50 p-6">
              <span
                className="flex size-10 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                aria-hidden
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-slate-900">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-slate-600">{step.description}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="services-cta-title" className="mt-16 sm:mt-20">
        <CallToActionBanner
          titleId="services-cta-title"
          title="Ready to start your project?"
          text="Tell us what you need, or book a consultation with one of our specialists."
          links={[
            { to: "/contact", label: "Contact Us", Icon: Phone },
            {
              to: "/book-appointment",
              label: "Book Consultation",
              Icon: CalendarCheck,
              primary: true,
            },
          ]}
        />
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Services",
    description:
      "Property sales, rentals and management, real estate consultancy, infrastructure development and project management across Nigeria.",
    path: "/services",
  });
