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
import {
  type BackupResult,
  backupFileName,
  backupTimeOf,
  createBackup,
  type MediaSource,
} from "./backup.server";

// The running server's backups (issue 22): taken on a schedule (BACKUP_SCHEDULE, a daily time in
// Lagos), from the Backups screen, or for `npm run backup` through the control socket; one at a
// time, into BACKUP_DIR, rotated (the newest of each of the last BACKUP_KEEP_DAILY days, then
// the newest of each of the BACKUP_KEEP_WEEKLY weeks before). The outcome of the latest run is
// kept in BACKUP_DIR/backup-status.json for the screen; a failure is logged and e-mailed to the
// super admins.

const STATUS_FILE = "backup-status.json";
/** Lagos keeps West Africa Time all year: UTC+1, no daylight saving. */
const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export type BackupFile = { name: string; file: string; bytes: number; takenAt: Date };

export type BackupStatus = {
  lastSuccess?: { name: string; bytes: number; at: string; seconds: number; trigger: Trigger };
  lastFailure?: { at: string; message: string; trigger: Trigger };
};

export type Trigger = "schedule" | "screen" | "command";

/** The backups in `dir`, newest first (files named as backups make them; others are left be). */
export function listBackups(dir = getEnv().backupDir): BackupFile[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const found: BackupFile[] = [];
  for (const name of names) {
    const takenAt = backupTimeOf(name);
    if (!takenAt) continue;
    const file = path.join(dir, name);
    try {
      found.push({ name, file, bytes: fs.statSync(file).size, takenAt });
    } catch {
      // Removed meanwhile.
    }
  }
  return found.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** The Lagos calendar day of a moment, as YYYY-MM-DD. */
function lagosDay(time: Date) {
  return new Date(time.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Lagos week (starting Monday) of a moment, named by its Monday. */
function lagosWeek(time: Date) {
  const local = new Date(time.getTime() + LAGOS_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  return new Date(local.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/**
 * What the rotation removes from `backups` (newest first): it keeps the newest backup of each of
 * the `daily` most recent days that have one, then the newest of each of the `weekly` weeks
 * (Monday to Sunday) before the oldest of those. Pure, for the tests.
 */
export function backupsToRemove(
  backups: readonly BackupFile[],
  keep: { daily: number; weekly: number },
): BackupFile[] {
  const kept = new Set<BackupFile>();
  const days = new Set<string>();
  let oldestDaily: Date | undefined;
  for (const backup of backups) {
    const day = lagosDay(backup.takenAt);
    if (days.has(day) || days.size >= keep.daily) continue;
    days.add(day);
    kept.add(backup);
    oldestDaily = backup.takenAt;
  }
  const weeks = new Set<string>();
  for (const backup of backups) {
    if (weeks.size >= keep.weekly) break;
    if (kept.has(backup) || days.has(lagosDay(backup.takenAt))) continue;
    if (oldestDaily && backup.takenAt >= oldestDaily) continue;
    const week = lagosWeek(backup.takenAt);
    if (weeks.has(week)) continue;
    weeks.add(week);
    kept.add(backup);
  }
  return backups.filter((backup) => !kept.has(backup));
}

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

/** The backup being taken, and the file it was asked for (undefined: one into BACKUP_DIR). */
let running: { backup: Promise<BackupResult>; outFile: string | undefined } | undefined;

/** Whether a backup is being taken right now (the screen says so). */
export function backupRunning() {
  return running !== undefined;
}

/**
 * Takes a backup of the running site into BACKUP_DIR (or `outFile`) and rotates BACKUP_DIR.
 * One at a time: a second call into BACKUP_DIR while one into BACKUP_DIR runs gets the same
 * backup; a call for a file of its own (`npm run backup -- --out`, which streams that file), or
 * any call while one for a file of its own runs, waits for it and then takes its own, since the
 * other's file is not where it looks (and a streamed one is deleted once sent). Records the
 * outcome; a failure is logged, e-mailed to the super admins, and thrown.
 */
export async function runBackup(
  trigger: Trigger,
  options: { outFile?: string } = {},
): Promise<BackupResult> {
  for (let current = running; current; current = running) {
    if (current.outFile === undefined && options.outFile === undefined) return current.backup;
    await current.backup.catch(() => undefined);
  }
  // From here to `running = ...` nothing awaits: the next caller sees this backup.
  const backup: Promise<BackupResult> = takeBackup(trigger, options.outFile).finally(() => {
    if (running?.backup === backup) running = undefined;
  });
  running = { backup, outFile: options.outFile };
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
      outFile: outFile ?? path.join(dir, backupFileName(now)),
      now,
    });
    const seconds = Math.round((performance.now() - started) / 100) / 10;
    const status = readBackupStatus(dir);
    if (!outFile) {
      status.lastSuccess = {
        name: path.basename(result.file),
        bytes: result.bytes,
        at: now.toISOString(),
        seconds,
        trigger,
      };
      writeBackupStatus(dir, status);
      rotate(dir, env.backupKeep);
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

function rotate(dir: string, keep: { daily: number; weekly: number }) {
  for (const old of backupsToRemove(listBackups(dir), keep)) {
    try {
      fs.rmSync(old.file, { force: true });
      logger.info({ file: old.file }, "Old backup removed by the rotation");
    } catch (error) {
      logger.warn({ err: error, file: old.file }, "Could not remove an old backup");
    }
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
