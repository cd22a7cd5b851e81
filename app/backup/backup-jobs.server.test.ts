import { describe, expect, it } from "vitest";
import { nextRunAt } from "./backup-jobs.server";

// The schedule's clock: pure, in Lagos time (UTC+1 all year). The rotation's tests are in
// backup-archives.server.test.ts.

describe("the schedule", () => {
  it("runs next at the given Lagos time, today if it is still to come, else tomorrow", () => {
    // 02:30 Lagos is 01:30 UTC.
    expect(nextRunAt("02:30", new Date("2026-11-26T00:00:00Z")).toISOString()).toBe(
      "2026-11-26T01:30:00.000Z",
    );
    expect(nextRunAt("02:30", new Date("2026-11-26T01:30:00Z")).toISOString()).toBe(
      "2026-11-27T01:30:00.000Z",
    );
    // 23:30 UTC is 00:30 on the 27th in Lagos: that day's 00:15 has passed, so the 28th's.
    expect(nextRunAt("00:15", new Date("2026-11-26T23:30:00Z")).toISOString()).toBe(
      "2026-11-27T23:15:00.000Z",
    );
  });
});
