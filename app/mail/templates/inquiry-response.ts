import { COMPANY_NAME } from "~/lib/site";
import {
  type EmailContact,
  emailButton,
  emailLayout,
  escapeHtml,
  textFooter,
} from "../email-layout";

export type InquiryResponseEmail = { subject: string; text: string; html: string };

type Source = "contact" | "service" | "complaint";

const WHAT: Record<Source, string> = {
  contact: "message",
  service: "inquiry",
  complaint: "complaint",
};

/** Subject lines stay on one line and short, whatever the visitor typed as a subject. */
function oneLine(value: string, max = 120): string {
  const flat = value.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

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
  dashboardUrl,
  contact,
}: {
  name?: string | null;
  source: Source;
  subject?: string | null;
  originalMessage: string;
  response: string;
  /** Where a customer with an account can read it again (complaints). */
  dashboardUrl?: string;
  contact?: EmailContact;
}): InquiryResponseEmail {
  const what = WHAT[source];
  const topic = subject?.trim() ? oneLine(subject) : "";
  const emailSubject = topic ? `Re: ${topic}` : `Our response to your ${what} | ${COMPANY_NAME}`;
  const greeting = name?.trim() ? `Hello ${oneLine(name, 80)},` : "Hello,";
  const intro = `Thank you for your ${what}. Our team has responded:`;
  const quoteIntro = `Your ${what}:`;
  const closing = "If you have any further questions, simply reply to this e-mail or call us.";
  const dashboardNote = "You can also read this response in your dashboard:";

  const text = [
    greeting,
    "",
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
    "",
    textFooter(contact),
  ].join("\n");

  const paragraphs = (value: string) => escapeHtml(value).replace(/\r?\n/g, "<br>");
  const html = emailLayout({
    title: emailSubject,
    contact,
    bodyHtml: [
      `<p>${escapeHtml(greeting)}</p>`,
      `<p>${escapeHtml(intro)}</p>`,
      `<div style="margin:16px 0;padding:12px 16px;border-left:4px solid #065f46;background:#ecfdf5">${paragraphs(response)}</div>`,
      `<p style="margin-top:24px;font-size:14px;color:#475569">${escapeHtml(quoteIntro)}</p>`,
      `<div style="padding:12px 16px;background:#f8fafc;font-size:14px;color:#475569">${paragraphs(originalMessage)}</div>`,
      dashboardUrl ? emailButton("View in your dashboard", dashboardUrl) : "",
      `<p>${escapeHtml(closing)}</p>`,
    ]
      .filter(Boolean)
      .join("\n"),
  });

  return { subject: emailSubject, text, html };
}
