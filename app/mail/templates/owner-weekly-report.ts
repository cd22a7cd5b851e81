import { formatLongDate } from "~/lib/calendar-month";
import { formatDay } from "~/lib/dates";
import type { ListingContacts } from "~/lib/leads";
import { formatNumber } from "~/lib/money";
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

// An owner's weekly report (issue 20): per live listing, its views in the week and the week
// before, the viewings booked in the week (days and counts: who booked stays with the agency),
// the inquiries and WhatsApp and phone clicks of the week (issue 21's leads) and its saves; a
// link to My Listings and the one-click way out. Pure: the caller supplies the figures and the
// links.

export type WeeklyReportListing = {
  title: string;
  /** The listing's reference code (issue 45). */
  code: string;
  city: string;
  url: string;
  views: number;
  viewsWeekBefore: number;
  viewings: { booked: number; days: { date: string; count: number }[] };
  contacts: ListingContacts;
  saves: number;
};

function plural(n: number, one: string, many = `${one}s`) {
  return `${formatNumber(n)} ${n === 1 ? one : many}`;
}

function contactsLine({ inquiry, whatsapp, phone }: ListingContacts) {
  const parts = [
    inquiry ? plural(inquiry, "inquiry", "inquiries") : "",
    whatsapp ? plural(whatsapp, "WhatsApp click") : "",
    phone ? plural(phone, "phone click") : "",
  ].filter(Boolean);
  return `Contacts this week: ${parts.length ? parts.join(", ") : "none"}`;
}

/** The lines under a listing's title, the same in the text and the HTML part. */
export function weeklyReportLines(listing: WeeklyReportListing): string[] {
  const { booked, days } = listing.viewings;
  const viewingDays = days
    .map((d) => `${formatLongDate(d.date)}${d.count > 1 ? ` (${d.count})` : ""}`)
    .join("; ");
  return [
    `Views: ${formatNumber(listing.views)} this week (${formatNumber(listing.viewsWeekBefore)} the week before)`,
    booked === 0
      ? "Viewings booked this week: none"
      : `Viewings booked this week: ${booked}, for ${viewingDays}`,
    contactsLine(listing.contacts),
    `Saved by ${plural(listing.saves, "visitor")}`,
  ];
}

export function ownerWeeklyReportEmail({
  firstName,
  week,
  listings,
  listingsUrl,
  unsubscribeUrl,
  contact,
}: {
  firstName?: string | null;
  week: { start: string; end: string };
  listings: WeeklyReportListing[];
  listingsUrl: string;
  unsubscribeUrl: string;
  contact?: EmailContact;
}): RenderedEmail {
  const period = `${formatDay(week.start)} to ${formatDay(week.end)}`;
  const subject = `Your listings this week: ${period}`;
  const intro = `How your ${listings.length === 1 ? "listing" : `${listings.length} listings`} with ${COMPANY_NAME} did from ${period}.`;
  const why =
    "You get this e-mail because you asked for a weekly report of your listings under My Listings.";
  const items: EmailItem[] = listings.map((l) => ({
    title: l.title,
    url: l.url,
    aside: `${l.city} · ${l.code}`,
    lines: weeklyReportLines(l),
  }));

  return composeEmail({
    subject,
    greeting: emailGreeting(firstName),
    contact,
    text: [
      intro,
      "",
      ...emailItemsText(items),
      `My Listings: ${listingsUrl}`,
      "",
      why,
      `Stop the weekly report: ${unsubscribeUrl}`,
    ],
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      emailItemsTable(items),
      emailButton("Open My Listings", listingsUrl),
      `<p style="font-size:13px;color:#475569">${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#065f46">Stop the weekly report</a>.</p>`,
    ],
  });
}
