import { formatDay } from "./dates";

// Dated availability (issue 46, item 1; DESIGN.md "Trust and fraud"): every live listing says
// when and how its availability was last confirmed, and by whom. A rental (short-lets included)
// unconfirmed for `rentDays`, or a sale for `saleDays`, leaves the search, the lists, the
// sitemap and the home page by itself; its own page stays, saying it is being checked. A listing
// marked let or sold shows that badge for `closedBadgeDays`, then leaves the search. The periods
// are office settings (/admin/settings) with these defaults. Pure: the clock is an argument.

export type AvailabilityRules = {
  /** Days a rental's (or short-let's) confirmation holds. */
  rentDays: number;
  /** Days a sale's confirmation holds. */
  saleDays: number;
  /** Days before the period ends that the reminder e-mails go out. */
  reminderDays: number;
  /** Days a let or sold listing stays in the search with its badge. */
  closedBadgeDays: number;
};

export const DEFAULT_AVAILABILITY_RULES: AvailabilityRules = {
  rentDays: 14,
  saleDays: 30,
  reminderDays: 3,
  closedBadgeDays: 14,
};

/** The bounds the settings form accepts, in days. */
export const AVAILABILITY_DAY_LIMITS = { min: 1, max: 365 } as const;

/**
 * How an availability was confirmed. Staff choose `visit` or `call`; the owner's signed link
 * records `owner`; `listed` is the listing's own creation, `records` the confirmation every
 * listing got when this feature arrived (the office's records, so nothing vanished on deploy).
 */
export const AVAILABILITY_METHODS = [
  { value: "visit", label: "visit" },
  { value: "call", label: "call with the owner" },
  { value: "owner", label: "owner confirmed" },
  { value: "listed", label: "listing added" },
  { value: "records", label: "office records" },
] as const;

export type AvailabilityMethod = (typeof AVAILABILITY_METHODS)[number]["value"];

/** The hows an agent chooses from on the To confirm list. */
export const STAFF_METHODS = ["visit", "call"] as const satisfies readonly AvailabilityMethod[];
export type StaffMethod = (typeof STAFF_METHODS)[number];

export function isStaffMethod(value: unknown): value is StaffMethod {
  return (STAFF_METHODS as readonly unknown[]).includes(value);
}

export function availabilityMethodLabel(method: AvailabilityMethod): string {
  return AVAILABILITY_METHODS.find((m) => m.value === method)?.label ?? method;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function plusDays(moment: Date, days: number): Date {
  return new Date(moment.getTime() + days * DAY_MS);
}

/** The period a listing's confirmation holds: rentals (short-lets too) and sales differ. */
export function confirmationPeriodDays(rules: AvailabilityRules, purpose: "sale" | "rent"): number {
  return purpose === "rent" ? rules.rentDays : rules.saleDays;
}

/** When a confirmation made at `confirmedAt` stops holding: the listing leaves the search then. */
export function availabilityDueAt(
  rules: AvailabilityRules,
  listing: { purpose: "sale" | "rent"; availabilityConfirmedAt: Date },
): Date {
  return plusDays(listing.availabilityConfirmedAt, confirmationPeriodDays(rules, listing.purpose));
}

/** The earliest confirmation still holding at `now` for a purpose (the search's cut-off). */
export function freshSince(rules: AvailabilityRules, purpose: "sale" | "rent", now: Date): Date {
  return plusDays(now, -confirmationPeriodDays(rules, purpose));
}

/** The earliest let or sold moment whose badge still shows at `now`. */
export function closedBadgeSince(rules: AvailabilityRules, now: Date): Date {
  return plusDays(now, -rules.closedBadgeDays);
}

/** When the reminders for this confirmation go out: `reminderDays` before it stops holding. */
export function reminderDueAt(
  rules: AvailabilityRules,
  listing: { purpose: "sale" | "rent"; availabilityConfirmedAt: Date },
): Date {
  return plusDays(availabilityDueAt(rules, listing), -rules.reminderDays);
}

/** Whether the reminder is due at `now`: inside the last `reminderDays` of the period. */
export function isReminderDue(
  rules: AvailabilityRules,
  listing: { purpose: "sale" | "rent"; availabilityConfirmedAt: Date },
  now: Date,
): boolean {
  return reminderDueAt(rules, listing) <= now && now < availabilityDueAt(rules, listing);
}

export const CLOSED_LISTING_STATUSES = ["sold", "let"] as const;

/**
 * Where a listing stands with the public at `now`:
 * - `confirmed`: on offer and confirmed within its period (in search, lists, sitemap, home);
 * - `being-checked`: on offer but its confirmation is older than its period (its own page only,
 *   noindex, "Availability being checked");
 * - `closed-recent`: let or sold within `closedBadgeDays` (in search with its badge);
 * - `closed`: let or sold before that (its own page only).
 */
export type AvailabilityState = "confirmed" | "being-checked" | "closed-recent" | "closed";

export function availabilityState(
  rules: AvailabilityRules,
  listing: {
    purpose: "sale" | "rent";
    status: string;
    availabilityConfirmedAt: Date;
    closedAt: Date | null;
  },
  now: Date,
): AvailabilityState {
  if ((CLOSED_LISTING_STATUSES as readonly string[]).includes(listing.status)) {
    // No moment recorded (cannot happen after the trigger): treated as long ago, as SQL does.
    return listing.closedAt && listing.closedAt > closedBadgeSince(rules, now)
      ? "closed-recent"
      : "closed";
  }
  return now < availabilityDueAt(rules, listing) ? "confirmed" : "being-checked";
}

/** "the office" unless an agent confirmed it themselves (an owner's name is never shown). */
export function confirmerName(confirmation: {
  method: AvailabilityMethod;
  agentName: string | null;
}): string {
  return confirmation.method !== "owner" && confirmation.agentName
    ? confirmation.agentName
    : "the office";
}

/** "Availability confirmed 12 Nov 2026 by Tunde Bakare (visit)": computed, never typed. */
export function availabilityLine(confirmation: {
  confirmedAt: Date;
  method: AvailabilityMethod;
  agentName: string | null;
}): string {
  return `Availability confirmed ${formatDay(confirmation.confirmedAt)} by ${confirmerName(confirmation)} (${availabilityMethodLabel(confirmation.method)})`;
}

export const AVAILABILITY_BEING_CHECKED = "Availability being checked";

/**
 * What a listing's own page says of its availability at `now`: the dated line while it is
 * confirmed, "Availability being checked" once its period ran out (the page is then noindex),
 * nothing when it is let or sold (its badge says so).
 */
export function publicAvailability(
  rules: AvailabilityRules,
  listing: {
    purpose: "sale" | "rent";
    status: string;
    availabilityConfirmedAt: Date;
    availabilityMethod: AvailabilityMethod;
    availabilityAgentName: string | null;
    closedAt: Date | null;
  },
  now: Date,
): { state: AvailabilityState; line: string | null } {
  const state = availabilityState(rules, listing, now);
  if (state === "being-checked") return { state, line: AVAILABILITY_BEING_CHECKED };
  if (state !== "confirmed") return { state, line: null };
  return {
    state,
    line: availabilityLine({
      confirmedAt: listing.availabilityConfirmedAt,
      method: listing.availabilityMethod,
      agentName: listing.availabilityAgentName,
    }),
  };
}

/** Whole days from `now` until `due` (0 on the day, negative once past), for the To confirm list. */
export function daysUntil(due: Date, now: Date): number {
  return Math.ceil((due.getTime() - now.getTime()) / DAY_MS);
}

/** The To confirm list's word for a due date: "Out of search since ...", "Due in 3 days". */
export function dueLabel(due: Date, now: Date): string {
  if (due <= now) return `Out of search since ${formatDay(due)}`;
  const days = daysUntil(due, now);
  return days === 1 ? "Due within a day" : `Due in ${days} days`;
}

/** What the owner's e-mail link answers with. */
export const OWNER_ANSWERS = ["available", "closed"] as const;
export type OwnerAnswer = (typeof OWNER_ANSWERS)[number];

export function isOwnerAnswer(value: unknown): value is OwnerAnswer {
  return (OWNER_ANSWERS as readonly unknown[]).includes(value);
}

/** The status an owner's "It is let or sold" sets: let for a rental, sold for a sale. */
export function closedStatusFor(purpose: "sale" | "rent"): "let" | "sold" {
  return purpose === "rent" ? "let" : "sold";
}

/** The agents' list of listings to confirm (admin area). */
export const TO_CONFIRM_PATH = "/admin/to-confirm";

/** The owner's answer page, opened from the reminder e-mail's signed links. */
export const OWNER_AVAILABILITY_PATH = "/listings/availability";
