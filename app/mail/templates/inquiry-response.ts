import { COMPANY_NAME } from "~/lib/site";
import {
  composeEmail,
  type EmailContact,
  emailButton,
  emailGreeting,
  emailQuote,
  escapeHtml,
  escapeLines,
  oneLine,
  type RenderedEmail,
} from "../email-layout";

type Source = "contact" | "service" | "complaint";

const WHAT: Record<Source, string> = {
  contact: "message",
  service: "inquiry",
  complaint: "complaint",
};

/**
 * The e-mail that carries an admin's response to a contact message, service inquiry or
 * complaint. Pure: the caller supplies the inquiry, the response and the links.
 */
export function inquiryResponseEmail({
  name,
  source,
  subject,
  originalMessage,
  response,
  listing,
  dashboardUrl,
  contact,
}: {
  name?: string | null;
  source: Source;
  subject?: string | null;
  originalMessage: string;
  response: string;
  /** The listing the inquiry was about, named with its reference code (issue 45). */
  listing?: { title: string; code: string; url: string };
  /** Where a customer with an account can read it again (complaints). */
  dashboardUrl?: string;
  contact?: EmailContact;
}): RenderedEmail {
  const what = WHAT[source];
  // Subject lines stay on one line and short, whatever the visitor typed as a subject.
  const topic = subject?.trim() ? oneLine(subject, 120) : "";
  const emailSubject = topic ? `Re: ${topic}` : `Our response to your ${what} | ${COMPANY_NAME}`;
  const intro = `Thank you for your ${what}. Our team has responded:`;
  const quoteIntro = `Your ${what}:`;
  const closing = "If you have any further questions, simply reply to this e-mail or call us.";
  const dashboardNote = "You can also read this response in your dashboard:";
  const about = listing ? `About: ${listing.title} (ref. ${listing.code})` : undefined;

  return composeEmail({
    subject: emailSubject,
    greeting: emailGreeting(oneLine(name ?? "", 80)),
    contact,
    text: [
      ...(about && listing ? [about, listing.url, ""] : []),
      intro,
      "",
      response,
      "",
      "---",
      quoteIntro,
      originalMessage,
      "---",
      "",
      ...(dashboardUrl ? [dashboardNote, dashboardUrl, ""] : []),
      closing,
    ],
    html: [
      about && listing
        ? `<p><a href="${escapeHtml(listing.url)}" style="color:#065f46">${escapeHtml(about)}</a></p>`
        : "",
      `<p>${escapeHtml(intro)}</p>`,
      emailQuote(response),
      `<p style="margin-top:24px;font-size:14px;color:#475569">${escapeHtml(quoteIntro)}</p>`,
      `<div style="padding:12px 16px;background:#f8fafc;font-size:14px;color:#475569">${escapeLines(originalMessage)}</div>`,
      dashboardUrl ? emailButton("View in your dashboard", dashboardUrl) : "",
      `<p>${escapeHtml(closing)}</p>`,
    ],
  });
}
