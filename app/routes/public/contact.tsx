import { getSessionUser } from "~/auth/session.server";
import { ContactDetails, OfficeMap } from "~/components/contact/contact-details";
import { InquiryForm } from "~/components/inquiry/inquiry-form";
import { readForm } from "~/http/read-form.server";
import { retryAfterHeaders } from "~/http/responses.server";
import {
  CONTACT_MESSAGES,
  contactSchema,
  INQUIRY_LIMITS,
  parseInquiryForm,
} from "~/lib/schemas/inquiry";
import { pageMeta, siteUrlFrom } from "~/lib/seo";
import { realEstateAgentJsonLd } from "~/lib/structured-data";
import { createInquiry } from "~/models/inquiry.server";
import { getContactDetails, getSocialLinks } from "~/models/site-content.server";
import { submitInquiryForm } from "~/routes/public/inquiry-submit.server";
import type { Route } from "./+types/contact";

const FORM_FIELDS = {
  name: { label: "Full Name", required: true },
  email: { label: "Email Address", required: true },
  phone: { label: "Phone Number (optional)", required: false },
  subject: { label: "Subject", required: true },
  message: { label: "Message", required: true },
} as const;

export async function loader({ request }: Route.LoaderArgs) {
  const [contact, social, user] = await Promise.all([
    getContactDetails(),
    getSocialLinks(),
    getSessionUser(request),
  ]);
  // /contact?subject=Careers (the team page's link) starts the message with that subject.
  const subject = (new URL(request.url).searchParams.get("subject") ?? "")
    .trim()
    .slice(0, INQUIRY_LIMITS.subject);
  return {
    contact,
    social,
    prefill: { name: user?.name ?? "", email: user?.email ?? "", subject },
  };
}

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  return submitInquiryForm(args, form, {
    formName: "contact",
    fields: ["name", "email", "phone", "subject", "message"],
    parse: (f) => parseInquiryForm(contactSchema(), f, CONTACT_MESSAGES.missing),
    store: (input, userId) =>
      createInquiry({
        source: "contact",
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        subject: input.subject,
        description: input.message,
        userId,
      }),
    failed: CONTACT_MESSAGES.failed,
  });
}

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, social, prefill } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
      <header className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">Contact Us</h1>
        <p className="mt-4 text-pretty text-lg text-slate-600">
          Questions about a property, a service or a project? Call, e-mail or visit our Abuja
          office, or send us a message and we will get back to you shortly.
        </p>
      </header>

      <div className="mt-12 grid gap-10 lg:grid-cols-5">
        <section aria-labelledby="contact-info-title" className="lg:col-span-2">
          <h2 id="contact-info-title" className="mb-6 text-2xl font-bold text-slate-900">
            Get In Touch
          </h2>
          <ContactDetails contact={contact} social={social} />
        </section>

        <section
          aria-labelledby="message-title"
          className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3"
        >
          <h2 id="message-title" className="mb-6 text-2xl font-bold text-slate-900">
            Send Us a Message
          </h2>
          <InquiryForm
            actionData={actionData}
            fields={FORM_FIELDS}
            defaults={prefill}
            messageRows={6}
            submitLabel="Send Message"
            pendingLabel="Sending..."
            success={CONTACT_MESSAGES.success}
          />
        </section>
      </div>

      <section aria-labelledby="map-title" className="mt-16">
        <h2 id="map-title" className="mb-6 text-2xl font-bold text-slate-900">
          Find Our Office
        </h2>
        <OfficeMap address={contact.address} />
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = (args) => {
  const contact = args.loaderData?.contact;
  const social = args.loaderData?.social;
  return pageMeta(args, {
    title: "Contact Us",
    description:
      "Call, e-mail or visit NaijaHomes Realty in Abuja, or send us a message about buying, renting, managing or developing property.",
    path: "/contact",
    jsonLd:
      contact && social
        ? realEstateAgentJsonLd(contact, siteUrlFrom(args.matches), social)
        : undefined,
  });
};
