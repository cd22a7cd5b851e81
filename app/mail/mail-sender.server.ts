import crypto from "node:crypto";
import { and, eq, lt, or, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { mailOutbox, type OutboxAttachment } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import {
  describeMailError,
  type MailTransport,
  mailTransportFor,
  type OutgoingMail,
} from "./mail-transport.server";

// The sender: delivers the outbox's pending rows (ADR 11). Any number of senders may run, one
// per server instance, against one database:
//
// - A sender claims due rows in one statement (`FOR UPDATE SKIP LOCKED`, so two senders never
//   claim the same row) and gives them a lease: until `lease_until` nobody else takes them.
// - It delivers each, then marks it 'sent' in a statement of its own right away, guarded by its
//   claim. A failure sets the next attempt after an exponential backoff; after
//   MAIL_MAX_ATTEMPTS the row is marked 'failed' and logged as an error.
// - Delivery is at least once: a process that dies after the mail server accepted a message and
//   before its row is marked sent leaves the row claimed; when the lease ends another sender
//   delivers it again. That window is the few milliseconds between the SMTP answer and the
//   UPDATE. Nothing else sends a row twice.
//
// Times are the database's clock (`now()`), the one clock every instance shares; a test may pass
// a clock of its own (`now`) to move time.

export const MAIL_MAX_ATTEMPTS = 8;
/** First retry after this; each further one waits twice as long, up to MAIL_RETRY_MAX_MS. */
export const MAIL_RETRY_BASE_MS = 30_000;
export const MAIL_RETRY_MAX_MS = 60 * 60_000;
/** Longer than one SMTP attempt can take (connection + greeting + socket timeouts). */
export const MAIL_LEASE_MS = 2 * 60_000;
export const MAIL_BATCH_SIZE = 20;
/** How often a running sender looks for due rows it was not told about. */
export const MAIL_POLL_MS = 5_000;

/** The wait before attempt `attempts + 1`, after `attempts` failed ones. */
export function mailRetryDelayMs(attempts: number): number {
  return Math.min(MAIL_RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), MAIL_RETRY_MAX_MS);
}

export type DeliverOptions = {
  transport?: MailTransport;
  /** The time; the database's `now()` when absent. */
  now?: () => Date;
  batchSize?: number;
  leaseMs?: number;
  maxAttempts?: number;
};

export type DeliveryReport = { claimed: number; sent: number; retrying: number; failed: number };

type ClaimedRow = OutgoingMail & { attempts: number };

/** SQL for "now plus `offsetMs`", by the given clock or the database's. */
type Clock = (offsetMs?: number) => SQL;

function clockOf(now: (() => Date) | undefined): Clock {
  if (now) {
    return (offsetMs = 0) =>
      sql`${new Date(now().getTime() + offsetMs).toISOString()}::timestamptz`;
  }
  return (offsetMs = 0) => sql`(now() + ${offsetMs} * interval '1 millisecond')`;
}

/** Claims up to `batchSize` due rows for `claim`, leased for `leaseMs`. */
async function claimDueMail(
  claim: string,
  clock: Clock,
  leaseMs: number,
  batchSize: number,
): Promise<ClaimedRow[]> {
  const result = await db.execute<{
    id: string;
    to: string;
    subject: string;
    text: string;
    html: string | null;
    attachments: OutboxAttachment[] | null;
    headers: Record<string, string> | null;
    attempts: number;
  }>(sql`
    update ${mailOutbox}
    set attempts = attempts + 1,
        lease_until = ${clock(leaseMs)},
        claimed_by = ${claim}
    where id in (
      select id from ${mailOutbox}
      where status = 'pending'
        and next_attempt_at <= ${clock()}
        and (lease_until is null or lease_until <= ${clock()})
      order by next_attempt_at, created_at
      limit ${batchSize}
      for update skip locked
    )
    returning id, "to", subject, text, html, attachments, headers, attempts`);
  return result.rows.map((row) => ({
    ...row,
    attachments: parseJson(row.attachments),
    headers: parseJson(row.headers),
  }));
}

// Both drivers parse jsonb; a string here would be a driver configured otherwise.
function parseJson<T>(value: T | string | null): T | null {
  return typeof value === "string" ? (JSON.parse(value) as T) : value;
}

/**
 * One pass: claims the rows due now and delivers them. Answers what happened; never throws for
 * a message that could not be delivered (that is recorded on its row).
 */
export async function deliverDueMail(options: DeliverOptions = {}): Promise<DeliveryReport> {
  const transport = options.transport ?? mailTransportFor();
  const clock = clockOf(options.now);
  const maxAttempts = options.maxAttempts ?? MAIL_MAX_ATTEMPTS;
  const claim = crypto.randomUUID();
  const rows = await claimDueMail(
    claim,
    clock,
    options.leaseMs ?? MAIL_LEASE_MS,
    options.batchSize ?? MAIL_BATCH_SIZE,
  );
  const report: DeliveryReport = { claimed: rows.length, sent: 0, retrying: 0, failed: 0 };
  for (const row of rows) {
    const outcome = await deliverOne(row, claim, transport, clock, maxAttempts);
    report[outcome] += 1;
  }
  return report;
}

async function deliverOne(
  row: ClaimedRow,
  claim: string,
  transport: MailTransport,
  clock: Clock,
  maxAttempts: number,
): Promise<"sent" | "retrying" | "failed"> {
  const mine = and(eq(mailOutbox.id, row.id), eq(mailOutbox.claimedBy, claim));
  try {
    await transport.deliver(row);
  } catch (error) {
    const message = describeMailError(error);
    const mail = { id: row.id, to: row.to, subject: row.subject, attempts: row.attempts };
    if (row.attempts >= maxAttempts) {
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

/** Delivers until nothing is due now (rows waiting for a retry stay for later). */
export async function deliverAllDueMail(
  options: DeliverOptions = {},
  shouldStop: () => boolean = () => false,
): Promise<DeliveryReport> {
  const total: DeliveryReport = { claimed: 0, sent: 0, retrying: 0, failed: 0 };
  const batchSize = options.batchSize ?? MAIL_BATCH_SIZE;
  for (;;) {
    const report = await deliverDueMail({ ...options, batchSize });
    for (const key of Object.keys(total) as (keyof DeliveryReport)[]) total[key] += report[key];
    if (report.claimed < batchSize || shouldStop()) return total;
  }
}

// ---------------------------------------------------------------------------
// The server's sender: started by startApp, stopped by stopApp (server/app.ts). It runs a pass
// at start (mail left pending by a crash or a stop goes out now), every MAIL_POLL_MS, and at
// once when kicked after a commit that queued mail. Kept on globalThis so a module reloaded by
// the dev server kicks the same sender.

type SenderState = {
  options: DeliverOptions & { pollMs: number };
  timer: NodeJS.Timeout | undefined;
  running: Promise<void> | undefined;
  again: boolean;
  stopped: boolean;
};

const SENDER_KEY = Symbol.for("naija-homes.mail-sender");
type GlobalWithSender = typeof globalThis & { [SENDER_KEY]?: SenderState };

function currentSender(): SenderState | undefined {
  return (globalThis as GlobalWithSender)[SENDER_KEY];
}

export function startMailSender(options: DeliverOptions & { pollMs?: number } = {}): void {
  if (currentSender()) return;
  const state: SenderState = {
    options: { ...options, pollMs: options.pollMs ?? MAIL_POLL_MS },
    timer: undefined,
    running: undefined,
    again: false,
    stopped: false,
  };
  (globalThis as GlobalWithSender)[SENDER_KEY] = state;
  schedule(state, 0);
}

function schedule(state: SenderState, ms: number) {
  if (state.stopped) return;
  clearTimeout(state.timer);
  state.timer = setTimeout(() => runPasses(state), ms);
  state.timer.unref();
}

function runPasses(state: SenderState) {
  if (state.running) {
    state.again = true;
    return;
  }
  state.running = (async () => {
    do {
      state.again = false;
      await deliverAllDueMail(state.options, () => state.stopped);
    } while (state.again && !state.stopped);
  })()
    .catch((error: unknown) => {
      logger.error({ err: error }, "The mail sender's pass failed; it will try again");
    })
    .finally(() => {
      state.running = undefined;
      schedule(state, state.options.pollMs);
    });
}

/**
 * Tells this process's sender that mail was queued: call after the transaction that queued it
 * committed. Without a running sender (tests, command-line tasks) it does nothing: the rows
 * wait in the outbox for a server.
 */
export function kickMailSender(): void {
  const state = currentSender();
  if (!state || state.stopped) return;
  if (state.running) state.again = true;
  else schedule(state, 0);
}

/** Stops the sender after the message it is sending; undelivered rows wait for the next start. */
export async function stopMailSender(): Promise<void> {
  const state = currentSender();
  if (!state) return;
  state.stopped = true;
  clearTimeout(state.timer);
  await state.running;
  (globalThis as GlobalWithSender)[SENDER_KEY] = undefined;
}

// ---------------------------------------------------------------------------------------------
// Pruning. A delivered row is only a record once sent (what went to whom, for a support
// question); a failed one is kept longer, for someone to look into. The server prunes with its
// other periodic upkeep (server/app.ts); pending rows are never touched.

/** Days a delivered message stays in the outbox. */
export const SENT_MAIL_KEEP_DAYS = 30;
/** Days a message that could not be delivered stays in the outbox. */
export const FAILED_MAIL_KEEP_DAYS = 90;

/** Deletes delivered and failed messages past their keeping time; answers how many. */
export async function pruneMailOutbox(now: Date = new Date()): Promise<number> {
  const daysBefore = (days: number) => new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(mailOutbox)
    .where(
      or(
        and(eq(mailOutbox.status, "sent"), lt(mailOutbox.sentAt, daysBefore(SENT_MAIL_KEEP_DAYS))),
        and(
          eq(mailOutbox.status, "failed"),
          lt(mailOutbox.createdAt, daysBefore(FAILED_MAIL_KEEP_DAYS)),
        ),
      ),
    )
    .returning({ id: mailOutbox.id });
  return removed.length;
}
