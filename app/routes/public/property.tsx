import {
  data,
  isRouteErrorResponse,
  Link,
  type ShouldRevalidateFunctionArgs,
  useSearchParams,
} from "react-router";
import { getSessionUser } from "~/auth/session.server";
import { CompareToggle } from "~/components/compare/compare-toggle";
import { CostCalculator } from "~/components/cost-calculator";
import { FavoriteButton, SavedFavorites } from "~/components/favorite-button";
import { Bath, BedDouble, CalendarDays, Mail, MapPin, Phone, Ruler, Tag } from "~/components/icons";
import { InquiryForm } from "~/components/inquiry/inquiry-form";
import { AvailabilityNote } from "~/components/listing/availability-note";
import { ListingCode } from "~/components/listing/listing-code";
import { MoveInCosts } from "~/components/listing/move-in-costs";
import { NoFeePromise, RentalFeeTerms, SaleFeeTerms } from "~/components/listing/no-fee-promise";
import { PropertiesBreadcrumb } from "~/components/listing/properties-breadcrumb";
import { TitleCheckPanel } from "~/components/listing/title-check-panel";
import { MediaImage } from "~/components/media-image";
import { PageMessage } from "~/components/page-message";
import { ReportForm } from "~/components/report/report-form";
import { WhatsAppIcon } from "~/components/social-icons";
import { Badge } from "~/components/ui/badge";
import { buttonVariants, LinkButton } from "~/components/ui/button";
import { WhatsAppLink } from "~/components/whatsapp-link";
import { getEnv } from "~/env.server";
import { readForm } from "~/http/read-form.server";
import { pageNotesContext } from "~/http/request-context.server";
import { retryAfterHeaders } from "~/http/responses.server";
import { agentProfilePath } from "~/lib/agent-profile";
import { publicAvailability } from "~/lib/availability";
import { formatPercent, yearlyRent } from "~/lib/fee-terms";
import { isCostable } from "~/lib/home-cost";
import { imageUrl, PLACEHOLDER_IMAGE, responsiveImage } from "~/lib/images";
import { leadClickHref, listingWhatsappTarget } from "~/lib/listing-contact";
import { feeAmount } from "~/lib/listing-fees";
import { formatArea, formatNaira, formatPrice } from "~/lib/money";
import {
  furnishingLabel,
  listingStatusLabel,
  propertyTypeLabel,
  purposeLabel,
  titleDocumentLabel,
} from "~/lib/property-options";
import {
  CONTACT_MESSAGES,
  listingInquirySchema,
  listingInquirySubject,
  parseInquiryForm,
} from "~/lib/schemas/inquiry";
import { absoluteUrl, pageMeta, siteUrlFrom } from "~/lib/seo";
import { COMPANY_NAME } from "~/lib/site";
import { propertyOfferJsonLd } from "~/lib/structured-data";
import { cn } from "~/lib/utils";
import { listingShareMessage, whatsappShareUrl } from "~/lib/whatsapp";
import { logger } from "~/log/logger.server";
import { listFavoriteIds } from "~/models/favorite.server";
import { getFeeTerms } from "~/models/fee-terms.server";
import { createInquiry } from "~/models/inquiry.server";
import { getListingAgent, type ListingAgent } from "~/models/listing-agent.server";
import { getPropertyWithMedia, type PropertyWithMedia } from "~/models/property.server";
import { countPropertyView } from "~/models/property-stats.server";
import { recordPropertyView } from "~/models/property-view.server";
import { getAvailabilityRules } from "~/models/property-visibility.server";
import { getContactDetails } from "~/models/site-content.server";
import { getClientIp } from "~/rate-limit/rate-limit.server";
import { submitInquiryForm } from "~/routes/public/inquiry-submit.server";
import type { Route } from "./+types/property";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const [property, contact, user, feeTerms, availabilityRules] = await Promise.all([
    getPropertyWithMedia(params.id),
    getContactDetails(),
    getSessionUser(request),
    getFeeTerms(),
    getAvailabilityRules(),
  ]);
  if (!property) throw data("Property not found", { status: 404 });
  // Dated availability (issue 46): computed from the last confirmation, never typed.
  const availability = publicAvailability(availabilityRules, property, new Date());
  // The listing's agent is part of the page (and of its cached copies): assigning another agent
  // or editing the linked team member is a public write that moves the content generation.
  const [favoriteIds, , agent] = await Promise.all([
    user ? listFavoriteIds(user.id, [property.id]) : [],
    // "Recently Viewed" on the dashboard; a failure to record never fails the page.
    user
      ? recordPropertyView(user.id, property.id).catch((error: unknown) =>
          logger.warn({ err: error }, "Could not record a property view"),
        )
      : undefined,
    getListingAgent(property.agentId),
  ]);
  // Buffered in memory and written later: counting never slows the page. The page cache
  // counts it again each time it serves this page without running the loader.
  const notes = context.get(pageNotesContext);
  if (notes) notes.propertyView = property.id;
  countPropertyView({
    propertyId: property.id,
    clientAddress: getClientIp({ request, context }),
    userAgent: request.headers.get("user-agent"),
  });
  // WhatsApp: a chat with the company about this listing (when staff gave a number) and a
  // share link, both naming the listing and its address on the site.
  const url = absoluteUrl(getEnv().siteUrl, `/property/${property.id}`);
  const price = formatPrice(property.price, property.purpose, property.rentPeriod);
  // The page links to the chat through /go (counted as a lead, issue 21), which answers with a
  // redirect to this same chat.
  const listing = { title: property.title, code: property.referenceCode, url };
  const chat = listingWhatsappTarget(listing, agent ?? null, contact);
  const whatsapp = {
    chat,
    chatHref: chat ? leadClickHref(property.id, "whatsapp") : undefined,
    share: whatsappShareUrl(listingShareMessage(listing, price)),
  };
  return {
    property,
    contact,
    favoriteIds,
    whatsapp,
    agent: agent ?? null,
    feeTerms,
    availability,
  };
}

const ASK_FIELDS = {
  name: { label: "Full Name", required: true },
  email: { label: "Email Address", required: true },
  phone: { label: "Phone Number (optional)", required: false },
  message: { label: "Message", required: true },
} as const;

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

/**
 * 'Ask about this property': the contact form's rules (validation, messages, rate limit), stored
 * as an inquiry about this listing, a lead of it, and an e-mail to its agent (else the admins).
 */
export async function action(args: Route.ActionArgs) {
  const property = await getPropertyWithMedia(args.params.id);
  if (!property) throw data("Property not found", { status: 404 });
  const form = await readForm(args.request);
  return submitInquiryForm(args, form, {
    formName: "listing",
    fields: ["name", "email", "phone", "message"],
    parse: (f) => parseInquiryForm(listingInquirySchema(), f, CONTACT_MESSAGES.missing),
    store: (input, userId) =>
      createInquiry({
        source: "contact",
        name: input.name,
        email: input.email,
        phone: input.phone || null,
        subject: listingInquirySubject(property.title),
        description: input.message,
        userId,
        propertyId: property.id,
      }),
    failed: CONTACT_MESSAGES.failed,
  });
}

// Picking a photo only changes ?photo=; the property itself has not changed.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && nextUrl.searchParams.has("photo")) return false;
  return defaultShouldRevalidate;
}

export default function PropertyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { property, contact } = loaderData;
  const location = [property.address, property.city].filter(Boolean).join(", ");
  const photos = property.media.length
    ? property.media
    : [
        {
          id: "main",
          mediaUrl: property.imageUrl ?? PLACEHOLDER_IMAGE,
          title: property.title,
          description: null,
        },
      ];

  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PropertiesBreadcrumb current={property.title} />

      <header className="mb-6 flex flex-col gap-3 md:flex-row md:items-end md:justify-between">
        <div>
          <h1 className="break-words text-2xl font-bold text-slate-900 md:text-3xl">
            {property.title}
          </h1>
          {property.status !== "available" ? (
            <Badge tone={property.status === "under-offer" ? "yellow" : "red"} className="mt-2">
              {listingStatusLabel(property.status)}
            </Badge>
          ) : null}
          <p className="mt-2 flex items-center gap-1 text-slate-600">
            <MapPin className="size-4 shrink-0" aria-hidden />
            {location}
          </p>
          <ListingCode code={property.referenceCode} className="mt-1 block text-sm" />
          <AvailabilityNote availability={loaderData.availability} />
        </div>
        {/* The compare toggle sits with the price, not in the phone's sticky action bar. */}
        <div className="flex flex-wrap items-center justify-between gap-3 md:flex-col md:items-end">
          <p className="text-2xl font-bold text-brand-800 md:text-3xl">
            {formatPrice(property.price, property.purpose, property.rentPeriod)}
          </p>
          <CompareToggle property={property} look="page" />
          <a
            href={loaderData.whatsapp.share}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonVariants({ variant: "outline", size: "xs" })}
          >
            <WhatsAppIcon className="size-4 text-[#128c7e]" />
            Share on WhatsApp
          </a>
        </div>
      </header>

      <div className="grid gap-8 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Gallery title={property.title} photos={photos} />

          <ul className="mt-6 grid grid-cols-2 gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-4">
            <Fact icon={<BedDouble className="size-5" aria-hidden />} label="Bedrooms">
              {property.beds ?? "N/A"}
            </Fact>
            <Fact icon={<Bath className="size-5" aria-hidden />} label="Bathrooms">
              {property.baths ?? "N/A"}
            </Fact>
            <Fact icon={<Ruler className="size-5" aria-hidden />} label="Area">
              {formatArea(property.sqft)}
            </Fact>
            <Fact icon={<Tag className="size-5" aria-hidden />} label="Purpose">
              {purposeLabel(property.purpose)}
            </Fact>
          </ul>

          <section className="mt-8">
            <h2 className="text-xl font-semibold text-slate-900">Description</h2>
            <div className="mt-3 space-y-3 leading-relaxed text-slate-700">
              {property.description
                .split(/\n{2,}/)
                .filter(Boolean)
                .map((paragraph, i) => (
                  <p key={i}>{paragraph}</p>
                ))}
            </div>
            <dl className="mt-6 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-500">Property type</dt>
                <dd className="font-medium">{propertyTypeLabel(property.propertyType)}</dd>
              </div>
              <div>
                <dt className="text-slate-500">Category</dt>
                <dd className="font-medium capitalize">{property.category}</dd>
              </div>
              {property.isNewDevelopment ? (
                <div>
                  <dt className="text-slate-500">Status</dt>
                  <dd className="font-medium">New development</dd>
                </div>
              ) : null}
              {listingFacts(property).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-slate-500">{label}</dt>
                  <dd className="font-medium">{value}</dd>
                </div>
              ))}
            </dl>
          </section>

          {property.purpose === "sale" ? <TitleCheckPanel property={property} /> : null}
          {property.purpose === "rent" && property.price && isCostable(property) ? (
            <>
              <MoveInCosts
                fees={property}
                price={property.price}
                rentPeriod={property.rentPeriod ?? "month"}
              />
              <RentalFeeTerms
                terms={loaderData.feeTerms}
                price={property.price}
                rentPeriod={property.rentPeriod ?? "month"}
                listing={property}
              />
            </>
          ) : null}
          {property.purpose === "sale" && property.price && isCostable(property) ? (
            <SaleFeeTerms terms={loaderData.feeTerms} price={property.price} />
          ) : null}
          <CostCalculator key={property.id} property={property} feeTerms={loaderData.feeTerms} />
        </div>

        {/* Beside the photos on a desktop. On a phone the column comes after the description,
            so its box dissolves (max-lg:contents) and the actions become a bar stuck to the
            bottom of the screen until the page reaches their place above Contact Agent. */}
        <div className="space-y-6 max-lg:contents lg:sticky lg:top-[calc(var(--header-height)+1rem)] lg:self-start">
          <div className="sticky bottom-[var(--compare-tray-height,0px)] z-20 -mx-4 flex gap-2 border-t border-slate-200 bg-white px-3 py-3 shadow-[0_-4px_12px_-6px_rgb(0_0_0/0.2)] lg:static lg:mx-0 lg:block lg:space-y-3 lg:rounded-lg lg:border lg:p-5 lg:shadow-sm">
            <LinkButton
              to={`/book-appointment?property=${property.id}`}
              size="tall"
              fullWidth
              className="flex-1"
            >
              <CalendarDays className="size-5" aria-hidden />
              Book Appointment
            </LinkButton>
            <SavedFavorites ids={loaderData.favoriteIds}>
              <FavoriteButton
                propertyId={property.id}
                variant="full"
                className="lg:w-full"
                labelClassName="max-sm:sr-only"
              />
            </SavedFavorites>
            <a
              href="#contact-agent"
              className={buttonVariants({ variant: "outline", size: "sm", className: "lg:hidden" })}
            >
              <Phone className="size-5" aria-hidden />
              <span className="max-sm:sr-only">Contact Agent</span>
            </a>
          </div>
          <NoFeePromise />
          <section id="contact-agent" className="rounded-lg border border-slate-200 p-5 shadow-sm">
            <h2 className="text-lg font-semibold text-slate-900">Contact Agent</h2>
            {loaderData.agent ? (
              <ListingAgentCard
                agent={loaderData.agent}
                title={property.title}
                propertyId={property.id}
              />
            ) : (
              <>
                <p className="mt-1 text-sm text-slate-600">
                  Questions about this property? Our agents at {COMPANY_NAME} will help.
                </p>
                <ul className="mt-4 space-y-3 text-sm">
                  {contact.phones.map((phone, line) => (
                    <li key={phone}>
                      <a
                        href={leadClickHref(property.id, "phone", line)}
                        rel="nofollow"
                        className="flex items-center gap-2 text-slate-800 hover:text-brand-700"
                      >
                        <Phone className="size-4" aria-hidden />
                        {phone}
                      </a>
                    </li>
                  ))}
                  <li>
                    <a
                      href={`mailto:${contact.email}?subject=${encodeURIComponent(`Enquiry: ${property.title}`)}`}
                      className="flex items-center gap-2 text-slate-800 hover:text-brand-700"
                    >
                      <Mail className="size-4" aria-hidden />
                      {contact.email}
                    </a>
                  </li>
                </ul>
              </>
            )}
            {loaderData.whatsapp.chatHref ? (
              <WhatsAppLink href={loaderData.whatsapp.chatHref} fullWidth className="mt-4">
                Chat on WhatsApp
              </WhatsAppLink>
            ) : null}
          </section>
          <section
            id="ask-about-property"
            aria-labelledby="ask-about-property-title"
            className="rounded-lg border border-slate-200 p-5 shadow-sm"
          >
            <h2 id="ask-about-property-title" className="text-lg font-semibold text-slate-900">
              Ask about this property
            </h2>
            <p className="mt-1 mb-4 text-sm text-slate-600">
              {loaderData.agent
                ? `Your message goes to ${loaderData.agent.name}, who looks after this listing.`
                : `Your message goes to our agents at ${COMPANY_NAME}.`}
            </p>
            <InquiryForm
              actionData={actionData}
              fields={ASK_FIELDS}
              messageRows={4}
              submitLabel="Send Message"
              pendingLabel="Sending..."
              success={CONTACT_MESSAGES.success}
            />
          </section>
          <ReportListing propertyId={property.id} />
        </div>
      </div>
    </div>
  );
}

/**
 * "Report this listing" (issue 45): closed until opened, the small form posts to /report. A
 * report hides nothing by itself; the office reads it.
 */
function ReportListing({ propertyId }: { propertyId: string }) {
  return (
    <details id="report-listing" className="rounded-lg border border-slate-200 p-5 text-sm">
      <summary className="cursor-pointer font-medium text-slate-700">Report this listing</summary>
      <p className="mt-3 mb-4 text-slate-600">
        Asked for money before a viewing, shown a different property, or someone using our name?
        Tell us. Before paying anyone,{" "}
        <Link to="/verify" className="font-medium text-brand-700 underline">
          check the number or account
        </Link>
        .
      </p>
      <ReportForm
        subject={{ kind: "listing", id: propertyId }}
        back={`/property/${propertyId}`}
        idPrefix="report-listing"
      />
    </details>
  );
}

/** The listing's own agent: who will show the home, and how to reach them. */
function ListingAgentCard({
  agent,
  title,
  propertyId,
}: {
  agent: ListingAgent;
  title: string;
  propertyId: string;
}) {
  return (
    <div className="mt-3 space-y-3 text-sm" data-testid="listing-agent">
      <div className="flex items-center gap-3">
        {agent.imageUrl ? (
          <img
            src={agent.imageUrl}
            alt=""
            width={56}
            height={56}
            className="size-14 rounded-full object-cover"
          />
        ) : (
          <span
            aria-hidden
            className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-lg font-semibold text-brand-700"
          >
            {agent.name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <div>
          <p className="font-semibold text-slate-900">
            {agent.slug ? (
              <>
                Your agent:{" "}
                <Link to={agentProfilePath(agent.slug)} className="text-brand-700 hover:underline">
                  {agent.name}
                </Link>
              </>
            ) : (
              agent.name
            )}
          </p>
          <p className="text-slate-600">{agent.position || `Agent, ${COMPANY_NAME}`}</p>
        </div>
      </div>
      <ul className="space-y-3">
        {agent.phone ? (
          <li>
            <a
              href={leadClickHref(propertyId, "phone")}
              rel="nofollow"
              className="flex items-center gap-2 text-slate-800 hover:text-brand-700"
            >
              <Phone className="size-4" aria-hidden />
              {agent.phone}
            </a>
          </li>
        ) : null}
        {agent.email ? (
          <li>
            <a
              href={`mailto:${agent.email}?subject=${encodeURIComponent(`Enquiry: ${title}`)}`}
              className="flex items-center gap-2 text-slate-800 hover:text-brand-700"
            >
              <Mail className="size-4" aria-hidden />
              {agent.email}
            </a>
          </li>
        ) : null}
      </ul>
    </div>
  );
}

/** The facts Nigerian buyers and renters ask about, those the listing states. */
function listingFacts(property: PropertyWithMedia): [string, string][] {
  const facts: [string, string | null][] = [
    ["Title document", property.titleDocument ? titleDocumentLabel(property.titleDocument) : null],
    ["Service charge", serviceChargeFact(property)],
    ["Toilets", property.toilets === null ? null : String(property.toilets)],
    ["Parking", property.parkingSpaces === null ? null : `${property.parkingSpaces} spaces`],
    ["Furnishing", property.furnishing ? furnishingLabel(property.furnishing) : null],
    ["Serviced", property.serviced ? "Yes" : null],
  ];
  return facts.filter((fact): fact is [string, string] => fact[1] !== null);
}

/** "₦450,000 per year", or "5% of a year's rent (₦175,000 per year)"; null when not stated. */
function serviceChargeFact(property: PropertyWithMedia) {
  if (property.serviceCharge !== null) return `${formatNaira(property.serviceCharge)} per year`;
  if (property.serviceChargePercent === null || property.price === null) return null;
  const year = yearlyRent(property.price, property.rentPeriod ?? "month");
  const amount = feeAmount(null, property.serviceChargePercent, year) ?? 0;
  return `${formatPercent(property.serviceChargePercent)} of a year's rent (${formatNaira(amount)} per year)`;
}

function Fact({
  icon,
  label,
  children,
}: {
  icon: React.ReactNode;
  label: string;
  children: React.ReactNode;
}) {
  return (
    <li className="flex items-center gap-3">
      <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        {icon}
      </span>
      <span>
        <span className="block text-xs text-slate-500">{label}</span>
        <span className="font-semibold text-slate-900">{children}</span>
      </span>
    </li>
  );
}

type Photo = { id: string; mediaUrl: string; title: string | null };

// The selected photo lives in ?photo= so the thumbnails are plain links: they work before
// (and without) JavaScript, and with it they switch instantly without reloading the data.
function Gallery({ title, photos }: { title: string; photos: Photo[] }) {
  const [searchParams] = useSearchParams();
  const requested = Number.parseInt(searchParams.get("photo") ?? "0", 10);
  const index =
    Number.isInteger(requested) && requested >= 0 && requested < photos.length ? requested : 0;
  const current = photos[index] ?? photos[0];
  if (!current) return null;
  const main = responsiveImage(
    current.mediaUrl,
    "(min-width: 1280px) 830px, (min-width: 1024px) 66vw, 100vw",
  );

  return (
    <div>
      <div className="aspect-[16/10] overflow-hidden rounded-lg bg-slate-100">
        <MediaImage
          key={current.mediaUrl}
          {...main}
          alt={current.title ?? title}
          width={1280}
          height={800}
          fetchPriority="high"
          className="h-full w-full object-cover"
          whenBroken="placeholder"
        />
      </div>
      {photos.length > 1 ? (
        <ul className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-6" aria-label="Photos">
          {photos.map((photo, i) => (
            <li key={photo.id}>
              <Link
                to={`?photo=${i}`}
                replace
                preventScrollReset
                aria-label={`Show photo ${i + 1} of ${photos.length}`}
                aria-current={i === index ? "true" : undefined}
                className={cn(
                  "block aspect-[4/3] overflow-hidden rounded-md border-2",
                  i === index
                    ? "border-brand-600"
                    : "border-transparent opacity-80 hover:opacity-100",
                )}
              >
                <MediaImage
                  {...responsiveImage(
                    photo.mediaUrl,
                    "(min-width: 1024px) 140px, (min-width: 640px) 16vw, 25vw",
                    320,
                  )}
                  alt=""
                  loading="lazy"
                  width={160}
                  height={120}
                  className="h-full w-full object-cover"
                  whenBroken="placeholder"
                />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) => {
  const { loaderData, params } = args;
  if (!loaderData) {
    return pageMeta(args, {
      title: "Property not found",
      description: "The property you are looking for does not exist or is no longer listed.",
      path: `/property/${params.id}`,
      noindex: true,
    });
  }
  const { property } = loaderData;
  const price = formatPrice(property.price, property.purpose, property.rentPeriod);
  const place = [property.address, property.city].filter(Boolean).join(", ");
  const photos = [
    ...property.media.map((m) => m.mediaUrl),
    ...(property.imageUrl ? [property.imageUrl] : []),
  ];
  const photo = photos[0];
  return pageMeta(args, {
    title: `${property.title} in ${property.city}, ${price}`,
    description: `${purposeLabel(property.purpose)} in ${place}: ${price}. ${property.description}`,
    path: `/property/${property.id}`,
    // Being checked (issue 46): out of the search and the sitemap, and out of search engines.
    noindex: loaderData.availability.state === "being-checked",
    image: photo,
    imageAlt: photo ? `${property.title}, ${property.city}` : undefined,
    type: "product",
    jsonLd: propertyOfferJsonLd(
      property,
      siteUrlFrom(args.matches),
      [...new Set(photos)].map((url) => imageUrl(url, 1280)),
    ),
  });
};

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PageMessage
      heading={notFound ? "Property not found" : "Failed to load property details"}
      message={
        <p className="text-slate-600">
          {notFound
            ? "The property you are looking for does not exist or is no longer listed."
            : "Please try again in a moment."}
        </p>
      }
    >
      <LinkButton to="/properties" size="xl">
        Browse Properties
      </LinkButton>
    </PageMessage>
  );
}
