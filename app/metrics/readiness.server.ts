import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { db, getDatabase, shippedMigrationCount } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { logger } from "~/log/logger.server";

// Whether this instance is fit to serve (/readyz), check by check, each with its reason when it
// is not. Never throws: a check that fails or hangs past CHECK_TIMEOUT_MS is reported as failed
// with a fixed reason (the error itself goes to the log, not to whoever asked).

/** How long one check may take before it counts as failed. */
export const CHECK_TIMEOUT_MS = 2_000;
/**
 * A pending message due for this long means no sender is delivering: a running sender looks
 * every 5 s (MAIL_POLL_MS) and a crashed one's lease ends after 2 min (MAIL_LEASE_MS). Messages
 * waiting for a retry after a failure are not due yet and do not count.
 */
export const OUTBOX_STUCK_AFTER_SECONDS = 15 * 60;

const MB = 1024 * 1024;

type Check = { ok: boolean; reason?: string };

export type Readiness = {
  status: "ready" | "unready";
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
      stuckAfterSeconds: number;
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

async function checkOutbox(stuckAfterSeconds: number, ms: number) {
  try {
    const result = await withTimeout(
      db.execute<{ pending: number; due: number; oldest: number | null }>(sql`
        select count(*)::int as pending,
               (count(*) filter (where next_attempt_at <= now()))::int as due,
               extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now()))::float8 as oldest
        from mail_outbox
        where status = 'pending'`),
      ms,
    );
    const row = result.rows[0];
    const oldestDueSeconds = Math.floor(Number(row?.oldest ?? 0));
    const ok = oldestDueSeconds < stuckAfterSeconds;
    return {
      ok,
      pending: Number(row?.pending ?? 0),
      due: Number(row?.due ?? 0),
      oldestDueSeconds,
      stuckAfterSeconds,
      ...(ok
        ? {}
        : {
            reason: `A message has waited ${oldestDueSeconds} s past its delivery time (limit ${stuckAfterSeconds} s): the mail sender is not delivering`,
          }),
    };
  } catch (error) {
    return {
      ok: false,
      pending: null,
      due: null,
      oldestDueSeconds: null,
      stuckAfterSeconds,
      reason: failure("outbox", error, ms, "Reading the mail outbox"),
    };
  }
}

/** Every check; `status` is "ready" when all are ok. */
export async function checkReadiness(options: ReadinessOptions = {}): Promise<Readiness> {
  const env = getEnv();
  const ms = options.timeoutMs ?? CHECK_TIMEOUT_MS;
  const floorMb = options.floorMb ?? env.readyMinFreeMb;
  const stuckAfterSeconds = options.stuckAfterSeconds ?? OUTBOX_STUCK_AFTER_SECONDS;
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
    ? await checkOutbox(stuckAfterSeconds, ms)
    : {
        ok: false,
        pending: null,
        due: null,
        oldestDueSeconds: null,
        stuckAfterSeconds,
        reason: unanswered,
      };

  const checks = { database: { ...database, kind }, migrations, disk: await disk, outbox };
  const ready = Object.values(checks).every((check) => check.ok);
  return { status: ready ? "ready" : "unready", checks };
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
