import { APPOINTMENT_MINUTES, isTimeSlot, slotMinutes } from "./appointment-rules";

// The clash rule (issue 47 item 2): a viewing booked or moved by staff is warned about when
// another open viewing (pending or confirmed) of the same listing, or of the same agent, overlaps
// it in time. Each viewing takes APPOINTMENT_MINUTES from its slot's start, so back-to-back
// viewings (11:00 and 12:00) do not clash; the same agent at another listing at the same time
// does. Cancelled and completed viewings take no time. Client-safe: the query that finds the
// candidates is app/models/viewing-clash.server.ts.

/** A viewing as the rule sees it: where, whose, when, and whether it still takes the time. */
export type ClashSlot = {
  id: string;
  propertyId: string | null;
  agentId: string | null;
  appointmentDate: string;
  appointmentTime: string;
  status: "pending" | "confirmed" | "cancelled" | "completed";
};

/** What a booking or a move would be: no id yet for a new one. */
export type WantedSlot = Omit<ClashSlot, "id" | "status"> & { id?: string };

/** Why two viewings clash: the same listing, the same agent, or both. */
export type ClashReason = "listing" | "agent" | "both";

/** The statuses that hold their time: a cancelled or completed viewing frees it. */
const HOLDS_TIME: ReadonlySet<ClashSlot["status"]> = new Set(["pending", "confirmed"]);

/** Start and end of a viewing in minutes after midnight; undefined for a time that is no slot. */
function span(time: string): { start: number; end: number } | undefined {
  if (!isTimeSlot(time)) return undefined;
  const start = slotMinutes(time);
  return { start, end: start + APPOINTMENT_MINUTES };
}

/** Whether the two viewings share any minute: the same day, each starting before the other ends. */
export function viewingsOverlap(
  a: Pick<ClashSlot, "appointmentDate" | "appointmentTime">,
  b: Pick<ClashSlot, "appointmentDate" | "appointmentTime">,
): boolean {
  if (a.appointmentDate !== b.appointmentDate) return false;
  const one = span(a.appointmentTime);
  const two = span(b.appointmentTime);
  if (!one || !two) return false;
  return one.start < two.end && two.start < one.end;
}

/** Why `other` clashes with `wanted`, or undefined when it does not. */
export function clashReason(wanted: WantedSlot, other: ClashSlot): ClashReason | undefined {
  if (other.id === wanted.id || !HOLDS_TIME.has(other.status)) return undefined;
  if (!viewingsOverlap(wanted, other)) return undefined;
  const listing = wanted.propertyId !== null && other.propertyId === wanted.propertyId;
  const agent = wanted.agentId !== null && other.agentId === wanted.agentId;
  if (listing && agent) return "both";
  if (listing) return "listing";
  return agent ? "agent" : undefined;
}

/** The viewings among `others` that clash with `wanted`, each with its reason, in their order. */
export function findClashes<T extends ClashSlot>(
  wanted: WantedSlot,
  others: readonly T[],
): (T & { reason: ClashReason })[] {
  return others.flatMap((other) => {
    const reason = clashReason(wanted, other);
    return reason ? [{ ...other, reason }] : [];
  });
}

/** A clashing viewing as staff are shown it (the warning names which booking clashes). */
export type ViewingClash = {
  id: string;
  appointmentDate: string;
  appointmentTime: string;
  reason: ClashReason;
  propertyCode: string | null;
  propertyTitle: string | null;
  /** The agent's name, or null: the office's viewing. */
  agentName: string | null;
  /** The caller's name, for staff who may see that viewing (an agent: only their own). */
  customerName: string | null;
};

export const CLASH_REASON_LABELS: Record<ClashReason, string> = {
  listing: "same listing",
  agent: "same agent",
  both: "same listing and agent",
};
