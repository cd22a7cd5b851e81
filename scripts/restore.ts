// npm run restore -- FILE [--force]: replaces the embedded database and its photos (DATA_DIR)
// with a backup made by npm run backup, the scheduled backups or the Backups screen. The archive
// is checked whole before anything changes; what it replaces is kept beside it (the paths are
// printed). Another site's backup, or one older than the data it replaces, is refused unless
// --force (issue 44); the e-mails it still had to send are held for a super admin. Refuses while
// the server holds the database: stop it first. For PostgreSQL, use pg_restore
// (docs/operations.md).
// The files it writes are private (umask 0027) whatever shell starts it: set first of all.
import "../server/private-umask.js";
import path from "node:path";
import { restoreBackup } from "~/backup/backup.server";
import { getEnv } from "~/env.server";

const USAGE = "Usage: npm run restore -- FILE [--force]";
const given = process.argv.slice(2);
const force = given.includes("--force");
const args = given.filter((arg) => arg !== "--force");

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
    const restored = await restoreBackup(env.dataDir, file, { force, siteUrl: env.siteUrl });
    const { manifest, previous, mediaFiles } = restored;
    console.log(`Restored ${env.dataDir} from ${file}.`);
    for (const concern of restored.forced) console.log(`With --force: ${concern}`);
    if (restored.replacedUnreadable) {
      console.log(
        `The database it replaced could not be read (${restored.replacedUnreadable}), so whose it was was not checked.`,
      );
    }
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
    console.log("The restored database was brought up to this version's migrations.");
    const held = restored.heldMail;
    if (held > 0) {
      console.log(
        `${held} ${held === 1 ? "e-mail was" : "e-mails were"} still waiting to be sent when the backup was taken; the old site may have sent ${held === 1 ? "it" : "them"} since. Held: a super admin sends or drops ${held === 1 ? "it" : "each"} on the Backups screen (/admin/backups).`,
      );
    }
  }
} catch (error) {
  if (error instanceof Error && error.message === USAGE) fail(error);
  const message = error instanceof Error ? error.message : String(error);
  fail(/Nothing was (changed|written)/.test(message) ? message : `${message} Nothing was changed.`);
}
