import { COMPANY_NAME } from "~/lib/site";
import {
  composeEmail,
  type EmailContact,
  emailButton,
  emailGreeting,
  emailQuote,
  escapeHtml,
  oneLine,
  type RenderedEmail,
} from "../email-layout";

// A message on a submission's thread (issue 47), to the other side: the owner reads the office's
// answer, the office reads the owner's reply. Pure: the caller gives the message and the link.

export function submissionMessageEmail({
  toOffice,
  recipientName,
  authorName,
  title,
  listingCode,
  body,
  url,
  contact,
}: {
  /** The owner wrote (to the office), or the office did (to the owner). */
  toOffice: boolean;
  recipientName?: string | null;
  authorName: string;
  title: string;
  listingCode?: string | null;
  body: string;
  url: string;
  contact?: EmailContact;
}): RenderedEmail {
  const named = `${listingCode ? `${listingCode} ` : ""}${oneLine(title || "Untitled", 100)}`;
  const subject = toOffice
    ? `Owner's message: ${named}`
    : `A message from our office: ${named} | ${COMPANY_NAME}`;
  const intro = toOffice
    ? `${oneLine(authorName, 80)}, the owner, wrote about ${named}:`
    : `${oneLine(authorName, 80)} of our office wrote about ${named}:`;
  const button = toOffice ? "Open the submission" : "Reply in My Listings";
  return composeEmail({
    subject,
    greeting: emailGreeting(recipientName),
    contact,
    text: [intro, "", body, "", `${button}: ${url}`],
    html: [`<p>${escapeHtml(intro)}</p>`, emailQuote(body), emailButton(button, url)],
  });
}
