import {
  composeEmail,
  type EmailContact,
  emailButton,
  emailGreeting,
  escapeHtml,
  escapeLines,
  oneLine,
  type RenderedEmail,
} from "../email-layout";

// The office's answer to a buyer's request for copies of a title (issue 46). Pure: the caller
// supplies the request, the answer frozen when it was given, and the links.

export function titleCopyAnswerEmail({
  name,
  title,
  code,
  status,
  note,
  listingUrl,
  dashboardUrl,
  contact,
}: {
  name: string | null;
  title: string;
  code: string;
  status: "sent" | "declined";
  note: string | null;
  listingUrl: string;
  dashboardUrl: string;
  contact?: EmailContact;
}): RenderedEmail {
  const listing = `"${oneLine(title, 80)}" (${code})`;
  const subject =
    status === "sent"
      ? `Title documents for ${oneLine(title, 60)}: sent`
      : `Title documents for ${oneLine(title, 60)}: declined`;
  const lead =
    status === "sent"
      ? `You asked for copies of the title documents of ${listing}. We have sent them to you.`
      : `You asked for copies of the title documents of ${listing}. We cannot send them at the moment.`;
  const advice =
    "Have your own lawyer search the title at the land registry before you pay anything. We never ask for money before a viewing.";
  return composeEmail({
    subject,
    greeting: emailGreeting(name),
    contact,
    text: [
      lead,
      "",
      ...(note ? ["Note from our office:", note, ""] : []),
      advice,
      "",
      `The listing: ${listingUrl}`,
      `Your requests: ${dashboardUrl}`,
    ],
    html: [
      `<p>${escapeHtml(lead)}</p>`,
      note
        ? `<p>Note from our office:</p><blockquote style="margin:16px 0;padding-left:12px;border-left:3px solid #cbd5e1">${escapeLines(note)}</blockquote>`
        : "",
      `<p>${escapeHtml(advice)}</p>`,
      emailButton("See the listing", listingUrl),
    ],
  });
}
