import { count, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appointmentEvents, appointments, properties } from "~/db/schema";
import type { AppointmentPurpose, TimeSlot } from "~/lib/appointment-rules";
import { isUuid } from "./property.server";

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

export type AppointmentForMail = {
  id: string;
  userId: string | null;
  fullName: string;
  email: string;
  phone: string;
  appointmentDate: string;
  appointmentTime: string;
  propertyType: string | null;
  propertyLocation: string | null;
  purpose: AppointmentPurpose | null;
  message: string | null;
  status: AppointmentStatus;
  propertyId: string | null;
  propertyTitle: string | null;
  propertyCity: string | null;
  /** How many history entries it has: the calendar file's SEQUENCE is this minus one. */
  eventCount: number;
};

/** Everything the appointment e-mails show, or undefined for an unknown id. */
export async function getAppointmentForMail(id: string): Promise<AppointmentForMail | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      id: appointments.id,
      userId: appointments.userId,
      fullName: appointments.fullName,
      email: appointments.email,
      phone: appointments.phone,
      appointmentDate: appointments.appointmentDate,
      appointmentTime: appointments.appointmentTime,
      propertyType: appointments.propertyType,
      propertyLocation: appointments.propertyLocation,
      purpose: appointments.purpose,
      message: appointments.message,
      status: appointments.status,
      propertyId: appointments.propertyId,
      propertyTitle: properties.title,
      propertyCity: properties.city,
      eventCount: sql<number>`(select count(*)::int from ${appointmentEvents} where ${appointmentEvents.appointmentId} = ${appointments.id})`,
    })
    .from(appointments)
    .leftJoin(properties, eq(properties.id, appointments.propertyId))
    .where(eq(appointments.id, id))
    .limit(1);
  return row;
}
