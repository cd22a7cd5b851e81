import { describe, expect, it } from "vitest";
import { addDays, lagosToday, slotsOn, TIME_SLOTS } from "~/lib/appointment-rules";
import { nextClock, WEEKDAY_CLOCKS } from "./clocks";
import { nextWeekday, openDayAfter, openDayFromToday } from "./dates";

// Runs under each of the seven clocks (vitest.config.ts): the helpers every booking test uses
// pick a day that takes every slot, whatever day the suite runs on.

const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe("booking dates for tests", () => {
  it("runs under the clock it was given", () => {
    const clock = process.env.TEST_CLOCK;
    if (!clock) return;
    // Started at the clock (a few seconds ago at most), not at the machine's time.
    expect(Math.abs(Date.now() - Date.parse(clock))).toBeLessThan(10 * 60 * 1000);
    expect(lagosToday()).toBe(lagosToday(new Date(Date.parse(clock))));
  });

  it("picks a day after today that offers every slot, Monday to Friday", () => {
    for (let days = 1; days <= 8; days++) {
      const day = openDayFromToday(days);
      expect(slotsOn(day)).toEqual([...TIME_SLOTS]);
      expect(weekday(day)).toBeGreaterThanOrEqual(1);
      expect(weekday(day)).toBeLessThanOrEqual(5);
      expect(day >= addDays(lagosToday(), days)).toBe(true);
      expect(day <= addDays(lagosToday(), days + 2)).toBe(true);
    }
    expect(openDayAfter(lagosToday()) > lagosToday()).toBe(true);
  });

  it("finds the next Saturday and Sunday after a day, never the day itself", () => {
    const saturday = nextWeekday(lagosToday(), 6);
    const sunday = nextWeekday(lagosToday(), 0);
    expect(weekday(saturday)).toBe(6);
    expect(weekday(sunday)).toBe(0);
    expect(saturday > lagosToday() && saturday <= addDays(lagosToday(), 7)).toBe(true);
    expect(sunday > lagosToday() && sunday <= addDays(lagosToday(), 7)).toBe(true);
  });

  it("has one clock for every day of the week, each within the coming week in Lagos", () => {
    expect(WEEKDAY_CLOCKS.map((clock) => clock.day).sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    for (const clock of WEEKDAY_CLOCKS) {
      const start = new Date(nextClock(clock.day, clock.lagosTime));
      expect(weekday(lagosToday(start))).toBe(clock.day);
      expect(lagosToday(start) >= lagosToday()).toBe(true);
      expect(lagosToday(start) <= addDays(lagosToday(), 6)).toBe(true);
    }
  });
});
