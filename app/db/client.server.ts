import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { closeToOthers } from "~/db/private-files.server";
import { logger } from "~/log/logger.server";
import { copyTree, freshSnapshotDir } from "./data-dir-copy.server";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.server";
import { withPreparedStatements } from "./pglite-statements.server";
import * as schema from "./schema";

// Both drivers answer raw queries with `{ rows }`; this lets `db.execute` say so.
type RowsResult<Row> = { rows: Row[] };
interface RowsResultHKT extends PgQueryResultHKT {
  readonly type: RowsResult<this["row"]>;
}

export type Database = PgDatabase<RowsResultHKT, typeof schema>;

export type DatabaseHandle = {
  kind: "pglite" | "postgres";
  db: Database;
  /** Answers when the database can run a query; throws otherwise. */
  ping: () => Promise<void>;
  /**
   * Runs `task` while holding an exclusive lock named by `key`, so several instances starting
   * at once against one PostgreSQL do it one at a time. The lock is a session lock on a
   * connection of its own, outside the pool. On the embedded database the data-directory lock
   * already makes this process the only one.
   */
  withExclusiveLock: <T>(key: number, task: () => Promise<T>) => Promise<T>;
  /**
   * The embedded database only: a consistent copy of its data directory taken while it keeps
   * serving. `before` runs first, in the same transaction as the copy (its `query` sees exactly
   * what the copy holds), and its answer is returned beside the copy. Queries and transactions
   * that arrive meanwhile wait for the moment the copy takes; none fails.
   *
   * On disk the copy is a folder of the data directory's files (`copy.dir`, a synchronous
   * copy of the files, far quicker than PGlite's dump, which builds a tar in JavaScript); the
   * caller archives it and then calls `copy.release()`. In memory it is PGlite's own dump (an
   * uncompressed tar, as PGlite loads it back), written synchronously.
   */
  snapshot?: <T>(
    before: (query: (sql: string) => Promise<Record<string, unknown>[]>) => Promise<T>,
  ) => Promise<DataDirSnapshot<T>>;
  close: () => Promise<void>;
};

export type DataDirSnapshot<T> =
  | { before: T; copy: { dir: string; release: () => Promise<void> }; tar?: undefined }
  | { before: T; tar: Blob; copy?: undefined };

export type OpenOptions =
  | { kind: "postgres"; url: string; poolSize?: number }
  | { kind: "pglite"; dataDir: string }
  | { kind: "pglite-memory"; loadDataDir?: Blob | File };

export const PGLITE_EXTENSIONS = { pg_trgm };

/** The folder holding the committed SQL migrations, found from this file or the built bundle. */
export function findMigrationsFolder() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 6; i++) {
    const candidate = path.join(dir, "drizzle");
    if (fs.existsSync(path.join(candidate, "meta", "_journal.json"))) return candidate;
    dir = path.dirname(dir);
  }
  const fromCwd = path.resolve("drizzle");
  if (fs.existsSync(path.join(fromCwd, "meta", "_journal.json"))) return fromCwd;
  throw new Error("Could not find the drizzle/ migrations folder");
}

/** How many migrations this copy of the site ships (drizzle/meta/_journal.json). */
export function shippedMigrationCount(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(findMigrationsFolder(), "meta", "_journal.json"), "utf8"),
  ) as { entries: unknown[] };
  return journal.entries.length;
}

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle> {
  if (options.kind === "postgres") {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server ends (a restart, an administrator, a dropped database) is
    // reported here; the pool has already discarded it and opens a new one when next needed.
    // Without a listener the error would be thrown and stop the whole process.
    pool.on("error", (error) => {
      logger.warn({ err: error }, "an idle PostgreSQL connection was closed by the server");
    });
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    return {
      kind: "postgres",
      db,
      ping: async () => {
        await pool.query("select 1");
      },
      withExclusiveLock: async (key, task) => {
        // A connection of its own, outside the pool: the task itself may need every pooled one.
        const client = new pg.Client({ connectionString: options.url });
        await client.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [key]);
          return await task();
        } finally {
          // Closing the session releases its advisory locks.
          await client.end();
        }
      },
      close: () => pool.end(),
    };
  }

  let lock: DataDirLock | undefined;
  let client: PGlite;
  if (options.kind === "pglite") {
    // Refuses (and writes nothing) when another process holds the data directory.
    lock = acquireDataDirLock(options.dataDir);
    try {
      const pgdata = path.join(options.dataDir, "pgdata");
      client = await PGlite.create(pgdata, { extensions: PGLITE_EXTENSIONS });
      // PGlite unpacks a new database with its own modes (0666), whatever the umask: closed to
      // others here (issue 42); the files PostgreSQL makes later follow the umask (0600).
      await closeToOthers(pgdata);
    } catch (error) {
      lock.release();
      throw error;
    }
  } else {
    client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: options.loadDataDir,
    });
  }
  const db = drizzlePglite({
    client: withPreparedStatements(client),
    schema,
  }) as unknown as Database;
  const pgliteLocks = new Map<number, Promise<unknown>>();
  return {
    kind: "pglite",
    db,
    ping: async () => {
      await client.query("select 1");
    },
    // One process owns the embedded database: a chain per key in memory is the lock (two seeds
    // started together, e.g. the demo accounts' password hashing, must not interleave).
    withExclusiveLock: (key, task) => {
      const previous = pgliteLocks.get(key) ?? Promise.resolve();
      const run = previous.then(task, task);
      pgliteLocks.set(
        key,
        run.then(
          () => undefined,
          () => undefined,
        ),
      );
      return run;
    },
    snapshot: async (before) => {
      // The data files brought up to date first, so a restore has little log to replay and
      // little is left for the copy's moment.
      await client.query("checkpoint");
      const dataDir = options.kind === "pglite" ? options.dataDir : undefined;
      if (!dataDir) {
        // Inside a transaction no other one begins, and no statement runs while PGlite writes
        // the tar, synchronously, from its files. Ours is read-only and uncommitted in the copy.
        return client.transaction(async (tx) => {
          const answer = await before(
            async (sql) => (await tx.query<Record<string, unknown>>(sql)).rows,
          );
          return { tar: await client.dumpDataDir("none"), before: answer };
        });
      }
      // On disk the same moment holds while the files are copied aside (synchronously, see
      // ./data-dir-copy.server.ts): every query (inside or outside a transaction) waits for the
      // transaction lock, so no write happens until the copy is whole; what the database keeps
      // in memory meanwhile is in its write-ahead log, copied with it, as PGlite's own dump would
      // have it. The archive is written from the copy after the database has gone back to work.
      const dir = await freshSnapshotDir(dataDir);
      const release = () => fs.promises.rm(dir, { recursive: true, force: true });
      try {
        const answer = await client.transaction(async (tx) => {
          const answer = await before(
            async (sql) => (await tx.query<Record<string, unknown>>(sql)).rows,
          );
          copyTree(path.join(dataDir, "pgdata"), dir);
          return answer;
        });
        return { before: answer, copy: { dir, release } };
      } catch (error) {
        await release();
        throw error;
      }
    },
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/** Lock keys of handle.withExclusiveLock, one per start-up task. */
export const MIGRATE_LOCK_KEY = 727274;
export const SEED_LOCK_KEY = 727275;

export async function migrateDatabase(handle: DatabaseHandle) {
  const migrationsFolder = findMigrationsFolder();
  // Several app instances may start at once against one PostgreSQL: migrate one at a time.
  await handle.withExclusiveLock(MIGRATE_LOCK_KEY, async () => {
    // biome-ignore lint/suspicious/noExplicitAny: the migrators want the driver-specific type.
    const db = handle.db as any;
    if (handle.kind === "pglite") await migratePglite(db, { migrationsFolder });
    else await migrateNodePg(db, { migrationsFolder });
  });
}

// ---------------------------------------------------------------------------
// The one handle of this process. Kept on globalThis so dev-server reloads reuse it, and so a
// test file can install its own throw-away database before calling model functions.

const HANDLE_KEY = Symbol.for("naija-homes.database");
type GlobalWithHandle = typeof globalThis & { [HANDLE_KEY]?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined) {
  (globalThis as GlobalWithHandle)[HANDLE_KEY] = handle;
}

export function getDatabase(): DatabaseHandle {
  const handle = (globalThis as GlobalWithHandle)[HANDLE_KEY];
  if (!handle) throw new Error("The database is not open yet (call openDatabase and setDatabase)");
  return handle;
}

/** The Drizzle handle models use: `import { db } from "~/db/client.server"`. */
export const db: Database = new Proxy({} as Database, {
  get(_target, property) {
    const real = getDatabase().db;
    const value = Reflect.get(real, property, real);
    return typeof value === "function" ? value.bind(real) : value;
  },
});

export async function closeDatabase() {
  const handle = (globalThis as GlobalWithHandle)[HANDLE_KEY];
  setDatabase(undefined);
  await handle?.close();
}
