import {
  composeEmail,
  type EmailContact,
  emailButton,
  escapeHtml,
  escapeLines,
  oneLine,
  type RenderedEmail,
  senderDetails,
} from "../email-layout";

// To the listing's agent (else the admins) when a visitor asks about a listing (issue 21). Pure:
// the caller supplies the inquiry, the listing and the links.

export function listingInquiryEmail({
  inquiry,
  listing,
  adminUrl,
  contact,
}: {
  inquiry: { name: string | null; email: string; phone: string | null; description: string };
  listing: { title: string; code: string; url: string };
  adminUrl: string;
  contact?: EmailContact;
}): RenderedEmail {
  const who = inquiry.name?.trim() ? oneLine(inquiry.name, 80) : inquiry.email;
  const subject = `New inquiry about ${oneLine(listing.title, 80)} (${listing.code}): ${who}`;
  const intro = `${who} asked about "${listing.title}" (${listing.code}, ${listing.url}).`;
  const sender = senderDetails(inquiry);
  return composeEmail({
    subject,
    contact,
    text: [
      intro,
      "",
      ...sender.text,
      "",
      "Message:",
      inquiry.description,
      "",
      `Answer it in the admin area: ${adminUrl}`,
    ],
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      sender.html,
      `<blockquote style="margin:16px 0;padding-left:12px;border-left:3px solid #cbd5e1">${escapeLines(inquiry.description)}</blockquote>`,
      emailButton("Answer it in the admin area", adminUrl),
    ],
  });
}
