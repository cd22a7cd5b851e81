import { and, asc, count, desc, eq, notInArray, type SQL, sql } from "drizzle-orm";
import { type AuditRecord, auditedWrite } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { leadEvents, leads, properties, userSettings, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { AdminActor } from "~/lib/admin-actor";
import { formatAppointmentDate } from "~/lib/appointment-format";
import { lagosToday } from "~/lib/appointment-rules";
import { isUuid } from "~/lib/ids";
import {
  CLOSED_LEAD_STATUSES,
  INBOX_PAGE_SIZE,
  INBOX_SOURCES,
  type InboxSource,
  type InboxView,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
  leadFormValues,
} from "~/lib/lead-inbox";
import { takeRotaAgent } from "./booking-rota.server";
import { countLead } from "./lead.server";
import { activeAgentOfListing } from "./listing-agent.server";
import { notify } from "./notification.server";
import { isStale, recordVersion, type Stale, staleOutcome } from "./record-version.server";

// The lead inbox (issue 47 item 1). Every inquiry (complaints aside), booked viewing and owner's
// listing submission makes one lead, in its own transaction, through recordLead: the person, how
// to reach them, the listing, and the agent who works it (the listing's agent, else the booking
// rota's next agent, else the office). An agent reads and changes only their own leads (the
// scope is in every query's where); admins all. Changes are audited and written to the lead's
// history; notes are append-only.

export type NewLead = {
  source: InboxSource;
  name: string | null | undefined;
  phone: string | null | undefined;
  email: string | null | undefined;
  propertyId?: string | null;
  inquiryId?: string;
  appointmentId?: string;
  submissionId?: string;
  /** The agent already chosen by the write (a booking's agent; null: the admins). */
  ownerId?: string | null;
  /** The write's own e-mail already tells that agent (a booking's, a listing inquiry's). */
  agentTold?: boolean;
};

const isOpen = notInArray(leads.status, [...CLOSED_LEAD_STATUSES]);

/**
 * Inside the write that stores an inquiry, a booking or a submission: its lead, assigned, and
 * (booking and inquiry about a listing) counted in the listing's lead figures. The agent is told
 * at once by e-mail (the notification, in this transaction) unless the write's own e-mail does.
 */
export async function recordLead(tx: Executor, input: NewLead, now = new Date()) {
  const propertyId = input.propertyId ?? null;
  const ownerId =
    input.ownerId !== undefined
      ? input.ownerId
      : propertyId
        ? await activeAgentOfListing(tx, propertyId)
        : await takeRotaAgent(tx, now);
  const [row] = await tx
    .insert(leads)
    .values({
      source: input.source,
      inquiryId: input.inquiryId,
      appointmentId: input.appointmentId,
      submissionId: input.submissionId,
      name: (input.name ?? "").trim(),
      phone: input.phone?.trim() || null,
      email: input.email?.trim() || null,
      propertyId,
      ownerId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: leads.id });
  if (!row) throw new Error("lead insert returned nothing");
  if (propertyId && (input.source === "booking" || input.source === "inquiry")) {
    await countLead(tx, propertyId, input.source, now);
  }
  if (ownerId && !input.agentTold) await notify(tx, { kind: "lead.assigned", leadId: row.id });
  return { id: row.id, ownerId };
}

/** A viewing given to another agent (or the admins): its lead follows, unless closed. */
export async function moveBookingLead(tx: Executor, appointmentId: string, ownerId: string | null) {
  await tx
    .update(leads)
    .set({ ownerId })
    .where(and(eq(leads.appointmentId, appointmentId), isOpen));
}

// ---------------------------------------------------------------------------
// Reading them.

/** An agent's leads are the ones they own; admins see every lead. */
function scopeOf(actor: AdminActor): SQL | undefined {
  return actor.role === "agent" ? eq(leads.ownerId, actor.id) : undefined;
}

/** Open, and its follow-up is today or earlier, or it is new with none set (call it today). */
function isDue(today: string) {
  return and(
    isOpen,
    sql`(${leads.nextFollowUp} <= ${today} or (${leads.status} = 'new' and ${leads.nextFollowUp} is null))`,
  );
}

/**
 * The one count behind the Leads page and the admin dashboard (they agree by construction): the
 * actor's leads, open ones, new ones, those due today (overdue included), and by source.
 */
export async function getLeadCounts(actor: AdminActor, now = new Date()) {
  const today = lagosToday(now);
  const bySource = Object.fromEntries(
    INBOX_SOURCES.map((source) => [
      source,
      sql<number>`count(*) filter (where ${leads.source} = ${source})`.mapWith(Number),
    ]),
  ) as Record<InboxSource, SQL.Aliased<number> | SQL<number>>;
  const [row] = await db
    .select({
      total: count(),
      open: sql<number>`count(*) filter (where ${isOpen})`.mapWith(Number),
      new: sql<number>`count(*) filter (where ${leads.status} = 'new')`.mapWith(Number),
      due: sql<number>`count(*) filter (where ${isDue(today)})`.mapWith(Number),
      ...bySource,
    })
    .from(leads)
    .where(scopeOf(actor));
  const sources = Object.fromEntries(
    INBOX_SOURCES.map((source) => [source, Number(row?.[source] ?? 0)]),
  ) as Record<InboxSource, number>;
  return {
    total: row?.total ?? 0,
    open: row?.open ?? 0,
    new: row?.new ?? 0,
    due: row?.due ?? 0,
    sources,
  };
}

export type LeadCountsNow = Awaited<ReturnType<typeof getLeadCounts>>;

const LIST_COLUMNS = {
  id: leads.id,
  source: leads.source,
  name: leads.name,
  phone: leads.phone,
  email: leads.email,
  status: leads.status,
  nextFollowUp: leads.nextFollowUp,
  createdAt: leads.createdAt,
  propertyId: leads.propertyId,
  propertyTitle: properties.title,
  propertyCode: properties.referenceCode,
  ownerId: leads.ownerId,
  ownerName: users.name,
  ownerEmail: users.email,
};

/**
 * The inbox: the actor's leads, what is due first (overdue follow-ups, then today's, then new
 * leads, then the other open ones, closed last), then the next follow-up's day, then the
 * newest. `view`: open (default), due (today or overdue) or all; `status`: one status only.
 */
export async function listLeads(
  actor: AdminActor,
  options: { view?: InboxView; status?: LeadStatus | null; page?: number } = {},
  now = new Date(),
) {
  const today = lagosToday(now);
  const view = options.view ?? "open";
  const where = and(
    scopeOf(actor),
    view === "open" ? isOpen : view === "due" ? isDue(today) : undefined,
    options.status ? eq(leads.status, options.status) : undefined,
  );
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const dueRank = sql`case
    when ${isOpen} and ${leads.nextFollowUp} < ${today} then 0
    when ${isOpen} and ${leads.nextFollowUp} = ${today} then 1
    when ${leads.status} = 'new' then 2
    when ${isOpen} then 3
    else 4 end`;
  const [rows, [total]] = await Promise.all([
    db
      .select(LIST_COLUMNS)
      .from(leads)
      .leftJoin(properties, eq(properties.id, leads.propertyId))
      .leftJoin(users, eq(users.id, leads.ownerId))
      .where(where)
      .orderBy(
        dueRank,
        sql`${leads.nextFollowUp} asc nulls last`,
        desc(leads.createdAt),
        asc(leads.id),
      )
      .limit(INBOX_PAGE_SIZE)
      .offset((page - 1) * INBOX_PAGE_SIZE),
    db.select({ n: count() }).from(leads).where(where),
  ]);
  return { rows: rows.map(withOwnerName), total: total?.n ?? 0, page, today };
}

function withOwnerName<
  T extends { ownerId: string | null; ownerName: string | null; ownerEmail: string | null },
>(row: T) {
  const { ownerName, ownerEmail, ...rest } = row;
  return { ...rest, owner: row.ownerId ? ownerName?.trim() || ownerEmail || "" : null };
}

/** The lead (in the actor's scope) with its history, newest first; undefined if none. */
export async function getLead(actor: AdminActor, id: string, executor: Executor = db) {
  if (!isUuid(id)) return undefined;
  const [row] = await executor
    .select({ ...LIST_COLUMNS, lostReason: leads.lostReason, updatedAt: leads.updatedAt })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .leftJoin(users, eq(users.id, leads.ownerId))
    .where(and(eq(leads.id, id), scopeOf(actor)));
  if (!row) return undefined;
  const history = await executor
    .select({
      id: leadEvents.id,
      kind: leadEvents.kind,
      body: leadEvents.body,
      createdAt: leadEvents.createdAt,
      byName: users.name,
      byEmail: users.email,
    })
    .from(leadEvents)
    .leftJoin(users, eq(users.id, leadEvents.actorUserId))
    .where(eq(leadEvents.leadId, id))
    .orderBy(desc(leadEvents.createdAt), desc(leadEvents.id));
  return {
    ...withOwnerName(row),
    version: recordVersion(leadFormValues(row)),
    history: history.map(({ byName, byEmail, ...event }) => ({
      ...event,
      by: byName?.trim() || byEmail || "Someone no longer on the team",
    })),
  };
}

// ---------------------------------------------------------------------------
// Working them.

export type LeadChange = {
  status: LeadStatus;
  nextFollowUp: string | null;
  lostReason: string | null;
};

type LeadRefusal = { ok: false; reason: "not-found" | "lost-needs-reason" };

/** "Status: New → Contacted. Next follow-up: Thu, 3 Dec 2026." */
function describeLeadChange(before: LeadChange, after: LeadChange): string {
  const parts: string[] = [];
  if (before.status !== after.status) {
    parts.push(
      `Status: ${LEAD_STATUS_LABELS[before.status]} → ${LEAD_STATUS_LABELS[after.status]}${
        after.status === "lost" && after.lostReason ? ` (${after.lostReason})` : ""
      }.`,
    );
  } else if (after.status === "lost" && before.lostReason !== after.lostReason) {
    parts.push(`Reason lost: ${after.lostReason}.`);
  }
  if (before.nextFollowUp !== after.nextFollowUp) {
    parts.push(
      after.nextFollowUp
        ? `Next follow-up: ${formatAppointmentDate(after.nextFollowUp)}.`
        : "Next follow-up cleared.",
    );
  }
  return parts.join(" ");
}

async function lockLead(tx: Executor, actor: AdminActor, id: string) {
  const [row] = await tx
    .select({
      status: leads.status,
      nextFollowUp: leads.nextFollowUp,
      lostReason: leads.lostReason,
    })
    .from(leads)
    .where(and(eq(leads.id, id), scopeOf(actor)))
    .for("update");
  return row;
}

/**
 * Sets the lead's status, reason lost and next follow-up, as the form was opened at
 * `expectedVersion` (a stale one writes nothing: the route merges). Lost needs a reason; any other
 * status drops it. The change goes to the lead's history and the audit log.
 */
export async function updateLead(
  actor: AdminActor,
  id: string,
  change: LeadChange,
  options: { expectedVersion?: string } = {},
): Promise<{ ok: true; changed: boolean } | LeadRefusal | Stale> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const after: LeadChange = {
    status: change.status,
    nextFollowUp: change.nextFollowUp || null,
    lostReason: change.status === "lost" ? change.lostReason?.trim() || null : null,
  };
  if (!(LEAD_STATUSES as readonly string[]).includes(after.status)) {
    return { ok: false, reason: "not-found" };
  }
  if (after.status === "lost" && !after.lostReason)
    return { ok: false, reason: "lost-needs-reason" };
  return auditedWrite<{ ok: true; changed: boolean } | LeadRefusal | Stale>(
    actor,
    "lead.update",
    async (tx) => {
      const before = await lockLead(tx, actor, id);
      if (!before) return { result: { ok: false, reason: "not-found" } };
      if (isStale(options.expectedVersion, leadFormValues(before))) {
        return { result: await staleOutcome(tx, "lead", id, ["lead.update"]) };
      }
      const said = describeLeadChange(before, after);
      if (!said) return { result: { ok: true, changed: false } };
      await tx.update(leads).set(after).where(eq(leads.id, id));
      await tx
        .insert(leadEvents)
        .values({ leadId: id, actorUserId: actor.id, kind: "change", body: said });
      const audit: AuditRecord = { entityId: id, before, after };
      return { result: { ok: true, changed: true }, audit };
    },
  );
}

/** Adds a note to the lead's history (append-only), with who and when; audited. */
export async function addLeadNote(
  actor: AdminActor,
  id: string,
  body: string,
): Promise<{ ok: true } | { ok: false; reason: "not-found" }> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  return auditedWrite<{ ok: true } | { ok: false; reason: "not-found" }>(
    actor,
    "lead.note",
    async (tx) => {
      const lead = await lockLead(tx, actor, id);
      if (!lead) return { result: { ok: false, reason: "not-found" } };
      const [event] = await tx
        .insert(leadEvents)
        .values({ leadId: id, actorUserId: actor.id, kind: "note", body })
        .returning({ id: leadEvents.id });
      await tx.update(leads).set({ updatedAt: new Date() }).where(eq(leads.id, id));
      return {
        result: { ok: true },
        audit: { entityId: id, before: null, after: { note: body, eventId: event?.id } },
      };
    },
  );
}

// ---------------------------------------------------------------------------
// Its e-mail.

/** For the lead.assigned e-mail: the lead and its agent, if they want e-mail now. */
export async function getLeadForMail(executor: Executor, leadId: string) {
  const [row] = await executor
    .select({
      id: leads.id,
      source: leads.source,
      name: leads.name,
      phone: leads.phone,
      email: leads.email,
      propertyTitle: properties.title,
      propertyCode: properties.referenceCode,
      agentEmail: users.email,
      agentName: users.name,
      agentActive: sql<boolean>`${users.status} = 'active'`,
      wantsMail: sql<boolean>`coalesce(${userSettings.notificationsEnabled}, true) and coalesce(${userSettings.emailNotificationsEnabled}, true)`,
    })
    .from(leads)
    .leftJoin(properties, eq(properties.id, leads.propertyId))
    .innerJoin(users, eq(users.id, leads.ownerId))
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(leads.id, leadId));
  return row;
}
