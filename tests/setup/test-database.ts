import crypto from "node:crypto";
import fs from "node:fs";
import { sql } from "drizzle-orm";
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
    // One embedded database per worker, emptied for each file: opening one from the dump costs
    // a WASM start and an untar (1.5-3 s), emptying it a TRUNCATE. In the isolated projects the
    // module, and so the database, is new for every file anyway.
    sharedPglite ??= openPglite(config.dump);
    const shared = await sharedPglite;
    await shared.empty();
    handle = shared.handle;
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
    // The shared embedded database stays open for the worker's next file.
    if (config.kind === "pglite") return;
    await handle.close();
    await drop();
  });
  return handle;
}

let sharedPglite: Promise<{ handle: DatabaseHandle; empty: () => Promise<void> }> | undefined;

/**
 * The worker's embedded database, and how to take it back to freshly migrated: the migrations
 * write no rows, so every table of the app's schema (read once) is emptied, identities
 * restarted. The audit log refuses TRUNCATE by a trigger, which replica mode leaves unfired for
 * this one statement.
 */
async function openPglite(dump: string) {
  const bytes = fs.readFileSync(dump);
  const handle = await openDatabase({
    kind: "pglite-memory",
    loadDataDir: new Blob([bytes], { type: "application/x-gzip" }),
  });
  const tables = await handle.db.execute<{ name: string }>(
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  const truncate = `truncate ${tables.rows.map((row) => `public.${row.name}`).join(", ")} restart identity cascade`;
  const empty = () =>
    handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql.raw(truncate));
    });
  return { handle, empty };
}
