// Leads of a listing (issue 21 item 4): the sources, their labels and the shapes the admin
// screens and the owner's pages show. Safe on both sides.

/** Where a listing's leads come from. */
export const LEAD_SOURCES = ["booking", "inquiry", "whatsapp", "phone"] as const;

export type LeadSource = (typeof LEAD_SOURCES)[number];

export const LEAD_SOURCE_LABELS: Record<LeadSource, string> = {
  booking: "Viewings booked",
  inquiry: "Inquiries",
  whatsapp: "WhatsApp clicks",
  phone: "Phone clicks",
};

export type LeadCounts = Record<LeadSource, number>;

/** A listing's inquiries and WhatsApp and phone clicks: its leads other than bookings. */
export type ListingContacts = Omit<LeadCounts, "booking">;

export type LeadWeek = { start: string; end: string; counts: LeadCounts };

/** The weeks the admin screens show. */
export const LEAD_WEEKS = 12;

export function noLeads(): LeadCounts {
  return { booking: 0, inquiry: 0, whatsapp: 0, phone: 0 };
}

export function totalLeads(counts: LeadCounts): number {
  return LEAD_SOURCES.reduce((total, source) => total + counts[source], 0);
}

/** Leads per 100 views, one decimal; null without views. */
export function leadRate(leads: number, views: number): number | null {
  return views > 0 ? Math.round((leads / views) * 1000) / 10 : null;
}

/** "4.2%" or "–" when there were no views. */
export function formatLeadRate(rate: number | null): string {
  return rate === null ? "–" : `${rate}%`;
}
