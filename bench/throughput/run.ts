// Throughput: requests per second and latency at 50 connections, for cached and uncached pages,
// on the embedded database and on PostgreSQL with one and two worker processes.
//
//   npx tsx bench/throughput/run.ts          (PostgreSQL rows need BENCH_DATABASE_URL or
//                                             DATABASE_URL: a server where databases may be made)
//
// Builds the site, starts the production server (as `npm start` does) three times on freshly
// seeded databases (a temporary DATA_DIR; two new PostgreSQL databases, dropped at the end), signs
// the demo customer in on each, then measures every target on every server in interleaved rounds
// (the order rotates each round, so a change in the machine's load falls on all of them alike)
// and reports the median of the rounds. Writes results/<date>.md and results/<date>.json.
//
// Options (environment): BENCH_ROUNDS (3), BENCH_SECONDS (5 per measurement), BENCH_CONNECTIONS
// (50), BENCH_SERVERS (pglite,pg1,pg2), BENCH_PORTS (3337,3338,3339), BENCH_SKIP_BUILD=1.
// Do not edit the sources while it runs: a rebuild would change the files under test.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon, { type RequestSpec, type Result } from "autocannon";
import pg from "pg";
import { median } from "../stats";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const PORTS = (process.env.BENCH_PORTS ?? "3337,3338,3339").split(",").map(Number);
const WANTED = (process.env.BENCH_SERVERS ?? "pglite,pg1,pg2").split(",");
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "";
const AUTH_SECRET = crypto.randomBytes(24).toString("hex");
const DEMO_CUSTOMER = { email: "customer@naijahomes.ng", password: "customer-demo-2024" };
const DEMO_ADMIN = { email: "admin@naijahomes.ng", password: "admin-demo-2024" };
/** What a phone's browser sends. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br", "user-agent": "Mozilla/5.0" };

type ServerSpec = { name: string; label: string; env: NodeJS.ProcessEnv; cleanup: () => void };
type Running = ServerSpec & {
  port: number;
  child: ChildProcess;
  cookie: string;
  adminCookie: string;
  base: string;
};
type Target = {
  name: string;
  /**
   * Cached: served from the page cache when it is a page (anonymous, or the signed-in member
   * copy). Kept: one person's own page asked again with the same cookies, from the per-session
   * cache (ADR 25). Uncached: rendered for every request.
   */
  kind: "static" | "no page" | "cached" | "kept" | "uncached";
  path: (server: Running) => string;
  signedIn: boolean;
  /** Signed in as the demo admin instead of the demo customer (an admin screen). */
  admin?: boolean;
  /** A new URL for each request (a search nobody asked before): never from a cache. */
  fresh?: (n: number) => string;
  /** What the answer must contain (default for signed-in targets: the header's Sign Out). */
  expect?: string;
};
type Sample = { rps: number; p50: number; p99: number; errors: number; load: number };

function log(message: string) {
  console.log(`[throughput] ${message}`);
}

function uptime() {
  return spawnSync("uptime", { encoding: "utf8" }).stdout.trim();
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

async function createDatabase(suffix: string) {
  const name = `bench_throughput_${suffix}_${crypto.randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => {
      const client = new pg.Client({ connectionString: PG_URL });
      return client
        .connect()
        .then(() => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))
        .finally(() => client.end());
    },
  };
}

const drops: (() => Promise<unknown>)[] = [];

async function serverSpecs(): Promise<ServerSpec[]> {
  const specs: ServerSpec[] = [];
  if (WANTED.includes("pglite")) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-throughput-"));
    specs.push({
      name: "pglite",
      label: "embedded PGlite (1 process)",
      env: { DATA_DIR: dataDir },
      cleanup: () => fs.rmSync(dataDir, { recursive: true, force: true }),
    });
  }
  for (const [name, workers] of [
    ["pg1", 1],
    ["pg2", 2],
  ] as const) {
    if (!WANTED.includes(name)) continue;
    if (!PG_URL) {
      log(`${name}: skipped (set BENCH_DATABASE_URL or DATABASE_URL)`);
      continue;
    }
    const database = await createDatabase(name);
    drops.push(database.drop);
    specs.push({
      name,
      label: `PostgreSQL, ${workers} worker${workers > 1 ? "s" : ""}`,
      env: { DATABASE_URL: database.url, WEB_CONCURRENCY: String(workers) },
      cleanup: () => undefined,
    });
  }
  return specs;
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

async function signIn(base: string, as: "customer" | "admin" = "customer") {
  const [login, account, home] =
    as === "admin"
      ? ["/admin/login", DEMO_ADMIN, "/admin"]
      : ["/signin", DEMO_CUSTOMER, "/dashboard"];
  const response = await fetch(`${base}${login}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ ...account, redirectTo: home }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((c) => c.includes("session_token") && !c.endsWith("="))
    .join("; ");
  if (!cookie) throw new Error(`sign-in failed on ${base} (${response.status})`);
  return cookie;
}

async function start(spec: ServerSpec, port: number): Promise<Running> {
  const base = `http://127.0.0.1:${port}`;
  // server/start.js without its "rebuild when the sources are newer" step: three servers
  // starting at once must not rebuild over each other (this script built once above).
  const entry = 'const { startServer } = await import("./server/cluster.js"); await startServer();';
  const child = spawn(process.execPath, ["--input-type=module", "-e", entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...spec.env,
      NODE_ENV: "production",
      PORT: String(port),
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
      AUTH_SECRET,
      SITE_URL: base,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await waitHealthy(base, child);
  const [cookie, adminCookie] = [await signIn(base), await signIn(base, "admin")];
  return { ...spec, port, child, base, cookie, adminCookie };
}

function stop(server: Running) {
  return new Promise<void>((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once("exit", () => resolve());
    server.child.kill("SIGTERM");
    setTimeout(() => server.child.kill("SIGKILL"), 20_000).unref();
  });
}

const propertyPaths = new Map<string, string>();
/** A filtered search as the filter form sends it; preflight follows it to its canonical URL. */
let FILTERED = "/properties?type=rent&ptype=apartment&beds=2";

const TARGETS: Target[] = [
  {
    name: "static file (/favicon.svg)",
    kind: "static",
    path: () => "/favicon.svg",
    signedIn: false,
  },
  {
    name: "route without a page (/robots.txt)",
    kind: "no page",
    path: () => "/robots.txt",
    signedIn: false,
  },
  { name: "home", kind: "cached", path: () => "/", signedIn: false },
  { name: "listing", kind: "cached", path: () => "/properties", signedIn: false },
  { name: "filtered listing", kind: "cached", path: () => FILTERED, signedIn: false },
  {
    name: "property page",
    kind: "cached",
    path: (s) => propertyPaths.get(s.name) ?? "/",
    signedIn: false,
  },
  // Signed in: the page cache's member copy (ADR 19), the visitor's own data from /api/me.
  { name: "home", kind: "cached", path: () => "/", signedIn: true },
  { name: "listing", kind: "cached", path: () => "/properties", signedIn: true },
  { name: "filtered listing", kind: "cached", path: () => FILTERED, signedIn: true },
  {
    name: "property page",
    kind: "cached",
    path: (s) => propertyPaths.get(s.name) ?? "/",
    signedIn: true,
  },
  { name: "about", kind: "cached", path: () => "/about", signedIn: true },
  {
    name: "per-user data (/api/me)",
    kind: "uncached",
    path: () => "/api/me",
    signedIn: true,
    expect: '"user":{',
  },
  {
    name: "listing, a new search each request",
    kind: "uncached",
    path: () => "/properties?price=0-100000000",
    signedIn: true,
    fresh: (n) => `/properties?price=0-${100_000_000 + n * 1_000}`,
  },
  // Pages that are one person's own: asked again with the same cookies, from the per-session
  // cache; and rendered, with a query parameter the page ignores, new on every request (what a
  // first visit, or a visit after a change, costs).
  { name: "customer dashboard", kind: "kept", path: () => "/dashboard", signedIn: true },
  {
    name: "admin list (properties)",
    kind: "kept",
    path: () => "/admin/properties",
    signedIn: true,
    admin: true,
  },
  {
    name: "customer dashboard",
    kind: "uncached",
    path: () => "/dashboard?visit=0",
    signedIn: true,
    fresh: (n) => `/dashboard?visit=${n}`,
  },
  {
    name: "admin list (properties)",
    kind: "uncached",
    path: () => "/admin/properties?visit=0",
    signedIn: true,
    admin: true,
    fresh: (n) => `/admin/properties?visit=${n}`,
  },
];

/** A browser's headers, with the target's account's session cookie when it is signed in. */
function headersFor(server: Running, target: Target): Record<string, string> {
  if (!target.signedIn) return { ...BROWSER_HEADERS };
  return { ...BROWSER_HEADERS, cookie: target.admin ? server.adminCookie : server.cookie };
}

async function preflight(server: Running) {
  const html = await (await fetch(`${server.base}/properties`)).text();
  const property = /href="(\/property\/[0-9a-f-]{36})"/.exec(html)?.[1];
  if (!property) throw new Error("no property link on /properties");
  propertyPaths.set(server.name, property);
  const filtered = await fetch(`${server.base}${FILTERED}`, { redirect: "manual" });
  const canonical = filtered.headers.get("location");
  if (canonical)
    FILTERED = new URL(canonical, server.base).pathname + new URL(canonical, server.base).search;
  for (const target of TARGETS) {
    const url = `${server.base}${target.path(server)}`;
    const headers = headersFor(server, target);
    const first = await fetch(url, { headers, redirect: "manual" });
    await first.arrayBuffer();
    const again = await fetch(url, { headers, redirect: "manual" });
    const body = await again.text();
    if (again.status !== 200) throw new Error(`${url}: ${again.status}`);
    const fromMemory = target.kind === "cached" || target.kind === "kept";
    if (fromMemory && again.headers.get("x-page-cache") !== "HIT") {
      log(
        `warning: ${url} is not served from the page cache (${again.headers.get("x-page-cache")})`,
      );
    }
    const expected = target.expect ?? "Sign Out";
    if (target.signedIn && !body.includes(expected)) throw new Error(`${url}: not signed in`);
  }
  for (const target of TARGETS.filter((t) => t.fresh)) {
    const headers = headersFor(server, target);
    const url = `${server.base}${target.fresh?.(1)}`;
    const fresh = await fetch(url, { headers, redirect: "manual" });
    if (fresh.status !== 200) throw new Error(`${url} answers ${fresh.status}`);
    if (fresh.headers.get("x-page-cache") === "HIT") throw new Error(`${url} came from a cache`);
  }
}

async function measure(server: Running, target: Target, seconds: number): Promise<Sample> {
  const headers = headersFor(server, target);
  const counter = { n: Math.floor(Math.random() * 1e6) * 1000 };
  const fresh = target.fresh;
  const requests: RequestSpec[] | undefined = fresh
    ? [{ setupRequest: (request) => ({ ...request, path: fresh(++counter.n) }) }]
    : undefined;
  const load = os.loadavg()[0] ?? 0;
  const result: Result = await autocannon({
    url: `${server.base}${target.path(server)}`,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
    headers,
    requests,
  });
  return {
    rps: result.requests.total / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    load,
  };
}

/** A row's samples: the same page cached for anonymous and for signed-in visitors is two rows. */
function sampleKey(server: Running, target: Target) {
  return `${server.name}|${target.kind}|${target.signedIn ? "signed in" : "anonymous"}|${target.name}`;
}

/**
 * Waits until the server has worked off what the last row left queued: autocannon stops sending
 * when its time is up, the server does not stop answering, and on the embedded database a slow
 * row's backlog (50 dashboards) would otherwise fall on the next row (a static file at 0 req/s).
 */
async function settle(server: Running) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    await fetch(`${server.base}/healthz`)
      .then((answer) => answer.arrayBuffer())
      .catch(() => undefined);
    if (performance.now() - started < 250) return;
  }
}

function rotate<T>(items: T[], by: number) {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

async function main() {
  const started = new Date();
  const loadBefore = uptime();
  log(`load before: ${loadBefore}`);
  build();
  const specs = await serverSpecs();
  const servers: Running[] = [];
  const cleanup = async () => {
    await Promise.all(servers.map(stop));
    for (const spec of specs) spec.cleanup();
    for (const drop of drops) await drop().catch(() => undefined);
  };
  process.once("SIGINT", () => void cleanup().finally(() => process.exit(130)));
  try {
    for (const [index, spec] of specs.entries()) {
      log(`starting ${spec.label} on port ${PORTS[index]}...`);
      servers.push(await start(spec, PORTS[index] ?? 3337 + index));
    }
    for (const server of servers) await preflight(server);

    const samples = new Map<string, Sample[]>();
    // Warm every server and page once (the first requests render, fill caches, JIT-compile).
    for (const server of servers) {
      for (const target of TARGETS) {
        await measure(server, target, 1);
        await settle(server);
      }
    }
    for (let round = 0; round < ROUNDS; round++) {
      log(`round ${round + 1} of ${ROUNDS} (load ${os.loadavg()[0]?.toFixed(1)})`);
      for (const server of rotate(servers, round)) {
        for (const target of rotate(TARGETS, round * 3)) {
          const sample = await measure(server, target, SECONDS);
          await settle(server);
          const list = samples.get(sampleKey(server, target)) ?? [];
          list.push(sample);
          samples.set(sampleKey(server, target), list);
        }
      }
    }
    const loadAfter = uptime();
    log(`load after: ${loadAfter}`);
    const report = summarize(servers, samples, { started, loadBefore, loadAfter });
    const stamp = started.toISOString().slice(0, 16).replace(/[:T]/g, "-");
    fs.mkdirSync(path.join(HERE, "results"), { recursive: true });
    fs.writeFileSync(path.join(HERE, "results", `${stamp}.md`), report.markdown);
    fs.writeFileSync(
      path.join(HERE, "results", `${stamp}.json`),
      `${JSON.stringify(report.json, null, 2)}\n`,
    );
    console.log(`\n${report.markdown}`);
    log(`written to bench/throughput/results/${stamp}.md`);
  } finally {
    await cleanup();
  }
}

function summarize(
  servers: Running[],
  samples: Map<string, Sample[]>,
  meta: { started: Date; loadBefore: string; loadAfter: string },
) {
  const lines: string[] = [];
  const json: Record<string, unknown> = {
    started: meta.started.toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    rounds: ROUNDS,
    seconds: SECONDS,
    connections: CONNECTIONS,
    loadBefore: meta.loadBefore,
    loadAfter: meta.loadAfter,
    servers: {},
  };
  lines.push(
    `Run ${meta.started.toISOString()}: Node ${process.version}, ${os.cpus().length} cores, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s per row (medians).`,
    "",
    `Load before: \`${meta.loadBefore}\``,
    "",
    `Load after: \`${meta.loadAfter}\``,
    "",
  );
  for (const server of servers) {
    const rows: Record<string, { rps: number; p50: number; p99: number; errors: number }> = {};
    lines.push(
      `### ${server.label}`,
      "",
      "| page | requests/s | p50 ms | p99 ms | errors | load avg |",
      "| --- | ---: | ---: | ---: | ---: | ---: |",
    );
    for (const target of TARGETS) {
      const list = samples.get(sampleKey(server, target)) ?? [];
      const row = {
        rps: median(list.map((s) => s.rps)),
        p50: median(list.map((s) => s.p50)),
        p99: median(list.map((s) => s.p99)),
        errors: list.reduce((sum, s) => sum + s.errors, 0),
      };
      const label =
        target.kind === "cached" || target.kind === "kept" || target.kind === "uncached"
          ? `${target.name}, ${target.kind}${target.signedIn ? " (signed in)" : ""}`
          : target.name;
      rows[label] = row;
      const load = median(list.map((s) => s.load));
      lines.push(
        `| ${label} | ${row.rps.toFixed(0)} | ${row.p50.toFixed(0)} | ${row.p99.toFixed(0)} | ${row.errors} | ${load.toFixed(1)} |`,
      );
    }
    const staticRps = rows["static file (/favicon.svg)"]?.rps ?? 0;
    const noPageRps = rows["route without a page (/robots.txt)"]?.rps ?? 0;
    const cached = Object.entries(rows).filter(([label]) => label.endsWith(", cached"));
    const slowestCached = Math.min(...cached.map(([, r]) => r.rps));
    const worstP99 = Math.max(...cached.map(([, r]) => r.p99));
    const signedIn = Object.entries(rows).filter(([label]) =>
      label.endsWith(", cached (signed in)"),
    );
    const slowestSignedIn = Math.min(...signedIn.map(([, r]) => r.rps));
    const worstSignedInP99 = Math.max(...signedIn.map(([, r]) => r.p99));
    const signedInListing = rows["listing, cached (signed in)"]?.rps ?? 0;
    const perUser = rows["per-user data (/api/me), uncached (signed in)"]?.rps ?? 0;
    const freshListing = rows["listing, a new search each request, uncached (signed in)"]?.rps ?? 0;
    const dashboard = rows["customer dashboard, kept (signed in)"]?.rps ?? 0;
    const adminList = rows["admin list (properties), kept (signed in)"]?.rps ?? 0;
    const renderedDashboard = rows["customer dashboard, uncached (signed in)"]?.rps ?? 0;
    const renderedAdminList = rows["admin list (properties), uncached (signed in)"]?.rps ?? 0;
    const ratios = {
      cachedOverStatic: slowestCached / staticRps,
      signedInOverStatic: slowestSignedIn / staticRps,
      signedInListingOverStatic: signedInListing / staticRps,
      perUserOverNoPage: perUser / noPageRps,
      worstSignedInP99,
      newSearchOverNoPage: freshListing / noPageRps,
      dashboardOverNoPage: dashboard / noPageRps,
      adminListOverNoPage: adminList / noPageRps,
      renderedDashboardOverNoPage: renderedDashboard / noPageRps,
      renderedAdminListOverNoPage: renderedAdminList / noPageRps,
      worstCachedP99: worstP99,
    };
    (json.servers as Record<string, unknown>)[server.name] = { label: server.label, rows, ratios };
    lines.push(
      "",
      `- slowest cached page / static file: **${(100 * ratios.cachedOverStatic).toFixed(0)}%** (target at least 50%)`,
      `- slowest signed-in page / static file: **${(100 * ratios.signedInOverStatic).toFixed(0)}%**, the listing: **${(100 * ratios.signedInListingOverStatic).toFixed(0)}%** (target at least 50%); worst signed-in p99: **${worstSignedInP99.toFixed(0)} ms** (target under 250 ms)`,
      `- per-user data (/api/me) / route without a page: ${(100 * ratios.perUserOverNoPage).toFixed(0)}%; a signed-in new search each request: ${(100 * ratios.newSearchOverNoPage).toFixed(0)}%`,
      `- customer dashboard asked again / route without a page: **${(100 * ratios.dashboardOverNoPage).toFixed(0)}%**, admin list: **${(100 * ratios.adminListOverNoPage).toFixed(0)}%** (target at least 25%); rendered (a new URL each request): ${(100 * ratios.renderedDashboardOverNoPage).toFixed(0)}% and ${(100 * ratios.renderedAdminListOverNoPage).toFixed(0)}%`,
      `- worst p99 of a cached page: **${worstP99.toFixed(0)} ms** (target under 250 ms)`,
      "",
    );
  }
  return { markdown: `${lines.join("\n")}\n`, json };
}

await main();
