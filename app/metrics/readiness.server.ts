import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db, getDatabase, shippedMigrationCount } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { logger } from "~/log/logger.server";
import { type OutboxState, readOutboxState } from "./outbox-state.server";

// Whether this instance is fit to serve (/readyz), check by check, each with its reason when it
// is not. Never throws: a check that fails or hangs past CHECK_TIMEOUT_MS is reported as failed
// with a fixed reason (the error itself goes to the log, not to whoever asked).
//
// Three answers: "ready"; "degraded" when every check passes but one says the site works
// worse than it should (mail is late: OUTBOX_DELAYED_AFTER_SECONDS), still fit to serve (200);
// "unready" when a check fails (503).

/** How long one check may take before it counts as failed. */
export const CHECK_TIMEOUT_MS = 2_000;
/**
 * A pending message due for this long means no sender is delivering: a running sender looks
 * every 5 s (MAIL_POLL_MS) and a crashed one's lease ends after 2 min (MAIL_LEASE_MS). Messages
 * waiting for a retry after a failure are not due yet and do not count.
 */
export const OUTBOX_STUCK_AFTER_SECONDS = 15 * 60;
/**
 * A message still unsent this long after it was queued, retries included, makes the site
 * "degraded": mail normally leaves within seconds, and a mail server that is down has the
 * sender retrying (at most 5 minutes apart) rather than stuck, so this is what tells of it.
 * A blip shorter than a few minutes does not: its mail goes out as soon as the server answers.
 */
export const OUTBOX_DELAYED_AFTER_SECONDS = 5 * 60;

const MB = 1024 * 1024;

/** `ok: false` fails readiness; `degraded: true` (with `ok: true`) only lowers it. */
type Check = { ok: boolean; degraded?: boolean; reason?: string };

export type ReadinessStatus = "ready" | "degraded" | "unready";

export type Readiness = {
  status: ReadinessStatus;
  checks: {
    database: Check & { kind: string };
    migrations: Check & { applied: number | null; expected: number | null };
    disk: Check & { freeMb: number | null; floorMb: number };
    outbox: Check & {
      pending: number | null;
      /** Pending messages whose (next) attempt is due now. */
      due: number | null;
      /** How long the longest-waiting due message has been due. */
      oldestDueSeconds: number | null;
      /** How long the oldest pending message has waited since queued, retries included. */
      oldestUnsentSeconds: number | null;
      /** Pending messages queued at least `delayedAfterSeconds` ago. */
      delayed: number | null;
      stuckAfterSeconds: number;
      delayedAfterSeconds: number;
    };
  };
};

export type ReadinessOptions = {
  dataDir?: string;
  floorMb?: number;
  /** The migrations this copy of the site has (default: drizzle/meta/_journal.json). */
  expectedMigrations?: number;
  timeoutMs?: number;
  stuckAfterSeconds?: number;
  delayedAfterSeconds?: number;
};

class CheckTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new CheckTimeout()), ms);
    timer.unref();
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The reason told to the caller; the error itself is logged. */
function failure(check: string, error: unknown, ms: number, what: string): string {
  if (error instanceof CheckTimeout) {
    logger.warn({ check, timeoutMs: ms }, "Readiness check timed out");
    return `${what} did not answer within ${ms} ms`;
  }
  logger.warn({ err: error, check }, "Readiness check failed");
  return `${what} failed (details in the server log)`;
}

let journalCount: number | undefined;

/** How many migrations this copy of the site has (drizzle/meta/_journal.json). */
export function expectedMigrationCount(): number {
  journalCount ??= shippedMigrationCount();
  return journalCount;
}

/** Free space for an unprivileged writer on the disk holding `dir` (or its nearest parent). */
async function freeMegabytes(dir: string): Promise<number> {
  let at = path.resolve(dir);
  for (;;) {
    try {
      const stats = await fs.promises.statfs(at);
      return Math.floor((Number(stats.bavail) * Number(stats.bsize)) / MB);
    } catch (error) {
      const parent = path.dirname(at);
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || parent === at) throw error;
      at = parent;
    }
  }
}

async function checkDisk(dir: string, floorMb: number, ms: number) {
  try {
    const freeMb = await withTimeout(freeMegabytes(dir), ms);
    const ok = freeMb >= floorMb;
    return {
      ok,
      freeMb,
      floorMb,
      ...(ok
        ? {}
        : { reason: `${freeMb} MB free where the data is, below the ${floorMb} MB floor` }),
    };
  } catch (error) {
    return {
      ok: false,
      freeMb: null,
      floorMb,
      reason: failure("disk", error, ms, "Reading the free disk space"),
    };
  }
}

async function checkMigrations(expected: number | null, ms: number) {
  if (expected === null) {
    return {
      ok: false,
      applied: null,
      expected,
      reason: "The site's migrations folder could not be read",
    };
  }
  try {
    const result = await withTimeout(
      db.execute<{ n: number }>(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
      ms,
    );
    const applied = Number(result.rows[0]?.n ?? 0);
    // More than expected: a newer copy of the site migrated this database (a rolling update);
    // everything this copy needs is there.
    const ok = applied >= expected;
    return {
      ok,
      applied,
      expected,
      ...(ok ? {} : { reason: `${expected - applied} of the site's migrations are not applied` }),
    };
  } catch (error) {
    return {
      ok: false,
      applied: null,
      expected,
      reason: failure("migrations", error, ms, "Reading the applied migrations"),
    };
  }
}

function plural(n: number, word: string) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** Why mail is late, for the token's holder: how many, how long, and what the retries met. */
function delayedReason(state: OutboxState, oldestUnsentSeconds: number, limit: number): string {
  const parts = [
    `${plural(state.delayed, "e-mail")} still unsent ${limit} s after being queued; the oldest has waited ${oldestUnsentSeconds} s`,
  ];
  const oldest = state.oldest;
  if (oldest && oldest.attempts > 0) {
    parts.push(
      `${plural(oldest.attempts, "attempt")} so far, last error ${oldest.lastErrorCode ?? "in the server log"}`,
    );
  }
  if (oldest && oldest.nextAttemptInSeconds > 0) {
    parts.push(`next attempt in ${oldest.nextAttemptInSeconds} s`);
  }
  return `${parts.join(", ")}. It is kept and retried, and goes out as soon as the mail server takes it`;
}

async function checkOutbox(stuckAfterSeconds: number, delayedAfterSeconds: number, ms: number) {
  try {
    const state = await withTimeout(readOutboxState(delayedAfterSeconds), ms);
    const oldestDueSeconds = Math.floor(state.oldestDueSeconds);
    const oldestUnsentSeconds = Math.floor(state.oldestUnsentSeconds);
    const ok = oldestDueSeconds < stuckAfterSeconds;
    const degraded = ok && state.delayed > 0;
    let reason: string | undefined;
    if (!ok) {
      reason = `A message has waited ${oldestDueSeconds} s past its delivery time (limit ${stuckAfterSeconds} s): the mail sender is not delivering`;
    } else if (degraded) {
      reason = delayedReason(state, oldestUnsentSeconds, delayedAfterSeconds);
    }
    return {
      ok,
      ...(degraded ? { degraded } : {}),
      pending: state.pending,
      due: state.due,
      oldestDueSeconds,
      oldestUnsentSeconds,
      delayed: state.delayed,
      stuckAfterSeconds,
      delayedAfterSeconds,
      ...(reason ? { reason } : {}),
    };
  } catch (error) {
    return {
      ...unreadOutbox(stuckAfterSeconds, delayedAfterSeconds),
      reason: failure("outbox", error, ms, "Reading the mail outbox"),
    };
  }
}

function unreadOutbox(stuckAfterSeconds: number, delayedAfterSeconds: number) {
  return {
    ok: false,
    pending: null,
    due: null,
    oldestDueSeconds: null,
    oldestUnsentSeconds: null,
    delayed: null,
    stuckAfterSeconds,
    delayedAfterSeconds,
  };
}

/**
 * Every check; `status` is "unready" when one is not ok, else "degraded" when one is degraded,
 * else "ready".
 */
export async function checkReadiness(options: ReadinessOptions = {}): Promise<Readiness> {
  const env = getEnv();
  const ms = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const floorMb = options.floorMb ?? env.readyMinFreeMb;
  const stuckAfterSeconds = options.stuckAfterSeconds ?? OUTBOX_STUCK_AFTER_SECONDS;
  const delayedAfterSeconds = options.delayedAfterSeconds ?? OUTBOX_DELAYED_AFTER_SECONDS;
  let expected: number | null;
  try {
    expected = options.expectedMigrations ?? expectedMigrationCount();
  } catch (error) {
    logger.warn({ err: error }, "Readiness: the migrations folder could not be read");
    expected = null;
  }

  const disk = checkDisk(options.dataDir ?? env.dataDir, floorMb, ms);

  let kind = "unknown";
  let database: Check;
  try {
    const handle = getDatabase();
    kind = handle.kind;
    await withTimeout(handle.ping(), ms);
    database = { ok: true };
  } catch (error) {
    database = { ok: false, reason: failure("database", error, ms, "The database ping") };
  }

  // One after the other (the embedded database answers one query at a time), and not at all
  // when the database did not answer: each would only wait for its own timeout.
  const unanswered = "Not checked: the database did not answer";
  const migrations = database.ok
    ? await checkMigrations(expected, ms)
    : { ok: false, applied: null, expected, reason: unanswered };
  const outbox = database.ok
    ? await checkOutbox(stuckAfterSeconds, delayedAfterSeconds, ms)
    : { ...unreadOutbox(stuckAfterSeconds, delayedAfterSeconds), reason: unanswered };

  const checks = { database: { ...database, kind }, migrations, disk: await disk, outbox };
  const all: Check[] = Object.values(checks);
  const status: ReadinessStatus = !all.every((check) => check.ok)
    ? "unready"
    : all.some((check) => check.degraded)
      ? "degraded"
      : "ready";
  return { status, checks };
}

/** The HTTP status /readyz answers: 200 while the instance is fit to serve, degraded or not. */
export function readinessHttpStatus(status: ReadinessStatus): 200 | 503 {
  return status === "unready" ? 503 : 200;
}

/** What /readyz answers from SIGTERM on, whatever the checks would say. */
export type Draining = { status: "draining"; since: string; reason: string };

let drainingSince: Date | undefined;

/**
 * From now on /readyz (and the control socket's) answers 503 "draining": the server is
 * finishing its requests before it stops (server/drain.js), so a proxy should send no more.
 */
export function startDraining(now = new Date()) {
  drainingSince ??= now;
}

/** Back to the checks: for tests, which share this module. */
export function stopDraining() {
  drainingSince = undefined;
}

/** "draining" once startDraining() was called, else every check (checkReadiness). */
export async function currentReadiness(options?: ReadinessOptions): Promise<Readiness | Draining> {
  if (!drainingSince) return checkReadiness(options);
  return {
    status: "draining",
    since: drainingSince.toISOString(),
    reason:
      "The server is stopping: it answers the requests it has, and accepts new ones only for a moment",
  };
}
