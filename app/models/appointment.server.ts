import { count, desc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appointmentEvents, appointments, properties } from "~/db/schema";
import type { AppointmentPurpose, TimeSlot } from "~/lib/appointment-rules";

// Appointments: booking (public and signed in) and a customer's own list. Every customer query
// takes the user id and puts it in the WHERE clause.

export type AppointmentStatus = (typeof appointments.$inferSelect)["status"];

export type NewAppointment = {
  fullName: string;
  email: string;
  phone: string;
  appointmentDate: string;
  appointmentTime: TimeSlot;
  propertyType: string | null;
  propertyLocation: string | null;
  purpose: AppointmentPurpose | null;
  message: string | null;
  /** The signed-in customer, or null for a visitor's booking. */
  userId: string | null;
  /** The property page the visitor came from, when there was one. */
  propertyId: string | null;
};

/** Stores a new pending appointment and the first entry of its history, together. */
export async function createAppointment(input: NewAppointment) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(appointments)
      .values({ ...input, status: "pending" })
      .returning({ id: appointments.id, createdAt: appointments.createdAt });
    if (!row) throw new Error("appointment insert returned nothing");
    await tx.insert(appointmentEvents).values({
      appointmentId: row.id,
      actorUserId: input.userId,
      fromStatus: null,
      toStatus: "pending",
      note: "Booked",
    });
    return row;
  });
}

export const customerAppointmentColumns = {
  id: appointments.id,
  appointmentDate: appointments.appointmentDate,
  appointmentTime: appointments.appointmentTime,
  propertyType: appointments.propertyType,
  propertyLocation: appointments.propertyLocation,
  purpose: appointments.purpose,
  status: appointments.status,
  createdAt: appointments.createdAt,
  propertyId: appointments.propertyId,
  propertyTitle: properties.title,
};

export type CustomerAppointment = {
  id: string;
  appointmentDate: string;
  appointmentTime: string;
  propertyType: string | null;
  propertyLocation: string | null;
  purpose: AppointmentPurpose | null;
  status: AppointmentStatus;
  createdAt: Date;
  propertyId: string | null;
  propertyTitle: string | null;
};

/** The customer's appointments, newest booking first. */
export async function listAppointmentsForUser(
  userId: string,
  options: { limit?: number } = {},
): Promise<CustomerAppointment[]> {
  const query = db
    .select(customerAppointmentColumns)
    .from(appointments)
    .leftJoin(properties, eq(properties.id, appointments.propertyId))
    .where(eq(appointments.userId, userId))
    .orderBy(desc(appointments.createdAt), desc(appointments.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}

export async function countAppointmentsForUser(userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(appointments)
    .where(eq(appointments.userId, userId));
  return row?.n ?? 0;
}
