import { describe, expect, it } from "vitest";
import {
  addMonths,
  addMonthsToDate,
  daysInMonth,
  formatLongDate,
  formatMonth,
  monthWeeks,
  weekdayIndex,
} from "./calendar-month";

describe("calendar-month", () => {
  it("moves across year ends", () => {
    expect(addMonths("2026-12", 1)).toBe("2027-01");
    expect(addMonths("2026-01", -1)).toBe("2025-12");
  });

  it("knows month lengths, leap years included", () => {
    expect(daysInMonth("2028-02")).toBe(29);
    expect(daysInMonth("2027-02")).toBe(28);
    expect(daysInMonth("2026-11")).toBe(30);
  });

  it("keeps the day inside a shorter month", () => {
    expect(addMonthsToDate("2027-01-31", 1)).toBe("2027-02-28");
    expect(addMonthsToDate("2026-11-15", -1)).toBe("2026-10-15");
  });

  it("lays a month out in Monday-first weeks", () => {
    // 1 November 2026 is a Sunday: six padding cells before it.
    expect(weekdayIndex("2026-11-01")).toBe(6);
    const weeks = monthWeeks("2026-11");
    expect(weeks[0]).toEqual([null, null, null, null, null, null, "2026-11-01"]);
    expect(weeks[1]?.[0]).toBe("2026-11-02");
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    expect(weeks.at(-1)).toEqual(["2026-11-30", null, null, null, null, null, null]);
  });

  it("formats dates for labels", () => {
    expect(formatLongDate("2026-11-23")).toBe("Monday, 23 November 2026");
    expect(formatMonth("2026-11")).toBe("November 2026");
  });
});
