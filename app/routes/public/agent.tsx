import { data, isRouteErrorResponse, Link } from "react-router";
import { Mail, Phone } from "~/components/icons";
import { MediaImage } from "~/components/media-image";
import { NotFoundMessage } from "~/components/not-found-message";
import { PageMessage } from "~/components/page-message";
import { PropertyCard } from "~/components/property-card";
import { ReportForm } from "~/components/report/report-form";
import { LinkButton } from "~/components/ui/button";
import { WhatsAppLink } from "~/components/whatsapp-link";
import { AGENT_PROFILE_LABELS, agentProfilePath, REGISTRATION_NOTE } from "~/lib/agent-profile";
import { PLACEHOLDER_PORTRAIT, responsiveImage } from "~/lib/images";
import { telHref } from "~/lib/listing-contact";
import { notFoundMeta, pageMeta } from "~/lib/seo";
import { COMPANY_NAME } from "~/lib/site";
import { whatsappChatUrl } from "~/lib/whatsapp";
import { getPublicAgentProfile } from "~/models/agent-profile.server";
import type { Route } from "./+types/agent";

// An agent's public profile (issue 45 item 3): who they are, the numbers the office entered
// for them (and that the site does not check those with the regulators), their official phone,
// WhatsApp and e-mail, and the live listings they handle. Linked from each of their listings
// and from the team page, so a visitor can tell the agency's agent from someone using the name.
// An unknown slug, or an agent no longer active, is the site's 404 page.

export async function loader({ params }: Route.LoaderArgs) {
  const agent = await getPublicAgentProfile(params.slug);
  if (!agent) throw data(null, { status: 404 });
  const whatsapp = agent.officialWhatsapp
    ? whatsappChatUrl(
        agent.officialWhatsapp,
        `Hello ${agent.name.split(/\s+/)[0]}, I found you on ${COMPANY_NAME}.`,
      )
    : undefined;
  return { agent, whatsapp };
}

export default function AgentProfilePage({ loaderData }: Route.ComponentProps) {
  const { agent, whatsapp } = loaderData;
  const role = agent.position || `Agent, ${COMPANY_NAME}`;
  const numbers = (
    [
      [AGENT_PROFILE_LABELS.staffId, agent.staffId],
      [AGENT_PROFILE_LABELS.lasreraNumber, agent.lasreraNumber],
      [AGENT_PROFILE_LABELS.esvarbonNumber, agent.esvarbonNumber],
    ] as [string, string | null][]
  ).filter((row): row is [string, string] => Boolean(row[1]));
  const registered = Boolean(agent.lasreraNumber || agent.esvarbonNumber);
  const photo = agent.imageUrl
    ? responsiveImage(agent.imageUrl, "12rem", 480)
    : { src: PLACEHOLDER_PORTRAIT };
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-14">
      <section
        aria-labelledby="agent-name"
        className="grid gap-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm md:grid-cols-[12rem_1fr]"
      >
        <MediaImage
          {...photo}
          alt={agent.imageUrl ? `Photo of ${agent.name}` : ""}
          width={192}
          height={240}
          whenBroken="placeholder"
          placeholder={PLACEHOLDER_PORTRAIT}
          className="aspect-[4/5] w-48 rounded-lg bg-slate-100 object-cover"
        />
        <div className="space-y-5">
          <div>
            <h1 id="agent-name" className="text-3xl font-bold text-slate-900">
              {agent.name}
            </h1>
            <p className="mt-1 font-medium text-brand-700" data-testid="agent-role">
              {role}
            </p>
            {agent.bio ? <p className="mt-3 max-w-2xl text-slate-600">{agent.bio}</p> : null}
          </div>
          {numbers.length ? (
            <div>
              <dl className="grid max-w-xl grid-cols-[auto_1fr] gap-x-6 gap-y-1 text-sm">
                {numbers.map(([label, value]) => (
                  <div key={label} className="contents">
                    <dt className="text-slate-600">{label}</dt>
                    <dd className="font-medium text-slate-900">{value}</dd>
                  </div>
                ))}
              </dl>
              {registered ? (
                <p className="mt-2 max-w-xl text-xs text-slate-500">{REGISTRATION_NOTE}</p>
              ) : null}
            </div>
          ) : null}
          <AgentContacts agent={agent} whatsapp={whatsapp} />
          <details
            id="report-agent"
            className="max-w-xl rounded-lg border border-slate-200 p-5 text-sm"
          >
            <summary className="cursor-pointer font-medium text-slate-700">
              Report this agent
            </summary>
            <p className="mt-3 mb-4 text-slate-600">
              Someone used {agent.name}'s name, or asked you for money before a viewing? Tell us.
              Before paying anyone,{" "}
              <Link to="/verify" className="font-medium text-brand-700 underline">
                check the number or account
              </Link>
              .
            </p>
            <ReportForm
              subject={{ kind: "agent", id: agent.userId }}
              back={agentProfilePath(agent.slug)}
              idPrefix="report-agent"
            />
          </details>
        </div>
      </section>

      <section aria-labelledby="agent-listings" className="mt-12">
        <h2 id="agent-listings" className="text-2xl font-bold text-slate-900">
          Listings {agent.name} handles
        </h2>
        {agent.listings.length ? (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {agent.listings.map((property) => (
              <li key={property.id}>
                <PropertyCard property={property} showFavorite={false} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-4 text-slate-600">
            {agent.name} has no listings on the site at the moment.{" "}
            <a href="/properties" className="text-brand-700 underline">
              Browse all properties
            </a>
            .
          </p>
        )}
      </section>
    </div>
  );
}

/** The agent's official phone, WhatsApp and public e-mail (only those entered). */
function AgentContacts({
  agent,
  whatsapp,
}: {
  agent: { name: string; officialPhone: string | null; publicEmail: string | null };
  whatsapp: string | undefined;
}) {
  if (!agent.officialPhone && !whatsapp && !agent.publicEmail) return null;
  return (
    <div className="space-y-3">
      <h2 className="text-lg font-semibold text-slate-900">Official contacts</h2>
      <ul className="space-y-2 text-sm">
        {agent.officialPhone ? (
          <li>
            <a
              href={telHref(agent.officialPhone)}
              className="flex items-center gap-2 text-slate-800 hover:text-brand-700"
            >
              <Phone className="size-4" aria-hidden />
              <span>
                {AGENT_PROFILE_LABELS.officialPhone}: {agent.officialPhone}
              </span>
            </a>
          </li>
        ) : null}
        {agent.publicEmail ? (
          <li>
            <a
              href={`mailto:${agent.publicEmail}`}
              className="flex items-center gap-2 break-all text-slate-800 hover:text-brand-700"
            >
              <Mail className="size-4" aria-hidden />
              {agent.publicEmail}
            </a>
          </li>
        ) : null}
      </ul>
      {whatsapp ? (
        <WhatsAppLink href={whatsapp} size="md">
          Chat with {agent.name.split(/\s+/)[0]} on WhatsApp
        </WhatsAppLink>
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) => {
  const agent = args.loaderData?.agent;
  if (!agent) return notFoundMeta(args);
  return pageMeta(args, {
    title: `${agent.name}, ${agent.position || "Agent"}`,
    description: `${agent.name} is ${agent.position ? `${agent.position} at` : "an agent of"} ${COMPANY_NAME}: their official phone, WhatsApp and e-mail, registration numbers and the properties they handle.`,
    path: agentProfilePath(agent.slug),
    image: agent.imageUrl ?? undefined,
  });
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundMessage />;
  return (
    <PageMessage
      heading="Our agent"
      message={<p className="text-slate-600">Please try again in a moment.</p>}
    >
      <LinkButton to="/team" size="xl">
        Meet Our Team
      </LinkButton>
    </PageMessage>
  );
}
