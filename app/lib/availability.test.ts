import { describe, expect, it } from "vitest";
import {
  availabilityDueAt,
  availabilityLine,
  availabilityState,
  dueLabel,
  isReminderDue,
  publicAvailability,
  DEFAULT_AVAILABILITY_RULES as RULES,
  reminderDueAt,
} from "./availability";

// The dated availability rules (issue 46) on a fixed clock: rentals and short-lets 14 days,
// sales 30, reminders 3 days before, a let or sold badge for 14 days.

const CONFIRMED = new Date("2026-11-02T09:00:00Z"); // 10:00 in Lagos
const at = (iso: string) => new Date(iso);
const listing = (purpose: "sale" | "rent", status = "available", closedAt: Date | null = null) => ({
  purpose,
  status,
  availabilityConfirmedAt: CONFIRMED,
  closedAt,
});

describe("periods per type", () => {
  it("holds a rental's confirmation 14 days and a sale's 30, to the moment", () => {
    expect(availabilityDueAt(RULES, listing("rent"))).toEqual(at("2026-11-16T09:00:00Z"));
    expect(availabilityDueAt(RULES, listing("sale"))).toEqual(at("2026-12-02T09:00:00Z"));
    expect(availabilityState(RULES, listing("rent"), at("2026-11-16T08:59:59Z"))).toBe("confirmed");
    expect(availabilityState(RULES, listing("rent"), at("2026-11-16T09:00:00Z"))).toBe(
      "being-checked",
    );
    // The same day is still inside a sale's period.
    expect(availabilityState(RULES, listing("sale"), at("2026-11-16T09:00:00Z"))).toBe("confirmed");
    expect(availabilityState(RULES, listing("sale"), at("2026-12-02T09:00:00Z"))).toBe(
      "being-checked",
    );
  });

  it("follows the office's periods", () => {
    const rules = { ...RULES, rentDays: 7 };
    expect(availabilityState(rules, listing("rent"), at("2026-11-09T09:00:00Z"))).toBe(
      "being-checked",
    );
  });

  it("treats an under-offer listing as on offer", () => {
    expect(
      availabilityState(RULES, listing("rent", "under-offer"), at("2026-11-10T00:00:00Z")),
    ).toBe("confirmed");
  });
});

describe("the let or sold badge window", () => {
  const closedAt = at("2026-11-20T12:00:00Z");
  it("shows the badge in the search for 14 days, then not, whatever the confirmation", () => {
    const sold = listing("sale", "sold", closedAt);
    expect(availabilityState(RULES, sold, at("2026-12-04T11:59:59Z"))).toBe("closed-recent");
    expect(availabilityState(RULES, sold, at("2026-12-04T12:00:00Z"))).toBe("closed");
    const let_ = listing("rent", "let", closedAt);
    expect(availabilityState(RULES, let_, at("2026-11-21T00:00:00Z"))).toBe("closed-recent");
  });

  it("counts a closed listing without a moment as closed long ago", () => {
    expect(availabilityState(RULES, listing("rent", "let"), CONFIRMED)).toBe("closed");
  });

  it("says nothing of availability on a let or sold page (the badge does)", () => {
    const page = publicAvailability(
      RULES,
      {
        ...listing("rent", "let", closedAt),
        availabilityMethod: "visit",
        availabilityAgentName: null,
      },
      at("2026-11-21T00:00:00Z"),
    );
    expect(page).toEqual({ state: "closed-recent", line: null });
  });
});

describe("the reminder", () => {
  it("is due 3 days before the period ends, until it ends", () => {
    expect(reminderDueAt(RULES, listing("rent"))).toEqual(at("2026-11-13T09:00:00Z"));
    expect(reminderDueAt(RULES, listing("sale"))).toEqual(at("2026-11-29T09:00:00Z"));
    expect(isReminderDue(RULES, listing("rent"), at("2026-11-13T08:59:59Z"))).toBe(false);
    expect(isReminderDue(RULES, listing("rent"), at("2026-11-13T09:00:00Z"))).toBe(true);
    expect(isReminderDue(RULES, listing("rent"), at("2026-11-16T08:59:59Z"))).toBe(true);
    expect(isReminderDue(RULES, listing("rent"), at("2026-11-16T09:00:00Z"))).toBe(false);
    expect(isReminderDue(RULES, listing("sale"), at("2026-11-13T09:00:00Z"))).toBe(false);
  });
});

describe("the public line", () => {
  it("names the agent who confirmed, else the office, and how, in Lagos dates", () => {
    // 23:30 UTC on 2 Nov is 3 Nov in Lagos.
    const late = at("2026-11-02T23:30:00Z");
    expect(
      availabilityLine({ confirmedAt: late, method: "visit", agentName: "Tunde Bakare" }),
    ).toBe("Availability confirmed 3 Nov 2026 by Tunde Bakare (visit)");
    expect(availabilityLine({ confirmedAt: CONFIRMED, method: "call", agentName: null })).toBe(
      "Availability confirmed 2 Nov 2026 by the office (call with the owner)",
    );
    // An owner's answer never shows a name.
    expect(
      availabilityLine({ confirmedAt: CONFIRMED, method: "owner", agentName: "Someone" }),
    ).toBe("Availability confirmed 2 Nov 2026 by the office (owner confirmed)");
  });

  it("says the availability is being checked once the period ran out", () => {
    const page = publicAvailability(
      RULES,
      { ...listing("rent"), availabilityMethod: "visit", availabilityAgentName: "Tunde Bakare" },
      at("2026-11-20T00:00:00Z"),
    );
    expect(page).toEqual({ state: "being-checked", line: "Availability being checked" });
  });

  it("tells the agent how long is left", () => {
    const due = at("2026-11-16T09:00:00Z");
    expect(dueLabel(due, at("2026-11-13T09:00:00Z"))).toBe("Due in 3 days");
    expect(dueLabel(due, at("2026-11-16T08:00:00Z"))).toBe("Due within a day");
    expect(dueLabel(due, at("2026-11-16T09:00:00Z"))).toBe("Out of search since 16 Nov 2026");
  });
});
