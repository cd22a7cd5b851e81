import { Link } from "react-router";
import { ArrowRight, CalendarCheck, Mail, Phone } from "~/components/icons";
import { ServiceCards } from "~/components/services/service-cards";
import { LinkButton } from "~/components/ui/button";
import { WhatsAppLink } from "~/components/whatsapp-link";
import { HOME_STATS, type HomeContent } from "~/lib/home-content";
import { telHref } from "~/lib/site";
import { GENERAL_CHAT_MESSAGE, whatsappChatUrl } from "~/lib/whatsapp";

// The home page's sections below the gallery. Their texts come from the website editor and are
// always rendered as text (React escapes them), never as HTML; the editor's live preview uses
// the same *Text components.

type HeadingTag = "h2" | "p";

export function AboutText({
  content,
  headingAs: Heading = "h2",
}: {
  content: Pick<HomeContent, "about_title" | "about_subtitle" | "about_description">;
  headingAs?: HeadingTag;
}) {
  // The spec's title is the small label above; the subtitle is the heading, or the title when
  // there is no subtitle.
  return (
    <>
      {content.about_subtitle ? (
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
          {content.about_title}
        </p>
      ) : null}
      <Heading
        id={Heading === "h2" ? "about-title" : undefined}
        className="mt-2 text-balance text-3xl font-bold text-slate-900"
      >
        {content.about_subtitle || content.about_title}
      </Heading>
      {content.about_description ? (
        <p className="mt-4 whitespace-pre-line text-pretty leading-relaxed text-slate-600">
          {content.about_description}
        </p>
      ) : null}
    </>
  );
}

export function AboutTeaser({ content }: { content: HomeContent }) {
  return (
    <div className="grid items-center gap-10 lg:grid-cols-2">
      <div>
        <AboutText content={content} />
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

export function ServicesText({
  content,
  headingAs: Heading = "h2",
}: {
  content: Pick<HomeContent, "services_title" | "services_subtitle" | "services_description">;
  headingAs?: HeadingTag;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <Heading
        id={Heading === "h2" ? "services-title" : undefined}
        className="text-3xl font-bold text-slate-900"
      >
        {content.services_title}
      </Heading>
      {content.services_subtitle ? (
        <p className="mt-2 font-medium text-brand-700">{content.services_subtitle}</p>
      ) : null}
      {content.services_description ? (
        <p className="mt-3 whitespace-pre-line text-pretty text-slate-600">
          {content.services_description}
        </p>
      ) : null}
    </div>
  );
}

export function ServicesTeaser({ content }: { content: HomeContent }) {
  return (
    <div>
      <ServicesText content={content} />
      <ServiceCards className="mt-10" titleAs="h3" />
      <p className="mt-8 text-center text-slate-700">
        Own a property to let or sell?{" "}
        <Link to="/list-your-property" className="font-semibold text-brand-700 hover:underline">
          List your property with us
        </Link>
      </p>
    </div>
  );
}

export type HomeContact = { phones: string[]; email: string; whatsapp: string | null };

export function ContactText({
  content,
  headingAs: Heading = "h2",
}: {
  content: Pick<HomeContent, "contact_title" | "contact_subtitle" | "contact_description">;
  headingAs?: HeadingTag;
}) {
  return (
    <>
      {content.contact_subtitle ? (
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">
          {content.contact_subtitle}
        </p>
      ) : null}
      <Heading
        id={Heading === "h2" ? "contact-title" : undefined}
        className="mt-2 text-balance text-3xl font-bold text-white"
      >
        {content.contact_title}
      </Heading>
      {content.contact_description ? (
        <p className="mx-auto mt-3 max-w-xl whitespace-pre-line text-pretty text-brand-100">
          {content.contact_description}
        </p>
      ) : null}
    </>
  );
}

/** The home page's Contact section: the editor's texts, the main phone and e-mail, WhatsApp. */
export function ContactTeaser({
  content,
  contact,
}: {
  content: HomeContent;
  contact: HomeContact;
}) {
  const phone = contact.phones[0];
  const chat = contact.whatsapp
    ? whatsappChatUrl(contact.whatsapp, GENERAL_CHAT_MESSAGE)
    : undefined;
  return (
    <div className="rounded-2xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
      <ContactText content={content} />
      <ul className="mt-6 flex flex-col items-center justify-center gap-x-8 gap-y-2 text-brand-50 sm:flex-row">
        {phone ? (
          <li>
            <a href={telHref(phone)} className="inline-flex items-center gap-2 hover:underline">
              <Phone className="size-4" aria-hidden />
              {phone}
            </a>
          </li>
        ) : null}
        <li>
          <a
            href={`mailto:${contact.email}`}
            className="inline-flex items-center gap-2 break-all hover:underline"
          >
            <Mail className="size-4" aria-hidden />
            {contact.email}
          </a>
        </li>
      </ul>
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <LinkButton to="/contact" variant="accent" size="hero">
          <Phone className="size-5" aria-hidden />
          Contact Us
        </LinkButton>
        <LinkButton to="/book-appointment" variant="outline-inverse" size="hero">
          <CalendarCheck className="size-5" aria-hidden />
          Book Appointment
        </LinkButton>
        {chat ? (
          <WhatsAppLink href={chat} size="hero">
            Chat on WhatsApp
          </WhatsAppLink>
        ) : null}
      </div>
    </div>
  );
}
