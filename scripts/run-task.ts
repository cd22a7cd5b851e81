// Files a task writes are private (umask 0027) whatever shell starts it (seed, migrate,
// create-admin, search-alerts, owner-reports): set when this module loads, before the task runs.
import "../server/private-umask.js";
import { closeDatabase } from "~/db/client.server";
import { DataDirLockedError } from "~/db/data-dir-lock.server";
import { openDatabaseFromEnv } from "~/db/open-from-env.server";
import { type Env, getEnv } from "~/env.server";

/**
 * Runs a command-line task against the configured database: opens it (taking the embedded
 * database's lock, so a running server makes the task refuse instead of writing beside it),
 * runs the task, closes it, and turns failures into a message and exit code 1.
 */
export async function runDatabaseTask(task: (env: Env) => Promise<void>) {
  try {
    const env = getEnv();
    await openDatabaseFromEnv(env);
    try {
      await task(env);
    } finally {
      await closeDatabase();
    }
  } catch (error) {
    const message =
      error instanceof DataDirLockedError || error instanceof Error ? error.message : String(error);
    console.error(`Error: ${message}`);
    process.exitCode = 1;
  }
}
