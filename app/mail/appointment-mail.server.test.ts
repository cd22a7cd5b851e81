import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, mailOutbox, properties, userSettings, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import {
  createAppointment,
  getAppointmentForMail,
  setAppointmentStatusByAdmin,
} from "~/models/appointment.server";
import { actorFor } from "../../tests/setup/admin";
import { setupTestDatabase } from "../../tests/setup/test-database";
import {
  calendarFile,
  queueAdminAppointmentNotices,
  queueAppointmentStatusEmail,
  queueBookingConfirmation,
} from "./appointment-mail.server";
import { settleBackgroundMail } from "./mail.server";

const BOSS = actorFor({ id: "boss", email: "boss@example.ng" });

await setupTestDatabase();

async function addUser(
  id: string,
  fields: Partial<typeof users.$inferInsert> = {},
  emailNotifications?: boolean,
) {
  await db.insert(users).values({ id, email: `${id}@example.ng`, name: id, ...fields });
  if (emailNotifications !== undefined) {
    await db
      .insert(userSettings)
      .values({ userId: id, emailNotificationsEnabled: emailNotifications });
  }
}

async function book(overrides: Partial<Parameters<typeof createAppointment>[0]> = {}) {
  const { id } = await createAppointment({
    fullName: "Ngozi <b>Okafor</b>",
    email: "ngozi@example.ng",
    phone: "08031234567",
    appointmentDate: "2030-01-07",
    appointmentTime: "10:00 AM",
    propertyType: "Apartment",
    propertyLocation: "Lekki, Lagos",
    purpose: "buy",
    message: "Please call before 9; thanks",
    userId: null,
    propertyId: null,
    ...overrides,
  });
  return id;
}

function outbox() {
  return db.select().from(mailOutbox).orderBy(asc(mailOutbox.to));
}

beforeEach(async () => {
  await db.delete(mailOutbox);
  await db.delete(appointments);
});

describe("queueBookingConfirmation", () => {
  it("sends the customer one e-mail with the details, escaped, and an .ics file", async () => {
    const id = await book();
    await queueBookingConfirmation(db, id);
    await settleBackgroundMail();
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    const [mail] = rows;
    expect(mail?.to).toBe("ngozi@example.ng");
    expect(mail?.subject).toBe("Appointment request received: Monday, 7 January 2030 at 10:00 AM");
    expect(mail?.text).toContain("Hello Ngozi <b>Okafor</b>,");
    expect(mail?.text).toContain("Purpose: Buy");
    expect(mail?.text).toContain("is pending: we'll contact you to confirm.");
    expect(mail?.html).toContain("Hello Ngozi &lt;b&gt;Okafor&lt;/b&gt;,");
    expect(mail?.html).not.toContain("<b>Okafor</b>");
    expect(mail?.attachments).toEqual([
      {
        filename: "appointment.ics",
        contentType: "text/calendar; charset=utf-8; method=PUBLISH",
        content: expect.stringContaining("BEGIN:VCALENDAR"),
      },
    ]);
  });

  it("links a signed-in customer's booking to their dashboard", async () => {
    await addUser("cust");
    const id = await book({ userId: "cust" });
    await queueBookingConfirmation(db, id);
    await settleBackgroundMail();
    const [mail] = await outbox();
    expect(mail?.text).toContain(`/dashboard/appointments/${id}`);
  });

  it("sends nothing for an unknown or malformed id, without throwing", async () => {
    await queueBookingConfirmation(db, "00000000-0000-4000-8000-000000000000");
    await queueBookingConfirmation(db, "not-a-uuid");
    await settleBackgroundMail();
    expect(await outbox()).toHaveLength(0);
  });
});

describe("queueAdminAppointmentNotices", () => {
  it("writes to each active admin who opted in (no settings row = opted in) and nobody else", async () => {
    await addUser("admin-default", { role: "admin" });
    await addUser("admin-on", { role: "admin" }, true);
    await addUser("admin-off", { role: "admin" }, false);
    await addUser("admin-inactive", { role: "admin", status: "inactive" });
    await addUser("tenant", { role: "tenant" }, true);
    const id = await book();

    await queueAdminAppointmentNotices(db, id, "booked");
    await settleBackgroundMail();
    const rows = await outbox();
    expect(rows.map((r) => r.to)).toEqual(["admin-default@example.ng", "admin-on@example.ng"]);
    expect(rows[0]?.subject).toBe(
      "New appointment: Ngozi <b>Okafor</b>, Monday, 7 January 2030 at 10:00 AM",
    );
    expect(rows[0]?.text).toContain("Phone: 08031234567");
    expect(rows[0]?.text).toContain("Additional information: Please call before 9; thanks");
    expect(rows[0]?.html).not.toContain("<b>Okafor</b>");

    await db.delete(mailOutbox);
    await queueAdminAppointmentNotices(db, id, "rescheduled");
    await settleBackgroundMail();
    const [moved] = await outbox();
    expect(moved?.subject).toMatch(/^Appointment rescheduled: .*, now Monday, 7 January 2030/);
  });
});

describe("queueAppointmentStatusEmail", () => {
  it("tells the customer the new status, with a calendar update unless completed", async () => {
    const id = await book();
    for (const [status, subject, attached] of [
      ["confirmed", "Your appointment on Monday, 7 January 2030 is confirmed", true],
      ["cancelled", "Your appointment on Monday, 7 January 2030 has been cancelled", true],
      ["completed", "Thank you for meeting NaijaHomes Realty", false],
    ] as const) {
      await db.update(appointments).set({ status }).where(eq(appointments.id, id));
      await db.delete(mailOutbox);
      await queueAppointmentStatusEmail(db, id);
      await settleBackgroundMail();
      const rows = await outbox();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.to).toBe("ngozi@example.ng");
      expect(rows[0]?.subject).toBe(subject);
      expect(rows[0]?.attachments?.length ?? 0).toBe(attached ? 1 : 0);
    }
  });

  it("follows an admin's change in the change's transaction: only when it was made", async () => {
    await addUser("boss", { role: "admin" });
    const id = await book();
    for (const to of ["confirmed", "confirmed"] as const) {
      await setAppointmentStatusByAdmin(BOSS, id, to, (tx) => queueAppointmentStatusEmail(tx, id));
    }
    await settleBackgroundMail();
    const rows = await outbox();
    expect(rows.map((m) => [m.to, m.subject])).toEqual([
      ["ngozi@example.ng", "Your appointment on Monday, 7 January 2030 is confirmed"],
    ]);
    // The calendar update carries the history's SEQUENCE, after the booking's 0.
    expect(rows[0]?.attachments).toHaveLength(1);
    expect((await getAppointmentForMail(id))?.eventCount).toBe(2);
  });

  it("sends nothing while the appointment is still pending", async () => {
    const id = await book();
    await queueAppointmentStatusEmail(db, id);
    await settleBackgroundMail();
    expect(await outbox()).toHaveLength(0);
  });
});

describe("calendarFile", () => {
  it("describes the Lagos slot in UTC, at the office, with the property", async () => {
    const [property] = await db
      .insert(properties)
      .values({
        title: "Three-bedroom flat, Wuse 2",
        propertyType: "apartment",
        category: "residential",
        city: "Abuja",
      })
      .returning({ id: properties.id });
    const id = await book({ propertyId: property?.id ?? null, appointmentTime: "03:00 PM" });
    const appointment = await getAppointmentForMail(id);
    if (!appointment) throw new Error("missing appointment");
    const file = calendarFile(
      appointment,
      "Plot 24, Gwarinpa Estate",
      "TENTATIVE",
      new Date("2029-12-01T10:00:00Z"),
    );
    const lines = String(file.content).replace(/\r\n /g, "").split("\r\n");
    expect(lines).toContain(`UID:${id}@${new URL(getEnv().siteUrl).host}`);
    expect(lines).toContain("DTSTART:20300107T140000Z");
    expect(lines).toContain("DTEND:20300107T150000Z");
    expect(lines).toContain("DTSTAMP:20291201T100000Z");
    expect(lines).toContain("LOCATION:Plot 24\\, Gwarinpa Estate");
    expect(lines).toContain("SUMMARY:Viewing: Three-bedroom flat\\, Wuse 2 (NaijaHomes Realty)");
    expect(lines).toContain("SEQUENCE:0");
    expect(lines).toContain("STATUS:TENTATIVE");
  });
});
