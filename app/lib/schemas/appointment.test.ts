import { describe, expect, it } from "vitest";
import { rescheduleSchema } from "./appointment";
import { fieldErrorsOf } from "./fields";

// Wednesday 25 November 2026, 09:00 in Lagos.
const NOW = () => new Date("2026-11-25T08:00:00Z");

function problems(appointmentDate: string, appointmentTime: string, now = NOW) {
  const parsed = rescheduleSchema(now).safeParse({ appointmentDate, appointmentTime });
  return parsed.success ? undefined : fieldErrorsOf(parsed.error);
}

describe("rescheduleSchema", () => {
  it("accepts an open date and slot, and answers the slot as typed", () => {
    expect(
      rescheduleSchema(NOW).parse({ appointmentDate: " 2026-12-02 ", appointmentTime: "02:00 PM" }),
    ).toEqual({
      appointmentDate: "2026-12-02",
      appointmentTime: "02:00 PM",
    });
  });

  it.each([
    [
      "a Sunday",
      "2026-11-29",
      "10:00 AM",
      "appointmentDate",
      "Appointments cannot be booked on Sundays",
    ],
    [
      "a past date",
      "2026-11-24",
      "10:00 AM",
      "appointmentDate",
      "Appointments cannot be booked for a past date",
    ],
    [
      "an unknown slot",
      "2026-12-01",
      "13:00",
      "appointmentTime",
      "Please select an appointment time",
    ],
    ["no date", "", "10:00 AM", "appointmentDate", "Please select an appointment date"],
    [
      "an earlier slot today",
      "2026-11-25",
      "09:00 AM",
      "appointmentTime",
      "That time has already passed today. Please choose a later time.",
    ],
  ])("refuses %s beside the field", (_, date, time, field, message) => {
    expect(problems(date, time)).toEqual({ [field]: message });
  });

  it("counts days in Lagos: just after midnight there, yesterday is in the past", () => {
    // 23:30 UTC on the 25th is 00:30 on the 26th in Lagos.
    const lateNight = () => new Date("2026-11-25T23:30:00Z");
    expect(problems("2026-11-25", "04:00 PM", lateNight)).toEqual({
      appointmentDate: "Appointments cannot be booked for a past date",
    });
  });
});
