import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointmentEvents, appointments, users } from "~/db/schema";
import { setupTestDatabase } from "../../tests/setup/test-database";
import {
  countAppointmentsForUser,
  createAppointment,
  listAppointmentsForUser,
  type NewAppointment,
} from "./appointment.server";

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
  return {
    fullName: "Chinedu Eze",
    email: "chinedu@example.ng",
    phone: "08031234567",
    appointmentDate: "2026-12-01",
    appointmentTime: "10:00 AM",
    propertyType: "Apartment",
    propertyLocation: "Lekki",
    purpose: "rent",
    message: null,
    userId: null,
    propertyId: null,
    ...overrides,
  };
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
    expect(await countAppointmentsForUser("ada")).toBe(2);
    expect(await countAppointmentsForUser("bayo")).toBe(1);
    expect(await countAppointmentsForUser("nobody")).toBe(0);
  });
});
