// The CSV import's check (preview) of 2,000 rows, and what the rest of the site feels meanwhile:
// /healthz asked over and over while the check runs, its latency recorded (issue 42 item 5:
// before, one 2,000-row check took 17-29 s and /healthz waited 16.5 s behind it).
//
//   npm run bench:import                                   (PGlite, port 3331)
//   BENCH_DATABASE_URL=postgres://user@127.0.0.1:5432/postgres npm run bench:import
//                                                          (... and PostgreSQL)
//   options (environment): BENCH_ROWS=2000 BENCH_ROUNDS=3 BENCH_PORT=3331 BENCH_SKIP_BUILD=1
//   BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=DIR" (the server's node options: a CPU profile)
//
// Per database: a production server started on a fresh database (a temporary DATA_DIR, or a new
// PostgreSQL database dropped at the end) with the demo data, the demo admin signed in, then:
//   1. "new rows": a file of BENCH_ROWS new listings (template columns, 800-character
//      descriptions with paragraphs) checked BENCH_ROUNDS times;
//   2. "import": the same file imported (the confirm step, once);
//   3. "export edited": the catalogue exported, its first BENCH_ROWS rows (the file limit) with
//      every price changed, checked BENCH_ROUNDS times (every row an update);
//   4. "two at once": two checks by the same admin sent together: one is answered 429 with the
//      "already being checked" message, the other with the plan.
// First, /healthz alone for 5 s: the latency the loaded machine gives with no import running.
// During 1-3 a second client asks /healthz one request after another (5 ms apart) for as long
// as the import request runs; p50/p99/max of those latencies are reported beside the request's
// own time. Results go to results/<date>.md and .json.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { PROPERTY_CSV_COLUMNS, parseCsv, toCsv, unguardCell } from "../../app/lib/csv";
import { formatResults } from "../format-results";
import { median } from "../stats";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const ROWS = Number(process.env.BENCH_ROWS ?? 2000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PORT = Number(process.env.BENCH_PORT ?? 3331);
const PG_URL = process.env.BENCH_DATABASE_URL || "";
const AUTH_SECRET = crypto.randomBytes(24).toString("hex");
const DEMO_ADMIN = { email: "admin@naijahomes.ng", password: "admin-demo-2024" };
const HEALTH_GAP_MS = 5;
const TARGET_P99_MS = 200;

type Measure = {
  database: string;
  phase: string;
  rows: number;
  status: number;
  ms: number;
  health: { count: number; p50: number; p99: number; max: number };
};

function log(message: string) {
  console.log(`[import] ${message}`);
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function build() {
  if (process.env.BENCH_SKIP_BUILD === "1") return;
  log("building...");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error("build failed");
  }
}

async function createDatabase() {
  const name = `bench_import_${crypto.randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: PG_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

async function waitHealthy(base: string, child: ChildProcess) {
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base} did not become healthy`);
}

async function signIn(base: string) {
  const response = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...DEMO_ADMIN, redirectTo: "/admin" }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => c.includes("session_token") && !c.endsWith("="))
    .join("; ");
  if (!cookie) throw new Error(`sign-in failed (${response.status})`);
  return cookie;
}

let serverProcess: ChildProcess | undefined;
// Stopped with the benchmark: a server left running would hold the port for the next run.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    serverProcess?.kill("SIGTERM");
    process.exit(130);
  });
}

function startServer(base: string, env: NodeJS.ProcessEnv) {
  const entry = 'const { startServer } = await import("./server/cluster.js"); await startServer();';
  // BENCH_NODE_ARGS: options for the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"
  // to see which synchronous stretches hold its thread.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  serverProcess = spawn(process.execPath, [...nodeArgs, "--input-type=module", "-e", entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      NODE_ENV: "production",
      PORT: String(PORT),
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
      AUTH_SECRET,
      SITE_URL: base,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  return serverProcess;
}

function stopServer(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 20_000).unref();
  });
}

/** A file of `count` new listings, as an office fills the template (descriptions with paragraphs). */
function newListingsFile(count: number, stamp: string) {
  const cities = ["Lagos", "Abuja", "Port Harcourt", "Ibadan", "Enugu"];
  const types = ["apartment", "duplex", "terrace", "bungalow", "house"];
  const rows = Array.from({ length: count }, (_, i) => [
    `Bench ${stamp} listing ${i + 1}`,
    i % 3 ? "sale" : "rent",
    i % 3 ? 40_000_000 + i * 10_000 : 2_000_000 + i * 1_000,
    i % 3 ? "" : "year",
    types[i % types.length],
    "residential",
    "no",
    cities[i % cities.length],
    `${i + 1} Bench Close, ${cities[i % cities.length]}`,
    1 + (i % 5),
    1 + (i % 4),
    2 + (i % 4),
    i % 3,
    900 + i,
    "available",
    "c-of-o",
    i % 2 ? 450_000 : "",
    "semi-furnished",
    "yes",
    "no",
    `${"Bright rooms, fitted kitchen, steady water and a standby generator. ".repeat(6)}\n\n${"Close to schools and the main road; gated estate with security. ".repeat(6)}`,
  ]);
  return toCsv(PROPERTY_CSV_COLUMNS, rows);
}

/** /healthz asked the same way for `ms` with nothing else running: the machine's own noise. */
async function idleHealth(base: string, ms: number) {
  const latencies: number[] = [];
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const started = performance.now();
    await (await fetch(`${base}/healthz`)).arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, HEALTH_GAP_MS));
  }
  return {
    count: latencies.length,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
  };
}

/** Posts a form to the import page with /healthz asked meanwhile; the request's time and theirs. */
async function timedImport(base: string, cookie: string, form: FormData) {
  let running = true;
  const latencies: number[] = [];
  const poller = (async () => {
    while (running) {
      const started = performance.now();
      const response = await fetch(`${base}/healthz`);
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, HEALTH_GAP_MS));
    }
  })();
  // A first health answer before the import starts, so the poller is running.
  while (latencies.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const started = performance.now();
  const response = await fetch(`${base}/admin/properties/import`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie },
    body: form,
  });
  const body = await response.text();
  const ms = performance.now() - started;
  running = false;
  await poller;
  return {
    status: response.status,
    body,
    ms,
    health: {
      count: latencies.length,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
    },
  };
}

function previewForm(csv: string) {
  const form = new FormData();
  form.set("intent", "preview");
  form.set("file", new File([csv], "listings.csv", { type: "text/csv" }));
  return form;
}

/** The fingerprint the check answered (the page's hidden field, or the data of a JSON answer). */
function fingerprintIn(body: string) {
  return /name="fingerprint" value="([^"]+)"/.exec(body)?.[1] ?? "";
}

function summaryIn(body: string) {
  return /(\d[\d,]*) new, (\d[\d,]*) updated, (\d[\d,]*) unchanged/.exec(body)?.[0] ?? "";
}

async function runOn(database: string, env: NodeJS.ProcessEnv): Promise<Measure[]> {
  const base = `http://127.0.0.1:${PORT}`;
  const child = startServer(base, env);
  const measures: Measure[] = [];
  try {
    await waitHealthy(base, child);
    const cookie = await signIn(base);
    const stamp = crypto.randomBytes(3).toString("hex");
    const file = newListingsFile(ROWS, stamp);
    log(`${database}: file of ${ROWS} new rows, ${(file.length / 1024).toFixed(0)} KB`);

    const record = (phase: string, rows: number, r: Awaited<ReturnType<typeof timedImport>>) => {
      measures.push({ database, phase, rows, status: r.status, ms: r.ms, health: r.health });
      log(
        `${database} ${phase}: ${r.status} in ${r.ms.toFixed(0)} ms (${summaryIn(r.body) || "no plan"}); /healthz x${r.health.count} p50 ${r.health.p50.toFixed(1)} ms, p99 ${r.health.p99.toFixed(1)} ms, max ${r.health.max.toFixed(1)} ms`,
      );
    };

    const idle = await idleHealth(base, 5000);
    measures.push({
      database,
      phase: "no import (baseline)",
      rows: 0,
      status: 200,
      ms: 5000,
      health: idle,
    });
    log(
      `${database} no import: /healthz x${idle.count} p50 ${idle.p50.toFixed(1)} ms, p99 ${idle.p99.toFixed(1)} ms`,
    );

    let fingerprint = "";
    for (let round = 1; round <= ROUNDS; round++) {
      const r = await timedImport(base, cookie, previewForm(file));
      if (r.status !== 200 || !summaryIn(r.body).startsWith(`${ROWS.toLocaleString("en")} new`)) {
        throw new Error(`check of new rows answered ${r.status}: ${r.body.slice(0, 300)}`);
      }
      fingerprint = fingerprintIn(r.body);
      record("check, new rows", ROWS, r);
    }

    const confirm = new FormData();
    confirm.set("intent", "import");
    confirm.set("csv", file);
    confirm.set("fingerprint", fingerprint);
    const imported = await timedImport(base, cookie, confirm);
    if (imported.status !== 302) {
      throw new Error(`import answered ${imported.status}: ${imported.body.slice(0, 300)}`);
    }
    record("import, new rows", ROWS, imported);

    const exported = await (
      await fetch(`${base}/admin/properties/export.csv`, { headers: { cookie } })
    ).text();
    // The export's first BENCH_ROWS listings (the file limit), cells as they were meant.
    const [header = [], ...all] = parseCsv(exported).map((row) => row.map(unguardCell));
    const rows = all.slice(0, ROWS);
    const priceAt = header.indexOf("price");
    for (const row of rows) row[priceAt] = String(Number(row[priceAt] || 0) + 1000);
    const edited = toCsv(header, rows);
    for (let round = 1; round <= ROUNDS; round++) {
      const r = await timedImport(base, cookie, previewForm(edited));
      if (r.status !== 200) {
        throw new Error(`check of the export answered ${r.status}: ${r.body.slice(0, 300)}`);
      }
      record("check, export with every price changed", rows.length, r);
    }

    const [first, second] = await Promise.all([
      fetch(`${base}/admin/properties/import`, {
        method: "POST",
        headers: { cookie },
        body: previewForm(file),
      }),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
        fetch(`${base}/admin/properties/import`, {
          method: "POST",
          headers: { cookie },
          body: previewForm(file),
        }),
      ),
    ]);
    const statuses = [first.status, second.status].sort();
    const refusal = await (first.status === 429 ? first : second).text();
    const said = refusal.includes("An import is already being checked");
    log(`${database} two at once: ${statuses.join(" and ")}${said ? ", with the message" : ""}`);
    measures.push({
      database,
      phase: `two checks at once: ${statuses.join(" + ")}${said ? " (message shown)" : ""}`,
      rows: ROWS,
      status: statuses[1] ?? 0,
      ms: 0,
      health: { count: 0, p50: 0, p99: 0, max: 0 },
    });
  } finally {
    await stopServer(child);
  }
  return measures;
}

function uptime() {
  return spawnSync("uptime", { encoding: "utf8" }).stdout.trim();
}

function markdown(measures: Measure[], meta: Record<string, string>) {
  const lines = [
    `# CSV import check: ${meta.date}`,
    "",
    ...Object.entries(meta).map(([k, v]) => `- ${k}: ${v}`),
    "",
    "| database | phase | rows | status | request ms | /healthz asked | p50 ms | p99 ms | max ms |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...measures.map((m) =>
      m.ms
        ? `| ${m.database} | ${m.phase} | ${m.rows} | ${m.status} | ${m.ms.toFixed(0)} | ${m.health.count} | ${m.health.p50.toFixed(1)} | ${m.health.p99.toFixed(1)} | ${m.health.max.toFixed(1)} |`
        : `| ${m.database} | ${m.phase} | ${m.rows} | ${m.status} | | | | | |`,
    ),
    "",
  ];
  const checks = measures.filter((m) => m.phase.startsWith("check"));
  for (const database of new Set(checks.map((m) => m.database))) {
    const mine = checks.filter((m) => m.database === database);
    const worst = Math.max(...mine.map((m) => m.health.p99));
    lines.push(
      `${database}: check median ${median(mine.map((m) => m.ms)).toFixed(0)} ms; worst /healthz p99 during a check ${worst.toFixed(1)} ms (target < ${TARGET_P99_MS} ms: ${worst < TARGET_P99_MS ? "met" : "NOT met"}).`,
      "",
    );
  }
  return lines.join("\n");
}

async function main() {
  build();
  const before = uptime();
  const measures: Measure[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-import-"));
  try {
    measures.push(...(await runOn("PGlite", { DATA_DIR: dataDir })));
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  if (PG_URL) {
    const database = await createDatabase();
    try {
      measures.push(...(await runOn("PostgreSQL", { DATABASE_URL: database.url })));
    } finally {
      await database.drop();
    }
  } else log("PostgreSQL: skipped (set BENCH_DATABASE_URL)");

  const now = new Date();
  const stamp = now.toISOString().slice(0, 16).replace(/[T:]/g, "-");
  const commit = spawnSync("git", ["rev-parse", "--short", "HEAD"], {
    cwd: ROOT,
    encoding: "utf8",
  }).stdout.trim();
  const meta = {
    date: now.toISOString().slice(0, 16),
    commit,
    node: process.version,
    cores: String(os.cpus().length),
    "load before": before,
    "load after": uptime(),
    settings: `rows ${ROWS}, rounds ${ROUNDS}, /healthz every ${HEALTH_GAP_MS} ms after the previous answer`,
  };
  const dir = path.join(HERE, "results");
  fs.mkdirSync(dir, { recursive: true });
  const md = path.join(dir, `${stamp}.md`);
  const json = path.join(dir, `${stamp}.json`);
  fs.writeFileSync(md, markdown(measures, meta));
  fs.writeFileSync(json, `${JSON.stringify({ meta, measures }, null, 2)}\n`);
  formatResults(md, json);
  log(`results: ${path.relative(ROOT, md)}`);
}

await main();
