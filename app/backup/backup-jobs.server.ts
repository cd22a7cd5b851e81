import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { db, getDatabase } from "~/db/client.server";
import { users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { logger } from "~/log/logger.server";
import { composeEmail, emailGreeting, escapeHtml } from "~/mail/email-layout";
import { enqueueMail } from "~/mail/mail.server";
import { kickMailSender } from "~/mail/mail-sender.server";
import { type BackupResult, createBackup } from "./backup.server";
import { DAY_MS, LAGOS_OFFSET_MS, lagosDay, rotateBackups } from "./backup-archives.server";
import { type BackupKind, backupFileName, type MediaSource } from "./backup-format.server";

// The running server's backups (issue 22): taken on a schedule (BACKUP_SCHEDULE, a daily time in
// Lagos), from the Backups screen, or for `npm run backup` through the control socket; one at a
// time, into BACKUP_DIR, named by kind (the schedule's "scheduled", the others "manual") and
// rotated after each (backup-archives.server.ts: only scheduled ones, and by-hand ones past
// BACKUP_KEEP_MANUAL_DAYS when set). The outcome of the latest run is kept in
// BACKUP_DIR/backup-status.json for the screen and /metrics; a failure is logged and e-mailed to
// the super admins.

const STATUS_FILE = "backup-status.json";

export type BackupStatus = {
  lastSuccess?: {
    name: string;
    bytes: number;
    /** When it was started (the moment its name and manifest carry). */
    at: string;
    /** When it was written whole: /metrics counts the backup's age from here. */
    finishedAt?: string;
    seconds: number;
    trigger: Trigger;
  };
  lastFailure?: { at: string; message: string; trigger: Trigger };
};

export type Trigger = "schedule" | "screen" | "command";

/** The next time a daily "HH:MM" (Lagos) comes after `now`. */
export function nextRunAt(schedule: string, now = new Date()) {
  const [hours, minutes] = schedule.split(":").map(Number) as [number, number];
  const today = lagosDay(now);
  let at = new Date(
    Date.parse(`${today}T00:00:00Z`) - LAGOS_OFFSET_MS + (hours * 60 + minutes) * 60_000,
  );
  if (at.getTime() <= now.getTime()) at = new Date(at.getTime() + DAY_MS);
  return at;
}

export function readBackupStatus(dir = getEnv().backupDir): BackupStatus {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, STATUS_FILE), "utf8")) as BackupStatus;
  } catch {
    return {};
  }
}

function writeBackupStatus(dir: string, status: BackupStatus) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, STATUS_FILE);
  fs.writeFileSync(`${file}.partial`, `${JSON.stringify(status, null, 2)}\n`);
  fs.renameSync(`${file}.partial`, file);
}

/** Where this server's photos are, for the archive. */
export function mediaSourceOf(env = getEnv()): MediaSource {
  return env.s3
    ? { kind: "s3", bucket: env.s3.bucket, endpoint: env.s3.endpoint }
    : { kind: "disk", root: path.join(env.dataDir, "media") };
}

/** The kind of archive each trigger writes into BACKUP_DIR: only the schedule's are rotated. */
function kindOf(trigger: Trigger): Exclude<BackupKind, "unknown"> {
  return trigger === "schedule" ? "scheduled" : "manual";
}

/**
 * The backup being taken, and where: the file it was asked for, or (undefined) one of `kind`
 * into BACKUP_DIR.
 */
let running:
  | { backup: Promise<BackupResult>; outFile: string | undefined; kind: BackupKind }
  | undefined;

/** Whether a backup is being taken right now (the screen says so). */
export function backupRunning() {
  return running !== undefined;
}

/**
 * Takes a backup of the running site into BACKUP_DIR (or `outFile`) and rotates BACKUP_DIR.
 * One at a time: a second call into BACKUP_DIR while one of the same kind into BACKUP_DIR runs
 * gets the same backup; any other call waits for the running one and then takes its own: a file
 * of its own (`npm run backup -- --out`, which streams that file, then deletes it) is not where
 * the other looks, and a person's Back Up Now must not be handed the schedule's archive, which
 * the rotation removes (nor the schedule a person's, which would leave the night without a
 * scheduled one). Records the outcome; a failure is logged, e-mailed to the super admins, and
 * thrown.
 */
export async function runBackup(
  trigger: Trigger,
  options: { outFile?: string } = {},
): Promise<BackupResult> {
  const kind = kindOf(trigger);
  for (let current = running; current; current = running) {
    const intoBackupDir = current.outFile === undefined && options.outFile === undefined;
    if (intoBackupDir && current.kind === kind) return current.backup;
    await current.backup.catch(() => undefined);
  }
  // From here to `running = ...` nothing awaits: the next caller sees this backup.
  const backup: Promise<BackupResult> = takeBackup(trigger, options.outFile).finally(() => {
    if (running?.backup === backup) running = undefined;
  });
  running = { backup, outFile: options.outFile, kind };
  return backup;
}

async function takeBackup(trigger: Trigger, outFile?: string): Promise<BackupResult> {
  const env = getEnv();
  const dir = env.backupDir;
  const started = performance.now();
  const now = new Date();
  try {
    const result = await createBackup({
      handle: getDatabase(),
      media: mediaSourceOf(env),
      outFile: outFile ?? path.join(dir, backupFileName(now, kindOf(trigger))),
      now,
    });
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const finishedAt = new Date();
    const status = readBackupStatus(dir);
    if (!outFile) {
      status.lastSuccess = {
        name: path.basename(result.file),
        bytes: result.bytes,
        at: now.toISOString(),
        finishedAt: finishedAt.toISOString(),
        seconds,
        trigger,
      };
      writeBackupStatus(dir, status);
      rotateBackups(dir, env.backupKeep, finishedAt);
    }
    logger.info(
      { file: result.file, bytes: result.bytes, seconds, trigger, counts: result.manifest.counts },
      "Backup written",
    );
    return result;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.error({ err: error, trigger }, "Backup failed");
    try {
      const status = readBackupStatus(dir);
      status.lastFailure = { at: now.toISOString(), message, trigger };
      writeBackupStatus(dir, status);
    } catch (statusError) {
      logger.error({ err: statusError }, "Could not record the backup failure");
    }
    await tellSuperAdmins(message, now).catch((mailError) =>
      logger.error({ err: mailError }, "Could not e-mail the backup failure"),
    );
    throw error;
  }
}

async function tellSuperAdmins(message: string, at: Date) {
  const admins = await db
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isSuperAdmin, true), eq(users.status, "active")));
  if (admins.length === 0) return;
  const env = getEnv();
  const when = at.toLocaleString("en-NG", { timeZone: "Africa/Lagos" });
  const subject = "The site's backup failed";
  const lines = [
    `The backup started at ${when} (Lagos) failed:`,
    message,
    `Backups are written to ${env.backupDir}. The last good ones are listed on the Backups screen: ${env.siteUrl}/admin/backups`,
  ];
  const html = lines.map((line) => `<p>${escapeHtml(line)}</p>`);
  await enqueueMail(
    db,
    admins.map((admin) => ({
      to: admin.email,
      ...composeEmail({
        subject,
        greeting: emailGreeting(admin.firstName),
        text: lines,
        html,
      }),
    })),
  );
  kickMailSender();
}

let timer: NodeJS.Timeout | undefined;

/** Starts the daily backups when BACKUP_SCHEDULE is set and the database is the embedded one. */
export function startBackupSchedule() {
  const env = getEnv();
  if (!env.backupSchedule || env.databaseUrl) return;
  const schedule = env.backupSchedule;
  const plan = () => {
    const at = nextRunAt(schedule);
    timer = setTimeout(
      () => {
        runBackup("schedule")
          .catch(() => undefined)
          .finally(plan);
      },
      Math.max(0, at.getTime() - Date.now()),
    );
    timer.unref();
  };
  plan();
  logger.info({ next: nextRunAt(schedule).toISOString() }, `Daily backups at ${schedule} (Lagos)`);
}

/** Stops the schedule and waits for the backups being taken (and any waiting for their turn). */
export async function stopBackupSchedule() {
  clearTimeout(timer);
  timer = undefined;
  while (running) await running.backup.catch(() => undefined);
}

/** The next scheduled backup, for the screen. */
export function nextScheduledBackup(now = new Date()) {
  const env = getEnv();
  return env.backupSchedule && !env.databaseUrl ? nextRunAt(env.backupSchedule, now) : undefined;
}
