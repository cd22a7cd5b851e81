import { ABOUT_TEXT, CoreValues, VisionMission } from "~/components/about/about-sections";
import { CallToActionBanner } from "~/components/call-to-action";
import { CompanyStats } from "~/components/home/home-teasers";
import { ArrowRight, Building, Phone } from "~/components/icons";
import { PageHero } from "~/components/page-hero";
import { ServiceCards } from "~/components/services/service-cards";
import { LinkButton } from "~/components/ui/button";
import { HERO_IMAGES } from "~/lib/home-content";
import { pageMeta } from "~/lib/seo";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/about";

export default function AboutPage() {
  return (
    <>
      <PageHero
        title={`About ${COMPANY_NAME}`}
        intro="Over ten years of helping Nigerian families and businesses buy, rent, build and manage property they can trust."
        image={HERO_IMAGES[1]}
      />

      <section aria-labelledby="about-us-title" className="bg-white py-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 lg:grid-cols-2">
          <div>
            <h2 id="about-us-title" className="text-3xl font-bold text-slate-900">
              About Us
            </h2>
            {ABOUT_TEXT.map((paragraph) => (
              <p key={paragraph} className="mt-4 text-pretty leading-relaxed text-slate-600">
                {paragraph}
              </p>
            ))}
            <LinkButton to="/contact" size="xl" className="mt-6">
              Get In Touch
              <ArrowRight className="size-4" aria-hidden />
            </LinkButton>
          </div>
          <CompanyStats />
        </div>
      </section>

      <section aria-label="Vision and mission" className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4">
          <VisionMission />
        </div>
      </section>

      <section aria-labelledby="values-title" className="bg-brand-50 py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4">
          <div className="mx-auto mb-10 max-w-2xl text-center">
            <h2 id="values-title" className="text-3xl font-bold text-slate-900">
              Core Values
            </h2>
            <p className="mt-2 text-pretty text-slate-600">
              The principles behind every viewing, every contract and every building we deliver.
            </p>
          </div>
          <CoreValues />
        </div>
      </section>

      <section aria-labelledby="what-we-do-title" className="bg-white py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4">
          <div className="mx-auto mb-10 max-w-2xl text-center">
            <h2 id="what-we-do-title" className="text-3xl font-bold text-slate-900">
              What We Do
            </h2>
            <p className="mt-2 text-pretty text-slate-600">
              From the first viewing to the finished building: one company for sales, development
              and delivery.
            </p>
          </div>
          <ServiceCards titleAs="h3" />
        </div>
      </section>

      <section aria-labelledby="about-cta-title" className="pb-16 sm:pb-20">
        <div className="mx-auto max-w-5xl px-4">
          <CallToActionBanner
            titleId="about-cta-title"
            title="Ready to work with us?"
            text="Tell us what you are looking for, or browse homes, land and commercial property checked by our agents."
            links={[
              { to: "/contact", label: "Contact Us", Icon: Phone, primary: true },
              { to: "/properties", label: "Browse Properties", Icon: Building },
            ]}
          />
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "About Us",
    description: `${COMPANY_NAME} is a Nigerian real-estate company with 10+ years of experience in property sales, rentals, management, infrastructure development and project management.`,
    path: "/about",
    image: HERO_IMAGES[1],
  });
