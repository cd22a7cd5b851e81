import { Link } from "react-router";
import { Briefcase, CheckCircle2, Mail, Phone, Send } from "~/components/icons";
import { MediaImage } from "~/components/media-image";
import { buttonVariants, LinkButton } from "~/components/ui/button";
import { agentProfilePath } from "~/lib/agent-profile";
import { PLACEHOLDER_PORTRAIT, responsiveImage } from "~/lib/images";
import { telHref } from "~/lib/site";
import type { TeamMemberCard as Member } from "~/models/team.server";

/** The spec's message when the team cannot be loaded. */
export const TEAM_LOAD_ERROR = "Error: Failed to load team members";

export const WHY_WORK_WITH_US = [
  "Competitive pay with commission on every deal you close",
  "Training in sales, valuation, conveyancing and project management",
  "Real responsibility early: your own clients and listings within months",
  "Work on landmark estates in Abuja, Lagos, Port Harcourt and beyond",
  "Health insurance (HMO) for you and your family",
  "A team that values honesty, growth and first-class service",
] as const;

export function TeamGrid({ members }: { members: Member[] }) {
  if (members.length === 0) {
    return (
      <div className="mx-auto max-w-xl rounded-xl border border-dashed border-slate-300 p-10 text-center">
        <h3 className="text-lg font-semibold text-slate-900">Our team will be introduced soon</h3>
        <p className="mt-2 text-slate-600">
          In the meantime our agents are happy to help: call us or send us a message.
        </p>
        <LinkButton to="/contact" size="xl" className="mt-4">
          Contact Us
        </LinkButton>
      </div>
    );
  }
  return (
    <ul className="grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
      {members.map((member, index) => (
        <li key={member.id}>
          <TeamMemberCard member={member} eager={index < 3} />
        </li>
      ))}
    </ul>
  );
}

function TeamMemberCard({ member, eager }: { member: Member; eager: boolean }) {
  const photo = member.imageUrl
    ? responsiveImage(
        member.imageUrl,
        "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw",
        960,
      )
    : { src: PLACEHOLDER_PORTRAIT };
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="aspect-[4/5] bg-slate-100">
        <MediaImage
          {...photo}
          alt={member.imageUrl ? `Photo of ${member.name}` : ""}
          width={800}
          height={1000}
          loading={eager ? undefined : "lazy"}
          whenBroken="placeholder"
          placeholder={PLACEHOLDER_PORTRAIT}
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="text-xl font-semibold text-slate-900">{member.name}</h3>
        <p className="mt-1 font-medium text-brand-700">{member.position}</p>
        {member.bio ? (
          <p className="mt-3 flex-1 text-sm leading-relaxed text-slate-600">{member.bio}</p>
        ) : null}
        {member.email || member.phone ? (
          <ul className="mt-4 space-y-2 text-sm">
            {member.email ? (
              <li>
                <a
                  href={`mailto:${member.email}`}
                  className="flex items-center gap-2 break-all text-slate-700 hover:text-brand-700"
                >
                  <Mail className="size-4 shrink-0" aria-hidden />
                  {member.email}
                </a>
              </li>
            ) : null}
            {member.phone ? (
              <li>
                <a
                  href={telHref(member.phone)}
                  className="flex items-center gap-2 text-slate-700 hover:text-brand-700"
                >
                  <Phone className="size-4 shrink-0" aria-hidden />
                  {member.phone}
                </a>
              </li>
            ) : null}
          </ul>
        ) : null}
        {member.agentSlug ? (
          <Link
            to={agentProfilePath(member.agentSlug)}
            className="mt-4 text-sm font-medium text-brand-700 hover:underline"
            aria-label={`${member.name}: agent profile and listings`}
          >
            Agent profile and listings
          </Link>
        ) : null}
      </div>
    </article>
  );
}

export function JoinOurTeam({ email }: { email: string }) {
  return (
    <div className="rounded-2xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
      <h2 id="join-title" className="text-balance text-3xl font-bold">
        Join Our Growing Team
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-pretty text-brand-100">
        We are always looking for agents, surveyors, engineers and client-service people who want to
        build a career in Nigerian real estate. Tell us about yourself.
      </p>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <Link
          to="/contact?subject=Careers"
          className={buttonVariants({ variant: "accent", size: "hero" })}
        >
          <Briefcase className="size-5" aria-hidden />
          View Open Positions
        </Link>
        <a
          href={`mailto:${email}?subject=Resume`}
          className={buttonVariants({ variant: "outline-inverse", size: "hero" })}
        >
          <Send className="size-5" aria-hidden />
          Send Your Resume
        </a>
      </div>
    </div>
  );
}

export function WhyWorkWithUs() {
  return (
    <div>
      <h2 id="why-title" className="text-2xl font-bold text-slate-900">
        Why Work With Us?
      </h2>
      <ul className="mt-6 space-y-3">
        {WHY_WORK_WITH_US.map((reason) => (
          <li key={reason} className="flex gap-3 text-slate-700">
            <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden />
            {reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function TeamGetInTouch({ phones }: { phones: string[] }) {
  return (
    <div className="rounded-xl bg-brand-50 p-6 sm:p-8">
      <h2 id="touch-title" className="text-2xl font-bold text-slate-900">
        Get in Touch
      </h2>
      <p className="mt-2 text-slate-600">
        Want to speak with one of our specialists? Call us during office hours or send us a message.
      </p>
      <ul className="mt-5 space-y-3">
        {phones.map((phone) => (
          <li key={phone}>
            <a
              href={telHref(phone)}
              className="flex items-center gap-2 font-medium text-slate-800 hover:text-brand-700"
            >
              <Phone className="size-5 text-brand-700" aria-hidden />
              {phone}
            </a>
          </li>
        ))}
      </ul>
      <LinkButton to="/contact" size="xl" className="mt-6">
        Contact Us
      </LinkButton>
    </div>
  );
}
