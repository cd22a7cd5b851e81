// Starts the production server for one end-to-end run against a database nobody else uses:
//  - no DATABASE_URL: a new temporary DATA_DIR (embedded PGlite);
//  - DATABASE_URL set: a new database `<name>_e2e_<random>` on that PostgreSQL server, dropped
//    again on exit.
// Before the server starts, prepare-accounts.ts seeds that database (SEED_DEMO=1), creates the
// accounts the specs use and saves a signed-in browser state for each (auth-state.ts).
// Playwright's webServer runs this; it sends SIGTERM to the whole process group when the run ends,
// and this script waits for the server to stop before it removes what it created.
//
//   node --import tsx tests/e2e/start-server.ts            (PORT defaults to 3210)
//   E2E_SKIP_BUILD=1 ...                                    (reuse the existing build/)

import { type ChildProcess, spawn } from "node:child_process";
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

/** Resolves with the exit code of `child` (1 when a signal ended it). */
function exitCodeOf(child: ChildProcess) {
  return new Promise<number>((resolve) => {
    child.on("exit", (exitCode, signal) => resolve(exitCode ?? (signal ? 1 : 0)));
  });
}

/** Builds the app, quiet unless it fails (the build log would bury the test report). */
async function build() {
  if (process.env.E2E_SKIP_BUILD === "1") return 0;
  const child = spawn("npx", ["react-router", "build"], { stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const code = await exitCodeOf(child);
  if (code !== 0) process.stderr.write(output);
  return code;
}

/**
 * Seeds the new database and saves the specs' signed-in states (prepare-accounts.ts), in a
 * process of its own that has closed the database before the server opens it.
 */
function prepareAccounts(env: NodeJS.ProcessEnv) {
  const script = path.join(import.meta.dirname, "prepare-accounts.ts");
  return exitCodeOf(
    spawn(process.execPath, ["--import", "tsx", script], { env, stdio: "inherit" }),
  );
}

async function main() {
  // The build and the database's preparation both take seconds of CPU: side by side.
  const built = build();

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: port,
    SEED_DEMO: "1",
    // As behind one reverse proxy: each test's visitor sends its own address in
    // X-Forwarded-For (support.ts asNewVisitor), so per-address limits such as five sign-ups an
    // hour count visitors, not the whole suite coming from 127.0.0.1.
    TRUST_PROXY: "1",
    // One secret for the run, shared by prepare-accounts.ts (which signs the saved sessions'
    // cookies) and the server (which checks them).
    AUTH_SECRET: crypto.randomBytes(32).toString("hex"),
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
    // The Backups screen's archives go with the run's data, not into the checkout.
    env.BACKUP_DIR = path.join(dataDir, "backups");
    console.log(`[e2e] Embedded database in ${dataDir}`);
    cleanup = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const [buildCode, prepared] = await Promise.all([built, prepareAccounts(env)]);
  if (buildCode !== 0 || prepared !== 0) {
    if (prepared !== 0) console.error("[e2e] Could not seed the database and sign accounts in");
    await cleanup();
    process.exit(buildCode || prepared);
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

  const code = await exitCodeOf(server);
  try {
    await cleanup();
  } catch (error) {
    console.error("[e2e] Could not remove the throw-away database:", error);
  }
  process.exit(stopping ? 0 : code);
}

await main();
