// npm run restore -- FILE: replaces the embedded database and its photos (DATA_DIR) with a
// backup made by npm run backup, the scheduled backups or the Backups screen. The archive is
// checked whole before anything changes; what it replaces is kept beside it (the paths are
// printed). Refuses while the server holds the database: stop it first. For PostgreSQL, use
// pg_restore (docs/operations.md).
// The files it writes are private (umask 0027) whatever shell starts it: set first of all.
import "../server/private-umask.js";
import path from "node:path";
import { restoreBackup } from "~/backup/backup.server";
import { getEnv } from "~/env.server";

const USAGE = "Usage: npm run restore -- FILE";
const args = process.argv.slice(2);

/** One line and exit code 1, never a stack: every refusal and failure leaves DATA_DIR as it was. */
function fail(error: unknown): never {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
// A library's stray asynchronous error (PGlite unpacking a damaged database once threw zlib's
// Z_DATA_ERROR after the refusal was printed) ends the command the same way.
process.on("uncaughtException", fail);
process.on("unhandledRejection", fail);

try {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
  } else if (args.length !== 1 || args[0]?.startsWith("--")) {
    throw new Error(USAGE);
  } else {
    const env = getEnv();
    if (env.databaseUrl) {
      throw new Error(
        "DATABASE_URL is set: restore PostgreSQL with pg_restore (see docs/operations.md), not this command.",
      );
    }
    const file = path.resolve(args[0] ?? "");
    const { manifest, previous, mediaFiles } = await restoreBackup(env.dataDir, file);
    console.log(`Restored ${env.dataDir} from ${file}.`);
    if (manifest) {
      const counts = Object.entries(manifest.counts)
        .map(([table, n]) => `${table} ${n}`)
        .join(", ");
      console.log(`Backup of ${manifest.createdAt}: ${counts}.`);
      if (manifest.media.kind === "disk") console.log(`Photos restored: ${mediaFiles}.`);
      else {
        console.log(
          `The photos are in the bucket ${manifest.media.bucket} (${manifest.media.endpoint}), not in the backup: point S3_* at it.`,
        );
      }
    } else {
      console.log("An older backup (the database only): the photos were left as they are.");
    }
    if (previous.database) {
      console.log(`The database it replaced is kept in ${previous.database}.`);
    }
    if (previous.media) console.log(`The photos it replaced are kept in ${previous.media}.`);
    if (previous.database || previous.media) console.log("Delete them when satisfied.");
    console.log("Newer migrations, if any, are applied when the server next starts.");
  }
} catch (error) {
  if (error instanceof Error && error.message === USAGE) fail(error);
  const message = error instanceof Error ? error.message : String(error);
  fail(/Nothing was (changed|written)/.test(message) ? message : `${message} Nothing was changed.`);
}
