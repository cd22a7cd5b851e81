import { formatDay } from "~/lib/dates";
import { COMPANY_NAME } from "~/lib/site";
import {
  composeEmail,
  type EmailContact,
  emailButton,
  emailGreeting,
  escapeHtml,
  type RenderedEmail,
} from "../email-layout";

// The availability reminders (issue 46): a listing's confirmation runs out on `dueAt`, when it
// leaves the search by itself. The agent (or the office) gets the To confirm list; an owner gets
// the question with its two answers, each a signed link that needs no sign-in. Pure: the caller
// supplies the listing and the links.

export type ReminderListing = { title: string; code: string; url: string; dueAt: Date };

/** To the listing's agent, else the admins: confirm it from the To confirm list. */
export function staffAvailabilityReminderEmail({
  name,
  listing,
  toConfirmUrl,
  contact,
}: {
  name?: string | null;
  listing: ReminderListing;
  toConfirmUrl: string;
  contact?: EmailContact;
}): RenderedEmail {
  const due = formatDay(listing.dueAt);
  const intro = `"${listing.title}" (${listing.code}) needs its availability confirmed by ${due}, or it leaves the search until someone does.`;
  const how = "Confirm it in one tap after a visit or a call with the owner:";
  return composeEmail({
    subject: `Confirm availability by ${due}: ${listing.title}`,
    greeting: emailGreeting(name),
    contact,
    text: [intro, "", how, toConfirmUrl, "", `The listing: ${listing.url}`],
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p>${escapeHtml(how)}</p>`,
      emailButton("Open To confirm", toConfirmUrl),
      `<p><a href="${escapeHtml(listing.url)}" style="color:#065f46">${escapeHtml(listing.title)}</a></p>`,
    ],
  });
}

/** To the owner of the listing: still available? Yes / It is let or sold. */
export function ownerAvailabilityEmail({
  firstName,
  listing,
  yesUrl,
  closedUrl,
  contact,
}: {
  firstName?: string | null;
  listing: ReminderListing;
  yesUrl: string;
  closedUrl: string;
  contact?: EmailContact;
}): RenderedEmail {
  const intro = `Is your property "${listing.title}" (${listing.code}) still available? ${COMPANY_NAME} shows each listing with the date its availability was last confirmed; without an answer by ${formatDay(listing.dueAt)} it leaves the search until our agent checks.`;
  const expiry = "The links work for 14 days and only for this listing; no sign-in is needed.";
  return composeEmail({
    subject: `Still available? ${listing.title}`,
    greeting: emailGreeting(firstName),
    contact,
    text: [intro, "", `Yes: ${yesUrl}`, `It is let or sold: ${closedUrl}`, "", expiry],
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      emailButton("Yes", yesUrl),
      emailButton("It is let or sold", closedUrl),
      `<p style="font-size:14px;color:#475569">${escapeHtml(expiry)}</p>`,
    ],
  });
}
