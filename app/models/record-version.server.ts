import { createHash } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { auditEvents, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { AuditAction, AuditEntity } from "~/lib/audit";
import type { LastChange } from "~/lib/edit-conflict";

// The version an admin edit form was opened at (issue 23, "no lost update"): a digest of the
// stored values that form edits, taken by the loader and checked by the model's update inside
// its transaction, after it has locked the row (SELECT ... FOR UPDATE). Any save that changed
// one of those values in between makes the version stale, and the update then writes nothing.
//
// A digest of the values rather than `updated_at` (ADR 23): it needs no new column, a change
// the form does not edit (a photo reordered beside the listing's fields, a status set from the
// list) does not make the form stale, and a collection (the contact items, a section of the
// website editor, the social links) gets one version from its rows just as a record does.

type Fields = Readonly<Record<string, unknown>>;

function canonical(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, canonical((value as Fields)[key])]),
    );
  }
  return value ?? null;
}

/** The version of these stored values (the same values always give the same version). */
export function recordVersion(fields: unknown): string {
  return createHash("sha256")
    .update(JSON.stringify(canonical(fields)))
    .digest("base64url")
    .slice(0, 22);
}

/** The same keys of `row` as `like` has (the fields a form edits, from the row as stored). */
export function pickFields(row: Fields, like: Fields | readonly string[]): Record<string, unknown> {
  const keys = Array.isArray(like) ? like : Object.keys(like);
  return Object.fromEntries(keys.map((key: string) => [key, row[key]]));
}

/**
 * Whether a save that was opened at `expected` is too late: the values it would overwrite are
 * no longer those it was opened at. No version (a script, a test calling the model) checks
 * nothing; every admin form sends one.
 */
export function isStale(expected: string | undefined | null, current: unknown) {
  return expected != null && expected !== recordVersion(current);
}

/**
 * Who last changed a record and when: its latest audit row (of one of `actions`, when given:
 * the writes that change what the form edits), with the actor's name.
 */
export async function lastChangeOf(
  executor: Executor,
  entityType: AuditEntity,
  entityId: string | null,
  actions?: readonly AuditAction[],
): Promise<LastChange | null> {
  const where = and(
    eq(auditEvents.entityType, entityType),
    entityId ? eq(auditEvents.entityId, entityId) : undefined,
    actions?.length ? inArray(auditEvents.action, [...actions]) : undefined,
  );
  const [row] = await executor
    .select({
      at: auditEvents.createdAt,
      email: auditEvents.actorEmail,
      name: users.name,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(where)
    .orderBy(desc(auditEvents.createdAt))
    .limit(1);
  if (!row) return null;
  return { by: row.name?.trim() || row.email, at: row.at.toISOString() };
}

/** A model's answer to a stale save: nothing was written; who changed it and when. */
export type Stale = { ok: false; reason: "conflict"; change: LastChange | null };

export async function staleOutcome(
  executor: Executor,
  entityType: AuditEntity,
  entityId: string | null,
  actions?: readonly AuditAction[],
): Promise<Stale> {
  const change = await lastChangeOf(executor, entityType, entityId, actions);
  return { ok: false, reason: "conflict", change };
}
