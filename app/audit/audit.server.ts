import { announceContentChange, contentChanged } from "~/cache/content-generation.server";
import { db } from "~/db/client.server";
import { insertMany } from "~/db/insert-many.server";
import { type AuditChanges, auditEvents } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import type { AuditAction, AuditEntity } from "~/lib/audit";

// Every change an admin makes goes through auditedWrite: the change and its audit row commit
// together or not at all, and a write that reports success without saying what it changed is a
// bug that throws (so the transaction rolls back) rather than a change nobody can trace.

export type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

type Fields = Record<string, unknown>;

/** What one write changed: its row before and after (only the fields that differ are kept). */
export type AuditRecord = {
  entityId: string | null;
  before?: Fields | null;
  after?: Fields | null;
};

/** Field names never written to the log, whatever entity they belong to. */
const SECRET_FIELD = /password|passwd|secret|token|hash|salt|api[-_]?key|credential/i;

export const REDACTED = "[redacted]";

function comparable(value: unknown): string {
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  return JSON.stringify(value ?? null);
}

function loggable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value ?? null;
}

/**
 * The fields whose values differ between `before` and `after` (a created row has no before, a
 * deleted one no after), as `{ field: { before, after } }`. Secret fields show only that they
 * changed; `updatedAt`-style bookkeeping is left out.
 */
export function changedFields(before: Fields | null | undefined, after: Fields | null | undefined) {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (key === "updatedAt" || key === "createdAt") continue;
    const was = before?.[key];
    const now = after?.[key];
    if (comparable(was) === comparable(now)) continue;
    changes[key] = SECRET_FIELD.test(key)
      ? {
          before: before && key in before ? REDACTED : null,
          after: after && key in after ? REDACTED : null,
        }
      : { before: loggable(was), after: loggable(now) };
  }
  return changes;
}

/**
 * Records no public page shows: their writes leave the page cache and reference data alone
 * (confirming a viewing, answering a complaint, editing an account or an admin's own settings
 * must not re-render every cached page). Anything not listed here is taken to be public, so a
 * new kind of record empties the cache until someone says otherwise.
 */
const PRIVATE_ENTITIES: ReadonlySet<AuditEntity> = new Set<AuditEntity>([
  "appointment",
  "inquiry",
  "user",
  "settings",
  "calendar-feed",
  // An owner's submission is private until approved, which puts a listing on the site or
  // changes or removes one (PUBLIC_ACTIONS).
  "submission",
  // A backup archive is a file in BACKUP_DIR, shown on no page but the Backups screen.
  "backup",
  // The outbox's held mail (issue 44): no page shows it.
  "mail",
  // Fraud reports (issue 45) are the office's; taking a listing down is a property write.
  "report",
  // Title documents and requests for copies (issue 46) are private to staff and the buyer.
  "title-document",
  "title-copy",
  // The lead inbox (issue 47): the office's and agents' own.
  "lead",
]);

/** Writes to a private entity that change a public record all the same. */
const PUBLIC_ACTIONS: ReadonlySet<AuditAction> = new Set<AuditAction>([
  "submission.approve",
  // The agency's fee terms, shown on every rental's page (issue 45).
  "settings.fee-terms",
  // The availability periods decide which listings the search shows (issue 46).
  "settings.availability",
]);

/** Whether a write of this kind may change what public pages show. */
export function changesPublicContent(action: AuditAction): boolean {
  const [entityType] = action.split(".") as [AuditEntity];
  return !PRIVATE_ENTITIES.has(entityType) || PUBLIC_ACTIONS.has(action);
}

class RolledBack extends Error {
  constructor(readonly result: unknown) {
    super("admin write refused: rolled back");
  }
}

/**
 * Runs an admin's write in one transaction with its audit row. `work` answers the outcome and,
 * when it succeeded, what it changed: one record, or one per record changed when a write
 * changes several that each keep their own history (a CSV import). A refused outcome
 * (`ok: false`) rolls everything back and writes no audit row; a success without an audit
 * record throws.
 */
export async function auditedWrite<Result extends { ok: boolean }>(
  actor: AdminActor,
  action: AuditAction,
  work: (tx: Transaction) => Promise<{
    result: Result;
    audit?: AuditRecord | AuditRecord[];
    /** This write of a private kind changed what public pages show (an agent's account). */
    publicContent?: boolean;
  }>,
): Promise<Result> {
  let isPublic = changesPublicContent(action);
  try {
    const committed = await db.transaction(async (tx) => {
      const { result, audit, publicContent } = await work(tx);
      if (!result.ok) throw new RolledBack(result);
      const records = audit === undefined ? [] : Array.isArray(audit) ? audit : [audit];
      if (records.length === 0) {
        throw new Error(`${action}: an admin write must say what it changed`);
      }
      const [entityType] = action.split(".") as [AuditEntity];
      const rows = records.map((record) => ({
        actorUserId: actor.id,
        actorEmail: actor.email,
        action,
        entityType,
        entityId: record.entityId,
        changes: changedFields(record.before, record.after),
        clientAddress: actor.clientAddress || null,
      }));
      // One row the usual way; many (a CSV import's) as JSON, one statement per 1,000 rows.
      if (rows.length === 1) await tx.insert(auditEvents).values(rows);
      else await insertMany(tx, auditEvents, rows);
      // Public pages may show what changed: other instances hear of it at commit.
      isPublic ||= publicContent === true;
      if (isPublic) await announceContentChange(tx);
      return result;
    });
    // Cached public pages and reference data are stale from now on (app/cache/).
    if (isPublic) contentChanged();
    return committed;
  } catch (error) {
    if (error instanceof RolledBack) return error.result as Result;
    throw error;
  }
}
