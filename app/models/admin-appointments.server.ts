import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { containsText } from "~/db/like.server";
import { appointmentEvents, appointments, properties } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { formatAppointmentDate } from "~/lib/appointment-format";
import { addDays, isTimeSlot, lagosToday, slotMinutes } from "~/lib/appointment-rules";
import { isUuid } from "~/lib/ids";
import { pageCountOf } from "~/lib/list-params";
import { APPOINTMENT_SEARCH_TEXT } from "./admin-search.server";
import {
  type AppointmentStatus,
  appointmentVersion,
  lockAppointmentForStaff,
  ownViewings,
  staffName,
} from "./appointment.server";
import {
  type AppointmentDetails,
  appointmentDetailsWhere,
  type RescheduleInput,
} from "./appointment-changes.server";
import { notifyAppointment } from "./notification.server";
import type { Stale } from "./record-version.server";

// /admin/appointments: every booking, searched, filtered and paged in SQL, one booking with its
// history, and the confirmed viewings of today and tomorrow. Status changes are
// setAppointmentStatusByAdmin (./appointment.server), which writes the audit row.

export type AdminAppointmentFilters = {
  /** Name, e-mail or property type contains this (case-insensitive). */
  q?: string;
  status?: AppointmentStatus;
  /** yyyy-MM-dd: the appointment's day. */
  date?: string;
};

export type AdminAppointmentSort = "created" | "date";

const ROW = {
  id: appointments.id,
  fullName: appointments.fullName,
  email: appointments.email,
  phone: appointments.phone,
  appointmentDate: appointments.appointmentDate,
  appointmentTime: appointments.appointmentTime,
  propertyType: appointments.propertyType,
  propertyLocation: appointments.propertyLocation,
  propertyId: appointments.propertyId,
  propertyTitle: properties.title,
  status: appointments.status,
  createdAt: appointments.createdAt,
};

function whereOf(actor: AdminActor, filters: AdminAppointmentFilters): SQL | undefined {
  const own = ownViewings(actor);
  const conditions: SQL[] = own ? [own] : [];
  if (filters.q) conditions.push(containsText(APPOINTMENT_SEARCH_TEXT, filters.q));
  if (filters.status) conditions.push(eq(appointments.status, filters.status));
  if (filters.date) conditions.push(eq(appointments.appointmentDate, filters.date));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAppointmentsForAdmin(
  actor: AdminActor,
  filters: AdminAppointmentFilters,
  list: { sort: AdminAppointmentSort; direction: "asc" | "desc"; page: number; pageSize: number },
) {
  const where = whereOf(actor, filters);
  const [totalRow] = await db.select({ n: count() }).from(appointments).where(where);
  const total = totalRow?.n ?? 0;
  const page = Math.min(list.page, pageCountOf(total, list.pageSize));
  const by = list.direction === "asc" ? asc : desc;
  // Booked (newest first, as the spec lists them) or by the day of the appointment.
  const order =
    list.sort === "date"
      ? [by(appointments.appointmentDate), by(appointments.createdAt), by(appointments.id)]
      : [by(appointments.createdAt), by(appointments.id)];
  const rows = await db
    .select(ROW)
    .from(appointments)
    .leftJoin(properties, eq(properties.id, appointments.propertyId))
    .where(where)
    .orderBy(...order)
    .limit(list.pageSize)
    .offset((page - 1) * list.pageSize);
  // Each row's actions carry the version they were shown at.
  return { rows: rows.map((row) => ({ ...row, version: appointmentVersion(row) })), total, page };
}

/** Any booking with its history, for staff; undefined for an unknown id. */
export async function getAppointmentForAdmin(
  actor: AdminActor,
  id: string,
): Promise<(AppointmentDetails & { version: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  const details = await appointmentDetailsWhere(
    and(eq(appointments.id, id), ownViewings(actor)) as SQL,
  );
  return details && { ...details, version: appointmentVersion(details) };
}

export type DayViewing = Awaited<ReturnType<typeof listConfirmedViewings>>[number];

/**
 * The confirmed viewings of today and tomorrow (Lagos days), in the order they happen: the
 * office's plan for the next two days at a glance.
 */
export async function listConfirmedViewings(actor: AdminActor, now = new Date()) {
  const today = lagosToday(now);
  const days = [today, addDays(today, 1)];
  const rows = await db
    .select(ROW)
    .from(appointments)
    .leftJoin(properties, eq(properties.id, appointments.propertyId))
    .where(
      and(
        eq(appointments.status, "confirmed"),
        inArray(appointments.appointmentDate, days),
        ownViewings(actor),
      ),
    );
  return rows
    .map((row) => ({ ...row, day: row.appointmentDate === today ? "today" : "tomorrow" }))
    .sort(
      (a, b) =>
        a.appointmentDate.localeCompare(b.appointmentDate) ||
        minutesOf(a.appointmentTime) - minutesOf(b.appointmentTime),
    );
}

/** A slot's minutes after midnight; a time that is not one of the slots sorts last. */
function minutesOf(time: string) {
  return isTimeSlot(time) ? slotMinutes(time) : Number.MAX_SAFE_INTEGER;
}

/** Why staff could not move a booking: unknown, final (completed or cancelled), or no change. */
export type StaffRescheduleRefusal = "not-found" | "final" | "unchanged";

/**
 * Staff move a pending or confirmed booking to another date and slot for a caller (the date and
 * slot already checked by rescheduleSchema, the public rules). The status stays as it was; the
 * history says "Rescheduled by <staff name> from ... to ..."; the audit row
 * (appointment.reschedule) and the customer's notification commit with it. A refusal writes
 * nothing.
 */
export async function rescheduleAppointmentByStaff(
  actor: AdminActor,
  id: string,
  { appointmentDate, appointmentTime }: RescheduleInput,
  { expectedVersion }: { expectedVersion?: string } = {},
) {
  type Result =
    | { ok: true; status: AppointmentStatus }
    | { ok: false; reason: StaffRescheduleRefusal }
    | Stale;
  if (!isUuid(id)) return { ok: false, reason: "not-found" } as Result;
  return auditedWrite<Result>(actor, "appointment.reschedule", async (tx) => {
    const locked = await lockAppointmentForStaff(tx, actor, id, expectedVersion);
    if (!locked.ok) return { result: locked };
    const { current } = locked;
    if (current.status !== "pending" && current.status !== "confirmed") {
      return { result: { ok: false, reason: "final" } };
    }
    if (current.date === appointmentDate && current.time === appointmentTime) {
      return { result: { ok: false, reason: "unchanged" } };
    }
    await tx
      .update(appointments)
      .set({ appointmentDate, appointmentTime, updatedAt: new Date() })
      .where(eq(appointments.id, id));
    await tx.insert(appointmentEvents).values({
      appointmentId: id,
      actorUserId: actor.id,
      fromStatus: current.status,
      toStatus: current.status,
      note: `Rescheduled by ${staffName(actor)} from ${formatAppointmentDate(current.date)}, ${current.time} to ${formatAppointmentDate(appointmentDate)}, ${appointmentTime}`,
    });
    await notifyAppointment(tx, "appointment.rescheduled-by-staff", id);
    return {
      result: { ok: true, status: current.status },
      audit: {
        entityId: id,
        before: { appointmentDate: current.date, appointmentTime: current.time },
        after: { appointmentDate, appointmentTime },
      },
    };
  });
}
