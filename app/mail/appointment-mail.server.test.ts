import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, mailOutbox, properties, userSettings, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { rescheduleAppointmentByStaff } from "~/models/admin-appointments.server";
import {
  createAppointment,
  getAppointmentForMail,
  setAppointmentStatusByAdmin,
} from "~/models/appointment.server";
import { rescheduleAppointmentForUser } from "~/models/appointment-changes.server";
import { actorFor } from "../../tests/setup/admin";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { calendarFile } from "./appointment-mail.server";
import { settleBackgroundMail } from "./mail.server";
import { renderNotification } from "./notification-mail.server";
import { appointmentDetails } from "./templates/appointment";

const BOSS = actorFor({ id: "boss", email: "boss@example.ng" });

await setupTestDatabase();

async function addUser(
  id: string,
  fields: Partial<typeof users.$inferInsert> = {},
  emailNotifications?: boolean,
) {
  await db
    .insert(users)
    .values({ id, email: `${id}@example.ng`, name: id, ...fields })
    .onConflictDoNothing();
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

/** What was sent to `to`, once the sender has rendered and delivered everything. */
async function sentTo(to: string) {
  await settleBackgroundMail();
  return (await outbox()).filter((row) => row.to === to);
}

/** A notification's payload: the booking just made, as `book()` makes it. */
function pendingMoment(appointmentId: string) {
  return {
    appointmentId,
    appointmentDate: "2030-01-07",
    appointmentTime: "10:00 AM",
    status: "pending",
    historyLength: 1,
  };
}

const ADMINS = ["admin-default@example.ng", "admin-on@example.ng"];

beforeEach(async () => {
  await db.delete(mailOutbox);
  await db.delete(appointments);
});

describe("a booking's confirmation (appointment.booked)", () => {
  it("sends the customer one e-mail with the details, escaped, and an .ics file", async () => {
    await book();
    const rows = await sentTo("ngozi@example.ng");
    expect(rows).toHaveLength(1);
    const [mail] = rows;
    expect(mail?.kind).toBe("appointment.booked");
    expect(mail?.status).toBe("sent");
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

  it("names the listing by its reference code and carries the no-fee promise (issue 45)", async () => {
    const [property] = await db
      .insert(properties)
      .values({
        title: "Ikoyi flat",
        propertyType: "apartment",
        category: "residential",
        city: "Lagos",
      })
      .returning({ id: properties.id, code: properties.referenceCode });
    await addUser("admin-codes", { role: "admin" });
    await book({ propertyId: property?.id ?? null });
    const [mail] = await sentTo("ngozi@example.ng");
    const code = property?.code ?? "";
    expect(code).toMatch(/^NH-LAG-\d{4,}$/);
    expect(mail?.text).toContain(`Listing code: ${code}`);
    expect(mail?.html).toContain(code);
    const verify = `${getEnv().siteUrl}/verify`;
    expect(mail?.text).toContain(
      `NaijaHomes Realty never charges inspection or viewing fees. Pay only into the accounts listed on ${verify}`,
    );
    expect(mail?.html).toContain(`href="${verify}"`);
    // The admins' notice names the code too: the office answers the phone with it.
    const [notice] = await sentTo("admin-codes@example.ng");
    expect(notice?.text).toContain(`Listing code: ${code}`);
    await db.delete(users).where(eq(users.id, "admin-codes"));
  });

  it("is stored, unrendered, in the booking's transaction, and rendered when sent", async () => {
    const id = await book();
    const [queued] = await outbox();
    expect(queued).toMatchObject({ kind: "appointment.booked", to: null, subject: null });
    expect(queued?.payload).toEqual({
      appointmentId: id,
      appointmentDate: "2030-01-07",
      appointmentTime: "10:00 AM",
      status: "pending",
      historyLength: 1,
    });
  });

  it("describes the slot booked even when the booking moved before it was sent", async () => {
    const id = await book();
    await db
      .update(appointments)
      .set({ appointmentDate: "2030-02-04", appointmentTime: "02:00 PM" })
      .where(eq(appointments.id, id));
    const [mail] = await sentTo("ngozi@example.ng");
    expect(mail?.subject).toBe("Appointment request received: Monday, 7 January 2030 at 10:00 AM");
    expect(String(mail?.attachments?.[0]?.content)).toContain("DTSTART:20300107T090000Z");
  });

  it("links a signed-in customer's booking to their dashboard", async () => {
    await addUser("cust");
    const id = await book({ userId: "cust" });
    const [mail] = await sentTo("ngozi@example.ng");
    expect(mail?.text).toContain(`/dashboard/appointments/${id}`);
  });

  it("renders nothing for an unknown or malformed id, without throwing", async () => {
    for (const appointmentId of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect(
        await renderNotification(db, "appointment.booked", pendingMoment(appointmentId)),
      ).toEqual([]);
    }
  });
});

describe("the admins' notices (appointment.booked, appointment.rescheduled-by-customer)", () => {
  it("go to each active admin who opted in (no settings row = opted in) and nobody else", async () => {
    await addUser("admin-default", { role: "admin" });
    await addUser("admin-on", { role: "admin" }, true);
    await addUser("admin-off", { role: "admin" }, false);
    await addUser("admin-inactive", { role: "admin", status: "inactive" });
    await addUser("tenant", { role: "tenant" }, true);
    await addUser("mover");
    const id = await book({ userId: "mover" });

    await settleBackgroundMail();
    const rows = (await outbox()).filter((r) => r.to !== "ngozi@example.ng");
    expect(rows.map((r) => r.to)).toEqual(ADMINS);
    expect(rows.map((r) => r.kind)).toEqual(["appointment.booked", "appointment.booked"]);
    expect(rows[0]?.subject).toBe(
      "New appointment: Ngozi <b>Okafor</b>, Monday, 7 January 2030 at 10:00 AM",
    );
    expect(rows[0]?.text).toContain("Phone: 08031234567");
    expect(rows[0]?.text).toContain("Additional information: Please call before 9; thanks");
    expect(rows[0]?.html).not.toContain("<b>Okafor</b>");

    await db.delete(mailOutbox);
    const moved = await rescheduleAppointmentForUser("mover", id, {
      appointmentDate: "2030-01-08",
      appointmentTime: "10:00 AM",
    });
    expect(moved.ok).toBe(true);
    await settleBackgroundMail();
    const notices = await outbox();
    expect(notices.map((r) => r.to)).toEqual(ADMINS);
    expect(notices[0]?.subject).toMatch(
      /^Appointment rescheduled: .*, now Tuesday, 8 January 2030 at 10:00 AM$/,
    );
  });
});

describe("the customer's status e-mail (appointment.status-set)", () => {
  it("tells the customer the new status, with a calendar update unless completed", async () => {
    await addUser("boss", { role: "admin" });
    for (const [status, subject, attached] of [
      ["confirmed", "Your appointment on Monday, 7 January 2030 is confirmed", true],
      ["cancelled", "Your appointment on Monday, 7 January 2030 has been cancelled", true],
      ["completed", "Thank you for meeting NaijaHomes Realty", false],
    ] as const) {
      const id = await book();
      await settleBackgroundMail();
      await db.delete(mailOutbox);
      const change = await setAppointmentStatusByAdmin(BOSS, id, status, {
        now: new Date("2030-01-08T12:00:00Z"),
      });
      expect(change.ok).toBe(true);
      const rows = await sentTo("ngozi@example.ng");
      expect(rows).toHaveLength(1);
      expect(rows[0]?.kind).toBe("appointment.status-set");
      expect(rows[0]?.subject).toBe(subject);
      expect(rows[0]?.attachments?.length ?? 0).toBe(attached ? 1 : 0);
    }
  });

  it("is stored only when the change is made", async () => {
    await addUser("boss", { role: "admin" });
    const id = await book();
    await settleBackgroundMail();
    await db.delete(mailOutbox);
    for (const to of ["confirmed", "confirmed"] as const) {
      await setAppointmentStatusByAdmin(BOSS, id, to);
    }
    await settleBackgroundMail();
    const rows = await outbox();
    expect(rows.map((m) => [m.to, m.subject])).toEqual([
      ["ngozi@example.ng", "Your appointment on Monday, 7 January 2030 is confirmed"],
    ]);
    // The calendar update carries the history's SEQUENCE, after the booking's 0.
    expect(String(rows[0]?.attachments?.[0]?.content)).toContain("SEQUENCE:1");
    expect((await getAppointmentForMail(id))?.eventCount).toBe(2);
  });

  it("keeps the status it was queued for, even if another change came before sending", async () => {
    await addUser("boss", { role: "admin" });
    const id = await book();
    await settleBackgroundMail();
    await db.delete(mailOutbox);
    await setAppointmentStatusByAdmin(BOSS, id, "confirmed");
    await setAppointmentStatusByAdmin(BOSS, id, "cancelled");
    const rows = await sentTo("ngozi@example.ng");
    expect(rows.map((m) => m.subject).sort()).toEqual([
      "Your appointment on Monday, 7 January 2030 has been cancelled",
      "Your appointment on Monday, 7 January 2030 is confirmed",
    ]);
    const confirmed = rows.find((m) => m.subject?.endsWith("is confirmed"));
    expect(String(confirmed?.attachments?.[0]?.content)).toContain("STATUS:CONFIRMED");
    expect(String(confirmed?.attachments?.[0]?.content)).toContain("SEQUENCE:1");
  });

  it("renders nothing for a status that is still pending", async () => {
    const id = await book();
    expect(await renderNotification(db, "appointment.status-set", pendingMoment(id))).toEqual([]);
  });
});

describe("the customer's e-mail when staff move a booking (appointment.rescheduled-by-staff)", () => {
  it("gives the new slot and keeps the status", async () => {
    await addUser("boss", { role: "admin" });
    const id = await book();
    await settleBackgroundMail();
    await db.delete(mailOutbox);
    const moved = await rescheduleAppointmentByStaff(BOSS, id, {
      appointmentDate: "2030-01-09",
      appointmentTime: "02:00 PM",
    });
    expect(moved.ok).toBe(true);
    const [mail] = await sentTo("ngozi@example.ng");
    expect(mail?.subject).toBe(
      "Your appointment has been moved to Wednesday, 9 January 2030 at 02:00 PM",
    );
    expect(mail?.text).toContain("It is pending: we'll contact you to confirm.");
    expect(String(mail?.attachments?.[0]?.content)).toContain("STATUS:TENTATIVE");
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
    // The listing's reference code (issue 45), in the title and the description, with the
    // no-fee promise: a calendar entry is forwarded and read on its own.
    const code = appointment.propertyCode ?? "";
    expect(code).toMatch(/^NH-FCT-\d{4}$/);
    expect(lines).toContain(
      `SUMMARY:Viewing: Three-bedroom flat\\, Wuse 2 (${code}\\, NaijaHomes Realty)`,
    );
    const description = String(file.content).replace(/\r\n /g, "");
    expect(description).toContain(`Listing code: ${code}`);
    expect(description).toContain("NaijaHomes Realty never charges inspection or viewing fees.");
    expect(description).toContain(`${getEnv().siteUrl}/verify`);
    expect(lines).toContain("SEQUENCE:0");
    expect(lines).toContain("STATUS:TENTATIVE");
  });

  it("gives the listing's full address once the viewing is confirmed (issue 46), not before", async () => {
    const [property] = await db
      .insert(properties)
      .values({
        title: "Owner's flat, Ikoyi",
        propertyType: "apartment",
        category: "residential",
        city: "Lagos",
        address: "3 Bourdillon Road, Ikoyi",
      })
      .returning({ id: properties.id });
    const id = await book({ propertyId: property?.id ?? null });
    const pending = await getAppointmentForMail(id);
    if (!pending) throw new Error("missing appointment");
    const before = String(calendarFile(pending, "Plot 24, Gwarinpa Estate", "TENTATIVE").content);
    expect(before).toContain("LOCATION:Plot 24\\, Gwarinpa Estate");
    expect(before).not.toContain("Bourdillon");
    expect(appointmentDetails(pending).map(([label]) => label)).not.toContain("Address");

    await db.update(appointments).set({ status: "confirmed" }).where(eq(appointments.id, id));
    const confirmed = await getAppointmentForMail(id);
    if (!confirmed) throw new Error("missing appointment");
    const after = String(calendarFile(confirmed, "Plot 24, Gwarinpa Estate", "CONFIRMED").content);
    expect(after.replace(/\r\n /g, "")).toContain("LOCATION:3 Bourdillon Road\\, Ikoyi\\, Lagos");
    expect(appointmentDetails(confirmed)).toContainEqual(["Address", "3 Bourdillon Road, Ikoyi"]);
  });
});
