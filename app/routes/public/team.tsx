import { data } from "react-router";
import { PageHero } from "~/components/page-hero";
import { PageMessage } from "~/components/page-message";
import {
  JoinOurTeam,
  TEAM_LOAD_ERROR,
  TeamGetInTouch,
  TeamGrid,
  WhyWorkWithUs,
} from "~/components/team/team-sections";
import { ErrorText } from "~/components/ui/alert";
import { LinkButton } from "~/components/ui/button";
import { HERO_IMAGES } from "~/lib/home-content";
import { pageMeta } from "~/lib/seo";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import { getContactDetails } from "~/models/site-content.server";
import { listActiveTeamMembers } from "~/models/team.server";
import type { Route } from "./+types/team";

export async function loader() {
  const [members, contact] = await Promise.all([
    listActiveTeamMembers().catch((error: unknown) => {
      logger.error({ err: error }, "Failed to load team members");
      // The route's ErrorBoundary shows the spec's message with HTTP 500.
      throw data(TEAM_LOAD_ERROR, { status: 500 });
    }),
    getContactDetails(),
  ]);
  return { members, email: contact.email, phones: contact.phones };
}

export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const { members, email, phones } = loaderData;
  return (
    <>
      <PageHero
        title="Meet Our Team"
        intro={`The agents, surveyors, engineers and lawyers behind ${COMPANY_NAME}: people who know Nigerian property and put our clients first.`}
        image={HERO_IMAGES[2]}
      />

      <section aria-labelledby="members-title" className="bg-white py-16 sm:py-20">
        <div className="mx-auto max-w-7xl px-4">
          <div className="mx-auto mb-10 max-w-2xl text-center">
            <h2 id="members-title" className="text-3xl font-bold text-slate-900">
              Our People
            </h2>
            <p className="mt-2 text-pretty text-slate-600">
              Experienced professionals in sales, property management, valuation, law and
              construction.
            </p>
          </div>
          <TeamGrid members={members} />
        </div>
      </section>

      <section aria-labelledby="join-title" className="bg-slate-50 py-16 sm:py-20">
        <div className="mx-auto max-w-5xl px-4">
          <JoinOurTeam email={email} />
        </div>
      </section>

      <section aria-label="Working with us" className="bg-white py-16 sm:py-20">
        <div className="mx-auto grid max-w-7xl gap-10 px-4 lg:grid-cols-2">
          <WhyWorkWithUs />
          <TeamGetInTouch phones={phones} />
        </div>
      </section>
    </>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Our Team",
    description: `Meet the ${COMPANY_NAME} team: property agents, estate surveyors, engineers and legal advisers helping clients buy, rent and build across Nigeria.`,
    path: "/team",
    image: HERO_IMAGES[2],
    // The error state (no loader data) is not the page to index.
    noindex: !args.loaderData,
  });

export function ErrorBoundary() {
  return (
    <PageMessage
      heading="Our Team"
      message={<ErrorText size="base">{TEAM_LOAD_ERROR}</ErrorText>}
      retryHref="/team"
    >
      <LinkButton to="/contact" variant="outline" size="md">
        Contact Us
      </LinkButton>
    </PageMessage>
  );
}
