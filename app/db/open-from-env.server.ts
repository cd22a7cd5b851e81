import type { Env } from "~/env.server";
import { type DatabaseHandle, migrateDatabase, openDatabase, setDatabase } from "./client.server";

/**
 * Opens the configured database (PostgreSQL when DATABASE_URL is set, else the embedded one in
 * DATA_DIR, locked), applies pending migrations and makes it this process's database. Used by
 * the server and by every command-line task, so they all open it the same way.
 */
export async function openDatabaseFromEnv(env: Env): Promise<DatabaseHandle> {
  const handle = await openDatabase(
    env.databaseUrl
      ? { kind: "postgres", url: env.databaseUrl }
      : { kind: "pglite", dataDir: env.dataDir },
  );
  try {
    await migrateDatabase(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  setDatabase(handle);
  return handle;
}
