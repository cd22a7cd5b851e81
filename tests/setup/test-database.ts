import fs from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { contentChanged } from "~/cache/content-generation.server";
import { type DatabaseHandle, openDatabase, setDatabase } from "~/db/client.server";

/**
 * Gives the calling test file a freshly migrated, empty database and makes it the one `db`
 * (and so every model function) uses. Call once at the top of a test file:
 *
 *   const database = await setupTestDatabase();
 *
 * One database per worker process, emptied for each file: opening a new one costs more than
 * the file's tests often do (embedded: a WASM start and an untar, 1.5-3 s; PostgreSQL: CREATE
 * DATABASE from the template, ~0.4 s, and new connections that warm their catalog caches
 * again). In the isolated projects the module, and so the handle, is new for every file anyway.
 */
export async function setupTestDatabase(): Promise<DatabaseHandle> {
  const config = inject("testDatabase");
  shared ??= config.kind === "pglite" ? openPglite(config.dump) : openPostgres(config);
  const { handle, empty } = await shared;
  await empty();
  // Emptied is changed: the reference data a file before this one had cached (with PAGE_CACHE
  // on) must not answer this file's reads.
  contentChanged();
  setDatabase(handle);
  afterAll(() => {
    // The database stays open for the worker's next file.
    setDatabase(undefined);
  });
  return handle;
}

type Shared = { handle: DatabaseHandle; empty: () => Promise<void> };
let shared: Promise<Shared> | undefined;

async function openPglite(dump: string): Promise<Shared> {
  const bytes = fs.readFileSync(dump);
  const handle = await openDatabase({
    kind: "pglite-memory",
    loadDataDir: new Blob([bytes], { type: "application/x-gzip" }),
  });
  return { handle, empty: await emptier(handle) };
}

/**
 * This worker process's database (`<template>_w<pid>`), copied from the migrated template when
 * the process first asks, then emptied for each of its files. Named by process, not by Vitest's
 * VITEST_POOL_ID: a worker slot is handed to the next worker while the last one is still
 * stopping (its mail sender may still be writing), and a slot held by an idle shared worker
 * leaves newer workers the id 0 together. The global setup drops the run's worker databases
 * when it ends, and any a killed run left behind when the next starts.
 */
async function openPostgres(config: { url: string; template: string }): Promise<Shared> {
  const name = workerDatabaseName(config.template, String(process.pid));
  const admin = new pg.Client({ connectionString: config.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}" TEMPLATE "${config.template}"`);
  } catch (error) {
    // 42P04 duplicate_database: a process of this run that had this pid before (it has ended).
    if ((error as { code?: string }).code !== "42P04") throw error;
  } finally {
    await admin.end();
  }
  const handle = await openDatabase({ kind: "postgres", url: workerUrl(config), poolSize: 4 });
  return { handle, empty: await emptier(handle) };
}

/** This worker's PostgreSQL database's URL (a listener of the tests' own), or undefined on PGlite. */
export function testDatabaseUrl(): string | undefined {
  const config = inject("testDatabase");
  return config.kind === "pglite" ? undefined : workerUrl(config);
}

function workerUrl(config: { url: string; template: string }) {
  const url = new URL(config.url);
  url.pathname = `/${workerDatabaseName(config.template, String(process.pid))}`;
  return url.toString();
}

/** The name of a worker process's database; the global setup drops those of its template. */
export function workerDatabaseName(template: string, pid: string) {
  return `${template}_w${pid.replace(/\D/g, "")}`;
}

/**
 * How to take a database back to freshly migrated: the migrations write no rows, so every table
 * of the app's schema (read once) is emptied and its identities restarted. A table that refuses
 * TRUNCATE by a trigger (the audit log) has that trigger off for the one transaction: its owner
 * may do that, where switching all triggers off (session_replication_role) needs a superuser.
 */
async function emptier(handle: DatabaseHandle) {
  const tables = await handle.db.execute<{ name: string }>(
    sql`select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
  );
  const guards = await handle.db.execute<{ on: string; name: string }>(sql`
    select quote_ident(c.relname) as "on", quote_ident(t.tgname) as name
    from pg_trigger t join pg_class c on c.oid = t.tgrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and not t.tgisinternal and (t.tgtype & 32) <> 0
      and t.tgname <> 'naija_data_truncated'`);
  const truncate = `truncate ${tables.rows.map((row) => `public.${row.name}`).join(", ")} restart identity cascade`;
  const toggle = (state: "disable" | "enable") =>
    guards.rows.map((g) => `alter table public.${g.on} ${state} trigger ${g.name}`);
  const statements = [...toggle("disable"), truncate, ...toggle("enable")];
  return () =>
    handle.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
}
