// The lead inbox (issue 47 item 1): a person to call back, from an inquiry, a booked viewing, a
// callback request or an owner's submission, worked by its agent through these statuses. Safe on
// both sides: the admin screens' labels, filters and the form's merge fields.

/** Where a person in the inbox came from. */
export const INBOX_SOURCES = ["inquiry", "booking", "callback", "submission"] as const;

export type InboxSource = (typeof INBOX_SOURCES)[number];

export const INBOX_SOURCE_LABELS: Record<InboxSource, string> = {
  inquiry: "Inquiry",
  booking: "Viewing booked",
  callback: "Callback request",
  submission: "Owner submission",
};

/** A lead's life: worked until won or lost (lost needs a reason). */
export const LEAD_STATUSES = [
  "new",
  "contacted",
  "viewing_booked",
  "offer_made",
  "won",
  "lost",
] as const;

export type LeadStatus = (typeof LEAD_STATUSES)[number];

export const LEAD_STATUS_LABELS: Record<LeadStatus, string> = {
  new: "New",
  contacted: "Contacted",
  viewing_booked: "Viewing booked",
  offer_made: "Offer made",
  won: "Won",
  lost: "Lost",
};

/** Closed leads: out of "what is due". */
export const CLOSED_LEAD_STATUSES = ["won", "lost"] as const satisfies readonly LeadStatus[];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (LEAD_STATUSES as readonly string[]).includes(value);
}

/** The inbox's "Show" filter: every open lead (default), due today (overdue included), all. */
export const INBOX_VIEWS = ["open", "due", "all"] as const;

export type InboxView = (typeof INBOX_VIEWS)[number];

export const INBOX_VIEW_LABELS: Record<InboxView, string> = {
  open: "Open leads",
  due: "Due today",
  all: "All, closed included",
};

/** The fields the lead form edits, merged when two people save at once (issue 42's rule). */
export const LEAD_MERGE_FIELDS = {
  status: "text",
  nextFollowUp: "text",
  lostReason: "text",
} as const;

export const LEAD_MESSAGES = {
  lostReason: "Say why the lead was lost.",
  status: "Choose a status.",
  nextFollowUp: "Enter a date as yyyy-mm-dd.",
  note: "Write a note.",
  noteTooLong: "Keep the note under 2,000 characters.",
} as const;

export const LEAD_NOTE_MAX = 2000;

/** Rows per page of the inbox. */
export const INBOX_PAGE_SIZE = 50;

/** How a lead stands against today (a Lagos day, yyyy-MM-dd): what the list marks. */
export function leadDueState(
  lead: { status: LeadStatus; nextFollowUp: string | null },
  today: string,
): "overdue" | "today" | "new" | null {
  if ((CLOSED_LEAD_STATUSES as readonly string[]).includes(lead.status)) return null;
  if (lead.nextFollowUp && lead.nextFollowUp < today) return "overdue";
  if (lead.nextFollowUp === today) return "today";
  if (lead.status === "new") return "new";
  return null;
}

/** The values the lead form shows (and merges) for a lead as stored. */
export function leadFormValues(lead: {
  status: LeadStatus;
  nextFollowUp: string | null;
  lostReason: string | null;
}) {
  return {
    status: lead.status,
    nextFollowUp: lead.nextFollowUp ?? "",
    lostReason: lead.lostReason ?? "",
  };
}
