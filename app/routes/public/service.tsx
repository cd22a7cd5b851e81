import { redirect } from "react-router";
import { getSessionUser } from "~/auth/session.server";
import { ArrowLeft } from "~/components/icons";
import { InquiryForm } from "~/components/inquiry/inquiry-form";
import { MediaImage } from "~/components/media-image";
import {
  BookConsultationLink,
  CheckList,
  DirectContact,
  ServiceBreadcrumb,
  ServiceDescription,
} from "~/components/services/service-detail";
import { getService, serviceInquirySubject } from "~/components/services/services";
import { LinkButton } from "~/components/ui/button";
import { readForm } from "~/http/read-form.server";
import { retryAfterHeaders } from "~/http/responses.server";
import { responsiveImage } from "~/lib/images";
import {
  parseInquiryForm,
  SERVICE_INQUIRY_MESSAGES,
  serviceInquirySchema,
} from "~/lib/schemas/inquiry";
import { pageMeta } from "~/lib/seo";
import { DEFAULT_SERVICE_ID, isServiceId } from "~/lib/service-ids";
import { COMPANY_NAME, DEFAULT_CONTACT } from "~/lib/site";
import { createInquiry } from "~/models/inquiry.server";
import { getContactDetails } from "~/models/site-content.server";
import { submitInquiryForm } from "~/routes/public/inquiry-submit.server";
import type { Route } from "./+types/service";

const FORM_ID = "inquiry-form";

const FORM_FIELDS = {
  name: { label: "Full Name", required: true },
  email: { label: "Email Address", required: true },
  phone: { label: "Phone Number", required: true },
  message: { label: "Your Message", required: true },
} as const;

/** Unknown ids land on the first service (DESIGN.md). */
function serviceIdOrRedirect(id: string | undefined) {
  if (!isServiceId(id)) throw redirect(`/services/${DEFAULT_SERVICE_ID}`);
  return id;
}

export async function loader({ params, request }: Route.LoaderArgs) {
  const serviceId = serviceIdOrRedirect(params.id);
  const [contact, user] = await Promise.all([getContactDetails(), getSessionUser(request)]);
  return {
    serviceId,
    phone: contact.phones[0] ?? DEFAULT_CONTACT.phones[0],
    prefill: user ? { name: user.name, email: user.email } : {},
  };
}

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  const serviceId = serviceIdOrRedirect(args.params.id);
  const service = getService(serviceId);
  const form = await readForm(args.request);
  return submitInquiryForm(args, form, {
    formName: "serviceInquiry",
    fields: ["name", "email", "phone", "message"],
    parse: (f) => parseInquiryForm(serviceInquirySchema(), f, SERVICE_INQUIRY_MESSAGES.missing),
    store: (input, userId) =>
      createInquiry({
        source: "service",
        service: serviceId,
        subject: serviceInquirySubject(service),
        name: input.name,
        email: input.email,
        phone: input.phone,
        description: input.message,
        userId,
      }),
    failed: SERVICE_INQUIRY_MESSAGES.failed,
  });
}

export default function ServicePage({ loaderData, actionData }: Route.ComponentProps) {
  const service = getService(loaderData.serviceId);
  const Icon = service.icon;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:py-12">
      <ServiceBreadcrumb service={service} />

      <header className="mt-6 flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div className="max-w-3xl">
          <span className="flex size-12 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <Icon className="size-6" aria-hidden />
          </span>
          <h1 className="mt-4 text-3xl font-bold text-slate-900 sm:text-4xl">{service.title}</h1>
          <p className="mt-3 text-pretty text-lg text-slate-600">{service.shortDescription}</p>
        </div>
        <div className="flex flex-col gap-3 sm:flex-row md:shrink-0">
          <BookConsultationLink targetId={FORM_ID} />
          <LinkButton to="/services" variant="outline" size="cta">
            <ArrowLeft className="size-5" aria-hidden />
            All Services
          </LinkButton>
        </div>
      </header>

      <div className="mt-8 grid gap-10 lg:grid-cols-3">
        <div className="space-y-10 lg:col-span-2">
          <MediaImage
            {...responsiveImage(
              service.image,
              "(min-width: 1280px) 830px, (min-width: 1024px) 66vw, 100vw",
            )}
            alt={service.imageAlt}
            width={1920}
            height={1080}
            fetchPriority="high"
            whenBroken="placeholder"
            className="aspect-video w-full rounded-xl bg-slate-100 object-cover"
          />

          <section aria-labelledby="about-service-title">
            <h2 id="about-service-title" className="mb-4 text-2xl font-bold text-slate-900">
              About This Service
            </h2>
            <ServiceDescription text={service.fullDescription} />
          </section>

          <section aria-labelledby="features-title">
            <h2 id="features-title" className="mb-4 text-2xl font-bold text-slate-900">
              Key Features
            </h2>
            <CheckList items={service.features} icon="check" columns={2} />
          </section>

          <section aria-labelledby="why-title" className="rounded-xl bg-slate-50 p-6">
            <h2 id="why-title" className="mb-4 text-2xl font-bold text-slate-900">
              Why Choose {COMPANY_NAME}
            </h2>
            <CheckList items={service.whyChoose} icon="shield" columns={1} />
          </section>
        </div>

        {/* Sticky beside the content on large screens tall enough to show the whole form. */}
        <aside className="space-y-6 lg:self-start [@media(min-width:1024px)_and_(min-height:820px)]:sticky [@media(min-width:1024px)_and_(min-height:820px)]:top-[calc(var(--header-height)+1.5rem)]">
          <section
            id={FORM_ID}
            aria-labelledby="inquiry-title"
            className="scroll-mt-[calc(var(--header-height)+1rem)] rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <h2 id="inquiry-title" className="text-xl font-bold text-slate-900">
              Inquire About This Service
            </h2>
            <p className="mb-5 mt-1 text-sm text-slate-600">
              Tell us what you need and a {service.title.toLowerCase()} specialist will contact you.
            </p>
            <InquiryForm
              actionData={actionData}
              fields={FORM_FIELDS}
              defaults={loaderData.prefill}
              messageRows={4}
              submitLabel="Submit Inquiry"
              pendingLabel="Submitting..."
              success={SERVICE_INQUIRY_MESSAGES.success}
            />
          </section>
          <DirectContact phone={loaderData.phone} />
        </aside>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = (args) => {
  const service = getService(args.loaderData?.serviceId ?? DEFAULT_SERVICE_ID);
  return pageMeta(args, {
    title: service.title,
    description: service.shortDescription,
    path: `/services/${service.id}`,
    image: service.image,
    imageAlt: service.imageAlt,
  });
};
