import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { listBackups } from "~/backup/backup-archives.server";
import { readBackupStatus } from "~/backup/backup-jobs.server";
import { db, getDatabase } from "~/db/client.server";
import { MAIL_STATUSES } from "~/db/schema";
import { logger } from "~/log/logger.server";
import { readOutboxState } from "./outbox-state.server";
import { Registry } from "./registry";
import { renderRequestMetrics } from "./request-metrics.server";

// What /metrics answers: this process's request counters (request-metrics.server.ts), then
// what is read at scrape time: the mail outbox, the backups, the process itself. A part that
// cannot be read is left out (and logged) rather than failing the whole scrape; `metrics_scrape_error`
// says which.

const QUERY_TIMEOUT_MS = 2_000;

export type ScrapeAccess = "disabled" | "refused" | "allowed";

/**
 * Whether a request may read /metrics: "disabled" without a configured token (the route answers
 * 404), "refused" unless it sends `Authorization: Bearer <token>`. Compared in constant time
 * (hashes of equal length), so the answer's timing does not tell how much of a guess was right.
 */
export function scrapeAccess(
  authorization: string | null,
  token: string | undefined,
): ScrapeAccess {
  if (!token) return "disabled";
  const given = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? "")?.[1];
  if (!given) return "refused";
  const digest = (value: string) => crypto.createHash("sha256").update(value).digest();
  return crypto.timingSafeEqual(digest(given), digest(token)) ? "allowed" : "refused";
}

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timed out")), QUERY_TIMEOUT_MS);
      timer.unref();
    }),
  ]).finally(() => clearTimeout(timer));
}

async function outboxCounts(): Promise<Map<string, number>> {
  const result = await withTimeout(
    db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from mail_outbox group by status`,
    ),
  );
  const counts = new Map<string, number>(MAIL_STATUSES.map((status) => [status, 0]));
  for (const row of result.rows) counts.set(row.status, Number(row.n));
  return counts;
}

/**
 * When the last backup succeeded: the moment it was written whole, not started (issue 44). From
 * the status file (a status written before the end was recorded: its start plus its duration),
 * or the newest archive in BACKUP_DIR (its file's modification time), whichever is later.
 */
function lastBackupSuccess(): Date | undefined {
  const recorded = readBackupStatus().lastSuccess;
  const ended = recorded
    ? new Date(recorded.finishedAt ?? Date.parse(recorded.at) + recorded.seconds * 1000)
    : undefined;
  const times = [ended, listBackups()[0]?.finishedAt].filter(
    (time): time is Date => time !== undefined && !Number.isNaN(time.getTime()),
  );
  return times.sort((a, b) => b.getTime() - a.getTime())[0];
}

function lastBackupFailure(): Date | undefined {
  const at = readBackupStatus().lastFailure?.at;
  const time = at ? new Date(at) : undefined;
  return time && !Number.isNaN(time.getTime()) ? time : undefined;
}

/** The whole exposition, in the Prometheus text format 0.0.4. */
export async function renderMetrics(now = new Date()): Promise<string> {
  const registry = new Registry();
  const failed: string[] = [];
  const nowSeconds = now.getTime() / 1000;

  const outbox = registry.gauge(
    "mail_outbox_messages",
    "Messages in the mail outbox by status (sent and failed ones are pruned after a while).",
    ["status"],
  );
  const outboxOldest = registry.gauge(
    "mail_outbox_oldest_due_seconds",
    "How long the longest-waiting pending message has been due for delivery (0: none; messages waiting for a retry are not due).",
  );
  const outboxUnsent = registry.gauge(
    "mail_outbox_oldest_unsent_seconds",
    "How long the oldest pending message has waited since it was queued, messages waiting for a retry included (0: none).",
  );
  try {
    for (const [status, n] of await outboxCounts()) outbox.set({ status }, n);
    const state = await withTimeout(readOutboxState());
    outboxOldest.set({}, state.oldestDueSeconds);
    outboxUnsent.set({}, state.oldestUnsentSeconds);
  } catch (error) {
    logger.warn({ err: error }, "Metrics: the mail outbox could not be read");
    failed.push("mail_outbox");
  }

  // The embedded database only: on PostgreSQL the site takes no backups (pg_dump does).
  let embedded = false;
  try {
    embedded = getDatabase().kind === "pglite";
  } catch {
    failed.push("database");
  }
  if (embedded) {
    const success = registry.gauge(
      "backup_last_success_timestamp_seconds",
      "When the last successful backup was written whole, in Unix seconds (0: never).",
    );
    const age = registry.gauge(
      "backup_last_success_age_seconds",
      "Seconds since the last successful backup was written whole (+Inf: never).",
    );
    const failure = registry.gauge(
      "backup_last_failure_timestamp_seconds",
      "When the last backup failed, in Unix seconds (0: never).",
    );
    try {
      const last = lastBackupSuccess();
      success.set({}, last ? last.getTime() / 1000 : 0);
      age.set(
        {},
        last ? Math.max(0, nowSeconds - last.getTime() / 1000) : Number.POSITIVE_INFINITY,
      );
      failure.set({}, (lastBackupFailure()?.getTime() ?? 0) / 1000);
    } catch (error) {
      logger.warn({ err: error }, "Metrics: the backups could not be read");
      failed.push("backup");
    }
  }

  const memory = process.memoryUsage();
  registry
    .gauge("process_resident_memory_bytes", "Resident memory size in bytes.")
    .set({}, memory.rss);
  registry.gauge("nodejs_heap_used_bytes", "V8 heap in use, in bytes.").set({}, memory.heapUsed);
  const cpu = process.cpuUsage();
  registry
    .counter("process_cpu_seconds_total", "User and system CPU time spent, in seconds.")
    .inc({}, (cpu.user + cpu.system) / 1e6);
  registry
    .gauge("process_start_time_seconds", "When the process started, in Unix seconds.")
    .set({}, Math.round(nowSeconds - process.uptime()));
  registry
    .gauge("process_uptime_seconds", "Seconds since the process started.")
    .set({}, Math.round(process.uptime()));

  const errors = registry.gauge(
    "metrics_scrape_error",
    "1 for each part of this scrape that could not be read (see the server log).",
    ["part"],
  );
  for (const part of failed) errors.set({ part }, 1);

  return renderRequestMetrics() + registry.render();
}
