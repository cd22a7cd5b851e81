import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import { PGLITE_EXTENSIONS } from "./client.server";
import { acquireDataDirLock } from "./data-dir-lock.server";

// Backup and restore of the embedded database (npm run backup / npm run restore). Both take the
// data directory's lock, so they refuse while the server runs instead of copying a database
// that is being written. A backup is PGlite's own gzipped data-directory archive. PostgreSQL
// deployments use pg_dump and pg_restore (README).

const PGDATA = "pgdata";

function pgdataOf(dataDir: string) {
  return path.join(dataDir, PGDATA);
}

function timestamp(now: Date) {
  return now.toISOString().replace(/[:.]/g, "-").replace(/Z$/, "");
}

export function defaultBackupFile(now = new Date()) {
  return path.resolve("backups", `naija-homes-${timestamp(now)}.tar.gz`);
}

/** Writes a backup of DATA_DIR's database to `outFile`; answers its size in bytes. */
export async function backupEmbeddedDatabase(dataDir: string, outFile: string) {
  if (!fs.existsSync(path.join(pgdataOf(dataDir), "PG_VERSION"))) {
    throw new Error(`There is no embedded database in ${path.resolve(dataDir)} to back up.`);
  }
  const lock = acquireDataDirLock(dataDir);
  try {
    const client = await PGlite.create(pgdataOf(dataDir), { extensions: PGLITE_EXTENSIONS });
    let archive: Blob;
    try {
      archive = await client.dumpDataDir("gzip");
    } finally {
      await client.close();
    }
    const bytes = Buffer.from(await archive.arrayBuffer());
    fs.mkdirSync(path.dirname(outFile), { recursive: true });
    // Written aside and renamed, so a crash never leaves a truncated file under the real name.
    fs.writeFileSync(`${outFile}.partial`, bytes);
    fs.renameSync(`${outFile}.partial`, outFile);
    return bytes.length;
  } finally {
    lock.release();
  }
}

/** Opens the archive in memory and checks it holds this application's migrated database. */
async function checkArchive(bytes: Buffer) {
  // A gzipped tar ("ustar" at offset 257 of its first header), checked before PGlite sees it:
  // it reports a corrupt archive asynchronously, past any try/catch.
  let tar: Buffer;
  try {
    tar = zlib.gunzipSync(bytes);
  } catch {
    throw new Error("This file is not a backup made by npm run backup.");
  }
  if (tar.subarray(257, 262).toString("latin1") !== "ustar") {
    throw new Error("This file is not a backup made by npm run backup.");
  }
  let probe: PGlite;
  try {
    probe = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: new Blob([new Uint8Array(bytes)], { type: "application/x-gzip" }),
    });
  } catch {
    throw new Error("This file is not a backup made by npm run backup.");
  }
  try {
    const result = await probe.query<{ n: number }>(
      "select count(*)::int as n from drizzle.__drizzle_migrations",
    );
    if ((result.rows[0]?.n ?? 0) === 0) throw new Error("no migrations");
  } catch {
    throw new Error("This backup does not hold this site's database.");
  } finally {
    await probe.close();
  }
}

/**
 * Replaces DATA_DIR's database with the backup in `inFile`. The database it replaces is kept
 * beside it (answered as `previous`) until the operator deletes it; if anything fails, it is
 * put back. Migrations newer than the backup run when the server next starts.
 */
export async function restoreEmbeddedDatabase(
  dataDir: string,
  inFile: string,
  now = new Date(),
): Promise<{ previous: string | undefined }> {
  if (!fs.existsSync(inFile)) throw new Error(`No such backup file: ${inFile}`);
  const bytes = fs.readFileSync(inFile);
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  try {
    await checkArchive(bytes);
    const pgdata = pgdataOf(dataDir);
    const previous = fs.existsSync(pgdata)
      ? `${pgdata}.before-restore-${timestamp(now)}`
      : undefined;
    if (previous) fs.renameSync(pgdata, previous);
    try {
      const client = await PGlite.create(pgdata, {
        extensions: PGLITE_EXTENSIONS,
        loadDataDir: new Blob([new Uint8Array(bytes)], { type: "application/x-gzip" }),
      });
      await client.query("select 1");
      await client.close();
    } catch (error) {
      fs.rmSync(pgdata, { recursive: true, force: true });
      if (previous) fs.renameSync(previous, pgdata);
      throw error;
    }
    return { previous };
  } finally {
    lock.release();
  }
}
