import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { logger } from "~/log/logger.server";
import { type Clock, clockOf } from "./mail-claims.server";
import { MAIL_RETRY_BASE_MS, MAIL_RETRY_MAX_MS } from "./mail-retry.server";
import {
  type MailTransport,
  mailTransportFor,
  SERVER_UNAVAILABLE_CODES,
} from "./mail-transport.server";

// Mail recovers as soon as the mail server does (issue 44): rows waiting for a retry because
// the server took no session (SERVER_UNAVAILABLE_CODES: refused, unreachable, timed out) are
// made due at once when a pass sends a message, or when the check the server's sender makes
// every MAIL_CHECK_MS while such rows wait (a connection, EHLO and the login) succeeds. Only
// their next_attempt_at moves, on rows nobody has claimed, so the claim stays the one way to a
// send: nothing is sent twice. A refusal of one message (a bounced recipient) keeps its backoff
// (./mail-retry.server.ts).

/** Rows made due per statement when the mail server answers again (MAIL_RESUME_ROUNDS per pass). */
export const MAIL_RESUME_BATCH = 200;
export const MAIL_RESUME_ROUNDS = 5;

/** The transport to check and the clock (a test's); the configured transport and `now()` when absent. */
export type ResumeOptions = { transport?: MailTransport; now?: () => Date };

/** SQL: the row's last error says the mail server took no session (SERVER_UNAVAILABLE_CODES). */
const failedOnServer = sql`split_part(${mailOutbox.error}, ':', 1) in (${sql.join(
  SERVER_UNAVAILABLE_CODES.map((code) => sql`${code}`),
  sql`, `,
)})`;

/**
 * SQL: when the row's last attempt failed, `next_attempt_at` less its backoff
 * (mailRetryDelayMs(attempts), which every failure sets).
 */
const lastFailedAt = sql`(${mailOutbox.nextAttemptAt} - least(${MAIL_RETRY_BASE_MS} * power(2::float8, greatest(${mailOutbox.attempts} - 1, 0)), ${MAIL_RETRY_MAX_MS}) * interval '1 millisecond')`;

/**
 * Makes up to `limit` rows due now that wait for a retry because the server took no session at
 * an attempt made more than `sinceMs` ago (before the send or check that proved it answers
 * again: a row that failed after that, during the same pass, keeps its backoff, so a message
 * that itself breaks the connection is not retried over and over); answers how many. Rows
 * claimed by a sender are left alone (their lease), and the rows stay pending and unclaimed: the
 * claim remains what decides who sends a row.
 */
export async function resumeWaitingMail(
  clock: Clock,
  sinceMs: number,
  limit = MAIL_RESUME_BATCH,
): Promise<number> {
  const result = await db.execute<{ id: string }>(sql`
    update ${mailOutbox}
    set next_attempt_at = ${clock()}
    where id in (
      select id from ${mailOutbox}
      where status = 'pending' and next_attempt_at > ${clock()}
        and (lease_until is null or lease_until <= ${clock()})
        and ${failedOnServer}
        and ${lastFailedAt} < ${clock(-Math.ceil(sinceMs))}
      order by next_attempt_at, created_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  return result.rows.length;
}

/**
 * While rows wait for a retry after the server took no session, asks the mail server whether
 * it takes a session now (the transport's check) and, when it does, makes them due (one batch;
 * the pass that delivers them makes the rest due). Answers how many; 0 when nothing waits, the
 * transport has nothing to check, or the server still does not answer.
 */
export async function resumeMailIfServerAnswers(
  options: ResumeOptions = {},
  shouldStop: () => boolean = () => false,
): Promise<number> {
  const transport = options.transport ?? mailTransportFor();
  if (!transport.check) return 0;
  const clock = clockOf(options.now);
  const waiting = await db.execute<{ id: string }>(sql`
    select id from ${mailOutbox}
    where status = 'pending' and next_attempt_at > ${clock()} and ${failedOnServer}
    limit 1`);
  if (waiting.rows.length === 0) return 0;
  const started = performance.now();
  try {
    await transport.check();
  } catch (error) {
    logger.info({ err: error }, "The mail server still takes no session; e-mails wait");
    return 0;
  }
  if (shouldStop()) return 0;
  const resumed = await resumeWaitingMail(clock, performance.now() - started);
  if (resumed > 0) {
    logger.info(
      { resumed },
      `The mail server answers again: ${resumed} waiting e-mails go out now`,
    );
  }
  return resumed;
}
