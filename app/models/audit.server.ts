import { and, count, desc, eq, gte, lt, type SQL, sql } from "drizzle-orm";
import type { AdminActor } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { auditEvents } from "~/db/schema";
import { BOOKING_TIME_ZONE } from "~/lib/appointment-rules";
import type { AuditEntity } from "~/lib/audit";

// Reading the audit log (/admin/audit). Writing happens only through auditedWrite.

export type AuditFilters = {
  /** The acting admin's user id. */
  actor?: string;
  entity?: AuditEntity;
  /** Lagos days, yyyy-MM-dd, both included. */
  from?: string;
  to?: string;
};

/** The start of a Lagos day as a moment. */
function lagosDayStart(day: string) {
  return sql`(${day}::date::timestamp at time zone ${BOOKING_TIME_ZONE})`;
}

function whereOf(filters: AuditFilters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.actor) conditions.push(eq(auditEvents.actorUserId, filters.actor));
  if (filters.entity) conditions.push(eq(auditEvents.entityType, filters.entity));
  if (filters.from) conditions.push(gte(auditEvents.createdAt, lagosDayStart(filters.from)));
  if (filters.to) {
    conditions.push(
      lt(auditEvents.createdAt, sql`${lagosDayStart(filters.to)} + interval '1 day'`),
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export async function listAuditEvents(
  _actor: AdminActor,
  filters: AuditFilters,
  page: { page: number; pageSize: number },
) {
  const where = whereOf(filters);
  const [totalRow] = await db.select({ n: count() }).from(auditEvents).where(where);
  const total = totalRow?.n ?? 0;
  const pageCount = Math.max(1, Math.ceil(total / page.pageSize));
  const shown = Math.min(page.page, pageCount);
  const rows = await db
    .select({
      id: auditEvents.id,
      actorUserId: auditEvents.actorUserId,
      actorEmail: auditEvents.actorEmail,
      action: auditEvents.action,
      entityType: auditEvents.entityType,
      entityId: auditEvents.entityId,
      changes: auditEvents.changes,
      clientAddress: auditEvents.clientAddress,
      createdAt: auditEvents.createdAt,
    })
    .from(auditEvents)
    .where(where)
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(page.pageSize)
    .offset((shown - 1) * page.pageSize);
  return { rows, total, page: shown, pageCount };
}

/** The admins who appear in the log, for the actor filter (by their latest e-mail). */
export async function listAuditActors(_actor: AdminActor) {
  return db
    .selectDistinctOn([auditEvents.actorUserId], {
      id: auditEvents.actorUserId,
      email: auditEvents.actorEmail,
    })
    .from(auditEvents)
    .orderBy(auditEvents.actorUserId, desc(auditEvents.createdAt));
}
