import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appointmentEvents, appointments } from "~/db/schema";
import type { NewAppointment } from "~/models/appointment.server";

// Appointment fixtures for model and route tests.

/** A visitor's booking (no account, no property) with `email`; override what the test needs. */
export function guestBooking(
  email: string,
  overrides: Partial<NewAppointment> = {},
): NewAppointment {
  return {
    fullName: "Guest",
    email,
    phone: "08031234567",
    appointmentDate: "2026-12-01",
    appointmentTime: "10:00 AM",
    propertyType: null,
    propertyLocation: null,
    purpose: null,
    message: null,
    userId: null,
    propertyId: null,
    ...overrides,
  };
}

/** The account an appointment is filed under (null for a guest's). */
export async function appointmentOwner(id: string) {
  const [row] = await db
    .select({ userId: appointments.userId })
    .from(appointments)
    .where(eq(appointments.id, id));
  return row?.userId;
}

/** The appointment's row and its history, as stored. */
export async function appointmentWithEvents(id: string) {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, id));
  const events = await db
    .select()
    .from(appointmentEvents)
    .where(eq(appointmentEvents.appointmentId, id));
  return { row, events };
}
