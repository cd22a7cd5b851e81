import fs from "node:fs";
import path from "node:path";
import { auditedWrite } from "~/audit/audit.server";
import { getEnv } from "~/env.server";
import type { AdminActor } from "~/lib/admin-actor";
import { can } from "~/lib/permissions";
import { logger } from "~/log/logger.server";
import { type BackupKind, parseBackupName } from "./backup-format.server";

// The archives in BACKUP_DIR (issue 44): listed by their names, rotated, deleted by a person.
// A name says how the archive came to be (backup-format.server.ts, BackupKind), and that decides who
// may remove it:
//   scheduled  the rotation: the newest of each of the last BACKUP_KEEP_DAILY days that have
//              one, then the newest of each of the BACKUP_KEEP_WEEKLY weeks before them
//   manual     a super admin on the Backups screen, or the rotation once it is
//              BACKUP_KEEP_MANUAL_DAYS old (0, the default: never)
//   unknown    a super admin only: a name from before the kind was recorded could be either,
//              and an archive someone took by hand is not deleted on a guess
// Files with other names (the status file, another program's) are neither listed nor touched.

/** Lagos keeps West Africa Time all year: UTC+1, no daylight saving. */
export const LAGOS_OFFSET_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

export type BackupFile = {
  name: string;
  file: string;
  bytes: number;
  /** When it was started, as its name says. */
  takenAt: Date;
  /** When it was written whole (its file's modification time). */
  finishedAt: Date;
  kind: BackupKind;
};

/** What the rotation keeps: scheduled days and weeks, and by-hand days (0 = until deleted). */
export type BackupKeep = { daily: number; weekly: number; manualDays: number };

/** The backups in `dir`, newest first. */
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
    const parsed = parseBackupName(name);
    if (!parsed) continue;
    const file = path.join(dir, name);
    try {
      const stat = fs.statSync(file);
      if (stat.isFile())
        found.push({ name, file, bytes: stat.size, finishedAt: stat.mtime, ...parsed });
    } catch {
      // Removed meanwhile.
    }
  }
  return found.sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime());
}

/** The Lagos calendar day of a moment, as YYYY-MM-DD. */
export function lagosDay(time: Date) {
  return new Date(time.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Lagos week (starting Monday) of a moment, named by its Monday. */
function lagosWeek(time: Date) {
  const local = new Date(time.getTime() + LAGOS_OFFSET_MS);
  const sinceMonday = (local.getUTCDay() + 6) % 7;
  return new Date(local.getTime() - sinceMonday * DAY_MS).toISOString().slice(0, 10);
}

/** The scheduled backups the rotation keeps (from `scheduled`, newest first). */
function scheduledKept(scheduled: readonly BackupFile[], keep: BackupKeep) {
  const kept = new Set<BackupFile>();
  const days = new Set<string>();
  let oldestDaily: Date | undefined;
  for (const backup of scheduled) {
    const day = lagosDay(backup.takenAt);
    if (days.has(day) || days.size >= keep.daily) continue;
    days.add(day);
    kept.add(backup);
    oldestDaily = backup.takenAt;
  }
  const weeks = new Set<string>();
  for (const backup of scheduled) {
    if (weeks.size >= keep.weekly) break;
    if (kept.has(backup) || days.has(lagosDay(backup.takenAt))) continue;
    if (oldestDaily && backup.takenAt >= oldestDaily) continue;
    const week = lagosWeek(backup.takenAt);
    if (weeks.has(week)) continue;
    weeks.add(week);
    kept.add(backup);
  }
  return kept;
}

/**
 * What the rotation removes from `backups` (newest first) at `now`: scheduled ones beyond what
 * `keep` keeps, by-hand ones older than `keep.manualDays` (when set), never one of unknown kind.
 * Pure, for the tests and the screen.
 */
export function backupsToRemove(
  backups: readonly BackupFile[],
  keep: BackupKeep,
  now: Date,
): BackupFile[] {
  const kept = scheduledKept(
    backups.filter((backup) => backup.kind === "scheduled"),
    keep,
  );
  const manualBefore = now.getTime() - keep.manualDays * DAY_MS;
  return backups.filter((backup) => {
    if (backup.kind === "scheduled") return !kept.has(backup);
    if (backup.kind === "manual")
      return keep.manualDays > 0 && backup.takenAt.getTime() <= manualBefore;
    return false;
  });
}

/**
 * What the rotation will remove next, for the screen: after the next scheduled backup (at
 * `nextScheduled`, which joins the scheduled ones), or with no schedule after the next backup
 * anyone takes (`now`).
 */
export function nextToRemove(
  backups: readonly BackupFile[],
  keep: BackupKeep,
  options: { nextScheduled: Date | undefined; now: Date },
): BackupFile[] {
  const at = options.nextScheduled ?? options.now;
  const planned: BackupFile | undefined = options.nextScheduled && {
    name: "",
    file: "",
    bytes: 0,
    takenAt: at,
    finishedAt: at,
    kind: "scheduled",
  };
  const all = planned ? [planned, ...backups] : backups;
  return backupsToRemove(all, keep, at).filter((backup) => backup !== planned);
}

/** Removes what the rotation removes from `dir` now (after a backup was written there). */
export function rotateBackups(dir: string, keep: BackupKeep, now = new Date()) {
  for (const old of backupsToRemove(listBackups(dir), keep, now)) {
    try {
      fs.rmSync(old.file, { force: true });
      logger.info({ file: old.file, kind: old.kind }, "Old backup removed by the rotation");
    } catch (error) {
      logger.warn({ err: error, file: old.file }, "Could not remove an old backup");
    }
  }
}

export type DeleteBackupResult = { ok: true } | { ok: false; reason: "forbidden" | "not-found" };

/**
 * A super admin deletes one archive, named exactly as listed in BACKUP_DIR (any other name, a
 * path included, is not found). The file is moved aside under a name no listing shows, the
 * audit row committed, then the file removed; if the audit row fails, the file is put back.
 */
export async function deleteBackup(
  actor: AdminActor,
  name: string,
  dir = getEnv().backupDir,
): Promise<DeleteBackupResult> {
  if (!can(actor, "admins:manage")) return { ok: false, reason: "forbidden" };
  const backup = listBackups(dir).find((listed) => listed.name === name);
  if (!backup) return { ok: false, reason: "not-found" };
  const aside = path.join(dir, `.deleting-${backup.name}`);
  try {
    fs.renameSync(backup.file, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      return { ok: false, reason: "not-found" };
    }
    throw error;
  }
  try {
    await auditedWrite(actor, "backup.delete", async () => ({
      result: { ok: true as const },
      audit: {
        entityId: backup.name,
        before: {
          name: backup.name,
          kind: backup.kind,
          takenAt: backup.takenAt,
          bytes: backup.bytes,
        },
        after: null,
      },
    }));
  } catch (error) {
    fs.renameSync(aside, backup.file);
    throw error;
  }
  fs.rmSync(aside, { force: true });
  logger.info({ adminId: actor.id, file: backup.file }, "A super admin deleted a backup");
  return { ok: true };
}
