// npm run restore -- FILE: replaces the embedded database (DATA_DIR) with a backup made by
// npm run backup. The replaced database is kept beside it (the path is printed). Refuses while
// the server holds the database: stop it first. For PostgreSQL, use pg_restore (README).
import path from "node:path";
import { restoreEmbeddedDatabase } from "~/db/backup.server";
import { getEnv } from "~/env.server";

const USAGE = "Usage: npm run restore -- FILE";
const args = process.argv.slice(2);

try {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
  } else if (args.length !== 1 || args[0]?.startsWith("--")) {
    throw new Error(USAGE);
  } else {
    const env = getEnv();
    if (env.databaseUrl) {
      throw new Error(
        "DATABASE_URL is set: restore PostgreSQL with pg_restore (see the README), not this command.",
      );
    }
    const file = path.resolve(args[0] ?? "");
    const { previous } = await restoreEmbeddedDatabase(env.dataDir, file);
    console.log(`Restored ${env.dataDir} from ${file}.`);
    if (previous) {
      console.log(`The database it replaced is kept in ${previous}; delete it when satisfied.`);
    }
    console.log("Newer migrations, if any, are applied when the server next starts.");
  }
} catch (error) {
  console.error(`Error: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
