import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import {
  type DatabaseHandle,
  findMigrationsFolder,
  openDatabase,
  PGLITE_EXTENSIONS,
  shippedMigrationCount,
} from "~/db/client.server";
import { acquireDataDirLock } from "~/db/data-dir-lock.server";
import { getEnv } from "~/env.server";
import { MAX_PHOTO_BYTES } from "~/lib/body-limits";
import { holdMediaRemovals, isSafeKey } from "~/media/storage.server";
import {
  holdRestoredMail,
  type RestoreSide,
  type RowsQuery,
  readSiteId,
  readSiteState,
  recordRestore,
  restoreConcerns,
  restoreRefusalMessage,
  type SiteState,
} from "./restore-guard.server";
import { isWholeTar, readTar, type TarSource, tarSize, tarStream } from "./tar.server";

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

export const BACKUP_FORMAT = "naija-homes-backup";
const FORMAT_VERSION = 1;
const MANIFEST = "manifest.json";
const DATABASE = "database.tar";
const MEDIA_PREFIX = "media/";
const PGDATA = "pgdata";
const MEDIA = "media";
const NOT_A_BACKUP = "This file is not a backup made by npm run backup.";
const DATABASE_DAMAGED = "The database in this backup is damaged: it cannot be loaded.";

/** The largest manifest a restore reads (issue 42): a real one is under a kilobyte. */
export const MAX_MANIFEST_BYTES = 1024 * 1024;
/**
 * The largest photo a restore takes (issue 42): twice the upload limit of one photo (10 MB). What
 * the site stores under media/ is a re-encoded WebP of at most 2560 px, far smaller than that.
 */
export const MAX_RESTORED_PHOTO_BYTES = 2 * MAX_PHOTO_BYTES;

/** An archive the restore will not vouch for; the message says why. Nothing was changed. */
export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

/**
 * A sound archive that is another site's, or older than the data it would replace, or of a site
 * that cannot be told (issue 44): restored only with `force`. Nothing was changed.
 */
export class RestoreNeedsForce extends RestoreRefused {
  constructor(
    message: string,
    readonly concerns: string[],
  ) {
    super(message);
    this.name = "RestoreNeedsForce";
  }
}

const MB = 1024 * 1024;
const inMb = (bytes: number) => `${Math.ceil((bytes / MB) * 10) / 10} MB`;

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

// The tables whose counts the manifest records (what an office would check after a restore).
const COUNTED_TABLES = [
  "properties",
  "property_media",
  "users",
  "appointments",
  "inquiries",
  "favorites",
  "audit_events",
] as const;

function timestamp(now: Date) {
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

let appVersion: string | undefined;
function readAppVersion(): string {
  const version = appVersion ?? packageVersion();
  appVersion = version;
  return version;
}

function packageVersion() {
  try {
    const pkg = JSON.parse(fs.readFileSync(path.resolve("package.json"), "utf8"));
    return typeof pkg.version === "string" ? pkg.version : "unknown";
  } catch {
    return "unknown";
  }
}

type Counts = { migrations: number; counts: Record<string, number>; siteId?: string };

/** What the manifest says of the database, read in the snapshot's own transaction. */
async function countRows(rows: RowsQuery): Promise<Counts> {
  const query = async (text: string) => {
    const value = (await rows(text))[0]?.n;
    return typeof value === "number" ? value : undefined;
  };
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const n = await query(
      `select case when to_regclass('public.${table}') is null then null else (select count(*)::int from public.${table}) end as n`,
    ).catch(() => undefined);
    if (n !== undefined) counts[table] = n;
  }
  const migrations =
    (await query(
      "select case when to_regclass('drizzle.__drizzle_migrations') is null then 0 else (select count(*)::int from drizzle.__drizzle_migrations) end as n",
    ).catch(() => 0)) ?? 0;
  return { migrations, counts, siteId: await readSiteId(rows) };
}

type MediaFile = { key: string; file: string; size: number; mtime: Date };

/** The stored originals under `root`, skipping hidden temp files of writes in progress. */
async function listMedia(root: string): Promise<MediaFile[]> {
  const found: MediaFile[] = [];
  async function walk(dir: string, prefix: string) {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name.startsWith(".")) continue;
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(file, key);
      else if (entry.isFile() && isSafeKey(key)) {
        const stat = await fs.promises.stat(file);
        found.push({ key, file, size: stat.size, mtime: stat.mtime });
      }
    }
  }
  await walk(root, "");
  return found;
}

async function* fileBody(file: string, size: number) {
  const handle = await fs.promises.open(file, "r");
  try {
    const stat = await handle.stat();
    if (stat.size !== size) throw new Error(`${file} changed while it was archived`);
    yield* handle.createReadStream({ autoClose: false });
  } finally {
    await handle.close();
  }
}

/**
 * The database entry: PGlite's tar of its data directory, written as a stream (after the
 * database went back to work) from the snapshot's copy of it, or the dump PGlite made itself.
 * The same tar either way: a folder or file per entry, named from the data directory's root.
 */
function bytesEntry(bytes: Buffer) {
  return { length: bytes.length, body: bytes };
}

async function databaseTarOf(dir: string) {
  const entries: (TarSource & { file?: string })[] = [];
  async function walk(relative: string) {
    const found = await fs.promises.readdir(path.join(dir, relative), { withFileTypes: true });
    for (const entry of found.sort((a, b) => a.name.localeCompare(b.name))) {
      const name = relative ? `${relative}/${entry.name}` : entry.name;
      if (Buffer.byteLength(name) > 99) throw new Error(`The database holds a long name: ${name}`);
      if (entry.isDirectory()) {
        entries.push({ name, size: 0, body: Buffer.alloc(0), directory: true });
        await walk(name);
      } else if (entry.isFile()) {
        const file = path.join(dir, name);
        const { size, mtime } = await fs.promises.stat(file);
        entries.push({ name, size, mtime, body: fileBody(file, size) });
      }
    }
  }
  await walk("");
  return { length: tarSize(entries), body: tarStream(entries) };
}

export type BackupResult = { file: string; bytes: number; manifest: BackupManifest };

/**
 * Writes a backup of the embedded database behind `handle` (the server's own, while it serves,
 * or one a command opened) and of the media to `outFile`. Written aside and renamed, so a
 * failure or a crash never leaves a partial archive under a backup's name.
 */
export async function createBackup(options: {
  handle: DatabaseHandle;
  media: MediaSource;
  outFile: string;
  now?: Date;
}): Promise<BackupResult> {
  const { handle, media, outFile } = options;
  if (!handle.snapshot) {
    throw new Error(
      "Only the embedded database is backed up this way; use pg_dump (docs/operations.md).",
    );
  }
  const snapshot = handle.snapshot;
  const createdAt = options.now ?? new Date();
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  const partial = `${outFile}.partial`;
  try {
    return await holdMediaRemovals(async () => {
      const taken = await snapshot((query) => countRows(query));
      const { before } = taken;
      const database = taken.copy
        ? await databaseTarOf(taken.copy.dir)
        : bytesEntry(Buffer.from(await taken.tar.arrayBuffer()));
      const files = media.kind === "disk" ? await listMedia(media.root) : [];
      const manifest: BackupManifest = {
        format: BACKUP_FORMAT,
        formatVersion: FORMAT_VERSION,
        createdAt: createdAt.toISOString(),
        app: { version: readAppVersion() },
        ...(before.siteId ? { site: { id: before.siteId, url: getEnv().siteUrl } } : {}),
        database: { kind: "embedded", migrations: before.migrations, bytes: database.length },
        counts: before.counts,
        media:
          media.kind === "disk"
            ? {
                kind: "disk",
                files: files.length,
                bytes: files.reduce((sum, f) => sum + f.size, 0),
              }
            : { kind: "s3", bucket: media.bucket, endpoint: media.endpoint },
      };
      const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      function* entries(): Generator<TarSource> {
        yield { name: MANIFEST, size: manifestBytes.length, body: manifestBytes, mtime: createdAt };
        yield { name: DATABASE, size: database.length, body: database.body, mtime: createdAt };
        for (const file of files) {
          yield {
            name: `${MEDIA_PREFIX}${file.key}`,
            size: file.size,
            body: fileBody(file.file, file.size),
            mtime: file.mtime,
          };
        }
      }
      // Photos are compressed already; a light level keeps the copy quick.
      try {
        await pipeline(
          Readable.from(tarStream(entries())),
          zlib.createGzip({ level: 3 }),
          fs.createWriteStream(partial),
        );
      } finally {
        await taken.copy?.release();
      }
      fs.renameSync(partial, outFile);
      return { file: outFile, bytes: fs.statSync(outFile).size, manifest };
    });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * Backs up DATA_DIR with no server running (npm run backup when nothing holds the database):
 * takes the directory's lock, so a server starting meanwhile waits for nothing and refuses.
 */
export async function backupStoppedSite(options: {
  dataDir: string;
  media: MediaSource;
  outFile: string;
  now?: Date;
}) {
  if (!fs.existsSync(path.join(options.dataDir, PGDATA, "PG_VERSION"))) {
    throw new Error(`There is no embedded database in ${options.dataDir} to back up.`);
  }
  const handle = await openDatabase({ kind: "pglite", dataDir: options.dataDir });
  try {
    return await createBackup({ ...options, handle });
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------
// Reading and restoring

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

function parseManifest(bytes: Buffer): BackupManifest | undefined {
  try {
    const value = JSON.parse(bytes.toString("utf8")) as BackupManifest;
    return value?.format === BACKUP_FORMAT ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The database entry as a plain tar PGlite can load, or a refusal: a gzipped one (an older backup)
 * is unpacked here, and the tar's every header checked, so PGlite is never handed bytes it would
 * choke on (a damaged database once ended the command with zlib's Z_DATA_ERROR stack).
 */
function databaseTar(bytes: Buffer): Buffer {
  let tar = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      tar = zlib.gunzipSync(bytes);
    } catch {
      throw new RestoreRefused(DATABASE_DAMAGED);
    }
  }
  if (!isWholeTar(tar)) throw new RestoreRefused(DATABASE_DAMAGED);
  return tar;
}

/** A client's queries as plain rows, for ./restore-guard.server.ts. */
function rowsOf(client: Pick<PGlite, "query">): RowsQuery {
  return async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
}

/**
 * A database archive loads, and holds this application's migrated schema: answers its
 * migrations, and whose data it is and how recent (issue 44).
 */
async function checkDatabase(tar: Buffer): Promise<{ migrations: number; site: SiteState }> {
  let probe: PGlite;
  try {
    probe = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: new Blob([new Uint8Array(tar)], { type: "application/x-tar" }),
    });
  } catch {
    throw new RestoreRefused(DATABASE_DAMAGED);
  }
  try {
    const result = await probe.query<{ n: number }>(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    const migrations = result.rows[0]?.n ?? 0;
    if (migrations === 0) throw new Error("no migrations");
    return { migrations, site: await readSiteState(rowsOf(probe)) };
  } catch {
    throw new RestoreRefused("This backup does not hold this site's database.");
  } finally {
    await probe.close();
  }
}

/**
 * Whose data DATA_DIR's database holds now: nothing when there is none; `unreadable` (why) when
 * it does not open, which is when a restore is most needed, so it does not stop one.
 */
async function readCurrentSite(
  dataDir: string,
): Promise<{ site?: SiteState; unreadable?: string }> {
  const pgdata = path.join(dataDir, PGDATA);
  if (!fs.existsSync(path.join(pgdata, "PG_VERSION"))) return {};
  try {
    const client = await PGlite.create(pgdata, { extensions: PGLITE_EXTENSIONS });
    try {
      return { site: await readSiteState(rowsOf(client)) };
    } finally {
      await client.close();
    }
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) };
  }
}

export type RestoreResult = {
  manifest: BackupManifest | undefined;
  /** Where the replaced database and photos were kept, if there were any. */
  previous: { database?: string; media?: string };
  mediaFiles: number;
  /** Messages the restored outbox still had to send, now held for a super admin (issue 44). */
  heldMail: number;
  /** The archive's site and the site of the data it replaced (undefined: there was none). */
  site: { archive: RestoreSide; replaced?: RestoreSide };
  /** What `force` overrode (empty when nothing needed it). */
  forced: string[];
  /** Why the database it replaced could not be read, when it could not. */
  replacedUnreadable?: string;
};

export type RestoreOptions = {
  /** Restore another site's backup, or an older one over newer data (issue 44). */
  force?: boolean;
  /** The restoring site's address (SITE_URL), for the refusal's words. */
  siteUrl?: string;
  now?: Date;
};

/**
 * Replaces DATA_DIR's database and photos with the backup in `inFile`, with no server running
 * (it takes the directory's lock). The whole archive is read and checked first: a damaged,
 * foreign or newer archive changes nothing, and so does one of another site, or older than the
 * data it replaces, unless `force` (RestoreNeedsForce says why, naming both sites and dates).
 * What it replaces is kept beside it until the operator deletes it; if the swap fails half-way,
 * it is put back. The restored database is migrated to this version and its unsent mail held.
 * A backup from before photos were included (a bare database archive) restores the database
 * and leaves the photos be.
 */
export async function restoreBackup(
  dataDir: string,
  inFile: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  if (!fs.existsSync(inFile)) throw new Error(`No such backup file: ${inFile}`);
  const now = options.now ?? new Date();
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  const stamp = timestamp(now);
  const staging = path.join(dataDir, `.restoring-${stamp}`);
  try {
    const read = await readArchive(inFile, path.join(staging, MEDIA));
    read.database = databaseTar(read.database);
    const { migrations, site } = await checkDatabase(read.database);
    if (migrations > shippedMigrationCount()) {
      throw new Error(
        "This backup was made by a newer version of the site (its database has migrations this copy does not know). Update the site first, then restore.",
      );
    }
    const takenAt = read.manifest ? new Date(read.manifest.createdAt) : undefined;
    const archive: RestoreSide = { ...site, url: read.manifest?.site?.url };
    const current = await readCurrentSite(dataDir);
    const replaced = current.site && { ...current.site, url: options.siteUrl };
    const concerns = restoreConcerns(archive, replaced);
    if (replaced && concerns.length > 0 && !options.force) {
      const message = restoreRefusalMessage({
        concerns,
        archive: { ...archive, takenAt },
        current: replaced,
        dataDir,
      });
      throw new RestoreNeedsForce(message, concerns);
    }
    const swapped = await swapIn(dataDir, staging, read, stamp, {
      at: now,
      takenAt,
      file: path.basename(inFile),
      // A backup that names no site continues the site whose data it replaces.
      siteId: archive.siteId ? undefined : replaced?.siteId,
    });
    return {
      ...swapped,
      site: { archive, replaced },
      forced: concerns,
      replacedUnreadable: current.unreadable,
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}

type ReadArchive = {
  manifest: BackupManifest | undefined;
  /** The database's tar (gzipped in an older backup, until databaseTar unpacks it). */
  database: Buffer;
  mediaFiles: number;
};

/** The name of the archive's first entry, or undefined when it is not a gzipped tar. */
async function firstEntryName(file: string) {
  const source = fs.createReadStream(file);
  const gunzip = source.pipe(zlib.createGunzip());
  let head = Buffer.alloc(0);
  try {
    for await (const chunk of gunzip) {
      head = Buffer.concat([head, chunk as Buffer]);
      if (head.length >= 512) break;
    }
  } catch {
    return undefined;
  } finally {
    gunzip.destroy();
    source.destroy();
  }
  if (head.length < 512 || head.toString("latin1", 257, 262) !== "ustar") return undefined;
  return head.subarray(0, 100).toString("utf8").replace(/\0.*$/s, "");
}

/**
 * Reads the whole archive: the manifest, the database into memory, the photos into `mediaDir`.
 * Each entry is judged by its header before a byte of it is read: a manifest over
 * MAX_MANIFEST_BYTES, a database of another size than the manifest says, a photo over
 * MAX_RESTORED_PHOTO_BYTES, or photos beyond the manifest's count or bytes are refused.
 */
async function readArchive(file: string, mediaDir: string): Promise<ReadArchive> {
  const first = await firstEntryName(file);
  if (first === undefined) throw new Error(NOT_A_BACKUP);
  if (first !== MANIFEST) {
    // A bare PGlite archive: what npm run backup wrote before photos were included.
    return { manifest: undefined, database: fs.readFileSync(file), mediaFiles: 0 };
  }
  let manifest: BackupManifest | undefined;
  let manifestRead = false;
  let database: Buffer | undefined;
  let databaseRead = false;
  let mediaFiles = 0;
  let mediaBytes = 0;
  try {
    await readTar(fs.createReadStream(file).pipe(zlib.createGunzip()), async (entry) => {
      if (entry.name === MANIFEST) {
        if (manifestRead) throw new Error("it holds two manifests");
        manifestRead = true;
        if (entry.size > MAX_MANIFEST_BYTES) {
          throw new RestoreRefused(
            `This backup's manifest is ${inMb(entry.size)}, over the ${inMb(MAX_MANIFEST_BYTES)} a manifest may be: it is not a backup made by npm run backup.`,
          );
        }
        return collect(entry.size, (bytes) => {
          manifest = parseManifest(bytes);
        });
      }
      if (!manifest) throw new Error("its manifest is not readable");
      if (entry.name === DATABASE) {
        if (databaseRead) throw new Error("it holds two databases");
        databaseRead = true;
        if (entry.size !== manifest.database?.bytes) {
          throw new RestoreRefused(
            `This backup's database is ${entry.size} bytes where its manifest says ${manifest.database?.bytes}: it has been changed or damaged.`,
          );
        }
        return collect(entry.size, (bytes) => {
          database = bytes;
        });
      }
      const key = entry.name.startsWith(MEDIA_PREFIX) ? entry.name.slice(MEDIA_PREFIX.length) : "";
      if (!isSafeKey(key)) throw new Error(`it holds ${entry.name}`);
      const listed = manifest.media?.kind === "disk" ? manifest.media : { files: 0, bytes: 0 };
      if (entry.size > MAX_RESTORED_PHOTO_BYTES) {
        throw new RestoreRefused(
          `This backup holds a photo of ${inMb(entry.size)} (${entry.name}), over the ${inMb(MAX_RESTORED_PHOTO_BYTES)} a stored photo can be.`,
        );
      }
      mediaFiles += 1;
      mediaBytes += entry.size;
      if (mediaFiles > listed.files || mediaBytes > listed.bytes) {
        throw new RestoreRefused(
          `This backup holds more photos than its manifest lists (${listed.files} photos, ${listed.bytes} bytes): it has been changed or damaged.`,
        );
      }
      const target = path.join(mediaDir, key);
      await fs.promises.mkdir(path.dirname(target), { recursive: true });
      return fileSink(target);
    });
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new Error(`${NOT_A_BACKUP} (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!manifest || !database) throw new Error(NOT_A_BACKUP);
  if (manifest.formatVersion > FORMAT_VERSION) {
    throw new Error("This backup was made by a newer version of the site: update it first.");
  }
  if (manifest.media.kind === "disk" && manifest.media.files !== mediaFiles) {
    throw new Error(
      `The backup is incomplete: its manifest lists ${manifest.media.files} photos, the archive holds ${mediaFiles}.`,
    );
  }
  return { manifest, database, mediaFiles };
}

function fileSink(target: string) {
  const out = fs.createWriteStream(target);
  return {
    write: (chunk: Buffer) =>
      out.write(chunk)
        ? undefined
        : new Promise<void>((resolve) => out.once("drain", () => resolve())),
    end: () =>
      new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      ),
  };
}

function collect(size: number, done: (bytes: Buffer) => void) {
  if (size > 4 * 1024 * 1024 * 1024) throw new Error("an entry too large to read");
  const chunks: Buffer[] = [];
  return {
    write: (chunk: Buffer) => {
      chunks.push(Buffer.from(chunk));
    },
    end: () => done(Buffer.concat(chunks)),
  };
}

async function swapIn(
  dataDir: string,
  staging: string,
  read: ReadArchive,
  stamp: string,
  restore: Parameters<typeof recordRestore>[1],
): Promise<Pick<RestoreResult, "manifest" | "previous" | "mediaFiles" | "heldMail">> {
  const pgdata = path.join(dataDir, PGDATA);
  const mediaDir = path.join(dataDir, MEDIA);
  const withMedia = read.manifest?.media.kind === "disk";
  const previous: RestoreResult["previous"] = {};
  const moved: [from: string, to: string][] = [];
  const moveAside = (target: string) => {
    if (!fs.existsSync(target)) return undefined;
    const aside = `${target}.before-restore-${stamp}`;
    fs.renameSync(target, aside);
    moved.push([target, aside]);
    return aside;
  };
  let heldMail = 0;
  try {
    previous.database = moveAside(pgdata);
    const client = await PGlite.create(pgdata, {
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: new Blob([new Uint8Array(read.database)], { type: "application/x-tar" }),
    });
    try {
      // Migrated here rather than at the next start, so the restore can record itself in the
      // tables of this version (site_identity) whatever version made the backup.
      await migrate(drizzle({ client }), { migrationsFolder: findMigrationsFolder() });
      heldMail = await client.transaction(async (tx) => {
        const held = await holdRestoredMail(rowsOf(tx));
        await recordRestore(rowsOf(tx), restore);
        return held;
      });
    } finally {
      await client.close();
    }
    if (withMedia) {
      previous.media = moveAside(mediaDir);
      const restored = path.join(staging, MEDIA);
      if (fs.existsSync(restored)) fs.renameSync(restored, mediaDir);
      else fs.mkdirSync(mediaDir, { recursive: true });
      // Resized copies of the old photos would be served for the new ones of the same name.
      fs.rmSync(path.join(dataDir, "media-cache"), { recursive: true, force: true });
    }
  } catch (error) {
    fs.rmSync(pgdata, { recursive: true, force: true });
    if (withMedia && moved.some(([target]) => target === mediaDir)) {
      fs.rmSync(mediaDir, { recursive: true, force: true });
    }
    for (const [target, aside] of moved.reverse()) fs.renameSync(aside, target);
    throw error;
  }
  return { manifest: read.manifest, previous, mediaFiles: read.mediaFiles, heldMail };
}
