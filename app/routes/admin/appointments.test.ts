import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointmentEvents, appointments, auditEvents, mailOutbox } from "~/db/schema";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { settleBackgroundMail } from "~/mail/mail.server";
import { createProperty } from "../../../tests/setup/accounts";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { openedVersion, postingOpenedVersion } from "../../../tests/setup/opened-version";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as appointmentLoader, action as bookingAction } from "./appointment";

/** The booking's action; its forms post the version the page gave them. */
const appointmentAction = postingOpenedVersion(
  bookingAction,
  ["reschedule", "assign", "confirm", "cancel", "complete"],
  (_form, cookie, params) =>
    openedVersion<{ appointment: { version: string } }>(
      appointmentLoader,
      `/admin/appointments/${params.id}`,
      { cookie, params },
      (body) => body.appointment.version,
    ).catch(() => undefined),
);

import { loader as listLoader } from "./appointments";

await setupTestDatabase();

const admin = await createSignedInAdmin("bookings@example.com", { name: "Tola Admin" });

type List = Awaited<ReturnType<typeof listLoader>>;

async function book(values: Partial<typeof appointments.$inferInsert> = {}) {
  const [row] = await db
    .insert(appointments)
    .values({
      fullName: "Kemi Adeyemi",
      email: "kemi@example.com",
      phone: "08030000000",
      appointmentDate: "2030-03-04",
      appointmentTime: "10:00 AM",
      propertyType: "Duplex",
      ...values,
    })
    .returning({ id: appointments.id });
  if (!row) throw new Error("no row");
  return row.id;
}

function list(search = "") {
  return callLoader<List>(listLoader, `/admin/appointments${search}`, { cookie: admin.cookie });
}

async function statusOf(id: string) {
  const [row] = await db
    .select({ status: appointments.status })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row?.status;
}

beforeEach(async () => {
  await db.delete(appointments);
  await db.delete(mailOutbox);
});

describe("/admin/appointments", () => {
  it("searches name, e-mail or property type, filters status and day, and counts the matches", async () => {
    await book({ fullName: "Kemi Adeyemi", email: "kemi@example.com" });
    await book({ fullName: "Musa Bello", email: "musa@example.com", propertyType: "Land" });
    await book({
      fullName: "Ngozi Eze",
      email: "ngozi@example.com",
      status: "confirmed",
      appointmentDate: "2030-03-05",
    });

    expect((await list()).body.total).toBe(3);
    const byEmail = await list("?q=MUSA%40example");
    expect(byEmail.body.rows.map((r) => r.fullName)).toEqual(["Musa Bello"]);
    const byType = await list("?q=duplex");
    expect(byType.body.rows.map((r) => r.fullName).sort()).toEqual(["Kemi Adeyemi", "Ngozi Eze"]);
    const confirmed = await list("?status=confirmed");
    expect(confirmed.body.rows.map((r) => r.fullName)).toEqual(["Ngozi Eze"]);
    const onDay = await list("?date=2030-03-04");
    expect(onDay.body.total).toBe(2);
    // A value the filter does not know is ignored, not an error.
    expect((await list("?status=lost&date=2030-02-31")).body.total).toBe(3);
    // A pattern character matches itself only.
    expect((await list("?q=%25")).body.total).toBe(0);
  });

  it("shows today's and tomorrow's confirmed viewings in the order they happen", async () => {
    const today = lagosToday();
    await book({
      fullName: "Late",
      status: "confirmed",
      appointmentDate: today,
      appointmentTime: "03:00 PM",
    });
    await book({
      fullName: "Early",
      status: "confirmed",
      appointmentDate: today,
      appointmentTime: "09:00 AM",
    });
    await book({
      fullName: "Tomorrow",
      status: "confirmed",
      appointmentDate: addDays(today, 1),
      appointmentTime: "11:00 AM",
    });
    await book({ fullName: "Not confirmed", appointmentDate: today });
    await book({ fullName: "Later", status: "confirmed", appointmentDate: addDays(today, 2) });
    const { body } = await list();
    expect(body.viewings.map((v) => [v.day, v.fullName])).toEqual([
      ["today", "Early"],
      ["today", "Late"],
      ["tomorrow", "Tomorrow"],
    ]);
  });
});

describe("/admin/appointments/:id", () => {
  it("shows a booking with its property and history; an unknown id is a 404", async () => {
    const propertyId = await createProperty("Lekki Terrace");
    const id = await book({ propertyId, message: null });
    const found = await callLoader<{ appointment: { propertyTitle: string; history: unknown[] } }>(
      appointmentLoader,
      `/admin/appointments/${id}`,
      { cookie: admin.cookie, params: { id } },
    );
    expect(found.body.appointment.propertyTitle).toBe("Lekki Terrace");
    for (const missing of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      const answer = await callLoader(appointmentLoader, `/admin/appointments/${missing}`, {
        cookie: admin.cookie,
        params: { id: missing },
      });
      expect(answer.status).toBe(404);
    }
  });

  it("confirms a pending booking: status, history, audit row, the customer's e-mail, back to the list", async () => {
    const id = await book();
    // It e-mails the customer, so it asks first, naming them; nothing is written until the yes.
    const asked = await callAction(appointmentAction, `/admin/appointments/${id}`, {
      cookie: admin.cookie,
      form: { intent: "confirm", back: "/admin/appointments" },
      params: { id },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      confirm: { question: "Confirm this appointment? This e-mails Kemi Adeyemi." },
    });
    expect(await statusOf(id)).toBe("pending");
    await settleBackgroundMail();
    expect(await db.select().from(mailOutbox)).toEqual([]);

    const answer = await callAction(appointmentAction, `/admin/appointments/${id}`, {
      cookie: admin.cookie,
      form: {
        intent: "confirm",
        back: "/admin/appointments?status=pending",
        confirmed: "yes",
      },
      params: { id },
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/appointments?status=pending");
    expect(answer.cookies.join(";")).toContain("appointmentConfirmed");
    expect(await statusOf(id)).toBe("confirmed");

    const events = await db
      .select()
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, id));
    expect(events.map((e) => [e.fromStatus, e.toStatus, e.actorUserId])).toContainEqual([
      "pending",
      "confirmed",
      admin.id,
    ]);
    const audit = await db.select().from(auditEvents).where(eq(auditEvents.entityId, id));
    expect(audit.map((a) => [a.action, a.actorEmail, a.changes])).toEqual([
      [
        "appointment.confirm",
        "bookings@example.com",
        { status: { before: "pending", after: "confirmed" } },
      ],
    ]);
    await settleBackgroundMail();
    const mail = await db.select().from(mailOutbox);
    expect(mail.map((m) => m.to)).toContain("kemi@example.com");
  });

  it("a row's button keeps what a colleague changed meanwhile to another field (issue 42)", async () => {
    const id = await book();
    const shown = (await list()).body.rows.find((row) => row.id === id);
    if (!shown) throw new Error("the booking is not listed");
    // A colleague moves the viewing to 11 AM after the list was opened.
    await db
      .update(appointments)
      .set({ appointmentTime: "11:00 AM" })
      .where(eq(appointments.id, id));
    const answer = await callAction(bookingAction, `/admin/appointments/${id}`, {
      cookie: admin.cookie,
      form: {
        intent: "confirm",
        back: "/admin/appointments",
        confirmed: "yes",
        version: shown.version,
      },
      params: { id },
    });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/appointments");
    expect(answer.cookies.join(";")).toContain("savedWithTheirs");
    const [row] = await db
      .select({ status: appointments.status, time: appointments.appointmentTime })
      .from(appointments)
      .where(eq(appointments.id, id));
    expect(row).toEqual({ status: "confirmed", time: "11:00 AM" });

    // The status itself changed meanwhile: that is asked about, nothing written.
    const again = await book();
    const row2 = (await list()).body.rows.find((r) => r.id === again);
    if (!row2) throw new Error("the booking is not listed");
    await db.update(appointments).set({ status: "cancelled" }).where(eq(appointments.id, again));
    const conflict = await callAction(bookingAction, `/admin/appointments/${again}`, {
      cookie: admin.cookie,
      form: {
        intent: "confirm",
        back: "/admin/appointments",
        confirmed: "yes",
        version: row2.version,
      },
      params: { id: again },
    });
    expect(conflict.status).toBe(409);
    expect(await statusOf(again)).toBe("cancelled");
  });

  it("asks before cancelling (nothing written until the second post)", async () => {
    const id = await book({ status: "confirmed" });
    const asked = await callAction(appointmentAction, `/admin/appointments/${id}`, {
      cookie: admin.cookie,
      form: { intent: "cancel", back: "/admin/appointments" },
      params: { id },
    });
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      confirm: { question: "Cancel this appointment? This e-mails Kemi Adeyemi." },
    });
    expect(await statusOf(id)).toBe("confirmed");

    const done = await callAction(appointmentAction, `/admin/appointments/${id}`, {
      cookie: admin.cookie,
      form: {
        intent: "cancel",
        back: "/admin/appointments",
        confirmed: "yes",
      },
      params: { id },
    });
    expect(done.status).toBe(302);
    expect(done.cookies.join(";")).toContain("appointmentCancelled");
    expect(await statusOf(id)).toBe("cancelled");
  });

  it("refuses to change a final booking and says so, writing nothing", async () => {
    const id = await book({ status: "completed" });
    const answer = await callAction(appointmentAction, `/admin/appointments/${id}`, {
      cookie: admin.cookie,
      form: {
        intent: "confirm",
        back: "/admin/appointments",
        confirmed: "yes",
      },
      params: { id },
    });
    expect(answer.status).toBe(302);
    expect(answer.cookies.join(";")).toContain("appointmentStatusFailed");
    expect(await statusOf(id)).toBe("completed");
    expect(await db.select().from(auditEvents).where(eq(auditEvents.entityId, id))).toEqual([]);
  });

  it("sends the admin back only to the list, whatever the form says", async () => {
    const id = await book();
    for (const back of [
      "https://evil.example/",
      "//evil.example",
      "/admin/users",
      "/admin/appointments\u00e9",
    ]) {
      const answer = await callAction(appointmentAction, `/admin/appointments/${id}`, {
        cookie: admin.cookie,
        form: { intent: "confirm", back, confirmed: "yes" },
        params: { id },
      });
      expect(answer.location).toBe("/admin/appointments");
      await db.update(appointments).set({ status: "pending" }).where(eq(appointments.id, id));
    }
  });

  it("answers an unknown action with 400 and an unknown id with 404", async () => {
    const id = await book();
    expect(
      (
        await callAction(appointmentAction, `/admin/appointments/${id}`, {
          cookie: admin.cookie,
          form: { intent: "delete" },
          params: { id },
        })
      ).status,
    ).toBe(400);
    expect(await statusOf(id)).toBe("pending");
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (
        await callAction(appointmentAction, `/admin/appointments/${missing}`, {
          cookie: admin.cookie,
          form: { intent: "confirm" },
          params: { id: missing },
        })
      ).status,
    ).toBe(404);
  });

  it("refuses to complete a viewing before its start time, on the server, writing nothing", async () => {
    const future = await book({ appointmentDate: addDays(lagosToday(), 3) });
    const answer = await callAction(appointmentAction, `/admin/appointments/${future}`, {
      cookie: admin.cookie,
      form: {
        intent: "complete",
        back: "/admin/appointments",
        confirmed: "yes",
      },
      params: { id: future },
    });
    expect(answer.status).toBe(302);
    expect(answer.cookies.join(";")).toContain("appointmentNotStarted");
    expect(await statusOf(future)).toBe("pending");
    expect(await db.select().from(auditEvents).where(eq(auditEvents.entityId, future))).toEqual([]);
    await settleBackgroundMail();
    expect(await db.select().from(mailOutbox)).toEqual([]);
    // The list offers no Complete for it: its start has not passed.
    const row = (await list()).body.rows.find((r) => r.id === future);
    expect(row?.started).toBe(false);
  });

  it("completes a viewing whose start time has passed, and says so to the customer", async () => {
    const past = await book({ appointmentDate: addDays(lagosToday(), -2), status: "confirmed" });
    expect((await list()).body.rows.find((r) => r.id === past)?.started).toBe(true);
    const asked = await callAction(appointmentAction, `/admin/appointments/${past}`, {
      cookie: admin.cookie,
      form: { intent: "complete", back: "/admin/appointments" },
      params: { id: past },
    });
    expect(asked.body).toMatchObject({
      confirm: { question: "Mark this appointment completed? This e-mails Kemi Adeyemi." },
    });
    expect(await statusOf(past)).toBe("confirmed");
    const done = await callAction(appointmentAction, `/admin/appointments/${past}`, {
      cookie: admin.cookie,
      form: {
        intent: "complete",
        back: "/admin/appointments",
        confirmed: "yes",
      },
      params: { id: past },
    });
    expect(done.cookies.join(";")).toContain("appointmentCompleted");
    expect(await statusOf(past)).toBe("completed");
    await settleBackgroundMail();
    const mail = await db.select().from(mailOutbox);
    expect(mail.map((m) => [m.to, m.subject])).toEqual([
      ["kemi@example.com", "Thank you for meeting NaijaHomes Realty"],
    ]);
  });
});
