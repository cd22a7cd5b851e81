import { addDays, lagosToday, slotsOn, TIME_SLOTS } from "../../app/lib/appointment-rules";

// Dates for tests that book: chosen so the test passes on any day it runs. A day "from today"
// can land on a Saturday (open 10:00 AM to 2:00 PM) or a Sunday (closed); these never do unless
// asked. The date-sensitive files run under a clock per day of the week (tests/setup/clocks.ts),
// so a test that picks its day another way fails on every day, not only on some.

/** The first day after `after` (exclusive) that offers every slot: Monday to Friday. */
export function openDayAfter(after: string): string {
  let day = addDays(after, 1);
  while (slotsOn(day).length < TIME_SLOTS.length) day = addDays(day, 1);
  return day;
}

/** The first day offering every slot at least `days` days after today in Lagos. */
export function openDayFromToday(days: number): string {
  return openDayAfter(addDays(lagosToday(), days - 1));
}

/** The first day after `after` (exclusive) that falls on `weekday` (0 = Sunday, 6 = Saturday). */
export function nextWeekday(after: string, weekday: number): string {
  let day = addDays(after, 1);
  while (new Date(`${day}T00:00:00Z`).getUTCDay() !== weekday) day = addDays(day, 1);
  return day;
}
