import { asc, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getAuth } from "~/auth/auth.server";
import { db } from "~/db/client.server";
import {
  appointmentEvents,
  appointments,
  mailOutbox,
  properties,
  rateLimits,
  userSettings,
  users,
} from "~/db/schema";
import { addDays, isSunday, lagosToday } from "~/lib/appointment-rules";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { APPOINTMENT_MESSAGES } from "~/lib/schemas/appointment";
import { settleBackgroundMail } from "~/mail/mail.server";
import { TOO_MANY_ATTEMPTS_MESSAGE } from "~/rate-limit/rate-limit.server";
import { cookieHeader } from "../../../tests/setup/accounts";
import { callAction, routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action, loader } from "./book-appointment";

await setupTestDatabase();

let customerNumber = 0;

/** The next day after today in Lagos that is not a Sunday (today's slots may have passed). */
function nextOpenDay(): string {
  const tomorrow = addDays(lagosToday(), 1);
  return isSunday(tomorrow) ? addDays(tomorrow, 1) : tomorrow;
}

function nextSunday(): string {
  let day = addDays(lagosToday(), 1);
  while (!isSunday(day)) day = addDays(day, 1);
  return day;
}

/** A Saturday next week or the week after: none of its slots has started yet. */
function comingSaturday(): string {
  return addDays(nextSunday(), 6);
}

/** What a visitor fills in: every field, stored as typed. */
function booking() {
  return {
    fullName: "Amaka Obi",
    email: "amaka@example.ng",
    phone: "0803 123 4567",
    appointmentDate: nextOpenDay(),
    appointmentTime: "10:00 AM",
    propertyType: "Duplex",
    propertyLocation: "Lekki Phase 1, Lagos",
    purpose: "buy",
    message: "Ground floor preferred",
  };
}

function valid(overrides: Record<string, string> = {}): Record<string, string> {
  return { ...booking(), [HONEYPOT_FIELD]: "", ...overrides };
}

type Body = {
  error: { title: string; message: string };
  fields: Record<string, string | undefined>;
  values: Record<string, string>;
};

async function stored() {
  const rows = await db.select().from(appointments);
  const [events] = await db.select({ n: count() }).from(appointmentEvents);
  return { rows, events: events?.n ?? 0 };
}

async function signedInCustomer() {
  const email = `customer${++customerNumber}@example.ng`;
  const password = "secret-password-1";
  const signUp = await getAuth().api.signUpEmail({
    body: { email, password, name: "Tunde Bakare", firstName: "Tunde", lastName: "Bakare" },
  });
  await db.update(users).set({ phone: "0809 555 0101" }).where(eq(users.id, signUp.user.id));
  const { headers } = await getAuth().api.signInEmail({
    body: { email, password },
    returnHeaders: true,
  });
  const cookie = cookieHeader(headers.getSetCookie());
  return { id: signUp.user.id, email, cookie };
}

async function addProperty() {
  const [row] = await db
    .insert(properties)
    .values({
      title: "Four-bedroom duplex",
      propertyType: "duplex",
      category: "residential",
      city: "Lagos",
      address: "12 Admiralty Way, Lekki",
    })
    .returning({ id: properties.id });
  if (!row) throw new Error("no property");
  return row.id;
}

beforeEach(async () => {
  await settleBackgroundMail();
  await db.delete(appointments);
  await db.delete(mailOutbox);
  await db.delete(rateLimits);
});

describe("booking an appointment", () => {
  it("stores one pending booking, then e-mails the customer (.ics) and each opted-in active admin", async () => {
    await db.insert(users).values([
      { id: "admin-a", email: "a.admin@example.ng", name: "A", role: "admin" },
      { id: "admin-b", email: "b.admin@example.ng", name: "B", role: "admin" },
      { id: "admin-off", email: "off.admin@example.ng", name: "Off", role: "admin" },
      {
        id: "admin-gone",
        email: "gone.admin@example.ng",
        name: "Gone",
        role: "admin",
        status: "inactive",
      },
    ]);
    await db.insert(userSettings).values([
      { userId: "admin-b", emailNotificationsEnabled: true },
      { userId: "admin-off", emailNotificationsEnabled: false },
    ]);

    const outcome = await callAction<Body>(action, "/book-appointment", {
      form: valid({ userId: "admin-a" }),
    });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe("/book-appointment");
    expect(outcome.cookies.join(", ")).toMatch(/^flash=appointmentBooked;/);

    const { rows, events } = await stored();
    expect(rows).toHaveLength(1);
    expect(events).toBe(1);
    expect(rows[0]).toMatchObject({
      ...booking(),
      status: "pending",
      // A posted user id is ignored: only the session says who booked.
      userId: null,
      propertyId: null,
    });

    await settleBackgroundMail();
    const mails = await db.select().from(mailOutbox).orderBy(asc(mailOutbox.to));
    expect(mails.map((m) => m.to)).toEqual([
      "a.admin@example.ng",
      "amaka@example.ng",
      "b.admin@example.ng",
    ]);
    const confirmation = mails.find((m) => m.to === "amaka@example.ng");
    expect(confirmation?.subject).toMatch(/^Appointment request received: /);
    expect(confirmation?.attachments).toEqual([
      {
        filename: "appointment.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: expect.stringContaining("STATUS:TENTATIVE"),
      },
    ]);
    // Delivered by the sender (what the server does moments after the commit).
    expect(mails.map((m) => m.status)).toEqual(["sent", "sent", "sent"]);
    expect(mails.filter((m) => m.subject?.startsWith("New appointment: Amaka Obi"))).toHaveLength(
      2,
    );
    await db.delete(users);
  });

  it("books a Saturday slot inside the posted hours (01:00 PM, the last one)", async () => {
    const outcome = await callAction<Body>(action, "/book-appointment", {
      form: valid({ appointmentDate: comingSaturday(), appointmentTime: "01:00 PM" }),
    });
    expect(outcome.status).toBe(302);
    const { rows } = await stored();
    expect(rows).toMatchObject([
      { appointmentDate: comingSaturday(), appointmentTime: "01:00 PM" },
    ]);
  });

  it("stores optional fields left empty as null", async () => {
    await callAction<Body>(action, "/book-appointment", {
      form: valid({ propertyType: "", propertyLocation: "", purpose: "", message: "" }),
    });
    const { rows } = await stored();
    expect(rows[0]).toMatchObject({
      propertyType: null,
      propertyLocation: null,
      purpose: null,
      message: null,
    });
  });

  it("prefills a signed-in customer's details and stores the booking under their account", async () => {
    const customer = await signedInCustomer();
    const page = await loader(routeArgs("/book-appointment", { cookie: customer.cookie }));
    expect(page.prefill).toEqual({
      fullName: "Tunde Bakare",
      email: customer.email,
      phone: "0809 555 0101",
    });

    const outcome = await callAction<Body>(action, "/book-appointment", {
      cookie: customer.cookie,
      form: valid({ userId: "someone-else" }),
    });
    expect(outcome.status).toBe(302);
    const { rows } = await stored();
    expect(rows.map((r) => r.userId)).toEqual([customer.id]);
  });

  it("files a signed-out booking under the account whose confirmed e-mail it uses, only then", async () => {
    const confirmed = await signedInCustomer();
    const unconfirmed = await signedInCustomer();
    await db.update(users).set({ emailVerified: true }).where(eq(users.id, confirmed.id));

    await callAction<Body>(action, "/book-appointment", {
      form: valid({ email: confirmed.email.toUpperCase() }),
    });
    await callAction<Body>(action, "/book-appointment", {
      form: valid({ email: unconfirmed.email }),
    });
    await callAction<Body>(action, "/book-appointment", {
      form: valid({ email: "stranger@example.ng" }),
    });

    const rows = await db
      .select({ email: appointments.email, userId: appointments.userId })
      .from(appointments)
      .orderBy(asc(appointments.createdAt));
    expect(rows.map((r) => r.userId)).toEqual([confirmed.id, null, null]);
  });

  it("books a viewing of the property the visitor came from", async () => {
    const propertyId = await addProperty();
    const page = await loader(routeArgs(`/book-appointment?property=${propertyId}`));
    // The area only (issue 46): the street comes with the confirmed viewing.
    expect(page.property).toEqual({
      id: propertyId,
      title: "Four-bedroom duplex",
      city: "Lagos",
      address: "Lekki",
      referenceCode: expect.stringMatching(/^NH-LAG-\d{4,}$/),
    });
    expect(page.prefill).toEqual({
      propertyType: "Duplex",
      propertyLocation: "Lekki, Lagos",
    });

    const outcome = await callAction<Body>(action, `/book-appointment?property=${propertyId}`, {
      form: valid({ propertyId }),
    });
    expect(outcome.location).toBe(`/book-appointment?property=${propertyId}`);
    const { rows } = await stored();
    expect(rows.map((r) => r.propertyId)).toEqual([propertyId]);
  });

  it("ignores an unknown or malformed property id: no property shown, none stored", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "'; drop table x; --"]) {
      const page = await loader(routeArgs(`/book-appointment?property=${encodeURIComponent(id)}`));
      expect(page.property).toBeNull();
      expect(page.prefill).toEqual({});
    }
    const outcome = await callAction<Body>(action, "/book-appointment", {
      form: valid({ propertyId: "00000000-0000-4000-8000-000000000000" }),
    });
    expect(outcome.location).toBe("/book-appointment");
    const malformed = await callAction<Body>(action, "/book-appointment", {
      form: valid({ propertyId: "not-a-uuid" }),
    });
    expect(malformed.status).toBe(302);
    const { rows } = await stored();
    expect(rows.map((r) => r.propertyId)).toEqual([null, null]);
  });
});

describe("refused bookings write nothing", () => {
  const yesterday = () => addDays(lagosToday(), -1);
  const cases: [string, () => Record<string, string>, string, string][] = [
    [
      "a missing date",
      () => valid({ appointmentDate: "" }),
      "appointmentDate",
      APPOINTMENT_MESSAGES.dateMissing,
    ],
    [
      "a missing time",
      () => valid({ appointmentTime: "" }),
      "appointmentTime",
      APPOINTMENT_MESSAGES.timeMissing,
    ],
    [
      "a Sunday",
      () => valid({ appointmentDate: nextSunday() }),
      "appointmentDate",
      APPOINTMENT_MESSAGES.dateSunday,
    ],
    [
      "yesterday in Lagos",
      () => valid({ appointmentDate: yesterday() }),
      "appointmentDate",
      APPOINTMENT_MESSAGES.datePast,
    ],
    [
      "a bad e-mail",
      () => valid({ email: "amaka@" }),
      "email",
      "Please enter a valid email address",
    ],
    [
      "an unknown slot",
      () => valid({ appointmentTime: "07:00 PM" }),
      "appointmentTime",
      APPOINTMENT_MESSAGES.timeMissing,
    ],
    [
      "a Saturday at 3 PM (the office closes at 2 PM)",
      () => valid({ appointmentDate: comingSaturday(), appointmentTime: "03:00 PM" }),
      "appointmentTime",
      "On Saturdays we are open from 10:00 AM to 2:00 PM. Please choose a time from 10:00 AM to 01:00 PM.",
    ],
    ["an unknown purpose", () => valid({ purpose: "steal" }), "purpose", ""],
  ];

  for (const [name, fields, field, message] of cases) {
    it(`refuses ${name} with the message beside the field, keeping the values`, async () => {
      const posted = fields();
      const outcome = await callAction<Body>(action, "/book-appointment", { form: posted });
      expect(outcome.status).toBe(400);
      if (message) expect(outcome.body.fields[field]).toBe(message);
      else expect(outcome.body.fields[field]).toBeTruthy();
      // One problem per case: it is also the toast (and the alert above the form).
      expect(outcome.body.error.message).toBe(outcome.body.fields[field]);
      expect(outcome.body.values.fullName).toBe("Amaka Obi");
      expect(outcome.body.values[field]).toBe(posted[field]);
      expect(await stored()).toEqual({ rows: [], events: 0 });
    });
  }

  it("answers a filled honeypot like a success, storing and sending nothing", async () => {
    const outcome = await callAction<Body>(action, "/book-appointment", {
      form: valid({ [HONEYPOT_FIELD]: "http://spam.example" }),
    });
    expect(outcome.status).toBe(302);
    expect(outcome.cookies.join(", ")).toMatch(/^flash=appointmentBooked;/);
    expect(await stored()).toEqual({ rows: [], events: 0 });
    await settleBackgroundMail();
    expect(await db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("answers 429 after ten bookings from one address in ten minutes, keeping the values", async () => {
    for (let i = 0; i < 10; i++) {
      expect(
        (
          await callAction<Body>(action, "/book-appointment", {
            form: valid({ appointmentDate: "" }),
            ip: "10.9.9.9",
          })
        ).status,
      ).toBe(400);
    }
    const outcome = await callAction<Body>(action, "/book-appointment", {
      form: valid(),
      ip: "10.9.9.9",
    });
    expect(outcome.status).toBe(429);
    expect(outcome.body.error.message).toBe(TOO_MANY_ATTEMPTS_MESSAGE);
    expect(outcome.body.values.email).toBe("amaka@example.ng");
    expect(await stored()).toEqual({ rows: [], events: 0 });
    // Another address is not affected.
    expect(
      (await callAction<Body>(action, "/book-appointment", { form: valid(), ip: "10.9.9.10" }))
        .status,
    ).toBe(302);
  });
});
