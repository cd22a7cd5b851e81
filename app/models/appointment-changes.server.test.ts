import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointmentEvents, appointments, properties, users } from "~/db/schema";
import { RESCHEDULE_MESSAGES } from "~/lib/schemas/appointment";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { createAppointment, type NewAppointment } from "./appointment.server";
import {
  cancelAppointmentForUser,
  getAppointmentForUser,
  rescheduleAppointmentForUser,
} from "./appointment-changes.server";

await setupTestDatabase();

// Wednesday 25 November 2026, 09:00 in Lagos.
const NOW = () => new Date("2026-11-25T08:00:00Z");

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

async function stored(id: string) {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  const events = await db
    .select()
    .from(appointmentEvents)
    .where(eq(appointmentEvents.appointmentId, id));
  return { row, events };
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
    expect(await cancelAppointmentForUser("ada", id)).toBe("cancelled");
    const first = await stored(id);
    expect(first.row?.status).toBe("cancelled");
    expect(first.events.filter((e) => e.toStatus === "cancelled")).toMatchObject([
      { actorUserId: "ada", fromStatus: "pending" },
    ]);

    expect(await cancelAppointmentForUser("ada", id)).toBe("not-pending");
    const second = await stored(id);
    expect(second.row?.updatedAt).toEqual(first.row?.updatedAt);
    expect(second.events).toHaveLength(first.events.length);
  });

  it("refuses another customer's appointment and changes nothing", async () => {
    const { id } = await createAppointment(booking());
    expect(await cancelAppointmentForUser("bayo", id)).toBe("not-found");
    expect(await cancelAppointmentForUser("bayo", "nonsense")).toBe("not-found");
    const after = await stored(id);
    expect(after.row?.status).toBe("pending");
    expect(after.events).toHaveLength(1);
  });

  it("does not cancel a confirmed or completed appointment", async () => {
    const { id } = await createAppointment(booking());
    await db.update(appointments).set({ status: "confirmed" }).where(eq(appointments.id, id));
    expect(await cancelAppointmentForUser("ada", id)).toBe("not-pending");
    expect((await stored(id)).row?.status).toBe("confirmed");
  });
});

describe("rescheduleAppointmentForUser", () => {
  const move = (userId: string, id: string, appointmentDate: string, appointmentTime: string) =>
    rescheduleAppointmentForUser(userId, id, { appointmentDate, appointmentTime }, NOW);

  it("moves a pending one, keeps it pending and notes old and new in the history", async () => {
    const { id } = await createAppointment(booking());
    expect(await move("ada", id, "2026-12-02", "02:00 PM")).toEqual({
      status: "rescheduled",
      appointmentDate: "2026-12-02",
      appointmentTime: "02:00 PM",
    });
    const { row, events } = await stored(id);
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
    [
      "the same date and time",
      "2026-11-30",
      "10:00 AM",
      "appointmentTime",
      RESCHEDULE_MESSAGES.unchanged,
    ],
  ])("refuses %s without writing", async (_, date, time, field, message) => {
    const { id } = await createAppointment(booking());
    const before = await stored(id);
    expect(await move("ada", id, date, time)).toEqual({
      status: "invalid",
      errors: { [field]: message },
    });
    expect(await stored(id)).toEqual(before);
  });

  it("counts days in Lagos: just after midnight there, yesterday is in the past", async () => {
    const { id } = await createAppointment(booking());
    // 23:30 UTC on the 25th is 00:30 on the 26th in Lagos.
    const lateNight = () => new Date("2026-11-25T23:30:00Z");
    const result = await rescheduleAppointmentForUser(
      "ada",
      id,
      { appointmentDate: "2026-11-25", appointmentTime: "04:00 PM" },
      lateNight,
    );
    expect(result).toEqual({
      status: "invalid",
      errors: { appointmentDate: "Appointments cannot be booked for a past date" },
    });
  });

  it("refuses another customer's appointment, valid or not, and a non-pending one", async () => {
    const { id } = await createAppointment(booking());
    expect(await move("bayo", id, "2026-12-02", "02:00 PM")).toEqual({ status: "not-found" });
    expect(await move("bayo", id, "2026-11-29", "02:00 PM")).toEqual({ status: "not-found" });
    expect((await stored(id)).row?.appointmentDate).toBe("2026-11-30");

    await cancelAppointmentForUser("ada", id);
    expect(await move("ada", id, "2026-12-02", "02:00 PM")).toEqual({ status: "not-pending" });
    expect((await stored(id)).row?.appointmentDate).toBe("2026-11-30");
  });
});
