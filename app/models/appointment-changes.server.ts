import { and, asc, eq, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appointmentEvents, appointments, properties } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import { formatAppointmentDate } from "~/lib/appointment-format";
import type { TimeSlot } from "~/lib/appointment-rules";
import { isUuid } from "~/lib/ids";
import {
  type AppointmentDetailFields,
  type AppointmentStatus,
  appointmentDetailColumns,
  changeAppointment,
} from "./appointment.server";
import { notifyAppointment } from "./notification.server";

// A customer's own appointment: its details and history, cancelling and rescheduling. The
// customer's id is in the WHERE clause of every query (and the pending condition in every
// UPDATE), so another customer's id, a forged form field or a replayed request changes nothing.

export type AppointmentEvent = {
  id: string;
  fromStatus: AppointmentStatus | null;
  toStatus: AppointmentStatus;
  note: string | null;
  createdAt: Date;
};

export type AppointmentDetails = AppointmentDetailFields & {
  createdAt: Date;
  updatedAt: Date;
  history: AppointmentEvent[];
};

/** One of the customer's appointments with its history (oldest first); undefined when not theirs. */
export async function getAppointmentForUser(
  userId: string,
  id: string,
): Promise<AppointmentDetails | undefined> {
  if (!isUuid(id)) return undefined;
  return appointmentDetailsWhere(and(eq(appointments.id, id), eq(appointments.userId, userId)));
}

/**
 * The one appointment `condition` selects, with its property's title and its history (oldest
 * first). The caller's condition decides whose it may be (the customer's own, or any for staff).
 */
export async function appointmentDetailsWhere(
  condition: SQL | undefined,
): Promise<AppointmentDetails | undefined> {
  const [row] = await db
    .select({
      ...appointmentDetailColumns,
      createdAt: appointments.createdAt,
      updatedAt: appointments.updatedAt,
    })
    .from(appointments)
    .leftJoin(properties, eq(properties.id, appointments.propertyId))
    .where(condition)
    .limit(1);
  if (!row) return undefined;
  const history = await db
    .select({
      id: appointmentEvents.id,
      fromStatus: appointmentEvents.fromStatus,
      toStatus: appointmentEvents.toStatus,
      note: appointmentEvents.note,
      createdAt: appointmentEvents.createdAt,
    })
    .from(appointmentEvents)
    .where(eq(appointmentEvents.appointmentId, row.id))
    .orderBy(asc(appointmentEvents.createdAt), asc(appointmentEvents.id));
  return { ...row, history };
}

/** Whether the appointment exists and is this customer's (whatever its status). */
async function ownsAppointment(userId: string, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.id, id), eq(appointments.userId, userId)))
    .limit(1);
  return Boolean(row);
}

const ownPending = (userId: string, id: string) =>
  and(eq(appointments.id, id), eq(appointments.userId, userId), eq(appointments.status, "pending"));

/** Why a customer's change was refused: not theirs (or no such id), or no longer pending. */
export type ChangeRefusal = "not-found" | "not-pending";

/** Cancels the customer's pending appointment and records who did it, together. */
export async function cancelAppointmentForUser(
  userId: string,
  id: string,
): Promise<Outcome<object, ChangeRefusal>> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const cancelled = await db.transaction((tx) =>
    changeAppointment(
      tx,
      ownPending(userId, id),
      { status: "cancelled" },
      {
        appointmentId: id,
        actorUserId: userId,
        fromStatus: "pending",
        toStatus: "cancelled",
        note: "Cancelled by the customer",
      },
    ),
  );
  if (cancelled) return { ok: true };
  return { ok: false, reason: await whyRefused(userId, id) };
}

/** A new date and slot, checked by rescheduleSchema (~/lib/schemas/appointment). */
export type RescheduleInput = { appointmentDate: string; appointmentTime: TimeSlot };

/**
 * Moves the customer's pending appointment to another date and slot; it stays pending and the
 * history notes the old and new date and time. "unchanged": the same date and slot as now.
 * A move notifies the admins (in its transaction); a refusal writes nothing.
 */
export async function rescheduleAppointmentForUser(
  userId: string,
  id: string,
  { appointmentDate, appointmentTime }: RescheduleInput,
): Promise<Outcome<RescheduleInput, ChangeRefusal | "unchanged">> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const outcome = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ date: appointments.appointmentDate, time: appointments.appointmentTime })
      .from(appointments)
      .where(ownPending(userId, id))
      .for("update");
    if (!current) return "missing" as const;
    if (current.date === appointmentDate && current.time === appointmentTime) {
      return "unchanged" as const;
    }
    const moved = await changeAppointment(
      tx,
      ownPending(userId, id),
      { appointmentDate, appointmentTime },
      {
        appointmentId: id,
        actorUserId: userId,
        fromStatus: "pending",
        toStatus: "pending",
        note: `Rescheduled by the customer from ${formatAppointmentDate(current.date)}, ${current.time} to ${formatAppointmentDate(appointmentDate)}, ${appointmentTime}`,
      },
    );
    if (!moved) return "missing" as const;
    await notifyAppointment(tx, "appointment.rescheduled-by-customer", id);
    return "rescheduled" as const;
  });

  if (outcome === "rescheduled") return { ok: true, appointmentDate, appointmentTime };
  if (outcome === "unchanged") return { ok: false, reason: "unchanged" };
  return { ok: false, reason: await whyRefused(userId, id) };
}

/** After an update matched nothing: another customer's (or no such) appointment, or not pending. */
async function whyRefused(userId: string, id: string): Promise<ChangeRefusal> {
  return (await ownsAppointment(userId, id)) ? "not-pending" : "not-found";
}
