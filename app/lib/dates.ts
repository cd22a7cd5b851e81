import { BOOKING_TIME_ZONE } from "./appointment-rules";
import { lazyDateFormat } from "./lazy";

// Dates as the site shows them, in Lagos time whatever the server's or browser's zone, so the
// server render and the hydrated page agree.

const dayFormat = lazyDateFormat("en-NG", {
  day: "numeric",
  month: "short",
  year: "numeric",
  timeZone: BOOKING_TIME_ZONE,
});

/** A moment's calendar day in Lagos: '22 Nov 2026'. */
export function formatDay(value: Date | string): string {
  return dayFormat.format(new Date(value));
}
