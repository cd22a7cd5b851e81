import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { logger } from "~/log/logger.server";
import { renderedColumns } from "./mail-message";
import { givesUp, mailRetryDelayMs, type RetryLimits } from "./mail-retry.server";
import { describeMailError, type OutgoingMail } from "./mail-transport.server";
import { renderNotification } from "./notification-mail.server";

// The outbox's rows as the sender takes them (ADR 11): the due notifications rendered, the due
// e-mails claimed, and what was claimed and not started handed back.
//
// - Before each claim the sender renders the due notifications (rows a model's write stored with
//   a kind and payload, ~/models/notification.server) into their e-mails
//   (./notification-mail.server), each in a transaction of its own that locks the row
//   (`FOR UPDATE SKIP LOCKED`, so two senders never render one row): the row becomes the first
//   e-mail, the others get rows of their own, due at once. A notification that tells nobody
//   (no admin has e-mail on) is deleted. One whose rendering fails is retried with the same
//   backoff as a delivery and counted among its attempts. Rows queued rendered (mail no write
//   causes, and those from before notifications) skip this step. Held notifications (issue 44:
//   mail a restore found unsent) are rendered too, their e-mails held like them, so the Backups
//   screen can say whom each is for; nothing claims a held row.
// - A sender claims due rows in one statement (`FOR UPDATE SKIP LOCKED`, so two senders never
//   claim the same row) and gives them a lease: until `lease_until` nobody else takes them.
//
// Times are the database's clock (`now()`), the one clock every instance shares; a test may pass
// a clock of its own (`now`) to move time.

/** SQL for "now plus `offsetMs`", by the given clock or the database's. */
export type Clock = (offsetMs?: number) => SQL;

export function clockOf(now: (() => Date) | undefined): Clock {
  if (now) {
    return (offsetMs = 0) =>
      sql`${new Date(now().getTime() + offsetMs).toISOString()}::timestamptz`;
  }
  return (offsetMs = 0) => sql`(now() + ${offsetMs} * interval '1 millisecond')`;
}

/** A row's age (since it was queued) in milliseconds, by the clock. */
function ageMsSql(clock: Clock): SQL {
  return sql`(extract(epoch from ${clock()} - ${mailOutbox.createdAt}) * 1000)::float8`;
}

/** `ageMs`: since the row was queued, by the sender's clock. */
export type ClaimedRow = OutgoingMail & { attempts: number; ageMs: number };

/** A notification being rendered: a pending one, or one held since a restore (issue 44). */
type RenderingRow = {
  id: string;
  kind: string;
  attempts: number;
  status: "pending" | "held";
  ageMs: number;
};

/**
 * Renders up to `limit` due notifications, one transaction each; answers how many rows it took
 * (rendered, told nobody, or failed to render).
 */
export async function renderDueNotifications(
  clock: Clock,
  limit: number,
  limits: RetryLimits,
): Promise<number> {
  let taken = 0;
  while (taken < limit) {
    let current: RenderingRow | undefined;
    try {
      const outcome = await db.transaction(async (tx) => {
        const result = await tx.execute<
          RenderingRow & { payload: Record<string, unknown> | string | null }
        >(sql`
          select id, kind, payload, attempts, status, ${ageMsSql(clock)} as "ageMs"
          from ${mailOutbox}
          where status in ('pending', 'held') and subject is null
            and next_attempt_at <= ${clock()}
          order by next_attempt_at, created_at
          limit 1
          for update skip locked`);
        const row = result.rows[0];
        if (!row) return "none" as const;
        current = row;
        const [first, ...others] = await renderNotification(tx, row.kind, parseJson(row.payload));
        if (!first) {
          await tx.delete(mailOutbox).where(eq(mailOutbox.id, row.id));
          logger.info({ mail: { id: row.id, kind: row.kind } }, "A notification told nobody");
          return "taken" as const;
        }
        await tx.update(mailOutbox).set(renderedColumns(first)).where(eq(mailOutbox.id, row.id));
        if (others.length > 0) {
          await tx.insert(mailOutbox).values(
            others.map((message) => ({
              kind: row.kind,
              payload: parseJson(row.payload),
              status: row.status,
              ...renderedColumns(message),
            })),
          );
        }
        return "taken" as const;
      });
      if (outcome === "none") return taken;
    } catch (error) {
      if (!current) throw error;
      await recordRenderFailure(current, error, clock, limits);
    }
    taken += 1;
  }
  return taken;
}

/** A notification that could not be rendered: retried after the backoff, or given up. */
async function recordRenderFailure(
  row: RenderingRow,
  error: unknown,
  clock: Clock,
  limits: RetryLimits,
): Promise<void> {
  const attempts = row.attempts + 1;
  const message = describeMailError(error);
  const mail = { id: row.id, kind: row.kind, attempts };
  const where = and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, row.status));
  if (givesUp(attempts, Number(row.ageMs), limits)) {
    await db.update(mailOutbox).set({ status: "failed", attempts, error: message }).where(where);
    logger.error({ err: error, mail }, `Gave up rendering a ${row.kind} notification`);
    return;
  }
  const delayMs = mailRetryDelayMs(attempts);
  await db
    .update(mailOutbox)
    .set({ attempts, error: message, nextAttemptAt: clock(delayMs) })
    .where(where);
  logger.warn(
    { err: error, mail: { ...mail, retryInMs: delayMs } },
    `Could not render a ${row.kind} notification (attempt ${attempts}), will retry`,
  );
}

/** Claims up to `batchSize` due rows for `claim`, leased for `leaseMs`. */
export async function claimDueMail(
  claim: string,
  clock: Clock,
  leaseMs: number,
  batchSize: number,
): Promise<ClaimedRow[]> {
  const result = await db.execute<ClaimedRow>(sql`
    update ${mailOutbox}
    set attempts = attempts + 1,
        lease_until = ${clock(leaseMs)},
        claimed_by = ${claim}
    where id in (
      select id from ${mailOutbox}
      where status = 'pending' and subject is not null
        and next_attempt_at <= ${clock()}
        and (lease_until is null or lease_until <= ${clock()})
      order by next_attempt_at, created_at
      limit ${batchSize}
      for update skip locked
    )
    returning id, "to", subject, text, html, attachments, headers, attempts,
      ${ageMsSql(clock)} as "ageMs"`);
  return result.rows.map((row) => ({
    ...row,
    ageMs: Number(row.ageMs),
    attachments: parseJson(row.attachments),
    headers: parseJson(row.headers),
  }));
}

// Both drivers parse jsonb; a string here would be a driver configured otherwise.
function parseJson<T>(value: T | string | null): T | null {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/** Hands claimed rows that were not attempted back for the next claim, uncounted. */
export async function releaseClaimed(claim: string, ids: string[]): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} - 1`, leaseUntil: null, claimedBy: null })
    .where(
      and(
        eq(mailOutbox.claimedBy, claim),
        eq(mailOutbox.status, "pending"),
        inArray(mailOutbox.id, ids),
      ),
    );
}
