import crypto from "node:crypto";
import { and, eq, inArray, lt, or, type SQL, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { mailOutbox } from "~/db/schema";
import { logger } from "~/log/logger.server";
import { renderedColumns } from "./mail-message";
import {
  describeMailError,
  type MailTransport,
  mailTransportFor,
  type OutgoingMail,
  SERVER_UNAVAILABLE_CODES,
  SMTP_ATTEMPT_MAX_MS,
  SMTP_POOL,
} from "./mail-transport.server";
import { renderNotification } from "./notification-mail.server";

// The sender: renders and delivers the outbox's pending rows (ADR 11). Any number of senders
// may run, one per server instance, against one database:
//
// - Before each claim it renders the due notifications (rows a model's write stored with a kind
//   and payload, ~/models/notification.server) into their e-mails
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
// - It sends MAIL_CONCURRENCY messages at once, over the transport's pooled SMTP connections
//   (one each), and claims the next rows as soon as a sending slot finds nothing left to send,
//   while the other slots are still busy: a burst flows without a pause between batches or a
//   wait for the poll.
// - Each row is marked 'sent' right after its own delivery, in a statement of its own, guarded
//   by its claim. A failure is that row's alone (the pool gives each message its own outcome,
//   and a broken connection fails only the message it carried): it sets the row's next attempt
//   after an exponential backoff of at most MAIL_RETRY_MAX_MS; once the row has had
//   MAIL_MAX_ATTEMPTS attempts and was queued MAIL_GIVE_UP_AFTER_MS ago, it is marked 'failed'
//   and logged as an error.
// - Mail recovers as soon as the mail server does (issue 44): rows waiting for a retry because
//   the server took no session (SERVER_UNAVAILABLE_CODES: refused, unreachable, timed out) are
//   made due at once when a pass sends a message, or when the check the server's sender makes
//   every MAIL_CHECK_MS while such rows wait (a connection, EHLO and the login) succeeds. Only
//   their next_attempt_at moves, on rows nobody has claimed, so the claim below stays the one
//   way to a send: nothing is sent twice. A refusal of one message (a bounced recipient) keeps
//   its backoff.
// - A row is only started while its lease has SMTP_ATTEMPT_MAX_MS left to run, so a lease never
//   ends under an attempt. Claimed rows not started by then (a mail server so slow that a claim
//   has not drained in time) or when the sender stops are handed back at once, uncounted, for
//   the next claim by any sender.
// - Delivery is at least once: a process that dies after the mail server accepted a message and
//   before its row is marked sent leaves the row claimed; when the lease ends another sender
//   delivers it again. That window is the few milliseconds between the SMTP answer and the
//   UPDATE. Nothing else sends a row twice.
//
// Times are the database's clock (`now()`), the one clock every instance shares; a test may pass
// a clock of its own (`now`) to move time.

/** A message is given up only after this many attempts, and MAIL_GIVE_UP_AFTER_MS after it was queued. */
export const MAIL_MAX_ATTEMPTS = 8;
/**
 * How long a message is tried: about as long as the uncapped backoff's 8 attempts took before
 * the cap (63.5 min), so capping the wait made no message fail sooner. By time, not by count:
 * the attempts made at once when the server answers again do not use a message's life up.
 */
export const MAIL_GIVE_UP_AFTER_MS = 60 * 60_000;
/** First retry after this; each further one waits twice as long, up to MAIL_RETRY_MAX_MS. */
export const MAIL_RETRY_BASE_MS = 30_000;
/**
 * The longest wait between two attempts: 30 s, 1, 2, 4 min, then every 5 min. With an hour's cap
 * a message queued during a 19-minute outage waited 13 minutes more after it (issue 44).
 */
export const MAIL_RETRY_MAX_MS = 5 * 60_000;
/** Rows made due per statement when the mail server answers again (MAIL_RESUME_ROUNDS per pass). */
export const MAIL_RESUME_BATCH = 200;
export const MAIL_RESUME_ROUNDS = 5;
/** How often the server's sender asks the mail server whether it takes mail again, while mail waits on it. */
export const MAIL_CHECK_MS = 30_000;
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

/** `ageMs`: since the row was queued, by the sender's clock. */
type ClaimedRow = OutgoingMail & { attempts: number; ageMs: number };

/** When a row that failed again is given up (givesUp) rather than retried. */
type RetryLimits = { maxAttempts: number; giveUpAfterMs: number };

function givesUp(attempts: number, ageMs: number, limits: RetryLimits): boolean {
  return attempts >= limits.maxAttempts && ageMs >= limits.giveUpAfterMs;
}

function limitsOf(options: DeliverOptions): RetryLimits {
  return {
    maxAttempts: options.maxAttempts ?? MAIL_MAX_ATTEMPTS,
    giveUpAfterMs: options.giveUpAfterMs ?? MAIL_GIVE_UP_AFTER_MS,
  };
}

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
async function renderDueNotifications(
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

/** SQL for "now plus `offsetMs`", by the given clock or the database's. */
type Clock = (offsetMs?: number) => SQL;

function clockOf(now: (() => Date) | undefined): Clock {
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

/** Claims up to `batchSize` due rows for `claim`, leased for `leaseMs`. */
async function claimDueMail(
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
async function releaseClaimed(claim: string, ids: string[]): Promise<void> {
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
  const limits = limitsOf(options);
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
async function resumeWaitingMail(
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
  options: DeliverOptions = {},
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

// ---------------------------------------------------------------------------
// The server's sender: started by startApp, stopped by stopApp (server/app.ts). It runs a pass
// at start (mail left pending by a crash or a stop goes out now), every MAIL_POLL_MS, and at
// once when kicked after a commit that queued mail. Every MAIL_CHECK_MS, while mail waits for a
// retry because the mail server took no session, it checks the server and, when it answers,
// makes that mail due and runs a pass. Kept on globalThis so a module reloaded by the dev
// server kicks the same sender.

type SenderState = {
  options: DeliverOptions & { pollMs: number; checkMs: number };
  timer: NodeJS.Timeout | undefined;
  checkTimer: NodeJS.Timeout | undefined;
  running: Promise<void> | undefined;
  checking: boolean;
  again: boolean;
  stopped: boolean;
};

const SENDER_KEY = Symbol.for("naija-homes.mail-sender");
type GlobalWithSender = typeof globalThis & { [SENDER_KEY]?: SenderState };

function currentSender(): SenderState | undefined {
  return (globalThis as GlobalWithSender)[SENDER_KEY];
}

export function startMailSender(
  options: DeliverOptions & { pollMs?: number; checkMs?: number } = {},
): void {
  if (currentSender()) return;
  const state: SenderState = {
    options: {
      ...options,
      pollMs: options.pollMs ?? MAIL_POLL_MS,
      checkMs: options.checkMs ?? MAIL_CHECK_MS,
    },
    timer: undefined,
    checkTimer: undefined,
    running: undefined,
    checking: false,
    again: false,
    stopped: false,
  };
  (globalThis as GlobalWithSender)[SENDER_KEY] = state;
  schedule(state, 0);
  state.checkTimer = setInterval(() => checkMailServer(state), state.options.checkMs);
  state.checkTimer.unref();
}

/**
 * One check at a time. The stop does not wait for it (a server that never answers holds a
 * check for its timeouts): a check that ends after the stop changes nothing.
 */
function checkMailServer(state: SenderState) {
  if (state.checking || state.stopped) return;
  state.checking = true;
  resumeMailIfServerAnswers(state.options, () => state.stopped)
    .then((resumed) => {
      if (resumed > 0) kick(state);
    })
    .catch((error: unknown) => {
      if (!state.stopped) logger.warn({ err: error }, "Checking the mail server failed");
    })
    .finally(() => {
      state.checking = false;
    });
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
  if (state) kick(state);
}

function kick(state: SenderState) {
  if (state.stopped) return;
  if (state.running) state.again = true;
  else schedule(state, 0);
}

/**
 * Stops the sender after the messages it is sending; the rows it had claimed and not started go
 * back to the outbox for the next start (or another instance).
 */
export async function stopMailSender(): Promise<void> {
  const state = currentSender();
  if (!state) return;
  state.stopped = true;
  clearTimeout(state.timer);
  clearInterval(state.checkTimer);
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
