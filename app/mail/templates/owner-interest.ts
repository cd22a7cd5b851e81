import { formatLongDate } from "~/lib/calendar-month";
import type { InterestEvent } from "~/lib/owner-alerts";
import { COMPANY_NAME } from "~/lib/site";
import {
  composeEmail,
  type EmailContact,
  emailButton,
  emailGreeting,
  escapeHtml,
  oneLine,
  type RenderedEmail,
} from "../email-layout";

// The owner's same-day e-mail about their listing (issue 47): someone asked about it or booked a
// viewing, on which day, and who the agent handling it is. Nothing about who asked: the
// visitor's name, e-mail, phone and message stay with the agency. Pure: the caller gives the
// listing, the moment, the agent and the links.

export function ownerInterestEmail({
  firstName,
  listing,
  event,
  day,
  time,
  agent,
  listingUrl,
  unsubscribeUrl,
  contact,
}: {
  firstName?: string | null;
  listing: { title: string; code: string };
  event: InterestEvent;
  day: string;
  time?: string | null;
  /** The listing's agent; none: the office handles it. */
  agent?: { name: string; phone: string | null } | null;
  listingUrl: string;
  unsubscribeUrl: string;
  contact?: EmailContact;
}): RenderedEmail {
  const named = `${listing.code} ${oneLine(listing.title, 100)}`;
  const when = `${formatLongDate(day)}${time ? ` at ${time}` : ""}`;
  const subject =
    event === "viewing"
      ? `A viewing was booked: ${named} | ${COMPANY_NAME}`
      : `Someone asked about ${named} | ${COMPANY_NAME}`;
  const what =
    event === "viewing"
      ? `Someone booked a viewing of your listing ${named} for ${when}.`
      : `Someone asked about your listing ${named} on ${when}.`;
  const handler = agent
    ? `${agent.name}, your listing's agent, is handling it${agent.phone ? ` (${agent.phone})` : ""}.`
    : "Our office is handling it.";
  const privacy = "Who asked stays with us: we pass on news, not their contact details.";
  const why =
    "You get this e-mail because you list this property with us. You can turn these e-mails off under My Listings.";
  return composeEmail({
    subject,
    greeting: emailGreeting(firstName),
    contact,
    text: [
      what,
      handler,
      privacy,
      "",
      `See how the listing does: ${listingUrl}`,
      "",
      why,
      `Stop these e-mails: ${unsubscribeUrl}`,
    ],
    html: [
      `<p>${escapeHtml(what)}</p>`,
      `<p>${escapeHtml(handler)}</p>`,
      `<p>${escapeHtml(privacy)}</p>`,
      emailButton("See how the listing does", listingUrl),
      `<p style="font-size:13px;color:#475569">${escapeHtml(why)} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#065f46">Stop these e-mails</a>.</p>`,
    ],
  });
}
