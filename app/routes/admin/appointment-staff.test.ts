import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  appointmentEvents,
  appointments,
  auditEvents,
  mailOutbox,
  properties,
  users,
} from "~/db/schema";
import { formatAppointmentDate } from "~/lib/appointment-format";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { CONFIRM_FIELD, CONFIRM_VALUE } from "~/lib/confirm";
import type { EditConflict } from "~/lib/edit-conflict";
import { NO_FEE_PROMISE } from "~/lib/fee-terms";
import {
  APPOINTMENT_MESSAGES,
  BOOKING_FIELD_MESSAGES,
  RESCHEDULE_MESSAGES,
} from "~/lib/schemas/appointment";
import { settleBackgroundMail } from "~/mail/mail.server";
import { listAuditEvents } from "~/models/audit.server";
import { createProperty, listingCodeOf } from "../../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
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
  it("books for a caller: confirmed with a code, the listing, 'Booked and confirmed by' the staff member, audited, the customer e-mailed", async () => {
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
    const [row] = await stored();
    // The viewing's screen opens, with the text for the caller.
    expect(answer.location).toBe(`/admin/appointments/${row?.id}`);
    expect(answer.cookies.join(";")).toContain("appointmentBookedByStaff");

    expect(row).toMatchObject({
      fullName: "Ngozi Okafor",
      email: "ngozi.okafor@example.com",
      appointmentDate: date,
      appointmentTime: "11:00 AM",
      status: "confirmed",
      propertyId,
      propertyType: "House",
      purpose: "rent",
      userId: null,
    });
    expect(row?.viewingCode).toMatch(/^\d{4}$/);
    const history = await historyOf(row?.id ?? "");
    expect(history.map((e) => [e.toStatus, e.note, e.actorUserId])).toEqual([
      ["confirmed", "Booked and confirmed by Tola Admin", admin.id],
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
    // The customer gets the confirmed e-mail with the viewing code and its calendar file.
    const mail = await outbox();
    expect(mail.map((m) => m.to)).toEqual(["ngozi.okafor@example.com"]);
    expect(mail[0]?.subject).toMatch(/ is confirmed$/);
    expect(mail[0]?.text).toContain(`Your viewing code: ${row?.viewingCode}`);
    expect(mail[0]?.attachments?.map((a) => a.filename)).toEqual(["appointment.ics"]);
    expect(mail[0]?.attachments?.[0]?.content).toContain("STATUS:CONFIRMED");

    // The details page shows who booked it.
    const details = await callLoader<{ appointment: { history: { note: string | null }[] } }>(
      appointmentLoader,
      `/admin/appointments/${row?.id}`,
      {
        cookie: admin.cookie,
        params: { id: row?.id ?? "" },
      },
    );
    expect(details.body.appointment.history.map((e) => e.note)).toEqual([
      "Booked and confirmed by Tola Admin",
    ]);
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

// Bookings for callers (issue 47 item 2): name and phone are enough, agents book their own
// listings, and a clash with another open viewing is asked about before anything is written.
describe("bookings for callers", () => {
  type Clashing = Failure & {
    clashes?: { id: string; reason: string; customerName: string | null }[];
    confirm?: { question: string; fields: Record<string, string> };
  };

  async function listingOf(title: string, agentId: string | null) {
    const id = await createProperty(title, "Lekki");
    await db
      .update(properties)
      .set({ agentId, address: "12 Admiralty Way" })
      .where(eq(properties.id, id));
    return id;
  }

  function bookAs(cookie: string, form: Record<string, string>) {
    return callAction<Clashing>(newAction, "/admin/appointments/new", {
      cookie,
      form: { intent: "create", ...form },
    });
  }

  it("books with name and phone only: confirmed, no e-mail, the text for WhatsApp on the viewing's screen", async () => {
    const agent = await createSignedInAgent("tunde@example.com", { name: "Tunde Bello" });
    await db.update(users).set({ phone: "0802 000 1111" }).where(eq(users.id, agent.id));
    const propertyId = await listingOf("Lekki Terrace", agent.id);
    const code = await listingCodeOf(propertyId);
    const date = openDay(3);
    const answer = await book({
      fullName: "Ngozi Okafor",
      email: "",
      phone: "803 123 4567",
      propertyId,
      appointmentDate: date,
      appointmentTime: "11:00 AM",
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(302);
    const [row] = await stored();
    expect(row).toMatchObject({ email: "", status: "confirmed", agentId: agent.id });
    // Nobody to e-mail: the notification tells nobody and leaves nothing in the outbox.
    expect(await outbox()).toEqual([]);

    const page = await callLoader<{ message: { text: string; whatsappUrl?: string } | null }>(
      appointmentLoader,
      `/admin/appointments/${row?.id}`,
      { cookie: admin.cookie, params: { id: row?.id ?? "" } },
    );
    const text = page.body.message?.text ?? "";
    for (const part of [
      `Listing: ${code}, Lekki Terrace`,
      "Address: 12 Admiralty Way, Lekki",
      `When: ${formatAppointmentDate(date)}, 11:00 AM`,
      "Agent: Tunde Bello, 0802 000 1111",
      `Your viewing code: ${row?.viewingCode}.`,
      NO_FEE_PROMISE,
    ]) {
      expect(text).toContain(part);
    }
    expect(page.body.message?.whatsappUrl).toBe(
      `https://wa.me/2348031234567?text=${encodeURIComponent(text)}`,
    );
    // A phone that is no number is refused as on the web form.
    const bad = await book({ fullName: "X", email: "", phone: "call me", appointmentDate: date });
    expect(bad.status).toBe(400);
    expect(bad.body.fields?.phone).toBe(BOOKING_FIELD_MESSAGES.phone);
  });

  it("lets an agent book their own listing only: another's is refused (403), none is asked for", async () => {
    const agent = await createSignedInAgent("amaka@example.com", { name: "Amaka Obi" });
    const own = await listingOf("Amaka's flat", agent.id);
    const others = await listingOf("Office duplex", null);
    const picker = await callLoader<{
      properties: { id: string; code: string; agentName: string }[];
    }>(newLoader, "/admin/appointments/new", { cookie: agent.cookie });
    expect(picker.body.properties.map((p) => [p.id, p.agentName])).toEqual([[own, "Amaka Obi"]]);

    const caller = { fullName: "Chidi Eze", email: "", phone: "0809 876 5432" };
    const slot = { appointmentDate: openDay(4), appointmentTime: "10:00 AM" };
    const forged = await bookAs(agent.cookie, { ...caller, ...slot, propertyId: others });
    expect(forged.status).toBe(403);
    const none = await bookAs(agent.cookie, { ...caller, ...slot, propertyId: "" });
    expect(none.status).toBe(400);
    expect(none.body.fields?.propertyId).toBe("Please choose one of your listings.");
    expect(await stored()).toEqual([]);

    const mine = await bookAs(agent.cookie, { ...caller, ...slot, propertyId: own });
    expect(mine.status, JSON.stringify(mine.body)).toBe(302);
    expect(await stored()).toMatchObject([
      { propertyId: own, agentId: agent.id, status: "confirmed" },
    ]);
  });

  it("warns of a clash on the same listing, writing nothing, and books once 'Book anyway' is posted", async () => {
    const agent = await createSignedInAgent("femi@example.com", { name: "Femi Ade" });
    const propertyId = await listingOf("Ikoyi Penthouse", agent.id);
    const elsewhere = await listingOf("Ikeja Bungalow", agent.id);
    const date = openDay(2);
    const first = await existing({
      propertyId,
      agentId: agent.id,
      appointmentDate: date,
      appointmentTime: "11:00 AM",
    });
    const audited = await auditCount();
    const caller = { fullName: "Bola Tinubu", email: "", phone: "0803 555 1234" };

    const warned = await bookAs(admin.cookie, {
      ...caller,
      propertyId,
      appointmentDate: date,
      appointmentTime: "11:00 AM",
    });
    expect(warned.status).toBe(200);
    expect(warned.body.confirm?.question).toMatch(/Book anyway\?$/);
    expect(warned.body.clashes?.map((c) => [c.id, c.reason, c.customerName])).toEqual([
      [first.id, "both", "Ngozi Okafor"],
    ]);
    // The same agent at another listing at that time clashes too; back to back does not.
    const sameAgent = await bookAs(admin.cookie, {
      ...caller,
      propertyId: elsewhere,
      appointmentDate: date,
      appointmentTime: "11:00 AM",
    });
    expect(sameAgent.body.clashes?.map((c) => c.reason)).toEqual(["agent"]);
    expect((await stored()).length).toBe(1);
    expect(await auditCount()).toBe(audited);
    expect(await outbox()).toEqual([]);

    const anyway = await callAction<Clashing>(newAction, "/admin/appointments/new", {
      cookie: admin.cookie,
      form: { ...warned.body.confirm?.fields, [CONFIRM_FIELD]: CONFIRM_VALUE },
    });
    expect(anyway.status, JSON.stringify(anyway.body)).toBe(302);
    const next = await bookAs(admin.cookie, {
      ...caller,
      propertyId,
      appointmentDate: date,
      appointmentTime: "12:00 PM",
    });
    expect(next.status).toBe(302);
    expect((await stored()).map((r) => r.appointmentTime).sort()).toEqual([
      "11:00 AM",
      "11:00 AM",
      "12:00 PM",
    ]);
  });

  it("warns of a clash on reschedule, ignoring cancelled viewings, and moves once confirmed", async () => {
    const propertyId = await listingOf("Yaba Studio", null);
    const date = openDay(2);
    await existing({ propertyId, appointmentDate: date, appointmentTime: "10:00 AM" });
    await existing({
      propertyId,
      appointmentDate: date,
      appointmentTime: "01:00 PM",
      status: "cancelled",
    });
    const moving = await existing({
      propertyId,
      appointmentDate: date,
      appointmentTime: "03:00 PM",
    });
    const move = (time: string, extra: Record<string, string> = {}) =>
      callAction<Clashing>(appointmentAction, `/admin/appointments/${moving.id}`, {
        cookie: admin.cookie,
        form: { intent: "reschedule", appointmentDate: date, appointmentTime: time, ...extra },
        params: { id: moving.id },
      });
    const warned = await move("10:00 AM");
    expect(warned.status).toBe(200);
    expect(warned.body.clashes?.map((c) => c.reason)).toEqual(["listing"]);
    expect(await historyOf(moving.id)).toEqual([]);

    // The cancelled viewing's slot is free.
    const free = await move("01:00 PM");
    expect(free.status, JSON.stringify(free.body)).toBe(302);
    const anyway = await move("10:00 AM", { [CONFIRM_FIELD]: CONFIRM_VALUE });
    expect(anyway.status, JSON.stringify(anyway.body)).toBe(302);
    const [moved] = await db.select().from(appointments).where(eq(appointments.id, moving.id));
    expect(moved?.appointmentTime).toBe("10:00 AM");
  });

  it("finds a listing by code, title, area or agent in the picker", async () => {
    const agent = await createSignedInAgent("sola@example.com", { name: "Sola Martins" });
    const a = await listingOf("Garden Flat", agent.id);
    await listingOf("Garden Flat", null);
    const codeOfA = await listingCodeOf(a);
    const search = async (q: string, property = "") =>
      (
        await callLoader<{
          properties: {
            id: string;
            code: string;
            title: string;
            city: string;
            agentName: string | null;
          }[];
        }>(
          newLoader,
          `/admin/appointments/new?q=${encodeURIComponent(q)}${property ? `&property=${property}` : ""}`,
          { cookie: admin.cookie },
        )
      ).body.properties;
    expect(await search(codeOfA.toLowerCase())).toEqual([
      { id: a, code: codeOfA, title: "Garden Flat", city: "Lekki", agentName: "Sola Martins" },
    ]);
    expect((await search("sola")).map((p) => p.id)).toEqual([a]);
    expect((await search("garden")).length).toBe(2);
    expect(await search("no such place")).toEqual([]);
    // The listing already picked stays in the list whatever is typed.
    expect((await search("no such place", a)).map((p) => p.id)).toEqual([a]);
  });
});
