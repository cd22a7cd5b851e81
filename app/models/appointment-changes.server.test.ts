import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, properties, users } from "~/db/schema";
import type { TimeSlot } from "~/lib/appointment-rules";
import { appointmentWithEvents } from "../../tests/setup/appointments";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { createAppointment, type NewAppointment } from "./appointment.server";
import {
  cancelAppointmentForUser,
  getAppointmentForUser,
  rescheduleAppointmentForUser,
} from "./appointment-changes.server";

await setupTestDatabase();

async function createUser(id: string) {
  await db.insert(users).values({ id, email: `${id}@example.ng`, name: id });
}
await createUser("ada");
await createUser("bayo");

function booking(overrides: Partial<NewAppointment> = {}): NewAppointment {
  return {
    fullName: "Ada Obi",
    email: "ada@example.ng",
    phone: "08031234567",
    appointmentDate: "2026-11-30",
    appointmentTime: "10:00 AM",
    propertyType: "duplex",
    propertyLocation: "Lekki",
    purpose: "buy",
    message: null,
    userId: "ada",
    propertyId: null,
    ...overrides,
  };
}

describe("getAppointmentForUser", () => {
  it("answers the owner's appointment with its property and history, oldest first", async () => {
    const [property] = await db
      .insert(properties)
      .values({
        title: "Lekki duplex",
        propertyType: "duplex",
        category: "residential",
        city: "Lagos",
      })
      .returning({ id: properties.id });
    const { id } = await createAppointment(booking({ propertyId: property?.id ?? null }));
    await cancelAppointmentForUser("ada", id);

    const details = await getAppointmentForUser("ada", id);
    expect(details?.propertyTitle).toBe("Lekki duplex");
    expect(details?.propertyId).toBe(property?.id);
    expect(details?.status).toBe("cancelled");
    expect(details?.history.map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, "pending"],
      ["pending", "cancelled"],
    ]);
  });

  it("answers nothing for another customer's, an unknown or a malformed id", async () => {
    const { id } = await createAppointment(booking());
    expect(await getAppointmentForUser("bayo", id)).toBeUndefined();
    expect(await getAppointmentForUser("ada", crypto.randomUUID())).toBeUndefined();
    expect(await getAppointmentForUser("ada", "not-a-uuid")).toBeUndefined();
    expect(await getAppointmentForUser("ada", "'; drop table appointments; --")).toBeUndefined();
  });
});

describe("cancelAppointmentForUser", () => {
  it("cancels a pending one once, recording who did it; the replay changes nothing", async () => {
    const { id } = await createAppointment(booking());
    expect(await cancelAppointmentForUser("ada", id)).toEqual({ ok: true });
    const first = await appointmentWithEvents(id);
    expect(first.row?.status).toBe("cancelled");
    expect(first.events.filter((e) => e.toStatus === "cancelled")).toMatchObject([
      { actorUserId: "ada", fromStatus: "pending" },
    ]);

    expect(await cancelAppointmentForUser("ada", id)).toEqual({ ok: false, reason: "not-pending" });
    const second = await appointmentWithEvents(id);
    expect(second.row?.updatedAt).toEqual(first.row?.updatedAt);
    expect(second.events).toHaveLength(first.events.length);
  });

  it("refuses another customer's appointment and changes nothing", async () => {
    const { id } = await createAppointment(booking());
    expect(await cancelAppointmentForUser("bayo", id)).toEqual({ ok: false, reason: "not-found" });
    expect(await cancelAppointmentForUser("bayo", "nonsense")).toEqual({
      ok: false,
      reason: "not-found",
    });
    const after = await appointmentWithEvents(id);
    expect(after.row?.status).toBe("pending");
    expect(after.events).toHaveLength(1);
  });

  it("does not cancel a confirmed or completed appointment", async () => {
    const { id } = await createAppointment(booking());
    await db.update(appointments).set({ status: "confirmed" }).where(eq(appointments.id, id));
    expect(await cancelAppointmentForUser("ada", id)).toEqual({ ok: false, reason: "not-pending" });
    expect((await appointmentWithEvents(id)).row?.status).toBe("confirmed");
  });
});

describe("rescheduleAppointmentForUser", () => {
  // The date and slot rules are rescheduleSchema's (~/lib/schemas/appointment.test.ts); the
  // route parses with it before calling the model.
  const move = (userId: string, id: string, appointmentDate: string, appointmentTime: TimeSlot) =>
    rescheduleAppointmentForUser(userId, id, { appointmentDate, appointmentTime });

  it("moves a pending one, keeps it pending and notes old and new in the history", async () => {
    const { id } = await createAppointment(booking());
    expect(await move("ada", id, "2026-12-02", "02:00 PM")).toEqual({
      ok: true,
      appointmentDate: "2026-12-02",
      appointmentTime: "02:00 PM",
    });
    const { row, events } = await appointmentWithEvents(id);
    expect(row).toMatchObject({
      status: "pending",
      appointmentDate: "2026-12-02",
      appointmentTime: "02:00 PM",
    });
    const rescheduled = events.filter((e) => e.note?.startsWith("Rescheduled"));
    expect(rescheduled).toHaveLength(1);
    expect(rescheduled[0]).toMatchObject({
      actorUserId: "ada",
      fromStatus: "pending",
      toStatus: "pending",
      note: "Rescheduled by the customer from Mon, 30 Nov 2026, 10:00 AM to Wed, 2 Dec 2026, 02:00 PM",
    });
  });

  it("refuses the same date and time without writing", async () => {
    const { id } = await createAppointment(booking());
    const before = await appointmentWithEvents(id);
    expect(await move("ada", id, "2026-11-30", "10:00 AM")).toEqual({
      ok: false,
      reason: "unchanged",
    });
    expect(await appointmentWithEvents(id)).toEqual(before);
  });

  it("refuses another customer's appointment, an unknown id and a non-pending one", async () => {
    const { id } = await createAppointment(booking());
    const notFound = { ok: false, reason: "not-found" };
    expect(await move("bayo", id, "2026-12-02", "02:00 PM")).toEqual(notFound);
    expect(await move("ada", crypto.randomUUID(), "2026-12-02", "02:00 PM")).toEqual(notFound);
    expect(await move("ada", "not-a-uuid", "2026-12-02", "02:00 PM")).toEqual(notFound);
    expect((await appointmentWithEvents(id)).row?.appointmentDate).toBe("2026-11-30");

    await cancelAppointmentForUser("ada", id);
    expect(await move("ada", id, "2026-12-02", "02:00 PM")).toEqual({
      ok: false,
      reason: "not-pending",
    });
    expect((await appointmentWithEvents(id)).row?.appointmentDate).toBe("2026-11-30");
  });
});
