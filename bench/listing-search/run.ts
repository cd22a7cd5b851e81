// Listing search benchmark. See bench/README.md for what it measures and the recorded results.
//
//   npx tsx bench/listing-search/run.ts                     PGlite at 10,000 and 100,000 rows
//   DATABASE_URL=postgres://... npx tsx bench/listing-search/run.ts   ... and PostgreSQL too
//   options: --sizes=10000,100000  --rounds=30  --http-rounds=15  --no-http
//
// Every database it fills is its own: a PGlite data directory under the system temp folder, or
// a new database `<name>_bench_<random>` on the DATABASE_URL server, removed at the end. HTTP
// requests go only to servers it started itself on 127.0.0.1.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import {
  type DatabaseHandle,
  migrateDatabase,
  openDatabase,
  setDatabase,
} from "~/db/client.server";
import { parseListingFilters, serializeListingFilters } from "~/lib/listing-filters";
import { searchProperties } from "~/models/property-search.server";
import { startBaselineServer } from "./baseline-server";
import { generatePropertiesSql } from "./generate";
import { filterSortPage, readAllRows } from "./read-all";

// The search itself is measured: searchProperties must not answer from its per-generation memo
// (app/cache/reference-data.server.ts), which follows PAGE_CACHE.
process.env.PAGE_CACHE = "0";

const PAGE_SIZE = 6;

/** A realistic mix: what the header, the home search and visitors' filtering ask for. */
const MIX: { name: string; query: string }[] = [
  { name: "unfiltered page 1", query: "" },
  { name: "unfiltered page 50", query: "page=50" },
  {
    name: "sale+lagos+3 beds, price asc",
    query: "status=sale&location=lagos&beds=3&sort=price-asc",
  },
  { name: "text search 'lekki'", query: "q=lekki" },
  { name: "type=commercial", query: "type=commercial" },
  { name: "price 50M-100M", query: "price=50000000-100000000" },
  { name: "rent+abuja, price desc", query: "status=rent&location=abuja&sort=price-desc" },
  { name: "duplex|villa, 4 beds, 3 baths", query: "ptype=duplex&ptype=villa&beds=4&baths=3" },
  {
    name: "2 cities, residential, page 3",
    query: "location=harcourt&location=ibadan&type=residential&page=3",
  },
  { name: "text 'admiralty way', price desc", query: "q=admiralty+way&sort=price-desc" },
];

// Requests use the canonical spelling, as the site's own links do (others get a redirect first).
for (const m of MIX) {
  m.query = serializeListingFilters(parseListingFilters(new URLSearchParams(m.query))).toString();
}

type Stats = { p50: number; p95: number; n: number };
type Row = { backend: string; size: number; measure: string } & Stats;

function option(name: string, fallback: string) {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
}
const SIZES = option("sizes", "10000,100000").split(",").map(Number);
const ROUNDS = Number(option("rounds", "30"));
const HTTP_ROUNDS = Number(option("http-rounds", "15"));
const WITH_HTTP = !process.argv.includes("--no-http");

function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  return { p50: at(0.5), p95: at(0.95), n: sorted.length };
}

function ms(value: number) {
  return value < 10 ? value.toFixed(2) : value < 100 ? value.toFixed(1) : value.toFixed(0);
}

/** Runs `task` for every query of the mix, round after round, and times each call. */
async function measure(rounds: number, task: (query: string) => Promise<unknown>) {
  const all: number[] = [];
  const perQuery = new Map<string, number[]>(MIX.map((m) => [m.name, []]));
  for (const m of MIX) await task(m.query); // warm-up: plans, caches, JIT
  for (let round = 0; round < rounds; round++) {
    for (const m of MIX) {
      const started = performance.now();
      await task(m.query);
      const elapsed = performance.now() - started;
      all.push(elapsed);
      perQuery.get(m.name)?.push(elapsed);
    }
  }
  return { overall: stats(all), perQuery: new Map([...perQuery].map(([k, v]) => [k, stats(v)])) };
}

function filtersOf(query: string) {
  return parseListingFilters(new URLSearchParams(query));
}

async function fill(handle: DatabaseHandle, size: number) {
  const started = performance.now();
  const [setseed, insert] = generatePropertiesSql(size)
    .split(/;\s*\n/)
    .map((s) => s.trim())
    .filter(Boolean);
  await handle.db.transaction(async (tx) => {
    await tx.execute(sql.raw(setseed ?? ""));
    await tx.execute(sql.raw(insert ?? ""));
  });
  await handle.db.execute(sql`VACUUM ANALYZE properties`);
  return performance.now() - started;
}

/** The database search and the read-all approach must agree on every query of the mix. */
async function checkSameResults() {
  for (const m of MIX) {
    const filters = filtersOf(m.query);
    const fromDb = await searchProperties(filters, {
      pageSize: PAGE_SIZE,
      countLookahead: Number.POSITIVE_INFINITY,
    });
    const fromJs = filterSortPage(await readAllRows(), filters, PAGE_SIZE);
    const same =
      fromDb.total === fromJs.total &&
      fromDb.page === fromJs.page &&
      fromDb.items.map((i) => i.id).join() === fromJs.items.map((i) => i.id).join();
    if (!same) {
      throw new Error(
        `searchProperties and the read-all approach disagree on "${m.query}": ` +
          `${fromDb.total} vs ${fromJs.total} matches`,
      );
    }
  }
}

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealthy(port: number, child: ChildProcess) {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("the server did not become healthy within 60 s");
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timeout = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timeout);
}

async function fetchPage(port: number, query: string) {
  const response = await fetch(`http://127.0.0.1:${port}/properties${query ? `?${query}` : ""}`, {
    redirect: "manual",
  });
  const body = await response.text();
  if (response.status !== 200 || !body.includes("Showing")) {
    throw new Error(`GET /properties?${query} answered ${response.status}`);
  }
  return body.length;
}

/**
 * A private copy of the production build to run the server from: other people rebuild build/
 * in this checkout while the benchmark runs, and a half-written build cannot start.
 */
function prepareServerTree() {
  if (!fs.existsSync("build/server/index.js")) {
    console.log("Building the site (build/ is missing)...");
    const result = spawnSync("npx", ["react-router", "build"], { stdio: "inherit" });
    if (result.status !== 0) throw new Error("the build failed");
  }
  const tree = fs.mkdtempSync(path.join(os.tmpdir(), "listing-bench-app-"));
  fs.cpSync("build", path.join(tree, "build"), { recursive: true });
  fs.cpSync("server/main.js", path.join(tree, "server/main.js"));
  fs.cpSync("drizzle", path.join(tree, "drizzle"), { recursive: true });
  fs.cpSync("package.json", path.join(tree, "package.json"));
  fs.symlinkSync(path.resolve("node_modules"), path.join(tree, "node_modules"));
  return tree;
}

type Target = {
  backend: "pglite" | "postgres";
  open: () => Promise<DatabaseHandle>;
  serverEnv: Record<string, string>;
  remove: () => Promise<void>;
};

async function pgliteTarget(size: number): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `listing-bench-${size}-`));
  return {
    backend: "pglite",
    open: () => openDatabase({ kind: "pglite", dataDir }),
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: "" },
    remove: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(baseUrl: string, size: number): Promise<Target> {
  const base = new URL(baseUrl);
  const name = `${decodeURIComponent(base.pathname.slice(1)) || "postgres"}_bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `listing-bench-pg-${size}-`));
  return {
    backend: "postgres",
    open: () => openDatabase({ kind: "postgres", url: url.toString(), poolSize: 4 }),
    serverEnv: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    remove: async () => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

async function benchTarget(target: Target, size: number, rows: Row[], perQueryRows: string[]) {
  const label = `${target.backend} ${size.toLocaleString("en")}`;
  const add = (measure: string, s: Stats) => {
    rows.push({ backend: target.backend, size, measure, ...s });
    console.log(
      `  ${measure.padEnd(46)} p50 ${ms(s.p50).padStart(7)} ms   p95 ${ms(s.p95).padStart(7)} ms   (n=${s.n})`,
    );
  };

  let handle = await target.open();
  setDatabase(handle);
  await migrateDatabase(handle);
  const fillMs = await fill(handle, size);
  console.log(`\n${label}: filled in ${(fillMs / 1000).toFixed(1)} s`);
  await checkSameResults();

  const search = await measure(ROUNDS, (q) =>
    searchProperties(filtersOf(q), { pageSize: PAGE_SIZE }),
  );
  add("(a) searchProperties", search.overall);
  const exact = await measure(ROUNDS, (q) =>
    searchProperties(filtersOf(q), {
      pageSize: PAGE_SIZE,
      countLookahead: Number.POSITIVE_INFINITY,
    }),
  );
  add("(a) searchProperties, always-exact count", exact.overall);
  for (const m of MIX) {
    const a = search.perQuery.get(m.name);
    const e = exact.perQuery.get(m.name);
    if (a && e) {
      perQueryRows.push(
        `| ${target.backend} | ${size.toLocaleString("en")} | ${m.name} | ${ms(a.p50)} | ${ms(a.p95)} | ${ms(e.p50)} |`,
      );
    }
  }

  // The read-all approach is slow by design: fewer rounds keep the run short.
  const readAllRounds = size > 20_000 ? 3 : 10;
  const readAll = await measure(readAllRounds, async (q) =>
    filterSortPage(await readAllRows(), filtersOf(q), PAGE_SIZE),
  );
  add("(b) read all rows, filter in JS", readAll.overall);
  setDatabase(undefined);
  await handle.close(); // releases the data directory for the server

  if (WITH_HTTP) {
    const tree = prepareServerTree();
    const port = await freePort();
    const child = spawn(process.execPath, ["server/main.js"], {
      cwd: tree,
      env: {
        ...process.env,
        ...target.serverEnv,
        NODE_ENV: "production",
        SEED_DEMO: "0",
        // This measures the search itself: no page cache, no kept search results (ADR 15).
        PAGE_CACHE: "0",
        PORT: String(port),
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    try {
      await waitForHealthy(port, child);
      let bytes = 0;
      const page = await measure(HTTP_ROUNDS, async (q) => {
        bytes = await fetchPage(port, q);
      });
      add(`(c) GET /properties (real server, ~${Math.round(bytes / 1024)} KB HTML)`, page.overall);
    } finally {
      await stopServer(child);
      fs.rmSync(tree, { recursive: true, force: true });
    }

    if (size === Math.max(...SIZES)) {
      handle = await target.open();
      setDatabase(handle);
      const baseline = await startBaselineServer(PAGE_SIZE);
      try {
        const readAllHttp = await measure(Math.max(2, Math.floor(HTTP_ROUNDS / 5)), async (q) => {
          await fetchPage(baseline.port, q);
        });
        add("(d) HTTP baseline: read all rows per request", readAllHttp.overall);
      } finally {
        await baseline.close();
        setDatabase(undefined);
        await handle.close();
      }
    }
  }
}

async function main() {
  const rows: Row[] = [];
  const perQueryRows: string[] = [];
  const started = new Date();
  console.log(
    `Listing search benchmark, ${started.toISOString()}\n` +
      `${os.cpus()[0]?.model ?? "unknown CPU"} x${os.cpus().length}, ` +
      `${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
  );
  const backends: ((size: number) => Promise<Target>)[] = [pgliteTarget];
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) backends.push((size) => postgresTarget(databaseUrl, size));

  for (const makeTarget of backends) {
    for (const size of SIZES) {
      const target = await makeTarget(size);
      try {
        await benchTarget(target, size, rows, perQueryRows);
      } finally {
        await target.remove();
      }
    }
  }

  const summary = [
    "| database | rows | measure | p50 ms | p95 ms | n |",
    "|---|---:|---|---:|---:|---:|",
    ...rows.map(
      (r) =>
        `| ${r.backend} | ${r.size.toLocaleString("en")} | ${r.measure} | ${ms(r.p50)} | ${ms(r.p95)} | ${r.n} |`,
    ),
  ].join("\n");
  const perQuery = [
    "| database | rows | query | (a) p50 ms | (a) p95 ms | exact-count p50 ms |",
    "|---|---:|---|---:|---:|---:|",
    ...perQueryRows,
  ].join("\n");
  const load = `Load average at the end: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`;
  console.log(`\n${summary}\n\n${perQuery}\n\n${load}`);
  const outDir = path.resolve("bench/.data");
  fs.mkdirSync(outDir, { recursive: true });
  const outFile = path.join(outDir, `listing-search-${started.toISOString().slice(0, 19)}.md`);
  fs.writeFileSync(outFile, `${summary}\n\n${perQuery}\n\n${load}\n`);
  console.log(`\nWritten to ${path.relative(process.cwd(), outFile)}`);
}

await main();
process.exit(0);
