import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";

// The mail outbox as monitoring reads it, for /readyz and /metrics alike: how many messages are
// pending, how many of them are due, how long the longest-due one has been due, and how long the
// oldest unsent one has waited since it was queued, messages waiting for a retry included (a
// retry is not "due" until its time comes, so only the last figure grows through an SMTP
// outage). Times are the database's now(), the clock every instance shares.

export type OutboxState = {
  pending: number;
  /** Pending messages whose (next) attempt is due now. */
  due: number;
  /** How long the longest-due pending message has been due (0: none due). */
  oldestDueSeconds: number;
  /** How long the oldest pending message has waited since it was queued (0: none pending). */
  oldestUnsentSeconds: number;
  /** Pending messages queued `delayedAfterSeconds` ago or earlier (0 when not asked). */
  delayed: number;
  /** When some are delayed, the oldest pending message's attempts and what came of them. */
  oldest?: {
    attempts: number;
    /** The code its last error began with (ESOCKET, EENVELOPE, ...), when it had one. */
    lastErrorCode: string | null;
    /** Seconds until its next attempt (0: due now). */
    nextAttemptInSeconds: number;
  };
};

/** A row's `error` is "CODE: message" when the failure had a code (describeMailError). */
const ERROR_CODE = /^([A-Z][A-Z0-9_]*): /;

/** The outbox's state; with `delayedAfterSeconds`, which messages are late and the oldest's attempts. */
export async function readOutboxState(delayedAfterSeconds?: number): Promise<OutboxState> {
  const delayed =
    delayedAfterSeconds === undefined
      ? sql`0`
      : sql`count(*) filter (where created_at <= now() - ${delayedAfterSeconds} * interval '1 second')`;
  const result = await db.execute<{
    pending: number;
    due: number;
    oldest_due: number | null;
    oldest_unsent: number | null;
    delayed: number;
  }>(sql`
    select count(*)::int as pending,
           (count(*) filter (where next_attempt_at <= now()))::int as due,
           extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now()))::float8 as oldest_due,
           extract(epoch from now() - min(created_at))::float8 as oldest_unsent,
           (${delayed})::int as delayed
    from mail_outbox
    where status = 'pending'`);
  const row = result.rows[0];
  const state: OutboxState = {
    pending: Number(row?.pending ?? 0),
    due: Number(row?.due ?? 0),
    oldestDueSeconds: Math.max(0, Number(row?.oldest_due ?? 0)),
    oldestUnsentSeconds: Math.max(0, Number(row?.oldest_unsent ?? 0)),
    delayed: Number(row?.delayed ?? 0),
  };
  if (state.delayed === 0) return state;
  const oldest = await db.execute<{ attempts: number; error: string | null; next_in: number }>(sql`
    select attempts, error, extract(epoch from next_attempt_at - now())::float8 as next_in
    from mail_outbox
    where status = 'pending'
    order by created_at
    limit 1`);
  const first = oldest.rows[0];
  if (first) {
    state.oldest = {
      attempts: Number(first.attempts),
      lastErrorCode: ERROR_CODE.exec(first.error ?? "")?.[1] ?? null,
      nextAttemptInSeconds: Math.max(0, Math.ceil(Number(first.next_in))),
    };
  }
  return state;
}
