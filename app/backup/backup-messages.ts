import { BOOKING_TIME_ZONE } from "~/lib/appointment-rules";
import { lazyDateFormat } from "~/lib/lazy";

// The Backups screen's and download's words (shared by both routes and their tests).
export const BACKUP_MESSAGES = {
  superAdminsOnly: "Only super admins can see and take backups.",
  failed: "Backup failed",
  deleteFailed: "The backup was not deleted",
} as const;

/** How each kind of archive reads in the list (app/backup/backup-format.server.ts, BackupKind). */
export const BACKUP_KIND_LABELS = {
  scheduled: "Scheduled",
  manual: "Taken by hand",
  unknown: "Kind not recorded",
} as const;

const secondFormat = lazyDateFormat("en-GB", {
  timeZone: BOOKING_TIME_ZONE,
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/**
 * When a backup was taken, in Lagos time to the second ("2 Mar 2026, 10:15:07"): two presses
 * in one minute are two archives, and the list and the Delete question must tell them apart.
 */
export function backupMoment(value: Date | string): string {
  return secondFormat.format(typeof value === "string" ? new Date(value) : value);
}

/** The question before a backup is deleted, naming it by the moment it was taken. */
export function deleteBackupQuestion(takenAt: string) {
  return `Delete the backup of ${takenAt}?`;
}

/** How long each kind is kept, in words, as the rotation applies it (backup-archives.server.ts). */
export function retentionRules(keep: { daily: number; weekly: number; manualDays: number }) {
  const days = (n: number) => `${n} ${n === 1 ? "day" : "days"}`;
  const weeks = (n: number) => `${n} ${n === 1 ? "week" : "weeks"}`;
  return {
    scheduled:
      keep.weekly > 0
        ? `Scheduled backups: the newest of each of the last ${days(keep.daily)} and of the ${weeks(keep.weekly)} before them; the rotation removes the others.`
        : `Scheduled backups: the newest of each of the last ${days(keep.daily)}; the rotation removes the others.`,
    manual:
      keep.manualDays > 0
        ? `Backups taken by hand (Back Up Now, npm run backup): kept for ${days(keep.manualDays)}, then removed by the rotation.`
        : "Backups taken by hand (Back Up Now, npm run backup): kept until a super admin deletes them.",
    unknown:
      "Backups whose name does not say how they were taken (made before this was recorded): kept until a super admin deletes them.",
  };
}
