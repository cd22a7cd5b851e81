import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { findMigrationsFolder, migrateDatabase, openDatabase } from "~/db/client.server";
import { workerDatabaseName } from "./test-database";

// Migrate once per run, then every test file clones the result (STACK-NOTES: migrating per file
// is slow). Embedded: a PGlite data-directory dump. PostgreSQL (DATABASE_URL set): a template
// database that each file copies with CREATE DATABASE ... TEMPLATE.

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase:
      | { kind: "pglite"; dump: string }
      | { kind: "postgres"; url: string; template: string };
  }
}

function migrationsHash() {
  const folder = findMigrationsFolder();
  const hash = crypto.createHash("sha256");
  for (const file of fs.readdirSync(folder).sort()) {
    if (file.endsWith(".sql")) hash.update(fs.readFileSync(path.join(folder, file)));
  }
  return hash.digest("hex").slice(0, 16);
}

/** Drops the worker databases (tests/setup/test-database.ts) copied from `template`. */
async function dropWorkerDatabases(client: pg.Client, template: string) {
  const workers = await client.query<{ datname: string }>(
    "select datname from pg_database where starts_with(datname, $1)",
    [workerDatabaseName(template, "")],
  );
  for (const { datname } of workers.rows) {
    // FORCE ends our own leftover connections, but a server process of another role (an
    // autovacuum worker busy with the rows the tests wrote) refuses it with 42501: it finishes
    // within moments, so try again a few times.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
        break;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (code !== "42501" || attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  }
}

const suffixFor = (project: TestProject) => project.name.replace(/[^a-z0-9]+/gi, "_");

export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    // One template per Vitest project: the projects set up at the same time.
    const suffix = suffixFor(project).toLowerCase();
    const template = `${new URL(url).pathname.slice(1) || "postgres"}_test_template_${suffix}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // A killed run's worker databases (tests/setup/test-database.ts), then the template.
    await dropWorkerDatabases(admin, template);
    await admin.query(`DROP DATABASE IF EXISTS "${template}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${template}"`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const handle = await openDatabase({
      kind: "postgres",
      url: templateUrl.toString(),
      poolSize: 1,
    });
    await migrateDatabase(handle);
    await handle.close();
    project.provide("testDatabase", { kind: "postgres", url, template });
    // Teardown, once every worker has stopped: the databases this run's workers made.
    return async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await dropWorkerDatabases(client, template);
      } finally {
        await client.end();
      }
    };
  }

  const cacheDir = path.resolve("node_modules/.cache/naija-homes");
  const dump = path.join(cacheDir, `test-template-${migrationsHash()}.tar.gz`);
  if (!fs.existsSync(dump)) {
    fs.mkdirSync(cacheDir, { recursive: true });
    const handle = await openDatabase({ kind: "pglite-memory" });
    await migrateDatabase(handle);
    const { PGlite } = await import("@electric-sql/pglite");
    // biome-ignore lint/suspicious/noExplicitAny: reach the PGlite client behind Drizzle.
    const client = (handle.db as any).$client as InstanceType<typeof PGlite>;
    const file = await client.dumpDataDir("gzip");
    // Two projects may write it at once: each through a file of its own, renamed into place.
    const partial = `${dump}.${process.pid}.${suffixFor(project)}.tmp`;
    fs.writeFileSync(partial, Buffer.from(await file.arrayBuffer()));
    fs.renameSync(partial, dump);
    await handle.close();
  }
  project.provide("testDatabase", { kind: "pglite", dump });
}
