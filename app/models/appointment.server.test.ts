import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointmentEvents, appointments, mailOutbox, users } from "~/db/schema";
import { settleBackgroundMail } from "~/mail/mail.server";
import { actorFor } from "../../tests/setup/admin";
import { guestBooking } from "../../tests/setup/appointments";
import { setupTestDatabase } from "../../tests/setup/test-database";
import {
  createAppointment,
  findPropertyForBooking,
  getAppointmentForMail,
  listAppointmentsForUser,
  type NewAppointment,
  setAppointmentStatusByAdmin,
} from "./appointment.server";
import { countCustomerActivity } from "./customer-activity.server";

const BOSS = actorFor({ id: "boss", email: "boss@example.ng" });

await setupTestDatabase();

async function createUser(id: string) {
  await db.insert(users).values({
    id,
    email: `${id}@example.ng`,
    name: id,
    firstName: id,
    lastName: "Test",
  });
}

function booking(overrides: Partial<NewAppointment> = {}): NewAppointment {
  return guestBooking("chinedu@example.ng", {
    fullName: "Chinedu Eze",
    propertyType: "Apartment",
    propertyLocation: "Lekki",
    purpose: "rent",
    ...overrides,
  });
}

describe("appointments", () => {
  it("stores a booking as pending, with its first history entry", async () => {
    const { id } = await createAppointment(booking());
    const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.status).toBe("pending");
    expect(row?.userId).toBeNull();
    const events = await db
      .select()
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, id));
    expect(events.map((e) => [e.fromStatus, e.toStatus])).toEqual([[null, "pending"]]);
  });

  it("lists and counts only the customer's own, newest first", async () => {
    await createUser("ada");
    await createUser("bayo");
    const first = await createAppointment(booking({ userId: "ada" }));
    const second = await createAppointment(booking({ userId: "ada", appointmentTime: "02:00 PM" }));
    await createAppointment(booking({ userId: "bayo" }));

    const ada = await listAppointmentsForUser("ada");
    expect(ada.map((a) => a.id)).toEqual([second.id, first.id]);
    expect(await listAppointmentsForUser("ada", { limit: 1 })).toHaveLength(1);
    expect((await countCustomerActivity("ada")).appointments).toBe(2);
    expect((await countCustomerActivity("bayo")).appointments).toBe(1);
    expect((await countCustomerActivity("nobody")).appointments).toBe(0);
  });
});

describe("setAppointmentStatusByAdmin", () => {
  beforeEach(async () => {
    await settleBackgroundMail();
    await db.delete(mailOutbox);
    await db
      .insert(users)
      .values({ id: "boss", email: "boss@example.ng", name: "Boss", role: "admin" })
      .onConflictDoNothing();
  });

  async function history(id: string) {
    const rows = await db
      .select()
      .from(appointmentEvents)
      .where(eq(appointmentEvents.appointmentId, id))
      .orderBy(asc(appointmentEvents.createdAt));
    return rows.map((e) => [e.fromStatus, e.toStatus, e.actorUserId]);
  }

  async function statusOf(id: string) {
    const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
    return row;
  }

  it("confirms a pending appointment, records who did it and stores the customer's notification", async () => {
    const { id } = await createAppointment(booking());
    const before = await statusOf(id);
    const result = await setAppointmentStatusByAdmin(BOSS, id, "confirmed");
    expect(result).toEqual({ ok: true, from: "pending", to: "confirmed" });
    const after = await statusOf(id);
    expect(after?.status).toBe("confirmed");
    expect(after?.updatedAt.getTime()).toBeGreaterThanOrEqual(before?.updatedAt.getTime() ?? 0);
    expect(await history(id)).toEqual([
      [null, "pending", null],
      ["pending", "confirmed", "boss"],
    ]);
    // What happened, with the slot and status of the moment; the sender renders the e-mail
    // (~/mail/appointment-mail.server.test.ts).
    const notified = await db
      .select({ kind: mailOutbox.kind, payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(sql`${mailOutbox.payload}->>'appointmentId' = ${id}`);
    expect(notified).toEqual([
      { kind: "appointment.booked", payload: expect.objectContaining({ status: "pending" }) },
      {
        kind: "appointment.status-set",
        payload: {
          appointmentId: id,
          appointmentDate: booking().appointmentDate,
          appointmentTime: booking().appointmentTime,
          status: "confirmed",
          historyLength: 2,
        },
      },
    ]);
    // The calendar update carries a higher SEQUENCE than the booking's file.
    expect((await getAppointmentForMail(id))?.eventCount).toBe(2);
  });

  it("completes or cancels a pending or confirmed one", async () => {
    for (const [start, to] of [
      ["pending", "completed"],
      ["pending", "cancelled"],
      ["confirmed", "completed"],
      ["confirmed", "cancelled"],
    ] as const) {
      const { id } = await createAppointment(booking({ appointmentDate: "2030-03-04" }));
      await db.update(appointments).set({ status: start }).where(eq(appointments.id, id));
      // The next day: the viewing has happened, so it may be completed.
      const after = new Date("2030-03-05T09:00:00Z");
      expect(await setAppointmentStatusByAdmin(BOSS, id, to, { now: after })).toEqual({
        ok: true,
        from: start,
        to,
      });
      expect((await statusOf(id))?.status).toBe(to);
    }
  });

  it("refuses to complete before the start time (Lagos), writing nothing", async () => {
    const { id } = await createAppointment(
      booking({ appointmentDate: "2030-03-04", appointmentTime: "10:00 AM" }),
    );
    await db.update(appointments).set({ status: "confirmed" }).where(eq(appointments.id, id));
    // 09:59 in Lagos on the day: one minute early.
    const early = new Date("2030-03-04T08:59:00Z");
    expect(await setAppointmentStatusByAdmin(BOSS, id, "completed", { now: early })).toEqual({
      ok: false,
      reason: "not-started",
      from: "confirmed",
    });
    expect((await statusOf(id))?.status).toBe("confirmed");
    // 10:00 in Lagos: it has started.
    const onTime = new Date("2030-03-04T09:00:00Z");
    expect((await setAppointmentStatusByAdmin(BOSS, id, "completed", { now: onTime })).ok).toBe(
      true,
    );
  });

  it("refuses changes out of a final status, and confirming twice, writing nothing", async () => {
    for (const [start, to] of [
      ["completed", "cancelled"],
      ["completed", "confirmed"],
      ["cancelled", "confirmed"],
      ["cancelled", "completed"],
      ["confirmed", "confirmed"],
    ] as const) {
      const { id } = await createAppointment(booking());
      await db.update(appointments).set({ status: start }).where(eq(appointments.id, id));
      expect(await setAppointmentStatusByAdmin(BOSS, id, to)).toEqual({
        ok: false,
        reason: "not-allowed",
        from: start,
      });
      expect((await statusOf(id))?.status).toBe(start);
      expect(await history(id)).toHaveLength(1);
    }
    // Only the bookings told anyone: a refused change stores no notification.
    const kinds = await db.select({ kind: mailOutbox.kind }).from(mailOutbox);
    expect(new Set(kinds.map((row) => row.kind))).toEqual(new Set(["appointment.booked"]));
  });

  it("answers not-found for an unknown or malformed id", async () => {
    expect(
      await setAppointmentStatusByAdmin(BOSS, "00000000-0000-4000-8000-000000000000", "confirmed"),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await setAppointmentStatusByAdmin(BOSS, "nope", "cancelled")).toEqual({
      ok: false,
      reason: "not-found",
    });
  });
});

describe("findPropertyForBooking", () => {
  it("ignores malformed and unknown ids", async () => {
    expect(await findPropertyForBooking("not-a-uuid")).toBeUndefined();
    expect(await findPropertyForBooking("00000000-0000-4000-8000-000000000000")).toBeUndefined();
  });
});
