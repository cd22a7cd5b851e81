import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { appointments, properties, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { AdminActor } from "~/lib/admin-actor";
import { ADMINS_FILTER } from "~/lib/admin-appointments";
import { formatAppointmentDate } from "~/lib/appointment-format";
import {
  addDays,
  hasAppointmentStarted,
  isTimeSlot,
  lagosToday,
  slotMinutes,
} from "~/lib/appointment-rules";
import { isUuid } from "~/lib/ids";
import { pageCountOf } from "~/lib/list-params";
import { appointmentMatches } from "./admin-search.server";
import {
  type AppointmentStatus,
  appointmentBookingColumns,
  appointmentVersion,
  changeAppointment,
  ownViewings,
  staffName,
  writeAppointmentAsStaff,
} from "./appointment.server";
import {
  type AppointmentDetails,
  appointmentDetailsWhere,
  type RescheduleInput,
} from "./appointment-changes.server";
import { moveBookingLead } from "./lead-inbox.server";
import { type AgentRefusal, agentLabel, lockAgentForAssignment } from "./listing-agent.server";
import { notifyAppointment } from "./notification.server";

// /admin/appointments: every booking, searched, filtered and paged in SQL, one booking with its
// history, and the confirmed viewings of today and tomorrow. Status changes are
// setAppointmentStatusByAdmin (./appointment.server), which writes the audit row.

export type AdminAppointmentFilters = {
  /** Name, e-mail or property type contains this (case-insensitive). */
  q?: string;
  status?: AppointmentStatus;
  /** yyyy-MM-dd: the appointment's day. */
  date?: string;
  /** An agent's id: the viewings given to them; ADMINS_FILTER: those the admins handle. */
  agent?: string;
};

/** The account a viewing is given to, joined under its own name beside the customer's. */
const agentUser = alias(users, "agent_user");

export type AdminAppointmentSort = "created" | "date";

const ROW = {
  ...appointmentBookingColumns,
  propertyId: appointments.propertyId,
  propertyTitle: properties.title,
  propertyCode: properties.referenceCode,
  status: appointments.status,
  createdAt: appointments.createdAt,
  agentId: appointments.agentId,
  agentName: agentUser.name,
  agentEmail: agentUser.email,
  viewingCode: appointments.viewingCode,
  codeMatched: appointments.codeMatched,
};

function whereOf(actor: AdminActor, filters: AdminAppointmentFilters): SQL | undefined {
  const own = ownViewings(actor);
  const conditions: SQL[] = own ? [own] : [];
  if (filters.q) conditions.push(appointmentMatches(filters.q));
  if (filters.status) conditions.push(eq(appointments.status, filters.status));
  if (filters.date) conditions.push(eq(appointments.appointmentDate, filters.date));
  if (filters.agent === ADMINS_FILTER) conditions.push(isNull(appointments.agentId));
  else if (filters.agent) conditions.push(eq(appointments.agentId, filters.agent));
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
    .leftJoin(agentUser, eq(agentUser.id, appointments.agentId))
    .where(where)
    .orderBy(...order)
    .limit(list.pageSize)
    .offset((page - 1) * list.pageSize);
  // Each row's actions carry the version they were shown at.
  return { rows: rows.map((row) => ({ ...row, version: appointmentVersion(row) })), total, page };
}

export type AppointmentAgent = { id: string; name: string; email: string } | null;

/**
 * Any booking with its history and its agent (null: the admins handle it), for staff; undefined
 * for an unknown id.
 */
export async function getAppointmentForAdmin(
  actor: AdminActor,
  id: string,
): Promise<
  | (AppointmentDetails & {
      agent: AppointmentAgent;
      propertyPlace: string | null;
      version: string;
    })
  | undefined
> {
  if (!isUuid(id)) return undefined;
  const details = await appointmentDetailsWhere(
    and(eq(appointments.id, id), ownViewings(actor)) as SQL,
  );
  if (!details) return undefined;
  const [row] = await db
    .select({
      agentId: appointments.agentId,
      name: agentUser.name,
      email: agentUser.email,
      // Staff see the listing's full address whatever the status, for the map link they tap
      // (issue 47); the customer's page has it only once confirmed (propertyAddress, issue 46).
      propertyPlace: sql<
        string | null
      >`nullif(concat_ws(', ', nullif(${properties.address}, ''), ${properties.city}), '')`,
    })
    .from(appointments)
    .leftJoin(agentUser, eq(agentUser.id, appointments.agentId))
    .leftJoin(properties, eq(properties.id, appointments.propertyId))
    .where(eq(appointments.id, id));
  const agentId = row?.agentId ?? null;
  const agent =
    agentId && row?.email ? { id: agentId, name: row.name ?? "", email: row.email } : null;
  return {
    ...details,
    agent,
    propertyPlace: row?.propertyPlace ?? null,
    version: appointmentVersion({ ...details, agentId }),
  };
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
    .leftJoin(agentUser, eq(agentUser.id, appointments.agentId))
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

type Final = { ok: false; reason: "final" };

/**
 * A staff change to a booking that is still open (writeAppointmentAsStaff: the id checked, the
 * row locked at the version the page showed, the audit row with the change); a completed or
 * cancelled one is refused as "final".
 */
function changeOpenAppointment<Result extends { ok: boolean }>(
  ...[actor, action, id, expectedVersion, change]: Parameters<
    typeof writeAppointmentAsStaff<Result>
  >
) {
  return writeAppointmentAsStaff<Result | Final>(
    actor,
    action,
    id,
    expectedVersion,
    async (tx, current) => {
      if (current.status !== "pending" && current.status !== "confirmed") {
        return { result: { ok: false, reason: "final" } };
      }
      return change(tx, current);
    },
  );
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
  return changeOpenAppointment<
    { ok: true; status: AppointmentStatus } | { ok: false; reason: "unchanged" }
  >(actor, "appointment.reschedule", id, expectedVersion, async (tx, current) => {
    if (current.date === appointmentDate && current.time === appointmentTime) {
      return { result: { ok: false, reason: "unchanged" } };
    }
    await changeAppointment(
      tx,
      eq(appointments.id, id),
      { appointmentDate, appointmentTime },
      {
        appointmentId: id,
        actorUserId: actor.id,
        fromStatus: current.status,
        toStatus: current.status,
        note: `Rescheduled by ${staffName(actor)} from ${formatAppointmentDate(current.date)}, ${current.time} to ${formatAppointmentDate(appointmentDate)}, ${appointmentTime}`,
      },
    );
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

/** Why a viewing could not be given to someone else. */
export type ReassignRefusal = "not-found" | "final" | "unchanged" | AgentRefusal;

/**
 * Staff with viewings:assign give a pending or confirmed viewing to another active agent, or to
 * the admins (`agentId` null). The agent, a history entry ("Given to ... by ..."), the audit row
 * (appointment.reassign) and the notification telling both parties (the new one with the
 * calendar file, the old one that it is no longer theirs; the admins when it comes from or goes
 * to them) commit together. A refusal (unknown booking, a final one, the same agent, an account
 * that is unknown, not an agent or deactivated, a stale version) writes nothing.
 */
export async function reassignAppointment(
  actor: AdminActor,
  id: string,
  agentId: string | null,
  { expectedVersion }: { expectedVersion?: string } = {},
) {
  return changeOpenAppointment<
    { ok: true; agentId: string | null } | { ok: false; reason: "unchanged" | AgentRefusal }
  >(actor, "appointment.reassign", id, expectedVersion, async (tx, current) => {
    let to = "the admins";
    if (agentId !== null) {
      const target = await lockAgentForAssignment(tx, agentId);
      if (!target.ok) return { result: target };
      to = target.agent.label;
    }
    if (current.agentId === agentId) return { result: { ok: false, reason: "unchanged" } };
    const from = current.agentId ? await labelOf(tx, current.agentId) : "the admins";
    await changeAppointment(
      tx,
      eq(appointments.id, id),
      { agentId },
      {
        appointmentId: id,
        actorUserId: actor.id,
        fromStatus: current.status,
        toStatus: current.status,
        note: `Given to ${to} by ${staffName(actor)} (was ${from})`,
      },
    );
    await notifyAppointment(tx, "appointment.reassigned", id, {
      fromAgentId: current.agentId,
      toAgentId: agentId,
    });
    // The caller's lead goes with the viewing (issue 47; its e-mail is the reassignment's).
    await moveBookingLead(tx, id, agentId);
    return {
      result: { ok: true, agentId },
      audit: { entityId: id, before: { agent: from }, after: { agent: to } },
    };
  });
}

async function labelOf(tx: Executor, id: string) {
  const [row] = await tx
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, id));
  return row ? agentLabel(row) : "a removed account";
}

/** Why a code check could not be recorded. */
export type CodeCheckRefusal = "not-found" | "no-code" | "not-yet" | "not-allowed";

/**
 * Staff record whether the customer's viewing code matched the one the agent said (issue 45
 * item 4): on a confirmed viewing whose start has passed, or a completed one. The answer, a
 * history entry and the audit row (appointment.code-check) commit together; a "no" is the flag
 * the office follows up. Recording again replaces the answer (the history keeps both).
 */
export async function recordCodeCheck(
  actor: AdminActor,
  id: string,
  matched: boolean,
  { now = new Date(), expectedVersion }: { now?: Date; expectedVersion?: string } = {},
) {
  return writeAppointmentAsStaff<
    { ok: true; matched: boolean } | { ok: false; reason: Exclude<CodeCheckRefusal, "not-found"> }
  >(actor, "appointment.code-check", id, expectedVersion, async (tx, current) => {
    if (!current.viewingCode) return { result: { ok: false, reason: "no-code" } };
    if (current.status !== "confirmed" && current.status !== "completed") {
      return { result: { ok: false, reason: "not-allowed" } };
    }
    if (current.status === "confirmed" && !hasAppointmentStarted(current.date, current.time, now)) {
      return { result: { ok: false, reason: "not-yet" } };
    }
    await changeAppointment(
      tx,
      eq(appointments.id, id),
      { codeMatched: matched },
      {
        appointmentId: id,
        actorUserId: actor.id,
        fromStatus: current.status,
        toStatus: current.status,
        note: matched
          ? `Viewing code matched (recorded by ${staffName(actor)})`
          : `Viewing code did NOT match (recorded by ${staffName(actor)})`,
      },
    );
    return {
      result: { ok: true, matched },
      audit: {
        entityId: id,
        before: { codeMatched: current.codeMatched },
        after: { codeMatched: matched },
      },
    };
  });
}
