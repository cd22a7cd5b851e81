import { formatAppointmentDate } from "./appointment-format";
import { NO_FEE_PROMISE } from "./fee-terms";
import { COMPANY_NAME } from "./site";
import { viewingCodeLine } from "./viewing-code";
import { whatsappChatUrl } from "./whatsapp";

// The text staff send a caller after booking or moving their viewing (issue 47 item 2): short
// enough for an SMS, ready to paste or to send by WhatsApp (a wa.me link to the caller's number,
// filled in). It says what the e-mail says when there is one: the listing's code, title and
// address, the day and time, the agent to meet and their phone, the viewing code, the no-fee line.

export type ViewingMessageFacts = {
  customerName: string;
  customerPhone: string;
  status: "pending" | "confirmed";
  appointmentDate: string;
  appointmentTime: string;
  listing: { code: string; title: string; address: string; city: string } | null;
  /** Who meets the caller: the listing's agent, else the office (its phone). */
  agent: { name: string; phone: string | null };
  viewingCode: string | null;
};

export type ViewingMessage = { text: string; whatsappUrl: string | undefined };

/** The caller's first name, or their name as typed when it has none. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name.trim();
}

export function viewingMessage(facts: ViewingMessageFacts): ViewingMessage {
  const { listing, agent } = facts;
  const where = listing ? [listing.address, listing.city].filter((p) => p.trim()).join(", ") : "";
  const lines = [
    `Hello ${firstName(facts.customerName)}, your viewing with ${COMPANY_NAME} is ${
      facts.status === "confirmed" ? "confirmed" : "booked (to be confirmed)"
    }.`,
    listing ? `Listing: ${listing.code}, ${listing.title}` : undefined,
    where ? `Address: ${where}` : undefined,
    `When: ${formatAppointmentDate(facts.appointmentDate)}, ${facts.appointmentTime}`,
    `Agent: ${agent.name}${agent.phone ? `, ${agent.phone}` : ""}`,
    facts.viewingCode ? viewingCodeLine(facts.viewingCode, "customer") : undefined,
    NO_FEE_PROMISE,
  ];
  const text = lines.filter(Boolean).join("\n");
  return { text, whatsappUrl: whatsappChatUrl(facts.customerPhone, text) };
}
