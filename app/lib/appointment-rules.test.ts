import { describe, expect, it } from "vitest";
import { lagosToday, openSlots, parseIsoDate, slotMinutes, TIME_SLOTS } from "./appointment-rules";
import {
  APPOINTMENT_MESSAGES,
  bookingSchema,
  dateProblem,
  timeProblem,
} from "./schemas/appointment";

// Wednesday 2026-11-25, 23:30 UTC: already Thursday the 26th, 00:30, in Lagos.
const LATE_WEDNESDAY_UTC = new Date("2026-11-25T23:30:00Z");
// Saturday 2026-11-28, 10:30 in Lagos.
const SATURDAY_MORNING = new Date("2026-11-28T09:30:00Z");

describe("dates in Lagos", () => {
  it("uses the Lagos calendar day, not the server's", () => {
    expect(lagosToday(LATE_WEDNESDAY_UTC)).toBe("2026-11-26");
  });

  it("refuses yesterday in Lagos even while it is still that day in UTC", () => {
    expect(dateProblem("2026-11-25", LATE_WEDNESDAY_UTC)).toBe(APPOINTMENT_MESSAGES.datePast);
    expect(dateProblem("2026-11-26", LATE_WEDNESDAY_UTC)).toBeUndefined();
  });

  it("refuses Sundays", () => {
    expect(dateProblem("2026-11-29", LATE_WEDNESDAY_UTC)).toBe(APPOINTMENT_MESSAGES.dateSunday);
    expect(dateProblem("2026-11-30", LATE_WEDNESDAY_UTC)).toBeUndefined();
  });

  it("asks for a date when there is none, and refuses impossible ones", () => {
    expect(dateProblem("", LATE_WEDNESDAY_UTC)).toBe(APPOINTMENT_MESSAGES.dateMissing);
    expect(dateProblem("2026-02-30", LATE_WEDNESDAY_UTC)).toBe(APPOINTMENT_MESSAGES.dateInvalid);
    expect(dateProblem("26/11/2026", LATE_WEDNESDAY_UTC)).toBe(APPOINTMENT_MESSAGES.dateInvalid);
    expect(parseIsoDate("2028-02-29")).toBeInstanceOf(Date);
  });

  it("refuses dates more than a year ahead", () => {
    expect(dateProblem("2027-11-26", LATE_WEDNESDAY_UTC)).toBeUndefined();
    expect(dateProblem("2027-11-27", LATE_WEDNESDAY_UTC)).toBe(APPOINTMENT_MESSAGES.dateTooFar);
  });
});

describe("time slots", () => {
  it("reads the spec's slots as times of day", () => {
    expect(TIME_SLOTS.map(slotMinutes)).toEqual([540, 600, 660, 720, 780, 840, 900, 960]);
  });

  it("asks for a time when none of the slots is chosen", () => {
    expect(timeProblem("2026-11-30", "", SATURDAY_MORNING)).toBe(APPOINTMENT_MESSAGES.timeMissing);
    expect(timeProblem("2026-11-30", "08:00 AM", SATURDAY_MORNING)).toBe(
      APPOINTMENT_MESSAGES.timeMissing,
    );
  });

  it("closes today's slots that have started, in Lagos time", () => {
    expect(openSlots("2026-11-28", SATURDAY_MORNING)).toEqual(TIME_SLOTS.slice(2));
    expect(timeProblem("2026-11-28", "10:00 AM", SATURDAY_MORNING)).toBe(
      APPOINTMENT_MESSAGES.timePassed,
    );
    expect(openSlots("2026-11-30", SATURDAY_MORNING)).toEqual([...TIME_SLOTS]);
  });
});

describe("the booking form", () => {
  const valid = {
    fullName: " Adaeze Okafor ",
    email: "adaeze@example.ng",
    phone: "+234 803 123 4567",
    appointmentDate: "2026-11-30",
    appointmentTime: "11:00 AM",
    propertyType: "Apartment",
    propertyLocation: "",
    purpose: "rent",
    message: "",
  };
  const schema = bookingSchema(() => SATURDAY_MORNING);

  it("accepts a complete booking and trims it", () => {
    const parsed = schema.safeParse(valid);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.fullName).toBe("Adaeze Okafor");
  });

  it("gives the spec's messages for a missing date and a missing time", () => {
    const parsed = schema.safeParse({ ...valid, appointmentDate: "", appointmentTime: "" });
    const messages = parsed.error?.issues.map((i) => i.message);
    expect(messages).toContain("Please select an appointment date");
    expect(messages).toContain("Please select an appointment time");
  });

  it("refuses a Sunday, a bad e-mail, a bad phone and an unknown purpose", () => {
    const parsed = schema.safeParse({
      ...valid,
      appointmentDate: "2026-11-29",
      email: "not-an-email",
      phone: "call me",
      purpose: "steal",
    });
    const paths = parsed.error?.issues.map((i) => i.path[0]);
    expect(paths).toEqual(expect.arrayContaining(["appointmentDate", "email", "phone", "purpose"]));
  });
});
