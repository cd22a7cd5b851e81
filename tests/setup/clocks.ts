// The seven clocks the date-sensitive test files run under (vitest.config.ts, the "clock-*"
// projects): one per day of the week, each at a Lagos time that is a known edge of the booking
// rules (before opening, during the day, after the last slot, around midnight, where the Lagos
// date and the UTC date differ). Each is the next such day from today (today included), so the
// worker's clock is at most a week ahead of the database's (tests/setup/fixed-clock.ts). The
// product keeps no list of public holidays (the office's closed day is Sunday), so there is no
// holiday clock.

/** Day of the week (0 = Sunday, as Date.getUTCDay() numbers them) and the Lagos time to start. */
export const WEEKDAY_CLOCKS = [
  { name: "clock-sunday", day: 0, lagosTime: "00:30" },
  { name: "clock-monday", day: 1, lagosTime: "08:00" },
  { name: "clock-tuesday", day: 2, lagosTime: "10:30" },
  { name: "clock-wednesday", day: 3, lagosTime: "13:00" },
  { name: "clock-thursday", day: 4, lagosTime: "16:30" },
  { name: "clock-friday", day: 5, lagosTime: "23:30" },
  { name: "clock-saturday", day: 6, lagosTime: "13:30" },
] as const;

/** Lagos is UTC+1 all year. */
const LAGOS_OFFSET = "+01:00";

/** The ISO instant of the next `day` (0-6) from `now`'s Lagos date, at `lagosTime` Lagos time. */
export function nextClock(day: number, lagosTime: string, now = new Date()): string {
  const lagosNow = new Date(now.getTime() + 60 * 60 * 1000);
  const date = new Date(
    Date.UTC(lagosNow.getUTCFullYear(), lagosNow.getUTCMonth(), lagosNow.getUTCDate()),
  );
  date.setUTCDate(date.getUTCDate() + ((day - date.getUTCDay() + 7) % 7));
  return new Date(
    `${date.toISOString().slice(0, 10)}T${lagosTime}:00${LAGOS_OFFSET}`,
  ).toISOString();
}
