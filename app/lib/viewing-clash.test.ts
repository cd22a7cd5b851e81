import { describe, expect, it } from "vitest";
import { type ClashSlot, clashReason, findClashes, viewingsOverlap } from "./viewing-clash";

// The clash rule on literal dates: it compares days and slots only, so no test here depends on
// today or on the day of the week.

const DAY = "2031-05-14";

const booked: ClashSlot = {
  id: "booked",
  propertyId: "lekki",
  agentId: "tunde",
  appointmentDate: DAY,
  appointmentTime: "11:00 AM",
  status: "confirmed",
};

const wanted = {
  propertyId: "lekki",
  agentId: "tunde",
  appointmentDate: DAY,
  appointmentTime: "11:00 AM",
};

describe("viewingsOverlap", () => {
  it("is true for the same day and slot, false back to back on either side", () => {
    expect(viewingsOverlap(wanted, booked)).toBe(true);
    expect(viewingsOverlap({ ...wanted, appointmentTime: "12:00 PM" }, booked)).toBe(false);
    expect(viewingsOverlap({ ...wanted, appointmentTime: "10:00 AM" }, booked)).toBe(false);
  });

  it("is false on another day at the same slot, and for a time that is no slot", () => {
    expect(viewingsOverlap({ ...wanted, appointmentDate: "2031-05-15" }, booked)).toBe(false);
    expect(viewingsOverlap({ ...wanted, appointmentTime: "11:30 AM" }, booked)).toBe(false);
  });
});

describe("clashReason", () => {
  it("names the same listing, the same agent, or both", () => {
    expect(clashReason(wanted, booked)).toBe("both");
    expect(clashReason({ ...wanted, agentId: "amaka" }, booked)).toBe("listing");
    // The same agent at another listing at the same time: a clash.
    expect(clashReason({ ...wanted, propertyId: "ikeja" }, booked)).toBe("agent");
    expect(clashReason({ ...wanted, propertyId: "ikeja", agentId: "amaka" }, booked)).toBe(
      undefined,
    );
  });

  it("ignores cancelled and completed viewings, but not pending ones", () => {
    expect(clashReason(wanted, { ...booked, status: "cancelled" })).toBe(undefined);
    expect(clashReason(wanted, { ...booked, status: "completed" })).toBe(undefined);
    expect(clashReason(wanted, { ...booked, status: "pending" })).toBe("both");
  });

  it("never matches on a missing listing or agent (a general booking, the office's viewings)", () => {
    const office = { ...booked, propertyId: null, agentId: null };
    expect(clashReason({ ...wanted, propertyId: null, agentId: null }, office)).toBe(undefined);
    expect(clashReason({ ...wanted, agentId: null }, { ...booked, agentId: null })).toBe("listing");
  });

  it("does not count a viewing being moved as clashing with itself", () => {
    expect(clashReason({ ...wanted, id: "booked" }, booked)).toBe(undefined);
    expect(clashReason({ ...wanted, id: "another" }, booked)).toBe("both");
  });
});

describe("findClashes", () => {
  it("keeps the clashing viewings in order, each with its reason", () => {
    const others: ClashSlot[] = [
      { ...booked, id: "a", agentId: "amaka" },
      { ...booked, id: "b", appointmentTime: "12:00 PM" },
      { ...booked, id: "c", propertyId: "ikeja", status: "pending" },
      { ...booked, id: "d", status: "cancelled" },
    ];
    expect(findClashes(wanted, others).map((c) => [c.id, c.reason])).toEqual([
      ["a", "listing"],
      ["c", "agent"],
    ]);
  });
});
