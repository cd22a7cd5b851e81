import {
  composeEmail,
  type EmailContact,
  emailButton,
  escapeHtml,
  oneLine,
  type RenderedEmail,
  senderDetails,
} from "../email-layout";

// To the agent a new lead was given (issue 47 item 1), so they can call at once. Pure: the caller
// supplies the lead, where it came from and the link to it.

export function newLeadEmail({
  lead,
  sourceLabel,
  listing,
  leadUrl,
  contact,
}: {
  lead: { name: string; email: string | null; phone: string | null };
  sourceLabel: string;
  listing: { title: string; code: string } | null;
  leadUrl: string;
  contact?: EmailContact;
}): RenderedEmail {
  const who = lead.name.trim() ? oneLine(lead.name, 80) : lead.phone || lead.email || "Someone";
  const about = listing ? ` about ${oneLine(listing.title, 80)} (${listing.code})` : "";
  const subject = `New lead${about}: ${who}`;
  const intro = `A new lead is yours (${sourceLabel.toLowerCase()})${about}. Call them soon.`;
  const sender = senderDetails(lead);
  return composeEmail({
    subject,
    contact,
    text: [intro, "", ...sender.text, "", `Open the lead: ${leadUrl}`],
    html: [`<p>${escapeHtml(intro)}</p>`, sender.html, emailButton("Open the lead", leadUrl)],
  });
}
