// npm run backup [-- --out FILE]: writes a backup of the embedded database (DATA_DIR) to FILE,
// by default backups/naija-homes-<time>.tar.gz. Refuses while the server holds the database:
// stop it first. For PostgreSQL (DATABASE_URL set), use pg_dump (README).
import path from "node:path";
import { backupEmbeddedDatabase, defaultBackupFile } from "~/db/backup.server";
import { getEnv } from "~/env.server";

const USAGE = "Usage: npm run backup [-- --out FILE]";
const args = process.argv.slice(2);

function option(name: string) {
  const at = args.indexOf(name);
  return at === -1 ? undefined : args[at + 1];
}

try {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
  } else if (
    args.some((arg, i) => arg !== "--out" && args[i - 1] !== "--out") ||
    (args.includes("--out") && !option("--out"))
  ) {
    throw new Error(USAGE);
  } else {
    const env = getEnv();
    if (env.databaseUrl) {
      throw new Error(
        "DATABASE_URL is set: back up PostgreSQL with pg_dump (see the README), not this command.",
      );
    }
    const out = path.resolve(option("--out") ?? defaultBackupFile());
    const started = performance.now();
    const bytes = await backupEmbeddedDatabase(env.dataDir, out);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backed up ${env.dataDir} to ${out} (${(bytes / 1024 / 1024).toFixed(1)} MB, ${seconds} s).`,
    );
  }
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
