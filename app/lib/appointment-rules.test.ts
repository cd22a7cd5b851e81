import { describe, expect, it } from "vitest";
import {
  formatTimeOfDay,
  hasAppointmentStarted,
  isSlotOffered,
  lagosToday,
  OFFICE_HOURS,
  openSlots,
  parseIsoDate,
  slotMinutes,
  slotsOn,
  TIME_SLOTS,
} from "./appointment-rules";
import {
  APPOINTMENT_MESSAGES,
  bookingSchema,
  dateProblem,
  rescheduleSchema,
  timeProblem,
} from "./schemas/appointment";
import { fieldErrorsOf } from "./schemas/fields";
import { DEFAULT_CONTACT } from "./site";
import { openingHoursOf } from "./structured-data";

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
    expect(openSlots("2026-11-28", SATURDAY_MORNING)).toEqual(["11:00 AM", "12:00 PM", "01:00 PM"]);
    expect(timeProblem("2026-11-28", "10:00 AM", SATURDAY_MORNING)).toBe(
      APPOINTMENT_MESSAGES.timePassed,
    );
    expect(openSlots("2026-11-30", SATURDAY_MORNING)).toEqual([...TIME_SLOTS]);
  });
});

// The week of Monday 30 November 2026.
const WEEK = {
  Monday: "2026-11-30",
  Tuesday: "2026-12-01",
  Wednesday: "2026-12-02",
  Thursday: "2026-12-03",
  Friday: "2026-12-04",
  Saturday: "2026-12-05",
  Sunday: "2026-12-06",
} as const;

describe("whether an appointment has started (Complete is offered from then)", () => {
  it("counts earlier days, and today from the slot's start, in Lagos time", () => {
    // Saturday 2026-11-28, 10:30 in Lagos.
    expect(hasAppointmentStarted("2026-11-27", "04:00 PM", SATURDAY_MORNING)).toBe(true);
    expect(hasAppointmentStarted("2026-11-28", "10:00 AM", SATURDAY_MORNING)).toBe(true);
    expect(hasAppointmentStarted("2026-11-28", "11:00 AM", SATURDAY_MORNING)).toBe(false);
    expect(hasAppointmentStarted("2026-11-30", "09:00 AM", SATURDAY_MORNING)).toBe(false);
    // 23:30 UTC on the 25th is already the 26th in Lagos: the 25th is over.
    expect(hasAppointmentStarted("2026-11-25", "04:00 PM", LATE_WEDNESDAY_UTC)).toBe(true);
    expect(hasAppointmentStarted("2026-11-26", "09:00 AM", LATE_WEDNESDAY_UTC)).toBe(false);
  });

  it("treats a stored time that is no slot as starting at the end of its day", () => {
    expect(hasAppointmentStarted("2026-11-28", "later", SATURDAY_MORNING)).toBe(false);
    expect(hasAppointmentStarted("2026-11-27", "later", SATURDAY_MORNING)).toBe(true);
  });
});

describe("slots inside the posted hours, per weekday", () => {
  it.each(["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"] as const)(
    "%s (9:00 AM-5:00 PM) offers every slot, the last ending at closing time",
    (day) => {
      expect(slotsOn(WEEK[day])).toEqual([...TIME_SLOTS]);
    },
  );

  it("Saturday (10:00 AM-2:00 PM) offers 10:00 AM to 01:00 PM only", () => {
    expect(slotsOn(WEEK.Saturday)).toEqual(["10:00 AM", "11:00 AM", "12:00 PM", "01:00 PM"]);
    for (const slot of ["09:00 AM", "02:00 PM", "03:00 PM", "04:00 PM"] as const) {
      expect(isSlotOffered(WEEK.Saturday, slot)).toBe(false);
    }
    // A Saturday booked days ahead: nothing has started, the hours alone decide.
    expect(openSlots(WEEK.Saturday, SATURDAY_MORNING)).toEqual(slotsOn(WEEK.Saturday));
  });

  it("Sunday offers nothing (closed), nor does a date that does not exist", () => {
    expect(slotsOn(WEEK.Sunday)).toEqual([]);
    expect(slotsOn("2026-02-30")).toEqual([]);
    expect(slotsOn("")).toEqual([]);
  });

  it("refuses a Saturday slot outside the hours with a message naming them", () => {
    const message =
      "On Saturdays we are open from 10:00 AM to 2:00 PM. Please choose a time from 10:00 AM to 01:00 PM.";
    for (const slot of ["09:00 AM", "02:00 PM", "03:00 PM", "04:00 PM"]) {
      expect(timeProblem(WEEK.Saturday, slot, SATURDAY_MORNING)).toBe(message);
    }
    expect(timeProblem(WEEK.Saturday, "01:00 PM", SATURDAY_MORNING)).toBeUndefined();
    expect(timeProblem(WEEK.Friday, "04:00 PM", SATURDAY_MORNING)).toBeUndefined();
  });

  it("the booking and reschedule schemas refuse a Saturday 3 PM beside the time field", () => {
    const booking = bookingSchema(() => SATURDAY_MORNING).safeParse({
      fullName: "Adaeze Okafor",
      email: "adaeze@example.ng",
      phone: "+234 803 123 4567",
      appointmentDate: WEEK.Saturday,
      appointmentTime: "03:00 PM",
      propertyType: "",
      propertyLocation: "",
      purpose: "",
      message: "",
    });
    expect(booking.success).toBe(false);
    if (booking.success) return;
    expect(fieldErrorsOf(booking.error)).toEqual({
      appointmentTime: expect.stringMatching(/^On Saturdays we are open from 10:00 AM to 2:00 PM/),
    });
    const reschedule = rescheduleSchema(() => SATURDAY_MORNING).safeParse({
      appointmentDate: WEEK.Saturday,
      appointmentTime: "03:00 PM",
    });
    expect(reschedule.success).toBe(false);
    // A Sunday is the date's problem only: the time is not blamed for it.
    const sunday = rescheduleSchema(() => SATURDAY_MORNING).safeParse({
      appointmentDate: WEEK.Sunday,
      appointmentTime: "03:00 PM",
    });
    expect(sunday.success ? {} : fieldErrorsOf(sunday.error)).toEqual({
      appointmentDate: APPOINTMENT_MESSAGES.dateSunday,
    });
  });

  it("are the hours the site posts (contact page and schema.org)", () => {
    const weekdays = OFFICE_HOURS[1];
    const saturday = OFFICE_HOURS[6];
    for (const day of [2, 3, 4, 5]) expect(OFFICE_HOURS[day]).toEqual(weekdays);
    expect(OFFICE_HOURS[0]).toBeUndefined();
    if (!weekdays || !saturday) throw new Error("no hours");
    const posted = (hours: { opens: number; closes: number }) =>
      `${formatTimeOfDay(hours.opens)}-${formatTimeOfDay(hours.closes)}`;
    expect(DEFAULT_CONTACT.hours).toEqual([
      `Monday-Friday ${posted(weekdays)}`,
      `Saturday ${posted(saturday)}`,
    ]);
    const hhmm = (minutes: number) =>
      `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
    expect(openingHoursOf(DEFAULT_CONTACT.hours)).toEqual([
      `Mo-Fr ${hhmm(weekdays.opens)}-${hhmm(weekdays.closes)}`,
      `Sa ${hhmm(saturday.opens)}-${hhmm(saturday.closes)}`,
    ]);
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
