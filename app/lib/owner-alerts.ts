// The owner's same-day e-mail about interest in their listings (issue 47): the switch on My
// Listings, its unsubscribe page and the words both use. Pure, for both sides.

export const INTEREST_ALERTS_INTENT = "interest-alerts";

export const INTEREST_ALERTS_LABEL =
  "E-mail me when someone asks about or books a viewing of my listings";

export const INTEREST_ALERTS_MESSAGES = {
  invalid: "Please tick the box to get these e-mails, or clear it to stop them",
  unsubscribed:
    "You will no longer receive an e-mail when someone asks about or books a viewing of your listings.",
  alreadyOff: "These e-mails about your listings are already off.",
  badLink: "This unsubscribe link is not valid. You can turn these e-mails off under My Listings.",
} as const;

/** What happened to the listing, as the owner's e-mail names it. */
export type InterestEvent = "inquiry" | "viewing";

/** "Leads" on My Listings, in one line (the counts come from app/lib/leads.ts). */
export const LEADS_EXPLAINED =
  "A lead is someone reaching out about the listing: an inquiry, a viewing booked, or a tap on WhatsApp or Call on its page (counted even if no call follows).";
