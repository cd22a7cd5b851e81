// How long Back Up Now stops the site (issue 44 item 4): the latency of the requests that run
// while a backup's snapshot is taken, with load running, for the Backups screen's Back Up Now
// and for `npm run backup` (the control socket), which take the same path in the server.
//
//   npx tsx bench/backup-pause/run.ts        (builds first unless BENCH_SKIP_BUILD=1)
//   options (environment): BENCH_ROUNDS=5 BENCH_CONNECTIONS=8 BENCH_PORT=3341 BENCH_SKIP_BUILD=1
//
// A production server on a fresh embedded database with the demo data (a temporary DATA_DIR
// and BACKUP_DIR), the demo super admin signed in. Load runs the whole time from
// BENCH_CONNECTIONS clients, each sending its next request as soon as the last answered, in
// turn: /healthz, the home page (page cache), a search nobody made before (rendered from the
// database) and a property page. First 5 s of load alone (the machine's own latency), then
// BENCH_ROUNDS times: Back Up Now (POST /admin/backups as the screen's button does), 2 s of
// load alone, `npm run backup`'s request on the control socket, 2 s. Reported per trigger: the
// requests that were in flight at any moment of the backup (p50, p99, max) and the server's
// event-loop stalls over 50 ms during it (stall-probe.mjs, loaded into the server).
// Results go to results/<date>.md and .json.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatResults } from "../format-results";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const PORT = Number(process.env.BENCH_PORT ?? 3341);
const AUTH_SECRET = crypto.randomBytes(24).toString("hex");
const DEMO_ADMIN = { email: "admin@naijahomes.ng", password: "admin-demo-2024" };
const TARGET_P99_MS = 500;

type Sent = { kind: string; start: number; end: number; status: number };
type Window = { trigger: string; start: number; end: number; status: number };
type Summary = { count: number; p50: number; p99: number; max: number; errors: number };
type Measure = {
  phase: string;
  backupMs: number;
  requests: Summary;
  stalls: { count: number; longest: number; total: number };
};

function log(message: string) {
  console.log(`[backup-pause] ${message}`);
}

function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function summarise(sent: Sent[]): Summary {
  const times = sent.map((s) => s.end - s.start);
  return {
    count: sent.length,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
    max: times.length ? Math.max(...times) : 0,
    errors: sent.filter((s) => s.status === 0 || s.status >= 500).length,
  };
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

let serverProcess: ChildProcess | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    serverProcess?.kill("SIGTERM");
    process.exit(130);
  });
}

function startServer(base: string, env: NodeJS.ProcessEnv) {
  const entry = 'const { startServer } = await import("./server/cluster.js"); await startServer();';
  serverProcess = spawn(
    process.execPath,
    [`--import=${path.join(HERE, "stall-probe.mjs")}`, "--input-type=module", "-e", entry],
    {
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
        BACKUP_SCHEDULE: "",
      },
      stdio: ["ignore", "inherit", "inherit"],
    },
  );
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

/** Clients sending requests back to back until stopped; every request's start, end, status. */
function startLoad(base: string, property: string) {
  const sent: Sent[] = [];
  let running = true;
  const targets = [
    { kind: "GET /healthz", url: () => "/healthz" },
    { kind: "GET / (cached)", url: () => "/" },
    {
      kind: "GET /properties?q= (uncached)",
      url: () => `/properties?q=${crypto.randomBytes(3).toString("hex")}`,
    },
    { kind: "GET property page", url: () => `/property/${property}` },
  ];
  const clients = Array.from({ length: CONNECTIONS }, async (_, client) => {
    for (let i = client; running; i++) {
      const target = targets[i % targets.length] ?? targets[0];
      if (!target) break;
      const start = Date.now();
      let status = 0;
      try {
        const response = await fetch(`${base}${target.url()}`);
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 0;
      }
      sent.push({ kind: target.kind, start, end: Date.now(), status });
    }
  });
  return {
    sent,
    stop: async () => {
      running = false;
      await Promise.all(clients);
    },
  };
}

async function backUpNow(base: string, cookie: string): Promise<Window> {
  const start = Date.now();
  const response = await fetch(`${base}/admin/backups`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie,
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
    },
    body: new URLSearchParams({ intent: "backup" }),
  });
  await response.arrayBuffer();
  return { trigger: "Back Up Now (screen)", start, end: Date.now(), status: response.status };
}

/** What `npm run backup` sends when a server holds the database (scripts/backup.ts). */
function commandBackup(dataDir: string): Promise<Window> {
  const start = Date.now();
  return new Promise((resolve, reject) => {
    const request = http.request(
      { socketPath: path.join(dataDir, "control.sock"), method: "POST", path: "/backup" },
      (response) => {
        response.resume();
        response.on("end", () =>
          resolve({
            trigger: "npm run backup (control socket)",
            start,
            end: Date.now(),
            status: response.statusCode ?? 0,
          }),
        );
      },
    );
    request.on("error", reject);
    request.end();
  });
}

function readStalls(file: string) {
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [end, ms] = line.split(" ").map(Number) as [number, number];
      return { start: end - ms, end, ms };
    });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main() {
  build();
  const loadBefore = os.loadavg();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-backup-pause-"));
  const stallLog = path.join(dataDir, "stalls.log");
  const base = `http://127.0.0.1:${PORT}`;
  const child = startServer(base, {
    DATA_DIR: dataDir,
    BACKUP_DIR: path.join(dataDir, "backups"),
    BENCH_STALL_LOG: stallLog,
  });
  const measures: Measure[] = [];
  let dataDirMb = 0;
  try {
    await waitHealthy(base, child);
    const cookie = await signIn(base);
    const home = await (await fetch(base, { headers: { "accept-encoding": "identity" } })).text();
    const property = /href="\/property\/([\w-]+)"/.exec(home)?.[1];
    if (!property) throw new Error("the home page links no property");
    const load = startLoad(base, property);
    await pause(1000);
    const idleFrom = Date.now();
    await pause(5000);
    const idle = load.sent.filter((s) => s.start >= idleFrom);
    const windows: Window[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const take of [() => backUpNow(base, cookie), () => commandBackup(dataDir)]) {
        const window = await take();
        if (window.status !== 302 && window.status !== 200) {
          throw new Error(`${window.trigger} answered ${window.status}`);
        }
        windows.push(window);
        log(`${window.trigger}: ${window.end - window.start} ms`);
        await pause(2000);
      }
    }
    await load.stop();
    const stalls = readStalls(stallLog);
    const stallsIn = (from: number, to: number) =>
      stalls.filter((s) => s.end >= from && s.start <= to);
    const idleStalls = stallsIn(idleFrom, idleFrom + 5000);
    measures.push({
      phase: "load alone (5 s)",
      backupMs: 0,
      requests: summarise(idle),
      stalls: {
        count: idleStalls.length,
        longest: Math.max(0, ...idleStalls.map((s) => s.ms)),
        total: idleStalls.reduce((sum, s) => sum + s.ms, 0),
      },
    });
    for (const trigger of new Set(windows.map((w) => w.trigger))) {
      const mine = windows.filter((w) => w.trigger === trigger);
      const during = load.sent.filter((s) =>
        mine.some((w) => s.end >= w.start && s.start <= w.end),
      );
      const held = mine.flatMap((w) => stallsIn(w.start, w.end));
      measures.push({
        phase: `${trigger}, ${mine.length} backups`,
        backupMs: percentile(
          mine.map((w) => w.end - w.start),
          50,
        ),
        requests: summarise(during),
        stalls: {
          count: held.length,
          longest: Math.max(0, ...held.map((s) => s.ms)),
          total: held.reduce((sum, s) => sum + s.ms, 0) / mine.length,
        },
      });
    }
    const du = spawnSync("du", ["-sm", path.join(dataDir, "pgdata")], { encoding: "utf8" });
    dataDirMb = Number(du.stdout.split("\t")[0]) || 0;
  } finally {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

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
    "load average before (1, 5, 15 min)": loadBefore.map((l) => l.toFixed(1)).join(", "),
    "load average after": os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(", "),
    settings: `${CONNECTIONS} connections, ${ROUNDS} rounds, database directory ${dataDirMb} MB`,
  };
  const lines = [
    `# Back Up Now under load: ${meta.date}`,
    "",
    ...Object.entries(meta).map(([k, v]) => `- ${k}: ${v}`),
    "",
    "| phase | backup ms (median) | requests | p50 ms | p99 ms | max ms | errors | stalls > 50 ms | longest stall ms | stalled ms per backup |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...measures.map(
      (m) =>
        `| ${m.phase} | ${m.backupMs || ""} | ${m.requests.count} | ${m.requests.p50} | ${m.requests.p99} | ${m.requests.max} | ${m.requests.errors} | ${m.stalls.count} | ${m.stalls.longest.toFixed(0)} | ${m.stalls.total.toFixed(0)} |`,
    ),
    "",
  ];
  const screen = measures.find((m) => m.phase.startsWith("Back Up Now"));
  if (screen) {
    lines.push(
      `Back Up Now: p99 of the requests in flight during a backup ${screen.requests.p99} ms (target < ${TARGET_P99_MS} ms: ${screen.requests.p99 < TARGET_P99_MS ? "met" : "NOT met"}).`,
      "",
    );
  }
  const dir = path.join(HERE, "results");
  fs.mkdirSync(dir, { recursive: true });
  const md = path.join(dir, `${stamp}.md`);
  const json = path.join(dir, `${stamp}.json`);
  fs.writeFileSync(md, lines.join("\n"));
  fs.writeFileSync(json, `${JSON.stringify({ meta, measures }, null, 2)}\n`);
  formatResults(md, json);
  log(`results: ${path.relative(ROOT, md)}`);
  process.stdout.write(lines.join("\n"));
}

await main();
