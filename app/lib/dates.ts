import { BOOKING_TIME_ZONE } from "./appointment-rules";

// Dates as the site shows them, in Lagos time whatever the server's or browser's zone, so the
// server render and the hydrated page agree.

const dayFormat = new Intl.DateTimeFormat("en-NG", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: BOOKING_TIME_ZONE,
});

const calendarDayFormat = new Intl.DateTimeFormat("en-NG", {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: "UTC",
});

/** A moment's calendar day in Lagos: '22 Nov 2026'. */
export function formatDay(value: Date | string): string {
  return dayFormat.format(new Date(value));
}

/** A 'yyyy-MM-dd' calendar date (no time zone of its own): 'Mon, 24 Nov 2026'. */
export function formatCalendarDate(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : calendarDayFormat.format(date);
}
