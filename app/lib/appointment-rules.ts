import { lazyDateFormat } from "./lazy";

// When an appointment may be booked: the slots, the purposes and the Lagos calendar, shared by
// the booking form, the customer's reschedule form and the server. Dates are calendar days in
// Lagos (the office's time zone, UTC+1 all year), whatever time zone the visitor's browser or the
// server is in. The messages and the zod schemas built on these rules are in
// ~/lib/schemas/appointment.

export const BOOKING_TIME_ZONE = "Africa/Lagos";

/** The spec's eight slots, as shown and as stored. */
export const TIME_SLOTS = [
  "09:00 AM",
  "10:00 AM",
  "11:00 AM",
  "12:00 PM",
  "01:00 PM",
  "02:00 PM",
  "03:00 PM",
  "04:00 PM",
] as const;
export type TimeSlot = (typeof TIME_SLOTS)[number];

export const APPOINTMENT_PURPOSES = [
  { value: "buy", label: "Buy" },
  { value: "sell", label: "Sell" },
  { value: "rent", label: "Rent" },
  { value: "general", label: "General Inquiry" },
] as const;
export type AppointmentPurpose = (typeof APPOINTMENT_PURPOSES)[number]["value"];

/** How far ahead a viewing can be booked: the office plans its diary a year out. */
export const MAX_DAYS_AHEAD = 365;

const lagosParts = lazyDateFormat("en-CA", {
  timeZone: BOOKING_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

function partsInLagos(now: Date) {
  const parts = lagosParts.parts(now);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

/** Today's date in Lagos, yyyy-MM-dd. */
export function lagosToday(now = new Date()): string {
  return partsInLagos(now).date;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written yyyy-MM-dd, as a UTC midnight; undefined otherwise. */
export function parseIsoDate(value: string): Date | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value ? date : undefined;
}

export function addDays(isoDate: string, days: number): string {
  const date = parseIsoDate(isoDate);
  if (!date) throw new Error(`not a date: ${isoDate}`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export function isSunday(isoDate: string): boolean {
  return parseIsoDate(isoDate)?.getUTCDay() === 0;
}

/** The slot's start in minutes after midnight ("01:00 PM" is 780). */
export function slotMinutes(slot: TimeSlot): number {
  const [, hh = "0", mm = "0", half] = /^(\d{2}):(\d{2}) (AM|PM)$/.exec(slot) ?? [];
  return ((Number(hh) % 12) + (half === "PM" ? 12 : 0)) * 60 + Number(mm);
}

export function isTimeSlot(value: string): value is TimeSlot {
  return (TIME_SLOTS as readonly string[]).includes(value);
}

/** Opening and closing time of one day, in minutes after midnight (Lagos time). */
export type DayHours = { opens: number; closes: number };

/**
 * The posted office hours (the contact page's "Monday-Friday 9:00 AM-5:00 PM", "Saturday
 * 10:00 AM-2:00 PM"), by day of the week as Date.getUTCDay() numbers them (0 = Sunday). No entry:
 * closed (Sundays). ~/lib/site and ~/lib/structured-data post the same hours; a test keeps them
 * in step.
 */
export const OFFICE_HOURS: Readonly<Partial<Record<number, DayHours>>> = {
  1: { opens: 9 * 60, closes: 17 * 60 },
  2: { opens: 9 * 60, closes: 17 * 60 },
  3: { opens: 9 * 60, closes: 17 * 60 },
  4: { opens: 9 * 60, closes: 17 * 60 },
  5: { opens: 9 * 60, closes: 17 * 60 },
  6: { opens: 10 * 60, closes: 14 * 60 },
};

/** An appointment takes an hour: a slot is offered when it starts and ends within the hours. */
export const APPOINTMENT_MINUTES = 60;

/** The office hours of `date` (yyyy-MM-dd), or undefined when the office is closed then. */
export function officeHoursOn(date: string): DayHours | undefined {
  const day = parseIsoDate(date)?.getUTCDay();
  return day === undefined ? undefined : OFFICE_HOURS[day];
}

/** Whether `slot` lies inside the posted hours of `date` (never on a closed day). */
export function isSlotOffered(date: string, slot: TimeSlot): boolean {
  const hours = officeHoursOn(date);
  const start = slotMinutes(slot);
  return hours !== undefined && start >= hours.opens && start + APPOINTMENT_MINUTES <= hours.closes;
}

/** The slots inside the posted hours of `date`, whatever the time now (none on a closed day). */
export function slotsOn(date: string): TimeSlot[] {
  return TIME_SLOTS.filter((slot) => isSlotOffered(date, slot));
}

/** "10:00 AM", "2:00 PM": a time of day as the site posts its hours. */
export function formatTimeOfDay(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const half = hours < 12 ? "AM" : "PM";
  return `${hours % 12 || 12}:${String(minutes % 60).padStart(2, "0")} ${half}`;
}

/** Whether `slot` on `date` has already started (only ever true today, in Lagos). */
export function hasSlotStarted(date: string, slot: TimeSlot, now = new Date()): boolean {
  const lagos = partsInLagos(now);
  return date === lagos.date && slotMinutes(slot) <= lagos.minutes;
}

/** The slots still open on `date`: inside its posted hours, and not already started today. */
export function openSlots(date: string, now = new Date()): TimeSlot[] {
  return slotsOn(date).filter((slot) => !hasSlotStarted(date, slot, now));
}

/**
 * Whether an appointment on `date` at `time` has started by `now` (Lagos time): any earlier day,
 * or today from its slot's start. A time that is not one of the slots counts from the end of
 * its day, so an odd stored value never lets a viewing be completed early.
 */
export function hasAppointmentStarted(date: string, time: string, now = new Date()): boolean {
  const lagos = partsInLagos(now);
  if (date < lagos.date) return true;
  if (date > lagos.date) return false;
  return isTimeSlot(time) && slotMinutes(time) <= lagos.minutes;
}
