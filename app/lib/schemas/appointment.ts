import { z } from "zod";
import {
  addDays,
  formatTimeOfDay,
  hasSlotStarted,
  isSlotOffered,
  isSunday,
  isTimeSlot,
  lagosToday,
  MAX_DAYS_AHEAD,
  officeHoursOn,
  parseIsoDate,
  slotsOn,
  type TimeSlot,
} from "~/lib/appointment-rules";
import { isPhoneNumber } from "~/lib/phone";
import { FIELD_MESSAGES, optionalLine, optionalText, requiredLine, trimmedText } from "./fields";

// Appointments: booking (public and signed in), the customer's reschedule and cancel. The zod
// schemas the actions parse with and the spec's messages the pages show, in one place; safe to
// import on both sides (see fields.ts for why the schemas are functions). The calendar rules
// they apply (slots, Lagos days) are in ~/lib/appointment-rules.

export const APPOINTMENT_MESSAGES = {
  dateMissing: "Please select an appointment date",
  timeMissing: "Please select an appointment time",
  dateInvalid: "Please select a valid appointment date",
  datePast: "Appointments cannot be booked for a past date",
  dateSunday: "Appointments cannot be booked on Sundays",
  dateTooFar: `Appointments can be booked up to ${MAX_DAYS_AHEAD} days ahead`,
  timePassed: "That time has already passed today. Please choose a later time.",
  failed: "Failed to book appointment. Please try again later.",
} as const;

export const BOOKING_FIELD_MESSAGES = {
  fullName: FIELD_MESSAGES.fullName,
  email: FIELD_MESSAGES.email,
  phone: FIELD_MESSAGES.phone,
} as const;

export const RESCHEDULE_MESSAGES = {
  unchanged: "Please choose a different date or time",
  notPending: "Only a pending appointment can be rescheduled.",
  failed: "Failed to reschedule appointment. Please try again later.",
} as const;

export const CANCEL_FAILED_MESSAGE = "Failed to cancel appointment. Please try again later.";

/** Why `date` cannot be booked, or undefined when it can. */
export function dateProblem(date: string, now = new Date()): string | undefined {
  if (date.trim() === "") return APPOINTMENT_MESSAGES.dateMissing;
  if (!parseIsoDate(date)) return APPOINTMENT_MESSAGES.dateInvalid;
  const today = lagosToday(now);
  if (date < today) return APPOINTMENT_MESSAGES.datePast;
  if (date > addDays(today, MAX_DAYS_AHEAD)) return APPOINTMENT_MESSAGES.dateTooFar;
  if (isSunday(date)) return APPOINTMENT_MESSAGES.dateSunday;
  return undefined;
}

const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

/**
 * Why a slot outside the posted hours of `date` is refused, naming that day's hours and the
 * slots it offers: "On Saturdays we are open from 10:00 AM to 2:00 PM. Please choose a time
 * from 10:00 AM to 01:00 PM." Undefined on a closed day (the date's own message covers it).
 */
export function outsideHoursMessage(date: string): string | undefined {
  const hours = officeHoursOn(date);
  const slots = slotsOn(date);
  const weekday = WEEKDAY_NAMES[parseIsoDate(date)?.getUTCDay() ?? -1];
  if (!hours || !weekday || slots.length === 0) return undefined;
  return (
    `On ${weekday}s we are open from ${formatTimeOfDay(hours.opens)} to ` +
    `${formatTimeOfDay(hours.closes)}. Please choose a time from ${slots[0]} to ${slots.at(-1)}.`
  );
}

/** Why `time` on `date` cannot be booked, or undefined when it can. */
export function timeProblem(date: string, time: string, now = new Date()): string | undefined {
  if (!isTimeSlot(time)) return APPOINTMENT_MESSAGES.timeMissing;
  // A closed or impossible day is the date's problem (dateProblem), not the time's.
  if (!isSlotOffered(date, time)) return outsideHoursMessage(date);
  if (hasSlotStarted(date, time, now)) return APPOINTMENT_MESSAGES.timePassed;
  return undefined;
}

/** Date and time fields, for booking and rescheduling. `now` is injectable for tests. */
function slotShape(now: () => Date) {
  return {
    appointmentDate: trimmedText().superRefine((date, ctx) => {
      const problem = dateProblem(date, now());
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    appointmentTime: trimmedText(),
  };
}

/** The time rules, which depend on the date, for a schema built from `slotShape`. */
function refineSlot(
  value: { appointmentDate: string; appointmentTime: string },
  ctx: z.RefinementCtx,
  now: () => Date,
) {
  const problem = timeProblem(value.appointmentDate, value.appointmentTime, now());
  if (problem) ctx.addIssue({ code: "custom", path: ["appointmentTime"], message: problem });
}

/** A value that passed refineSlot: its time is one of the slots. */
function withSlot<T extends { appointmentTime: string }>(value: T) {
  return value as T & { appointmentTime: TimeSlot };
}

/** The public booking form (also used by signed-in customers). */
export function bookingSchema(now: () => Date = () => new Date()) {
  return bookingFormSchema(now, z.email(BOOKING_FIELD_MESSAGES.email).max(254));
}

/**
 * Staff booking for a caller (issue 47 item 2): the public form's rules, but a caller on the
 * phone may have no e-mail address; one that is given must be valid.
 */
export function staffBookingSchema(now: () => Date = () => new Date()) {
  return bookingFormSchema(
    now,
    z.union([z.literal(""), z.email(BOOKING_FIELD_MESSAGES.email).max(254)], {
      error: BOOKING_FIELD_MESSAGES.email,
    }),
  );
}

function bookingFormSchema(now: () => Date, email: z.ZodType<string, string>) {
  return z
    .object({
      fullName: requiredLine(BOOKING_FIELD_MESSAGES.fullName, {
        max: 120,
        message: BOOKING_FIELD_MESSAGES.fullName,
      }),
      email: trimmedText().pipe(email),
      phone: trimmedText().pipe(z.string().refine(isPhoneNumber, BOOKING_FIELD_MESSAGES.phone)),
      ...slotShape(now),
      propertyType: optionalLine(100),
      propertyLocation: optionalLine(200),
      purpose: trimmedText().pipe(z.enum(["", "buy", "sell", "rent", "general"])),
      message: optionalText(2000),
    })
    .superRefine((value, ctx) => refineSlot(value, ctx, now))
    .transform(withSlot);
}

export type BookingInput = z.infer<ReturnType<typeof bookingSchema>>;

/** The customer's reschedule form: the booking form's date and slot rules (Lagos time). */
export function rescheduleSchema(now: () => Date = () => new Date()) {
  return z
    .object(slotShape(now))
    .superRefine((value, ctx) => refineSlot(value, ctx, now))
    .transform(withSlot);
}
