import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { logger } from "~/log/logger.server";
import {
  type ClaimedRow,
  type Clock,
  claimDueMail,
  clockOf,
  releaseClaimed,
  renderDueNotifications,
} from "./mail-claims.server";
import { MAIL_RESUME_ROUNDS, resumeWaitingMail } from "./mail-resume.server";
import { givesUp, mailRetryDelayMs, type RetryLimits, retryLimitsOf } from "./mail-retry.server";
import {
  describeMailError,
  type MailTransport,
  mailTransportFor,
  SMTP_ATTEMPT_MAX_MS,
  SMTP_POOL,
} from "./mail-transport.server";

// Delivering the outbox's due rows (ADR 11), one pass of a sender; any number of senders may
// run, one per server instance, against one database:
//
// - A pass claims due rows (./mail-claims.server.ts) and sends MAIL_CONCURRENCY messages at
//   once, over the transport's pooled SMTP connections (one each), and claims the next rows as
//   soon as a sending slot finds nothing left to send, while the other slots are still busy: a
//   burst flows without a pause between batches or a wait for the poll.
// - Each row is marked 'sent' right after its own delivery, in a statement of its own, guarded
//   by its claim. A failure is that row's alone (the pool gives each message its own outcome,
//   and a broken connection fails only the message it carried): it is retried or given up by
//   the retry rules (./mail-retry.server.ts).
// - When a message went through, the rows waiting because the mail server took no session go
//   out too (./mail-resume.server.ts).
// - A row is only started while its lease has SMTP_ATTEMPT_MAX_MS left to run, so a lease never
//   ends under an attempt. Claimed rows not started by then (a mail server so slow that a claim
//   has not drained in time) or when the sender stops are handed back at once, uncounted, for
//   the next claim by any sender.
// - Delivery is at least once: a process that dies after the mail server accepted a message and
//   before its row is marked sent leaves the row claimed; when the lease ends another sender
//   delivers it again. That window is the few milliseconds between the SMTP answer and the
//   UPDATE. Nothing else sends a row twice.

/** Messages one sender (one instance) sends at once: one per pooled SMTP connection. */
export const MAIL_CONCURRENCY = SMTP_POOL.maxConnections;
/**
 * Rows claimed per statement: four per sending slot, so a burst costs one claim per 20 messages,
 * while one instance never holds many more rows than it is about to send (another instance
 * takes the rest).
 */
export const MAIL_BATCH_SIZE = 20;
/**
 * How long a claim keeps other senders off its rows. A row is started only within the first
 * MAIL_LEASE_MS - SMTP_ATTEMPT_MAX_MS (40 s) of it, so its attempt (at most 80 s) ends before the
 * lease does. At a normal pace a claim of 20 drains in well under a second (5 at a time, a few
 * to 150 ms each); with a mail server that stalls every message to its timeouts (up to 40 s
 * each) 5 to 10 start in time and the rest go back for a fresh claim. It is also how long a
 * crashed instance's claimed rows wait before another sender retries them.
 */
export const MAIL_LEASE_MS = 2 * 60_000;

export type DeliverOptions = {
  transport?: MailTransport;
  /** The time; the database's `now()` when absent. */
  now?: () => Date;
  batchSize?: number;
  leaseMs?: number;
  /** How long one attempt may take; a row is started only while its lease has this left. */
  attemptMaxMs?: number;
  maxAttempts?: number;
  /** MAIL_GIVE_UP_AFTER_MS when absent. */
  giveUpAfterMs?: number;
  /** Messages sent at once; MAIL_CONCURRENCY when absent. */
  concurrency?: number;
};

export type DeliveryReport = {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  /** Claimed but handed back unsent (the sender stopped, or the lease ran short). */
  released: number;
  /** Rows waiting for a retry after the server took no session, made due when a send went through. */
  resumed: number;
};

type QueuedRow = { row: ClaimedRow; claim: string; startBy: number };

/**
 * Claims and delivers, MAIL_CONCURRENCY at a time, up to `maxClaims` claims and until a claim
 * finds fewer rows than a batch (nothing more is due) or `shouldStop` answers true.
 */
async function deliverClaims(
  options: DeliverOptions,
  shouldStop: () => boolean,
  maxClaims: number,
): Promise<DeliveryReport> {
  const transport = options.transport ?? mailTransportFor();
  const clock = clockOf(options.now);
  const limits = retryLimitsOf(options);
  const batchSize = options.batchSize ?? MAIL_BATCH_SIZE;
  const leaseMs = options.leaseMs ?? MAIL_LEASE_MS;
  const attemptMaxMs = options.attemptMaxMs ?? SMTP_ATTEMPT_MAX_MS;
  const concurrency = Math.max(1, options.concurrency ?? MAIL_CONCURRENCY);
  if (leaseMs <= attemptMaxMs) {
    throw new Error(`The mail lease (${leaseMs} ms) must outlast an attempt (${attemptMaxMs} ms)`);
  }

  const report = emptyReport();
  const queue: QueuedRow[] = [];
  let claims = 0;
  let exhausted = false;
  let claiming: Promise<void> | undefined;
  let broken = false;

  async function claimMore() {
    claims += 1;
    const claim = crypto.randomUUID();
    // Read before the statement sets the lease, so it errs early.
    const rendered = await renderDueNotifications(clock, batchSize, limits);
    const startBy = performance.now() + leaseMs - attemptMaxMs;
    const rows = await claimDueMail(claim, clock, leaseMs, batchSize);
    report.claimed += rows.length;
    // A full batch of either may mean more is due.
    if ((rows.length < batchSize && rendered < batchSize) || claims >= maxClaims) exhausted = true;
    for (const row of rows) queue.push({ row, claim, startBy });
  }

  async function release(rows: QueuedRow[]) {
    const byClaim = new Map<string, string[]>();
    for (const { claim, row } of rows) byClaim.set(claim, [...(byClaim.get(claim) ?? []), row.id]);
    for (const [claim, ids] of byClaim) await releaseClaimed(claim, ids);
    report.released += rows.length;
  }

  /** The next row to send, claiming more when none is left; undefined when done. */
  async function nextRow(): Promise<QueuedRow | undefined> {
    for (;;) {
      if (broken || shouldStop()) return undefined;
      const next = queue[0];
      const now = performance.now();
      if (next && now > next.startBy) {
        // Too late to start within the lease (the queue is in claim order, so the late rows
        // come first): they go back for the next claim, this run's or another sender's.
        const inTime = queue.findIndex((queued) => now <= queued.startBy);
        const late = queue.splice(0, inTime === -1 ? queue.length : inTime);
        await release(late);
        logger.warn({ released: late.length }, "E-mails claimed too long ago were handed back");
        continue;
      }
      if (next) return queue.shift();
      if (exhausted) return undefined;
      claiming ??= claimMore().finally(() => {
        claiming = undefined;
      });
      await claiming;
    }
  }

  async function sendingSlot() {
    try {
      for (let next = await nextRow(); next; next = await nextRow()) {
        const outcome = await deliverOne(next.row, next.claim, transport, clock, limits);
        report[outcome] += 1;
      }
    } catch (error) {
      // The database failed us: the other slots finish what they are sending and stop.
      broken = true;
      throw error;
    }
  }

  const slots = await Promise.allSettled(Array.from({ length: concurrency }, sendingSlot));
  if (queue.length > 0) {
    // Stopping (or the database failed): what was claimed and not started goes back now rather
    // than when its lease ends.
    await release(queue.splice(0)).catch((error: unknown) => {
      logger.warn({ err: error }, "Could not hand back claimed e-mails; their lease will end");
    });
  }
  const failure = slots.find((slot) => slot.status === "rejected");
  if (failure) throw failure.reason;
  return report;
}

/**
 * One claim: delivers the rows due now, up to a batch. Answers what happened; never throws for
 * a message that could not be delivered (that is recorded on its row).
 */
export function deliverDueMail(options: DeliverOptions = {}): Promise<DeliveryReport> {
  return deliverClaims(options, () => false, 1);
}

function emptyReport(): DeliveryReport {
  return { claimed: 0, sent: 0, retrying: 0, failed: 0, released: 0, resumed: 0 };
}

async function deliverOne(
  row: ClaimedRow,
  claim: string,
  transport: MailTransport,
  clock: Clock,
  limits: RetryLimits,
): Promise<"sent" | "retrying" | "failed"> {
  const mine = and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimedBy, claim));
  try {
    await transport.deliver(row);
  } catch (error) {
    const message = describeMailError(error);
    const mail = { id: row.id, to: row.to, subject: row.subject, attempts: row.attempts };
    if (givesUp(row.attempts, row.ageMs, limits)) {
      await db
        .update(mailOutbox)
        .set({ status: "failed", error: message, leaseUntil: null })
        .where(mine);
      logger.error(
        { err: error, mail },
        `Gave up sending e-mail to ${row.to} after ${row.attempts} attempts: ${row.subject}`,
      );
      return "failed";
    }
    const delayMs = mailRetryDelayMs(row.attempts);
    await db
      .update(mailOutbox)
      .set({ error: message, nextAttemptAt: clock(delayMs), leaseUntil: null })
      .where(mine);
    logger.warn(
      { err: error, mail: { ...mail, retryInMs: delayMs } },
      `Could not send e-mail to ${row.to} (attempt ${row.attempts}), will retry: ${row.subject}`,
    );
    return "retrying";
  }
  // Right after the delivery, in its own statement: the shorter this gap, the smaller the
  // at-least-once window.
  const [marked] = await db
    .update(mailOutbox)
    .set({
      status: "sent",
      sentAt: clock(),
      transport: transport.name,
      error: null,
      leaseUntil: null,
    })
    .where(and(mine, eq(mailOutbox.status, "pending")))
    .returning({ id: mailOutbox.id });
  if (!marked) {
    // Our lease ran out during the attempt and another sender took the row: it may send it too.
    logger.warn({ mail: { id: row.id, to: row.to } }, "An e-mail's lease ended while sending it");
  } else if (transport.name === "smtp") {
    logger.info(
      { mail: { id: row.id, to: row.to, subject: row.subject } },
      `E-mail sent to ${row.to}: ${row.subject}`,
    );
  }
  return "sent";
}

/**
 * Delivers until nothing is due now, claiming again as soon as the claimed rows are out. When
 * a message went through, the rows waiting for a retry because the server took no session are
 * made due and delivered too (up to MAIL_RESUME_ROUNDS batches of MAIL_RESUME_BATCH; the next
 * pass goes on); other waiting rows stay for their retry. With `shouldStop`, stops starting
 * messages once it answers true: those being sent finish, the rest of the claim goes back.
 */
export async function deliverAllDueMail(
  options: DeliverOptions = {},
  shouldStop: () => boolean = () => false,
): Promise<DeliveryReport> {
  const total = emptyReport();
  const started = performance.now();
  for (let round = 0; ; round += 1) {
    const report = await deliverClaims(options, shouldStop, Number.POSITIVE_INFINITY);
    for (const key of Object.keys(total) as (keyof DeliveryReport)[]) total[key] += report[key];
    if (report.sent === 0 || shouldStop() || round >= MAIL_RESUME_ROUNDS) return total;
    const resumed = await resumeWaitingMail(clockOf(options.now), performance.now() - started);
    if (resumed === 0) return total;
    total.resumed += resumed;
    logger.info({ resumed }, `An e-mail went through: ${resumed} waiting for a retry go out now`);
  }
}
