// Starts the production server for one end-to-end run against a database nobody else uses:
//  - no DATABASE_URL: a new temporary DATA_DIR (embedded PGlite), seeded by the app at start;
//  - DATABASE_URL set: a new database `<name>_e2e_<random>` on that PostgreSQL server, seeded at
//    start (SEED_DEMO=1), dropped again on exit.
// Playwright's webServer runs this; it sends SIGTERM to the whole process group when the run ends,
// and this script waits for the server to stop before it removes what it created.
//
//   node --import tsx tests/e2e/start-server.ts            (PORT defaults to 3210)
//   E2E_SKIP_BUILD=1 ...                                    (reuse the existing build/)

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const port = process.env.PORT || "3210";

async function createDatabase(baseUrl: string) {
  const base = new URL(baseUrl);
  const baseName = decodeURIComponent(base.pathname.slice(1)) || "postgres";
  const name = `${baseName}_e2e_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    description: `PostgreSQL database ${name}`,
    async remove() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

function build() {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  // Quiet unless it fails: the build log would bury the test report.
  const result = spawnSync("npx", ["react-router", "build"], { encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    process.exit(result.status ?? 1);
  }
}

async function main() {
  build();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    SEED_DEMO: "1",
    // As behind one reverse proxy: each test's visitor sends its own address in
    // X-Forwarded-For (support.ts asNewVisitor), so per-address limits such as five sign-ups an
    // hour count visitors, not the whole suite coming from 127.0.0.1.
    TRUST_PROXY: "1",
  };
  let cleanup: () => Promise<void>;
  if (process.env.DATABASE_URL) {
    const database = await createDatabase(process.env.DATABASE_URL);
    env.DATABASE_URL = database.url;
    console.log(`[e2e] ${database.description}`);
    cleanup = database.remove;
  } else {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "naija-homes-e2e-"));
    env.DATA_DIR = dataDir;
    console.log(`[e2e] Embedded database in ${dataDir}`);
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const server: ChildProcess = spawn(process.execPath, ["server/main.js"], {
    env,
    stdio: "inherit",
  });

  let stopping = false;
  const forward = (signal: NodeJS.Signals) => {
    stopping = true;
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  };
  process.on("SIGTERM", () => forward("SIGTERM"));
  process.on("SIGINT", () => forward("SIGINT"));

  const code = await new Promise<number>((resolve) => {
    server.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
  try {
    await cleanup();
  } catch (error) {
    console.error("[e2e] Could not remove the throw-away database:", error);
  }
  process.exit(stopping ? 0 : code);
}

await main();
