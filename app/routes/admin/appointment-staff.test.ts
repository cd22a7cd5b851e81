import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointmentEvents, appointments, auditEvents, mailOutbox } from "~/db/schema";
import { formatAppointmentDate } from "~/lib/appointment-format";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { CONFIRM_FIELD, CONFIRM_VALUE } from "~/lib/confirm";
import type { EditConflict } from "~/lib/edit-conflict";
import {
  APPOINTMENT_MESSAGES,
  BOOKING_FIELD_MESSAGES,
  RESCHEDULE_MESSAGES,
} from "~/lib/schemas/appointment";
import { settleBackgroundMail } from "~/mail/mail.server";
import { listAuditEvents } from "~/models/audit.server";
import { createProperty } from "../../../tests/setup/accounts";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { nextWeekday, openDayAfter, openDayFromToday } from "../../../tests/setup/dates";
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

import { action as newAction, loader as newLoader } from "./appointment-new";

// Staff book and reschedule for a caller (issue 23, item 5): the public rules for days and
// slots, checked on the server; the customer e-mailed; the history and the audit log saying who.

await setupTestDatabase();

const admin = await createSignedInAdmin("desk@example.com", { name: "Tola Admin" });

type Failure = { ok: false; error?: { message: string }; fields?: Record<string, string> };
type EditFailure = Failure & { conflict?: EditConflict };

/** A day offering every slot (Monday to Friday), at least `days` days ahead. */
const openDay = openDayFromToday;
const sunday = () => nextWeekday(lagosToday(), 0);
/** Open 10:00 AM to 2:00 PM. */
const saturday = () => nextWeekday(lagosToday(), 6);

const CALLER = {
  fullName: "Ngozi Okafor",
  email: "ngozi.okafor@example.com",
  phone: "0803 123 4567",
  appointmentTime: "11:00 AM",
  purpose: "rent",
  message: "Called the office; prefers mornings.",
};

function book(form: Record<string, string>) {
  return callAction<Failure>(newAction, "/admin/appointments/new", {
    cookie: admin.cookie,
    form: { intent: "create", back: "/admin/appointments?status=pending", ...form },
  });
}

/** The booking's screen as an admin opens it: the version its forms carry. */
async function versionOf(id: string, cookie = admin.cookie) {
  const page = await callLoader<{ appointment: { version: string } }>(
    appointmentLoader,
    `/admin/appointments/${id}`,
    { cookie, params: { id } },
  );
  return page.body.appointment.version;
}

async function stored() {
  return db.select().from(appointments);
}

async function historyOf(id: string) {
  return db
    .select()
    .from(appointmentEvents)
    .where(eq(appointmentEvents.appointmentId, id))
    .orderBy(asc(appointmentEvents.createdAt));
}

async function outbox() {
  await settleBackgroundMail();
  return db.select().from(mailOutbox);
}

beforeEach(async () => {
  await db.delete(appointments);
  await db.delete(mailOutbox);
});

/** The audit log is append-only: tests count its rows, or read one appointment's. */
async function auditCount() {
  return (await db.select({ id: auditEvents.id }).from(auditEvents)).length;
}

async function auditOf(entityId: string) {
  return db.select().from(auditEvents).where(eq(auditEvents.entityId, entityId));
}

describe("/admin/appointments/new", () => {
  it("books for a caller: pending, the listing, 'Booked by' the staff member, audited, the customer e-mailed", async () => {
    const propertyId = await createProperty("Lekki Terrace");
    const loaded = await callLoader<{ properties: { id: string; title: string }[] }>(
      newLoader,
      `/admin/appointments/new?property=${propertyId}`,
      {
        cookie: admin.cookie,
      },
    );
    expect(loaded.body.properties.map((p) => p.title)).toContain("Lekki Terrace");
    expect(loaded.body).toMatchObject({ prefill: { propertyId } });

    const date = openDay(3);
    const answer = await book({ ...CALLER, propertyId, appointmentDate: date });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/admin/appointments?status=pending");
    expect(answer.cookies.join(";")).toContain("appointmentBookedByStaff");

    const [row] = await stored();
    expect(row).toMatchObject({
      fullName: "Ngozi Okafor",
      email: "ngozi.okafor@example.com",
      appointmentDate: date,
      appointmentTime: "11:00 AM",
      status: "pending",
      propertyId,
      propertyType: "House",
      purpose: "rent",
      userId: null,
    });
    const history = await historyOf(row?.id ?? "");
    expect(history.map((e) => [e.toStatus, e.note, e.actorUserId])).toEqual([
      ["pending", "Booked by Tola Admin", admin.id],
    ]);
    const audit = await auditOf(row?.id ?? "");
    expect(audit.map((a) => [a.action, a.entityId, a.actorEmail])).toEqual([
      ["appointment.create", row?.id, "desk@example.com"],
    ]);
    expect(audit[0]?.changes).toMatchObject({ fullName: { before: null, after: "Ngozi Okafor" } });
    // The log names the listing booked, not its id.
    const logged = await listAuditEvents(
      admin.actor,
      { entity: "appointment" },
      {
        page: 1,
        pageSize: 1,
      },
    );
    expect(logged.rows[0]?.lines.find((line) => line.field === "propertyId")).toMatchObject({
      label: "Property",
      before: null,
      after: "Lekki Terrace",
    });
    // The customer gets the web booking's confirmation, with its calendar file.
    const mail = await outbox();
    expect(mail.map((m) => m.to)).toEqual(["ngozi.okafor@example.com"]);
    expect(mail[0]?.subject).toMatch(/^Appointment request received: /);
    expect(mail[0]?.attachments?.map((a) => a.filename)).toEqual(["appointment.ics"]);

    // The details page shows who booked it.
    const details = await callLoader<{ appointment: { history: { note: string | null }[] } }>(
      appointmentLoader,
      `/admin/appointments/${row?.id}`,
      {
        cookie: admin.cookie,
        params: { id: row?.id ?? "" },
      },
    );
    expect(details.body.appointment.history.map((e) => e.note)).toEqual(["Booked by Tola Admin"]);
  });

  it("applies the public rules for days and slots on the server, writing nothing when refused", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ appointmentDate: sunday() }, "appointmentDate", APPOINTMENT_MESSAGES.dateSunday],
      [
        { appointmentDate: addDays(lagosToday(), -1) },
        "appointmentDate",
        APPOINTMENT_MESSAGES.datePast,
      ],
      [{ appointmentDate: "" }, "appointmentDate", APPOINTMENT_MESSAGES.dateMissing],
      [
        { appointmentDate: openDay(2), appointmentTime: "07:00 AM" },
        "appointmentTime",
        APPOINTMENT_MESSAGES.timeMissing,
      ],
      [
        { appointmentDate: saturday(), appointmentTime: "03:00 PM" },
        "appointmentTime",
        "On Saturdays we are open from 10:00 AM to 2:00 PM. Please choose a time from 10:00 AM to 01:00 PM.",
      ],
      [
        { appointmentDate: openDay(2), email: "not-an-email" },
        "email",
        BOOKING_FIELD_MESSAGES.email,
      ],
      [
        { appointmentDate: openDay(2), propertyId: "00000000-0000-4000-8000-000000000000" },
        "propertyId",
        "Please choose a listing from the list: that one is no longer on the site.",
      ],
    ];
    const audited = await auditCount();
    for (const [change, field, message] of cases) {
      const answer = await book({ ...CALLER, ...change });
      expect(answer.status, field).toBe(400);
      expect(answer.body.fields?.[field], JSON.stringify(change)).toBe(message);
    }
    expect(await stored()).toEqual([]);
    expect(await auditCount()).toBe(audited);
    expect(await outbox()).toEqual([]);
  });
});

/** A booking made on the web (confirmed unless `values` say otherwise). */
async function existing(values: Partial<typeof appointments.$inferInsert> = {}) {
  const [row] = await db
    .insert(appointments)
    .values({
      fullName: "Ngozi Okafor",
      email: "ngozi.okafor@example.com",
      phone: "08031234567",
      appointmentDate: openDay(2),
      appointmentTime: "10:00 AM",
      status: "confirmed",
      ...values,
    })
    .returning({ id: appointments.id, date: appointments.appointmentDate });
  if (!row) throw new Error("no row");
  return row;
}

describe("staff reschedule (/admin/appointments/:id, intent reschedule)", () => {
  it("moves a confirmed booking for a caller: still confirmed, history and audit say who, customer e-mailed", async () => {
    const { id, date } = await existing();
    const to = openDay(6);
    const answer = await callAction<EditFailure>(appointmentAction, `/admin/appointments/${id}`, {
      cookie: admin.cookie,
      form: {
        intent: "reschedule",
        appointmentDate: to,
        appointmentTime: "02:00 PM",
        back: "/admin/appointments",
      },
      params: { id },
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(302);
    expect(answer.cookies.join(";")).toContain("appointmentRescheduledByStaff");
    const [row] = await stored();
    expect(row).toMatchObject({ appointmentDate: to, appointmentTime: "02:00 PM" });
    expect(row?.status).toBe("confirmed");
    const history = await historyOf(id);
    expect(history.map((e) => [e.fromStatus, e.toStatus, e.note, e.actorUserId])).toEqual([
      [
        "confirmed",
        "confirmed",
        `Rescheduled by Tola Admin from ${formatAppointmentDate(date)}, 10:00 AM to ${formatAppointmentDate(to)}, 02:00 PM`,
        admin.id,
      ],
    ]);
    const audit = await auditOf(id);
    expect(audit.map((a) => [a.action, a.entityId, a.changes])).toEqual([
      [
        "appointment.reschedule",
        id,
        {
          appointmentDate: { before: date, after: to },
          appointmentTime: { before: "10:00 AM", after: "02:00 PM" },
        },
      ],
    ]);
    const mail = await outbox();
    expect(mail.map((m) => m.to)).toEqual(["ngozi.okafor@example.com"]);
    expect(mail[0]?.subject).toMatch(/^Your appointment has been moved to /);
    expect(mail[0]?.text).toContain("It stays confirmed");
    expect(mail[0]?.attachments?.[0]?.content).toContain("STATUS:CONFIRMED");
  });

  it("refuses a Sunday, the same slot and a final booking, writing nothing", async () => {
    const { id, date } = await existing();
    const audited = await auditCount();
    const onSunday = await callAction<EditFailure>(appointmentAction, `/admin/appointments/${id}`, {
      cookie: admin.cookie,
      form: {
        intent: "reschedule",
        appointmentDate: sunday(),
        appointmentTime: "10:00 AM",
      },
      params: { id },
    });
    expect(onSunday.status).toBe(400);
    expect(onSunday.body.fields?.appointmentDate).toBe(APPOINTMENT_MESSAGES.dateSunday);
    const same = await callAction<EditFailure>(appointmentAction, `/admin/appointments/${id}`, {
      cookie: admin.cookie,
      form: {
        intent: "reschedule",
        appointmentDate: date,
        appointmentTime: "10:00 AM",
      },
      params: { id },
    });
    expect(same.status).toBe(400);
    expect(same.body.fields?.appointmentTime).toBe(RESCHEDULE_MESSAGES.unchanged);

    const done = await existing({ status: "completed", email: "done@example.com" });
    const final = await callAction<EditFailure>(
      appointmentAction,
      `/admin/appointments/${done.id}`,
      {
        cookie: admin.cookie,
        form: {
          intent: "reschedule",
          appointmentDate: openDay(5),
          appointmentTime: "10:00 AM",
        },
        params: { id: done.id },
      },
    );
    expect(final.status).toBe(409);
    expect(final.body.error?.message).toBe(
      "Only a pending or confirmed appointment can be rescheduled.",
    );
    expect(await historyOf(id)).toEqual([]);
    expect(await historyOf(done.id)).toEqual([]);
    expect(await auditCount()).toBe(audited);
    expect(await outbox()).toEqual([]);
    const missing = "00000000-0000-4000-8000-000000000000";
    const unknown = await callAction<EditFailure>(
      appointmentAction,
      `/admin/appointments/${missing}`,
      {
        cookie: admin.cookie,
        form: {
          intent: "reschedule",
          appointmentDate: openDay(5),
          appointmentTime: "10:00 AM",
        },
        params: { id: missing },
      },
    );
    expect(unknown.status).toBe(404);
  });
});

// Two staff on one booking (issue 23, no lost update): each status button and the reschedule
// form carry the version the booking was shown at.
describe("a booking changed by a colleague since it was opened", () => {
  const confirmed = { [CONFIRM_FIELD]: CONFIRM_VALUE };

  async function pendingBooking() {
    return (await existing({ status: "pending" })).id;
  }

  it("refuses a status change made on the old booking: nothing written, no e-mail, theirs beside yours", async () => {
    const colleague = await createSignedInAdmin("bisi@example.com", { name: "Bisi Adeyemi" });
    const id = await pendingBooking();
    const opened = await versionOf(id);
    expect(await versionOf(id, colleague.cookie)).toBe(opened);

    // Bisi confirms; Tola, still looking at the pending booking, cancels it.
    const first = await callAction<EditFailure>(appointmentAction, `/admin/appointments/${id}`, {
      cookie: colleague.cookie,
      form: { intent: "confirm", version: opened, ...confirmed },
      params: { id },
    });
    expect(first.status).toBe(302);
    await outbox();
    await db.delete(mailOutbox);
    const audited = await auditCount();
    const late = await callAction<EditFailure>(appointmentAction, `/admin/appointments/${id}`, {
      cookie: admin.cookie,
      form: {
        intent: "cancel",
        version: opened,
        back: "/admin/appointments",
        ...confirmed,
      },
      params: { id },
    });
    expect(late.status).toBe(409);
    expect(late.body.conflict?.change?.by).toBe("Bisi Adeyemi");
    // Both changed the status: the one question, theirs beside yours.
    expect(late.body.conflict?.conflicts).toEqual([
      { name: "status", base: "pending", theirs: "confirmed", yours: "cancelled" },
    ]);
    expect((await stored())[0]?.status).toBe("confirmed");
    expect(await auditCount()).toBe(audited);
    expect(await outbox()).toEqual([]);

    // Choosing yours for the status posts it again at the version now: the cancellation is made.
    const again = await callAction<EditFailure>(appointmentAction, `/admin/appointments/${id}`, {
      cookie: admin.cookie,
      form: {
        ...Object.fromEntries(late.body.conflict?.post ?? []),
        status: "cancelled",
        version: late.body.conflict?.version ?? "",
      },
      params: { id },
    });
    expect(again.status).toBe(302);
    expect((await stored())[0]?.status).toBe("cancelled");
    expect((await outbox()).map((m) => m.subject)).toEqual([expect.stringMatching(/cancelled/i)]);
  });

  it("refuses a new slot chosen on the old booking, showing the colleague's", async () => {
    const colleague = await createSignedInAdmin("kemi@example.com", { name: "Kemi Bello" });
    const id = await pendingBooking();
    const opened = await versionOf(id);
    // Three different days whatever today is: the booking's (openDay(2), see existing()), the
    // colleague's and this admin's. (From a Tuesday openDay(4) and openDay(5) are the same
    // Monday, from a Thursday openDay(2) and openDay(4): a date chosen alike is no conflict.)
    const theirs = openDayAfter(openDay(2));
    const yours = openDayAfter(theirs);
    const moved = await callAction<EditFailure>(appointmentAction, `/admin/appointments/${id}`, {
      cookie: colleague.cookie,
      form: {
        intent: "reschedule",
        appointmentDate: theirs,
        appointmentTime: "12:00 PM",
        version: opened,
      },
      params: { id },
    });
    expect(moved.status).toBe(302);
    const late = await callAction<EditFailure>(appointmentAction, `/admin/appointments/${id}`, {
      cookie: admin.cookie,
      form: {
        intent: "reschedule",
        appointmentDate: yours,
        appointmentTime: "11:00 AM",
        version: opened,
      },
      params: { id },
    });
    expect(late.status).toBe(409);
    expect(late.body.conflict).toMatchObject({
      change: { by: "Kemi Bello" },
      conflicts: [
        { name: "appointmentDate", theirs, yours },
        { name: "appointmentTime", theirs: "12:00 PM", yours: "11:00 AM" },
      ],
    });
    expect((await stored())[0]).toMatchObject({
      appointmentDate: theirs,
      appointmentTime: "12:00 PM",
    });
  });
});
