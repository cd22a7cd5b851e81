import fs from "node:fs";
import zlib from "node:zlib";
import { readTar } from "./tar.server";

// Backups of the embedded database together with the uploaded photos (issue 22, ADR 18): one
// gzipped tar holding
//   manifest.json   what it is: time, app version, migrations, counts, where the media are
//   database.tar    PGlite's data directory, copied while the server keeps answering
//   media/<key>     every stored original under DATA_DIR/media (not with S3: the manifest
//                   names the bucket the listings' photos stay in)
// The database is copied first, in one moment no statement runs in (handle.snapshot); the
// photos after it, with removals held back, so every photo the copy names is in the archive.
// Restoring checks the whole archive before it touches anything, and whose it is (issue 44: the
// site ids and the newest writes of both sides, ./restore-guard.server.ts), then swaps the
// database and the photos in, keeping what it replaced beside them, brings the database up to
// this version's migrations and holds the mail its outbox still had to send.
//
// This module: what a backup is (its file's name, its entries, its manifest), for the writing
// (./backup.server.ts), the restore (./restore.server.ts) and the list (./backup-archives.server.ts).

export const BACKUP_FORMAT = "naija-homes-backup";
export const FORMAT_VERSION = 1;
/** The archive's entries: the manifest first, then the database, then the photos. */
export const MANIFEST = "manifest.json";
export const DATABASE = "database.tar";
export const MEDIA_PREFIX = "media/";
/** Where DATA_DIR keeps the embedded database and the stored photos. */
export const PGDATA = "pgdata";
export const MEDIA = "media";

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  createdAt: string;
  app: { version: string };
  /**
   * The site whose data it is (issue 44): its id (site_identity) and address (SITE_URL) when the
   * backup was taken. Absent from backups made before sites had ids.
   */
  site?: { id: string; url: string };
  database: { kind: "embedded"; migrations: number; bytes: number };
  /** Rows per table as the snapshot was taken. */
  counts: Record<string, number>;
  media:
    | { kind: "disk"; files: number; bytes: number }
    | { kind: "s3"; bucket: string; endpoint: string };
};

/** Where the stored photos are: the disk under DATA_DIR/media, or a bucket (not copied). */
export type MediaSource =
  | { kind: "disk"; root: string }
  | { kind: "s3"; bucket: string; endpoint: string };

/** A moment as a file name writes it: a backup's, and what a restore keeps aside. */
export function timestamp(now: Date) {
  return now.toISOString().replace(/[:.]/g, "-").replace(/Z$/, "");
}

/**
 * How an archive in BACKUP_DIR came to be, as its name says: "scheduled" (BACKUP_SCHEDULE; the
 * only kind the rotation removes), "manual" (Back Up Now, npm run backup: kept until a person
 * deletes it), or "unknown" (named before the kind was: kept, since nobody can tell).
 */
export type BackupKind = "scheduled" | "manual" | "unknown";

/** A backup's file name: naija-homes-2026-11-26T02-30-00-000-scheduled.tar.gz. */
export function backupFileName(now: Date, kind: Exclude<BackupKind, "unknown">) {
  return `naija-homes-${timestamp(now)}-${kind}.tar.gz`;
}

/** A backup's name: its moment, then its kind (none in names from before the kind was). */
export const BACKUP_FILE_PATTERN =
  /^naija-homes-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3})(?:-(scheduled|manual))?\.tar\.gz$/;

/** The moment and kind a backup file's name says, or undefined for another name. */
export function parseBackupName(name: string): { takenAt: Date; kind: BackupKind } | undefined {
  const match = BACKUP_FILE_PATTERN.exec(name);
  if (!match?.[1]) return undefined;
  const [date, clock] = [match[1].slice(0, 10), match[1].slice(11)];
  const [h, m, s, ms] = clock.split("-");
  const takenAt = new Date(`${date}T${h}:${m}:${s}.${ms}Z`);
  if (Number.isNaN(takenAt.getTime())) return undefined;
  const kind = match[2] === "scheduled" || match[2] === "manual" ? match[2] : "unknown";
  return { takenAt, kind };
}

/** Only the manifest: the first entry, so this reads a few kilobytes of any archive. */
export async function readManifest(file: string): Promise<BackupManifest | undefined> {
  const input = fs.createReadStream(file);
  let found: BackupManifest | undefined;
  const stop = new Error("stop");
  try {
    await readTar(input.pipe(zlib.createGunzip()), (entry) => {
      if (entry.name !== MANIFEST || entry.size > 64 * 1024) throw stop;
      const chunks: Buffer[] = [];
      return {
        write: (chunk) => {
          chunks.push(Buffer.from(chunk));
        },
        end: () => {
          found = parseManifest(Buffer.concat(chunks));
          throw stop;
        },
      };
    });
  } catch {
    // The stop, or not an archive of ours: either way, what was found.
  } finally {
    input.destroy();
  }
  return found;
}

export function parseManifest(bytes: Buffer): BackupManifest | undefined {
  try {
    const value = JSON.parse(bytes.toString("utf8")) as BackupManifest;
    return value?.format === BACKUP_FORMAT ? value : undefined;
  } catch {
    return undefined;
  }
}
