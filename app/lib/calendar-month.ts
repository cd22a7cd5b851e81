import { addDays, parseIsoDate } from "~/lib/appointment-rules";
import { lazyDateFormat } from "./lazy";

// Calendar arithmetic on yyyy-MM-dd strings (calendar days, no time zone), for the booking date
// picker. Weeks start on Monday: the office is closed on Sundays, which then sit at the end.

/** yyyy-MM of a yyyy-MM-dd date. */
export function monthOf(isoDate: string): string {
  return isoDate.slice(0, 7);
}

/** The month `delta` months after yyyy-MM `month`. */
export function addMonths(month: string, delta: number): string {
  const [year = 0, m = 1] = month.split("-").map(Number);
  const date = new Date(Date.UTC(year, m - 1 + delta, 1));
  return date.toISOString().slice(0, 7);
}

/** Days in yyyy-MM `month`. */
export function daysInMonth(month: string): number {
  const [year = 0, m = 1] = month.split("-").map(Number);
  return new Date(Date.UTC(year, m, 0)).getUTCDate();
}

/** 0 = Monday ... 6 = Sunday. */
export function weekdayIndex(isoDate: string): number {
  const day = parseIsoDate(isoDate)?.getUTCDay() ?? 1;
  return (day + 6) % 7;
}

/** The month as rows of seven cells, each a yyyy-MM-dd date or null for a padding cell. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = `${month}-01`;
  const cells: (string | null)[] = Array.from({ length: weekdayIndex(first) }, () => null);
  for (let d = 0; d < daysInMonth(month); d++) cells.push(addDays(first, d));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The date moved by `delta` months, kept inside the target month (31 Jan + 1 month = 28/29 Feb). */
export function addMonthsToDate(isoDate: string, delta: number): string {
  const month = addMonths(monthOf(isoDate), delta);
  const day = Math.min(Number(isoDate.slice(8, 10)), daysInMonth(month));
  return `${month}-${String(day).padStart(2, "0")}`;
}

const dayLabel = lazyDateFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});
const monthLabel = lazyDateFormat("en-GB", {
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** "Monday, 23 November 2026" (en-GB puts no comma after the weekday; we add it). */
export function formatLongDate(isoDate: string): string {
  const date = parseIsoDate(isoDate);
  if (!date) return isoDate;
  const parts = dayLabel.parts(date);
  return `${parts.weekday}, ${parts.day} ${parts.month} ${parts.year}`;
}

/** "November 2026". */
export function formatMonth(month: string): string {
  const date = parseIsoDate(`${month}-01`);
  return date ? monthLabel.format(date) : month;
}
