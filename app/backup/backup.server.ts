import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import { type DatabaseHandle, openDatabase } from "~/db/client.server";
import { getEnv } from "~/env.server";
import { holdMediaRemovals, isSafeKey } from "~/media/storage.server";
import {
  BACKUP_FORMAT,
  type BackupManifest,
  DATABASE,
  FORMAT_VERSION,
  MANIFEST,
  MEDIA_PREFIX,
  type MediaSource,
  PGDATA,
} from "./backup-format.server";
import { type RowsQuery, readSiteId } from "./restore-guard.server";
import { type TarSource, tarSize, tarStream } from "./tar.server";

// Writing a backup (issue 22, ADR 18; what it holds: ./backup-format.server.ts). The database is
// copied first, in one moment no statement runs in (handle.snapshot); the photos after it, with
// removals held back, so every photo the copy names is in the archive. Restoring it is
// ./restore.server.ts.

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

/** The database entry from the dump PGlite made itself (a database kept in memory). */
function bytesEntry(bytes: Buffer) {
  return { length: bytes.length, body: bytes };
}

/**
 * The database entry from the snapshot's copy of the data directory: PGlite's tar of it,
 * written as a stream after the database went back to work. The same tar as PGlite's own dump:
 * a folder or file per entry, named from the data directory's root.
 */
async function databaseTarOf(dir: string) {
  const entries: TarSource[] = [];
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
