import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "~/db/client.server";
import { MAX_PHOTO_BYTES } from "~/lib/body-limits";
import { isSafeKey } from "~/media/storage.server";
import {
  type BackupManifest,
  DATABASE,
  FORMAT_VERSION,
  MANIFEST,
  MEDIA_PREFIX,
  parseManifest,
} from "./backup-format.server";
import { type RowsQuery, readSiteState, type SiteState } from "./restore-guard.server";
import { isWholeTar, readTar } from "./tar.server";

// A restore's checks of the archive, made before it touches anything (issue 42): each entry is
// judged by its header before a byte of it is read, the database must load and hold this
// application's migrated schema, and a refusal (RestoreRefused) says why. Whose archive it is
// is ./restore-guard.server.ts; the restore itself ./restore.server.ts.

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

const MB = 1024 * 1024;
const inMb = (bytes: number) => `${Math.ceil((bytes / MB) * 10) / 10} MB`;

export type ReadArchive = {
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
export async function readArchive(file: string, mediaDir: string): Promise<ReadArchive> {
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

/**
 * The database entry as a plain tar PGlite can load, or a refusal: a gzipped one (an older backup)
 * is unpacked here, and the tar's every header checked, so PGlite is never handed bytes it would
 * choke on (a damaged database once ended the command with zlib's Z_DATA_ERROR stack).
 */
export function databaseTar(bytes: Buffer): Buffer {
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
export function rowsOf(client: Pick<PGlite, "query">): RowsQuery {
  return async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows;
}

/**
 * A database archive loads, and holds this application's migrated schema: answers its
 * migrations, and whose data it is and how recent (issue 44).
 */
export async function checkDatabase(tar: Buffer): Promise<{ migrations: number; site: SiteState }> {
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
