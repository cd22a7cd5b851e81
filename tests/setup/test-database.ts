import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";

/**
 * Gives the calling test file its own freshly migrated, empty database and makes it the one
 * `db` (and so every model function) uses. Call once at the top of a test file:
 *
 *   const database = await setupTestDatabase();
 */
export async function setupTestDatabase(): Promise<DatabaseHandle> {
  const config = inject("testDatabase");
  let handle: DatabaseHandle;
  let drop = async () => {};

  if (config.kind === "pglite") {
    const bytes = fs.readFileSync(config.dump);
    handle = await openDatabase({
      kind: "pglite-memory",
      loadDataDir: new Blob([bytes], { type: "application/x-gzip" }),
    });
  } else {
    const name = `${config.template}_${crypto.randomBytes(5).toString("hex")}`;
    const admin = new pg.Client({ connectionString: config.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${config.template}"`);
    await admin.end();
    const url = new URL(config.url);
    url.pathname = `/${name}`;
    handle = await openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 });
    drop = async () => {
      const client = new pg.Client({ connectionString: config.url });
      await client.connect();
      try {
        // FORCE ends our own leftover connections, but a server process of another role (an
        // autovacuum worker busy with the rows the file wrote) refuses it with 42501: it
        // finishes within moments, so try again a few times.
        for (let attempt = 1; ; attempt += 1) {
          try {
            await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
            break;
          } catch (error) {
            const code = (error as { code?: string }).code;
            if (code !== "42501" || attempt >= 20) throw error;
            await new Promise((resolve) => setTimeout(resolve, 250));
          }
        }
      } finally {
        await client.end();
      }
    };
  }

  setDatabase(handle);
  afterAll(async () => {
    setDatabase(undefined);
    await handle.close();
    await drop();
  });
  return handle;
}
