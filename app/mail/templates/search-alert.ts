import { formatPrice } from "~/lib/money";
import { propertyTypeLabel } from "~/lib/property-options";
import { COMPANY_NAME } from "~/lib/site";
import {
  composeEmail,
  type EmailContact,
  type EmailItem,
  emailButton,
  emailGreeting,
  emailItemsTable,
  emailItemsText,
  escapeHtml,
  type RenderedEmail,
} from "../email-layout";

// The saved-search alert: the new listings that match a customer's search, each with a link,
// the search itself, where to manage alerts, and the one-click way out. Pure: the caller
// supplies the listings and the links.

export type SearchAlertListing = {
  title: string;
  /** The listing's reference code (issue 45). */
  code: string;
  url: string;
  purpose: "sale" | "rent";
  price: number | null;
  rentPeriod: "month" | "year" | null;
  propertyType: string;
  city: string;
  beds: number | null;
  baths: number | null;
};

function facts(listing: SearchAlertListing): string {
  return [
    formatPrice(listing.price, listing.purpose, listing.rentPeriod),
    propertyTypeLabel(listing.propertyType),
    listing.city,
    listing.beds ? `${listing.beds} bed${listing.beds === 1 ? "" : "s"}` : null,
    listing.baths ? `${listing.baths} bath${listing.baths === 1 ? "" : "s"}` : null,
  ]
    .filter(Boolean)
    .join(" · ");
}

export function searchAlertEmail({
  firstName,
  searchName,
  listings,
  more,
  searchUrl,
  manageUrl,
  unsubscribeUrl,
  contact,
}: {
  firstName?: string | null;
  searchName: string;
  listings: SearchAlertListing[];
  /** Further new matches not listed. */
  more: number;
  searchUrl: string;
  manageUrl: string;
  unsubscribeUrl: string;
  contact?: EmailContact;
}): RenderedEmail {
  const total = listings.length + more;
  const noun = total === 1 ? "listing matches" : "listings match";
  // No quotation marks: mail servers would carry the subject MIME-encoded.
  const subject = `${searchName}: ${total} new ${total === 1 ? "listing" : "listings"}`;
  const intro = `${total} new ${noun} your saved search "${searchName}" on ${COMPANY_NAME}.`;
  const moreLine = more > 0 ? `And ${more} more: see them all on the site.` : undefined;
  const items: EmailItem[] = listings.map((l) => ({
    title: l.title,
    url: l.url,
    aside: l.code,
    lines: [facts(l)],
  }));
  const why = `You get this e-mail because you saved this search and asked for alerts. Manage your alerts: ${manageUrl}`;

  return composeEmail({
    subject,
    greeting: emailGreeting(firstName),
    contact,
    text: [
      intro,
      "",
      ...emailItemsText(items),
      ...(moreLine ? [moreLine, ""] : []),
      `See every match: ${searchUrl}`,
      "",
      why,
      `Unsubscribe from this search's alerts: ${unsubscribeUrl}`,
    ],
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      emailItemsTable(items),
      moreLine ? `<p>${escapeHtml(moreLine)}</p>` : "",
      emailButton("See every match", searchUrl),
      `<p style="font-size:13px;color:#475569">You get this e-mail because you saved this search and asked for alerts. <a href="${escapeHtml(manageUrl)}" style="color:#065f46">Manage your alerts</a> or <a href="${escapeHtml(unsubscribeUrl)}" style="color:#065f46">unsubscribe from this search</a>.</p>`,
    ],
  });
}
