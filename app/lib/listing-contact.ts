import {
  agentChatMessage,
  type ListingRef,
  listingChatMessage,
  whatsappChatUrl,
} from "~/lib/whatsapp";

// Where a visitor's WhatsApp and phone clicks on a listing go (issue 21 items 2 and 4): to the
// listing's agent when it has one with a phone, else to the company's contacts. The property page
// links to /go/:id/whatsapp and /go/:id/phone (counted as leads), and /go answers with these.

export type LeadClick = "whatsapp" | "phone";

export const LEAD_CLICKS: readonly LeadClick[] = ["whatsapp", "phone"];

type Agent = { name: string; phone: string | null; whatsapp?: string | null } | null;
type Contact = { phones: string[]; whatsapp: string | null };

/** The wa.me chat naming the listing, its code and its address, or undefined when nobody has WhatsApp. */
export function listingWhatsappTarget(
  listing: ListingRef,
  agent: Agent,
  contact: Contact,
): string | undefined {
  // The agent's official WhatsApp line (issue 45), else their phone.
  const agentLine = agent?.whatsapp || agent?.phone;
  if (agent && agentLine) {
    return whatsappChatUrl(agentLine, agentChatMessage(agent.name, listing));
  }
  return contact.whatsapp
    ? whatsappChatUrl(contact.whatsapp, listingChatMessage(listing))
    : undefined;
}

/** The numbers the page lists to call about the listing: the agent's, else the company's. */
export function listingPhones(agent: Agent, contact: Contact): string[] {
  if (agent) return agent.phone ? [agent.phone] : [];
  return contact.phones;
}

/** `tel:` for a shown number (spaces out). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/\s+/g, "")}`;
}

/** The counting link for a click on the listing's WhatsApp or its `line`-th phone number. */
export function leadClickHref(propertyId: string, click: LeadClick, line = 0): string {
  const base = `/go/${propertyId}/${click}`;
  return click === "phone" && line > 0 ? `${base}?line=${line}` : base;
}
