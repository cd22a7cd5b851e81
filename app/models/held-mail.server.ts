import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { mailOutbox, siteIdentity } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";

// Mail held since a restore (issue 44 item 2, ADR 26). A restore puts back a database whose
// outbox may hold mail the old site went on to send after the backup was taken: `npm run
// restore` marks every unsent row 'held' (app/backup/restore-guard.server.ts) and records the
// restore in site_identity. Nothing sends a held row; a super admin sends or drops each on the
// Backups screen, and each choice is audited.
//
// The scheduled jobs record what they queued in the transaction that queues it (a week's owner
// report in owner_weekly_reports, an alert's listings in saved_search_alerts), so a period
// whose mail was held at the restore is never queued again. What the restored database cannot
// know is what the old site sent after the backup: mail a job queues for a time before the
// restore (a report due Monday 08:00, an alert due at 09:00, restored at 10:00) is held too.

/** The site's id and its last restore, for the Backups screen. */
export async function getSiteIdentity() {
  const [row] = await db
    .select({
      siteId: siteIdentity.siteId,
      restoredAt: siteIdentity.restoredAt,
      restoredBackupTakenAt: siteIdentity.restoredBackupTakenAt,
      restoredBackupFile: siteIdentity.restoredBackupFile,
    })
    .from(siteIdentity)
    .where(eq(siteIdentity.id, 1));
  return row;
}

/** When this database was last put in place by a restore, if ever. */
export async function lastRestoreTime(executor: Executor = db): Promise<Date | undefined> {
  const [row] = await executor
    .select({ restoredAt: siteIdentity.restoredAt })
    .from(siteIdentity)
    .where(eq(siteIdentity.id, 1));
  return row?.restoredAt ?? undefined;
}

/**
 * Holds the rows a job just queued (`ids`) when what they are for came due (`dueAt`) before the
 * last restore (`restoredAt`): the old site was still running then, and may have sent it.
 * Answers whether it held them.
 */
export async function holdIfDueBeforeRestore(
  tx: Executor,
  ids: readonly string[],
  dueAt: Date,
  restoredAt: Date | undefined,
): Promise<boolean> {
  if (!restoredAt || dueAt.getTime() > restoredAt.getTime() || ids.length === 0) return false;
  await tx
    .update(mailOutbox)
    .set({ status: "held" })
    .where(and(inArray(mailOutbox.id, [...ids]), eq(mailOutbox.status, "pending")));
  return true;
}

/** Held messages the screen lists at most (the rest are counted; "all" acts on every one). */
export const HELD_MAIL_LISTED = 50;

export type HeldMail = {
  id: string;
  /** Null while a notification is not rendered yet (the sender renders held ones too). */
  to: string | null;
  subject: string | null;
  kind: string | null;
  createdAt: Date;
};

/** The held messages, oldest first, and how many there are. */
export async function listHeldMail(): Promise<{ total: number; rows: HeldMail[] }> {
  const held = eq(mailOutbox.status, "held");
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      kind: mailOutbox.kind,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(held)
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
    .limit(HELD_MAIL_LISTED);
  const [counted] = await db.select({ n: count() }).from(mailOutbox).where(held);
  return { total: counted?.n ?? 0, rows };
}

/** One held message by id, or every held message. */
export type HeldMailTarget = { id: string } | "all";

type HeldOutcome = Outcome<{ count: number }, "not-held">;

function whereHeld(target: HeldMailTarget) {
  const held = eq(mailOutbox.status, "held");
  return target === "all" ? held : and(held, eq(mailOutbox.id, target.id));
}

const described = { id: mailOutbox.id, to: mailOutbox.to, subject: mailOutbox.subject };

type HeldRow = { id: string; to: string | null; subject: string | null };

/** What a choice on held rows answers and audits: one audit row per message. */
function heldChoice(rows: HeldRow[], after: (row: HeldRow) => Record<string, unknown> | null) {
  if (rows.length === 0) return { result: { ok: false, reason: "not-held" } as HeldOutcome };
  return {
    result: { ok: true, count: rows.length } as HeldOutcome,
    audit: rows.map((row) => ({
      entityId: row.id,
      before: { status: "held", to: row.to, subject: row.subject },
      after: after(row),
    })),
  };
}

/**
 * "Send now": the held message(s) go back to the outbox as new (attempts from the old site
 * forgotten), due at once. The caller tells the sender (kickMailSender) after this commits.
 * "not-held" when there is nothing held by that id (sent or dropped meanwhile).
 */
export function sendHeldMail(actor: AdminActor, target: HeldMailTarget): Promise<HeldOutcome> {
  return auditedWrite(actor, "mail.send-held", async (tx) => {
    const rows = await tx
      .update(mailOutbox)
      .set({ status: "pending", attempts: 0, nextAttemptAt: sql`now()`, error: null })
      .where(whereHeld(target))
      .returning(described);
    return heldChoice(rows, (row) => ({ status: "pending", to: row.to, subject: row.subject }));
  });
}

/** "Drop": the held message(s) are deleted unsent. "not-held" as for sendHeldMail. */
export function dropHeldMail(actor: AdminActor, target: HeldMailTarget): Promise<HeldOutcome> {
  return auditedWrite(actor, "mail.drop-held", async (tx) => {
    const rows = await tx.delete(mailOutbox).where(whereHeld(target)).returning(described);
    return heldChoice(rows, () => null);
  });
}
