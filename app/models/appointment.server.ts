import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { type AuditRecord, auditedWrite } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { appointmentEvents, appointments, properties } from "~/db/schema";
import type { Executor, Transaction } from "~/db/transaction.server";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import {
  ACTION_STATUS,
  type AdminAppointmentAction,
  adminActionsFor,
} from "~/lib/admin-appointments";
import {
  type AppointmentPurpose,
  hasAppointmentStarted,
  type TimeSlot,
} from "~/lib/appointment-rules";
import type { AuditAction } from "~/lib/audit";
import { isUuid } from "~/lib/ids";
import { takeRotaAgent } from "./booking-rota.server";
import { recordLead } from "./lead-inbox.server";
import { activeAgentOfListing } from "./listing-agent.server";
import { notifyAppointment } from "./notification.server";
import { notifyOwnerOfInterest } from "./owner-alerts.server";
import { ON_SITE } from "./property.server";
import { publicAddressSql } from "./public-address.server";
import {
  isStale,
  pickFields,
  recordVersion,
  type Stale,
  staleOutcome,
} from "./record-version.server";
import { newViewingCode } from "./viewing-code.server";

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

export type CreatedAppointment = { id: string; createdAt: Date };

/**
 * Stores a new pending appointment, the first entry of its history and its notification (the
 * customer's confirmation, the admins' notice), together.
 */
export async function createAppointment(input: NewAppointment): Promise<CreatedAppointment> {
  return db.transaction(async (tx) => {
    const row = await insertAppointment(tx, input, { actorUserId: input.userId, note: "Booked" });
    await notifyAppointment(tx, "appointment.booked", row.id);
    return row;
  });
}

/** Staff name in the history ("Booked by Tola Admin"), their e-mail if the account has none. */
export function staffName(actor: Pick<AdminActor, "name" | "email">): string {
  return actor.name.trim() || actor.email;
}

/**
 * Staff (an agent on their own listing) book for a caller (the New appointment screen, issue 47
 * item 2): confirmed at once, with its viewing code (issue 45), checked by the booking schema
 * (the route parses it with staffBookingSchema: the e-mail may be empty), with a history saying
 * "Booked and confirmed by <staff name>", the audit row (appointment.create) and the notification
 * (the customer's confirmed e-mail, when they gave an address), in one transaction.
 */
export async function createAppointmentByStaff(
  actor: AdminActor,
  input: NewAppointment,
): Promise<{ ok: true } & CreatedAppointment> {
  return auditedWrite(actor, "appointment.create", async (tx) => {
    const row = await insertAppointment(
      tx,
      input,
      { actorUserId: actor.id, note: `Booked and confirmed by ${staffName(actor)}` },
      { status: "confirmed", viewingCode: newViewingCode() },
    );
    await notifyAppointment(tx, "appointment.booked-by-staff", row.id);
    const { fullName, email, phone, appointmentDate, appointmentTime, propertyId, purpose } = input;
    return {
      result: { ok: true as const, ...row },
      audit: {
        entityId: row.id,
        before: null,
        after: {
          fullName,
          email,
          phone,
          appointmentDate,
          appointmentTime,
          propertyId,
          purpose,
          status: "confirmed",
        },
      },
    };
  });
}

async function insertAppointment(
  tx: Executor,
  input: NewAppointment,
  event: { actorUserId: string | null; note: string },
  state: { status: "pending" } | { status: "confirmed"; viewingCode: string } = {
    status: "pending",
  },
): Promise<CreatedAppointment> {
  // A viewing of a listing goes to the listing's agent (issue 21), else to the admins; a general
  // booking (no listing) to the next agent of the rota when the office chose one, else the admins.
  const agentId = input.propertyId
    ? await activeAgentOfListing(tx, input.propertyId)
    : await takeRotaAgent(tx);
  const [row] = await tx
    .insert(appointments)
    .values({ ...input, agentId, ...state })
    .returning({ id: appointments.id, createdAt: appointments.createdAt });
  if (!row) throw new Error("appointment insert returned nothing");
  // The caller is a lead (issue 47), its agent the viewing's (told by the booking's own e-mail);
  // a viewing of a listing is counted in its figures (issue 21 item 4), and its owner hears of
  // it the same day (issue 47: the slot, never who booked).
  await recordLead(tx, {
    source: "booking",
    appointmentId: row.id,
    name: input.fullName,
    phone: input.phone,
    email: input.email,
    propertyId: input.propertyId,
    ownerId: agentId,
    agentTold: true,
  });
  if (input.propertyId) {
    await notifyOwnerOfInterest(tx, input.propertyId, {
      event: "viewing",
      day: input.appointmentDate,
      time: input.appointmentTime,
    });
  }
  await tx.insert(appointmentEvents).values({
    appointmentId: row.id,
    actorUserId: event.actorUserId,
    fromStatus: null,
    toStatus: state.status,
    note: event.note,
  });
  return row;
}

/**
 * The booked listing's full address when the viewing is confirmed, else null (issue 46): what the
 * confirmation gives the customer, the site having shown only the area.
 */
export const confirmedAddressSql = sql<
  string | null
>`case when ${appointments.status} = 'confirmed' and ${properties.address} <> '' then ${properties.address} end`;

export const customerAppointmentColumns = {
  id: appointments.id,
  appointmentDate: appointments.appointmentDate,
  appointmentTime: appointments.appointmentTime,
  propertyType: appointments.propertyType,
  propertyLocation: appointments.propertyLocation,
  purpose: appointments.purpose,
  status: appointments.status,
  viewingCode: appointments.viewingCode,
  createdAt: appointments.createdAt,
  propertyId: appointments.propertyId,
  propertyTitle: properties.title,
  propertyCode: properties.referenceCode,
  propertyAddress: confirmedAddressSql,
};

export type CustomerAppointment = {
  id: string;
  appointmentDate: string;
  appointmentTime: string;
  propertyType: string | null;
  propertyLocation: string | null;
  purpose: AppointmentPurpose | null;
  status: AppointmentStatus;
  viewingCode: string | null;
  createdAt: Date;
  propertyId: string | null;
  propertyTitle: string | null;
  /** The listing's reference code (issue 45). */
  propertyCode: string | null;
  /**
   * The listing's full address, once the viewing is confirmed (issue 46: the site shows only
   * the area until then); null before, and for a booking without a listing.
   */
  propertyAddress: string | null;
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

/** The fields `appointmentDetailColumns` selects. */
export type AppointmentDetailFields = {
  id: string;
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
  /** Four digits once confirmed (issue 45), else null. */
  viewingCode: string | null;
  /** What staff recorded: the code matched, did not, or nothing yet. */
  codeMatched: boolean | null;
  propertyId: string | null;
  propertyTitle: string | null;
  /** The listing's reference code (issue 45). */
  propertyCode: string | null;
  /** The listing's full address once the viewing is confirmed, else null (issue 46). */
  propertyAddress: string | null;
};

export type AppointmentForMail = AppointmentDetailFields & {
  userId: string | null;
  propertyCity: string | null;
  /** How many history entries it has: the calendar file's SEQUENCE is this minus one. */
  eventCount: number;
};

/**
 * Who booked, for when and what: the part of a booking every view of it shows (the customer's
 * details and the e-mails, the admin list, a staff calendar feed).
 */
export const appointmentBookingColumns = {
  id: appointments.id,
  fullName: appointments.fullName,
  email: appointments.email,
  phone: appointments.phone,
  appointmentDate: appointments.appointmentDate,
  appointmentTime: appointments.appointmentTime,
  propertyType: appointments.propertyType,
  propertyLocation: appointments.propertyLocation,
};

/**
 * What the customer's details page and the appointment e-mails show about one booking (join
 * `properties` on the booking's property for the title).
 */
export const appointmentDetailColumns = {
  ...appointmentBookingColumns,
  purpose: appointments.purpose,
  message: appointments.message,
  status: appointments.status,
  viewingCode: appointments.viewingCode,
  codeMatched: appointments.codeMatched,
  propertyId: appointments.propertyId,
  propertyTitle: properties.title,
  propertyCode: properties.referenceCode,
  propertyAddress: confirmedAddressSql,
};

/** Everything the appointment e-mails show, or undefined for an unknown id. */
export async function getAppointmentForMail(
  id: string,
  executor: Executor = db,
): Promise<AppointmentForMail | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await executor
    .select({
      ...appointmentDetailColumns,
      userId: appointments.userId,
      propertyCity: properties.city,
      eventCount: sql<number>`(select count(*)::int from ${appointmentEvents} where ${appointmentEvents.appointmentId} = ${appointments.id})`,
    })
    .from(appointments)
    .leftJoin(properties, eq(properties.id, appointments.propertyId))
    .where(eq(appointments.id, id))
    .limit(1);
  return row;
}

export type BookingProperty = {
  id: string;
  title: string;
  city: string;
  address: string;
  propertyType: string;
  referenceCode: string;
};

const bookingPropertyColumns = {
  id: properties.id,
  title: properties.title,
  city: properties.city,
  /** As the site shows it (issue 46): the full address comes with the confirmed viewing. */
  address: publicAddressSql,
  propertyType: properties.propertyType,
  referenceCode: properties.referenceCode,
};

/** The listings on the site, by title, for the staff booking form's property choice. */
export async function listBookableProperties(): Promise<BookingProperty[]> {
  return db
    .select(bookingPropertyColumns)
    .from(properties)
    .where(ON_SITE)
    .orderBy(properties.title, properties.id);
}

/** The property a viewing is booked for, or undefined for an unknown or malformed id. */
export async function findPropertyForBooking(id: string): Promise<BookingProperty | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select(bookingPropertyColumns)
    .from(properties)
    .where(and(ON_SITE, eq(properties.id, id)))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------------------
// Admin status changes (DESIGN.md): pending -> confirmed; pending or confirmed -> completed or
// cancelled; completed and cancelled are final. Customers' own cancel and reschedule live in
// appointment-changes.server.ts.

export type AdminAppointmentStatus = (typeof ACTION_STATUS)[AdminAppointmentAction];

/** Whether the status allows the change, whatever the time (see hasAppointmentStarted). */
export function canAdminSetStatus(from: AppointmentStatus, to: AdminAppointmentStatus): boolean {
  return adminActionsFor(from, true).some((action) => ACTION_STATUS[action] === to);
}

/**
 * A refused transition says which status the appointment is in; "not-started": completing a
 * viewing whose start time has not passed yet.
 */
export type AdminStatusChange =
  | Outcome<{ from: AppointmentStatus; to: AdminAppointmentStatus }, "not-found">
  | { ok: false; reason: "not-allowed" | "not-started"; from: AppointmentStatus }
  | Stale;

/** The staff writes that change what a booking's screen shows: its status, day and slot. */
export const APPOINTMENT_STAFF_WRITES = [
  "appointment.confirm",
  "appointment.complete",
  "appointment.cancel",
  "appointment.reschedule",
  "appointment.reassign",
] as const satisfies readonly AuditAction[];

/**
 * The version of what staff act on (issue 23, no lost update): the status, day and slot the
 * list row or the booking's screen showed. A status change or a reschedule opened at another
 * version writes nothing: a colleague confirmed, cancelled or moved it in between.
 */
/** An agent's viewings are the ones given to them (app/lib/permissions.ts); admins see all. */
export function ownViewings(actor: Pick<AdminActor, "id" | "role">): SQL | undefined {
  return actor.role === "agent" ? eq(appointments.agentId, actor.id) : undefined;
}

export function appointmentVersion(row: {
  status: string;
  appointmentDate: string;
  appointmentTime: string;
  agentId: string | null;
}) {
  return recordVersion(pickFields(row, VERSIONED_FIELDS));
}

// The agent too: a status change opened before a colleague gave the viewing to someone else
// (or a reassignment opened before another) writes nothing.
const VERSIONED_FIELDS = ["status", "appointmentDate", "appointmentTime", "agentId"] as const;

/** What a staff write finds in the booking's locked row. */
export type LockedAppointment = {
  status: AppointmentStatus;
  date: string;
  time: string;
  agentId: string | null;
  viewingCode: string | null;
  codeMatched: boolean | null;
};

/** Why a staff write stopped before its change: no such booking, or another version of it. */
export type StaffWriteRefusal = { ok: false; reason: "not-found" } | Stale;

/**
 * Every staff write on one booking (a status change, a reschedule, a reassignment): a malformed
 * id is refused before any query; then, in one audited transaction (auditedWrite: the audit row
 * commits with the change), the row is locked at the version the page showed
 * (lockAppointmentForStaff) and `change` is given what the row holds now.
 */
export function writeAppointmentAsStaff<Result extends { ok: boolean }>(
  actor: AdminActor,
  action: AuditAction,
  id: string,
  expectedVersion: string | undefined,
  change: (
    tx: Transaction,
    current: LockedAppointment,
  ) => Promise<{ result: Result; audit?: AuditRecord }>,
): Promise<Result | StaffWriteRefusal> {
  if (!isUuid(id)) return Promise.resolve({ ok: false, reason: "not-found" });
  return auditedWrite<Result | StaffWriteRefusal>(actor, action, async (tx) => {
    const locked = await lockAppointmentForStaff(tx, actor, id, expectedVersion);
    if (!locked.ok) return { result: locked };
    return change(tx, locked.current);
  });
}

/**
 * A change to a booking (its status, day and slot, or agent) and the history entry saying who
 * made it, from which status to which and how, in the caller's transaction. `where` selects the
 * row and what the change requires of it (the customer's own pending one, the status just read);
 * when it matches nothing, nothing is written and the answer is false.
 */
export async function changeAppointment(
  tx: Executor,
  where: SQL | undefined,
  set: Partial<
    Pick<
      typeof appointments.$inferInsert,
      "status" | "appointmentDate" | "appointmentTime" | "agentId" | "viewingCode" | "codeMatched"
    >
  >,
  event: {
    appointmentId: string;
    actorUserId: string;
    fromStatus: AppointmentStatus;
    toStatus: AppointmentStatus;
    note: string;
  },
): Promise<boolean> {
  const [row] = await tx
    .update(appointments)
    .set({ ...set, updatedAt: new Date() })
    .where(where)
    .returning({ id: appointments.id });
  if (!row) return false;
  await tx.insert(appointmentEvents).values(event);
  return true;
}

/**
 * The start of every staff write on a booking: locks its row, so two staff acting at once apply
 * one change after the other, and answers a missing booking, or a write opened at another version
 * of it (a colleague confirmed, cancelled or moved it in between), with a refusal.
 */
async function lockAppointmentForStaff(
  tx: Executor,
  actor: AdminActor,
  id: string,
  expectedVersion: string | undefined,
): Promise<{ ok: true; current: LockedAppointment } | StaffWriteRefusal> {
  const [current] = await tx
    .select({
      status: appointments.status,
      date: appointments.appointmentDate,
      time: appointments.appointmentTime,
      agentId: appointments.agentId,
      viewingCode: appointments.viewingCode,
      codeMatched: appointments.codeMatched,
    })
    .from(appointments)
    .where(and(eq(appointments.id, id), ownViewings(actor)))
    .for("update");
  if (!current) return { ok: false, reason: "not-found" };
  const shown = {
    status: current.status,
    appointmentDate: current.date,
    appointmentTime: current.time,
    agentId: current.agentId,
  };
  if (!isStale(expectedVersion, shown)) return { ok: true, current };
  return staleOutcome(tx, "appointment", id, APPOINTMENT_STAFF_WRITES);
}

const ADMIN_STATUS_NOTES: Record<AdminAppointmentStatus, string> = {
  confirmed: "Confirmed by the office",
  completed: "Marked completed by the office",
  cancelled: "Cancelled by the office",
};

const ADMIN_STATUS_ACTIONS = {
  confirmed: "appointment.confirm",
  completed: "appointment.complete",
  cancelled: "appointment.cancel",
} as const satisfies Record<AdminAppointmentStatus, AuditAction>;

/**
 * An admin confirms, completes or cancels an appointment: status, updated_at, a history entry
 * and the audit row (appointment.confirm | complete | cancel) in one transaction. A refused
 * transition (a final status, or completing before the start time), or an unknown id changes
 * nothing and is answered, not thrown. A change made notifies the customer (the e-mail goes with
 * it, in its transaction).
 */
export async function setAppointmentStatusByAdmin(
  actor: AdminActor,
  appointmentId: string,
  to: AdminAppointmentStatus,
  { now = new Date(), expectedVersion }: { now?: Date; expectedVersion?: string } = {},
): Promise<AdminStatusChange> {
  return writeAppointmentAsStaff<AdminStatusChange>(
    actor,
    ADMIN_STATUS_ACTIONS[to],
    appointmentId,
    expectedVersion,
    async (tx, current) => {
      if (!canAdminSetStatus(current.status, to)) {
        return { result: { ok: false, reason: "not-allowed", from: current.status } };
      }
      if (to === "completed" && !hasAppointmentStarted(current.date, current.time, now)) {
        return { result: { ok: false, reason: "not-started", from: current.status } };
      }
      // A confirmed viewing gets its code (issue 45), kept from then on (a reschedule keeps it).
      const code =
        to === "confirmed" ? { viewingCode: current.viewingCode ?? newViewingCode() } : {};
      await changeAppointment(
        tx,
        and(eq(appointments.id, appointmentId), eq(appointments.status, current.status)),
        { status: to, ...code },
        {
          appointmentId,
          actorUserId: actor.id,
          fromStatus: current.status,
          toStatus: to,
          note: ADMIN_STATUS_NOTES[to],
        },
      );
      await notifyAppointment(tx, "appointment.status-set", appointmentId);
      return {
        result: { ok: true, from: current.status, to },
        audit: {
          entityId: appointmentId,
          before: { status: current.status },
          after: { status: to },
        },
      };
    },
  );
}
