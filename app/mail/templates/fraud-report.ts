import { reportReasonLabel } from "~/lib/schemas/trust";
import {
  composeEmail,
  type EmailContact,
  emailButton,
  emailGreeting,
  escapeHtml,
  escapeLines,
  oneLine,
  type RenderedEmail,
  senderDetails,
} from "../email-layout";

// The e-mails of a fraud report (issue 45). Pure: the caller supplies the report and the links.

export type ReportForEmail = {
  reason: string;
  subjectTitle: string | null;
  checkedValue: string | null;
  name: string | null;
  phone: string | null;
  email: string | null;
  message: string;
};

/** What the report is about, in a few words. */
export function reportAbout(report: Pick<ReportForEmail, "subjectTitle" | "checkedValue">) {
  if (report.checkedValue) return `the number, account or address ${report.checkedValue}`;
  return report.subjectTitle ? `"${report.subjectTitle}"` : "a listing";
}

/** To every admin, at once: a visitor reported a listing, an agent or a checked value. */
export function fraudReportEmail({
  report,
  adminUrl,
  contact,
}: {
  report: ReportForEmail;
  adminUrl: string;
  contact?: EmailContact;
}): RenderedEmail {
  const reason = reportReasonLabel(report.reason);
  const about = reportAbout(report);
  const subject = `Fraud report: ${oneLine(reason, 60)} (${oneLine(about, 80)})`;
  const intro = `A visitor reported ${about}: ${reason}.`;
  const sender = senderDetails(report);
  return composeEmail({
    subject,
    contact,
    text: [
      intro,
      "",
      ...sender.text,
      ...(report.message ? ["", "Message:", report.message] : []),
      "",
      "A report never hides anything by itself: the office decides.",
      `Open it in the admin area: ${adminUrl}`,
    ],
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      sender.html,
      report.message
        ? `<blockquote style="margin:16px 0;padding-left:12px;border-left:3px solid #cbd5e1">${escapeLines(report.message)}</blockquote>`
        : "",
      "<p>A report never hides anything by itself: the office decides.</p>",
      emailButton("Open the report", adminUrl),
    ],
  });
}

/** To someone who enquired about or booked a listing the office took down after a report. */
export function listingWarningEmail({
  name,
  title,
  verifyUrl,
  contact,
}: {
  name: string | null;
  title: string;
  verifyUrl: string;
  contact?: EmailContact;
}): RenderedEmail {
  const listing = title ? `"${oneLine(title, 80)}"` : "a listing";
  const subject = `Please be careful: ${listing} has been reported`;
  const lines = [
    `You asked us about or booked a viewing of ${listing} recently. We have received a report that someone may be using this listing or our name to ask for money.`,
    "NaijaHomes never charges inspection or viewing fees, and never asks for money before a viewing.",
    "Before you pay anyone or send documents, check the phone number, e-mail address or bank account on our site. We only use the numbers and accounts listed there:",
  ];
  return composeEmail({
    subject,
    greeting: emailGreeting(name),
    contact,
    text: [...lines.flatMap((line) => [line, ""]), verifyUrl],
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      emailButton("Check before you pay", verifyUrl),
    ],
  });
}
