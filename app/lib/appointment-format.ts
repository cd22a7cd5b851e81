import { BOOKING_TIME_ZONE, parseIsoDate } from "./appointment-rules";
import { lazyDateFormat } from "./lazy";

// How appointments read on the customer's (and the admin's) screens. Pure, and the same on the
// server and in the browser: calendar dates are formatted in UTC (they are plain days), moments
// in Lagos time, so the server's and the visitor's time zones never change what is shown.

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = [
  "Jan",
  "Feb",
  "Mar",
  "Apr",
  "May",
  "Jun",
  "Jul",
  "Aug",
  "Sep",
  "Oct",
  "Nov",
  "Dec",
] as const;

/** "2026-11-30" reads "Mon, 30 Nov 2026"; anything else is shown as it is. */
export function formatAppointmentDate(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}

const momentFormat = lazyDateFormat("en-GB", {
  timeZone: BOOKING_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A moment (booked on, a history entry) in Lagos time: "30 Nov 2026, 14:05". */
export function formatMoment(value: Date | string): string {
  return momentFormat.format(typeof value === "string" ? new Date(value) : value);
}

/** The free-text property type as the spec shows it: "apartment" reads "Apartment Property". */
export function propertyTypeLabel(type: string | null | undefined): string {
  const trimmed = type?.trim() ?? "";
  if (!trimmed) return "Any Property";
  const capitalised = trimmed.charAt(0).toUpperCase() + trimmed.slice(1);
  return /\bproperty$/i.test(capitalised) ? capitalised : `${capitalised} Property`;
}

/** Appointment ids are shown truncated to 8 characters (spec §9). */
export function shortId(id: string): string {
  return id.slice(0, 8);
}

export const APPOINTMENT_STATUS_LABELS = {
  pending: "Pending",
  confirmed: "Confirmed",
  cancelled: "Cancelled",
  completed: "Completed",
} as const;
