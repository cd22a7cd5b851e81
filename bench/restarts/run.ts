// Restarts without dropped requests (issue 22 item 4), measured through nginx running
// deploy/nginx.conf itself (tests/e2e/spawn-server.ts renders it with local ports and a
// self-signed certificate):
//
//  - PostgreSQL: two instances (WEB_CONCURRENCY workers each, one AUTH_SECRET) behind nginx. Load
//    runs the whole time (anonymous and signed-in pages, a POST, build files, photos) while each
//    instance in turn gets SIGTERM, is started again once it has exited and is waited for until
//    healthy: the rolling restart of docs/operations.md "Deploying", BENCH_ROUNDS times. Every request is
//    counted; a network error or a 5xx is a lost request.
//  - Embedded database: one instance behind nginx (it cannot have a second). Under light load it
//    gets SIGTERM and is started again at once: how long the drain takes, how long from the new
//    start to the first page through nginx, and what visitors get meanwhile (nginx's 502).
//
//   npx tsx bench/restarts/run.ts   (the PostgreSQL part needs BENCH_DATABASE_URL or DATABASE_URL:
//                                    a server where databases may be created; skipped without)
//
// Options (environment): BENCH_ROUNDS (3), BENCH_CONNECTIONS (16), BENCH_WORKERS (2 per
// instance), BENCH_PARTS (pg,embedded), BENCH_SKIP_BUILD=1. Needs nginx and openssl. Writes
// results/<date>.md and results/<date>.json.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { freePort, startNginx } from "../../tests/e2e/spawn-server";
import { formatResults } from "../format-results";
import {
  bookingTarget,
  closeConnections,
  lost,
  pageTargets,
  proxy,
  resentOnClosedConnection,
  runLoad,
  signIn,
  summary,
  viaProxy,
} from "./load";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 16);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 2);
const PARTS = (process.env.BENCH_PARTS ?? "pg,embedded").split(",");
const PG_URL = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || "";
/** 0: SIGTERM straight away, as before deploy/upstream (for comparison). */
const GATE = process.env.BENCH_GATE !== "0";
const AUTH_SECRET = crypto.randomBytes(24).toString("hex");

function log(message: string) {
  console.log(`[restarts] ${message}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function build() {
  if (process.env.BENCH_SKIP_BUILD === "1") return;
  log("building...");
  const result = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    throw new Error("build failed");
  }
}

// --- The site's processes ----------------------------------------------------------------------

type Instance = { port: number; env: NodeJS.ProcessEnv; child?: ChildProcess; logFile: string };

function launch(instance: Instance) {
  // server/start.js without its "rebuild when the sources are newer" step (built once above).
  const entry = 'const { startServer } = await import("./server/cluster.js"); await startServer();';
  const out = fs.openSync(instance.logFile, "a");
  instance.child = spawn(process.execPath, ["--input-type=module", "-e", entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(instance.port),
      TRUST_PROXY: "1",
      SITE_URL: `https://localhost:${proxy.port}`,
      AUTH_SECRET,
      LOG_LEVEL: "info",
      ...instance.env,
    },
    stdio: ["ignore", out, out],
  });
  fs.closeSync(out);
}

async function waitHealthy(instance: Instance) {
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    if (instance.child?.exitCode !== null) {
      throw new Error(`instance ${instance.port} exited; see ${instance.logFile}`);
    }
    try {
      if ((await fetch(`http://127.0.0.1:${instance.port}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error(`instance ${instance.port} did not become healthy`);
}

/** SIGTERM and wait for the exit; the exit code and how long it took. */
async function terminate(instance: Instance) {
  const child = instance.child;
  if (!child || child.exitCode !== null) return { code: child?.exitCode ?? null, ms: 0 };
  const started = performance.now();
  const exited = new Promise<number | null>((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const kill = setTimeout(() => child.kill("SIGKILL"), 40_000);
  const code = await exited;
  clearTimeout(kill);
  return { code, ms: performance.now() - started };
}

// --- PostgreSQL: rolling restart of two instances ----------------------------------------------

/**
 * deploy/upstream itself, on the bench's nginx: `down` returns once nginx sends the instance
 * nothing more (the old workers have finished), `up` once nginx has reloaded.
 */
async function upstream(action: "down" | "up", port: number, dir: string) {
  const nginxArgs = `-p ${dir} -c ${path.join(dir, "nginx.conf")} -e ${path.join(dir, "error.log")}`;
  // Not spawnSync: the load's clients run in this process and must keep sending meanwhile.
  const child = spawn(path.join(ROOT, "deploy/upstream"), [action, String(port)], {
    env: {
      ...process.env,
      NGINX_SITE: path.join(dir, "site.conf"),
      NGINX_PID: path.join(dir, "nginx.pid"),
      NGINX_TEST: `nginx -t -q ${nginxArgs}`,
      NGINX_RELOAD: `nginx -s reload ${nginxArgs}`,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk: Buffer) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  log(output.trim().replaceAll("\n", " | "));
  if (code !== 0) throw new Error(`deploy/upstream ${action} ${port} (exit ${code}): ${output}`);
}

/** The names of the bookings stored under `tag`. */
async function storedBookings(url: string, tag: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ full_name: string }>(
      "select full_name from appointments where full_name like $1",
      [`Restart ${tag} %`],
    );
    return new Set(rows.map((row) => row.full_name));
  } finally {
    await client.end();
  }
}

async function createDatabase() {
  const name = `bench_restarts_${crypto.randomBytes(3).toString("hex")}`;
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

type RestartEvent = {
  instance: number;
  /** deploy/upstream down: from the reload to nginx sending the instance nothing more. */
  gateMs: number;
  inFlightAtSigterm: number;
  exitCode: number | null;
  drainMs: number;
  startToHealthyMs: number;
  /** Seconds since the load started. */
  sigtermAt: number;
  healthyAt: number;
};

/** nginx's error log by kind of error and method: what the proxy met during the restarts. */
function nginxErrorKinds(file: string) {
  const kinds: Record<string, number> = {};
  if (!fs.existsSync(file)) return kinds;
  for (const line of fs.readFileSync(file, "utf8").split("\n")) {
    const error = /\[error\] [^*]*\*\d+ (.+?) while /.exec(line)?.[1];
    if (!error) continue;
    const method = /request: "(\w+) /.exec(line)?.[1] ?? "?";
    const key = `${method} ${error}`;
    kinds[key] = (kinds[key] ?? 0) + 1;
  }
  return kinds;
}

async function rollingRestarts(dir: string) {
  const database = await createDatabase();
  const ports = [await freePort(), await freePort()];
  proxy.port = await freePort();
  const nginx = await startNginx(dir, {
    https: proxy.port,
    http: await freePort(),
    upstreams: ports,
  });
  const instances: Instance[] = ports.map((port, i) => ({
    port,
    logFile: path.join(dir, `instance-${port}.log`),
    env: {
      DATABASE_URL: database.url,
      WEB_CONCURRENCY: String(WORKERS),
      DATA_DIR: path.join(dir, `data-${port}`),
      SEED_DEMO: i === 0 ? "1" : "0",
    },
  }));
  try {
    // The first seeds the database; the second starts once it is there.
    for (const instance of instances) {
      launch(instance);
      await waitHealthy(instance);
    }
    const cookie = await signIn();
    const tag = crypto.randomBytes(3).toString("hex");
    const bookings = bookingTarget(tag);
    // Pages, a signed-in POST and a booking POST in turn (16 connections: 2 of every 8 are POSTs).
    const targets = [...(await pageTargets(cookie)), bookings.target];
    log(`two instances (${WORKERS} workers each) on ${ports.join(", ")}; load: ${CONNECTIONS}`);
    resentOnClosedConnection.count = 0;
    const load = runLoad(targets, CONNECTIONS);
    const loadStarted = performance.now();
    await sleep(5_000);
    const events: RestartEvent[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [index, instance] of instances.entries()) {
        // deploy/rolling-restart's steps: out of nginx's upstream (deploy/upstream down waits
        // until nginx sends it nothing more), stopped, started, healthy, back in.
        const gateStarted = performance.now();
        if (GATE) await upstream("down", instance.port, dir);
        const gateMs = Math.round(performance.now() - gateStarted);
        const inFlightAtSigterm = load.inFlight();
        const sigtermAt = performance.now();
        const { code, ms } = await terminate(instance);
        const started = performance.now();
        launch(instance);
        await waitHealthy(instance);
        const healthyAt = performance.now();
        if (GATE) await upstream("up", instance.port, dir);
        const event = {
          instance: index + 1,
          gateMs,
          inFlightAtSigterm,
          exitCode: code,
          drainMs: Math.round(ms),
          startToHealthyMs: Math.round(healthyAt - started),
          sigtermAt: seconds(sigtermAt - loadStarted),
          healthyAt: seconds(healthyAt - loadStarted),
        };
        events.push(event);
        log(`round ${round}, instance ${index + 1}: ${JSON.stringify(event)}`);
        // As deploy/wait-healthy then the next one, with a breath between.
        await sleep(2_000);
      }
    }
    await sleep(3_000);
    await load.stop();
    const result = {
      seconds: Math.round((performance.now() - loadStarted) / 1000),
      ...summary(load.sent),
      events,
    };
    const failures = load.sent.filter(lost).map(({ kind, start, status, error }) => ({
      kind,
      at: seconds(start - loadStarted),
      status,
      error,
    }));
    for (const instance of instances) await terminate(instance);
    const stored = await storedBookings(database.url, tag);
    const bookingCheck = {
      acknowledged: bookings.acknowledged.size,
      stored: stored.size,
      acknowledgedNotStored: [...bookings.acknowledged].filter((name) => !stored.has(name)),
      storedNotAcknowledged: [...stored].filter((name) => !bookings.acknowledged.has(name)).length,
      refused: bookings.refused.slice(0, 5),
      refusedCount: bookings.refused.length,
    };
    log(`bookings: ${JSON.stringify(bookingCheck)}`);
    return {
      result,
      failures,
      bookingCheck,
      resentOnClosedConnection: resentOnClosedConnection.count,
      gated: GATE,
      nginxErrors: nginxErrorKinds(path.join(dir, "error.log")),
    };
  } finally {
    for (const instance of instances) await terminate(instance);
    await nginx.stop();
    await database.drop();
  }
}

// --- Embedded database: restart time to the first page -----------------------------------------

type EmbeddedRound = {
  inFlightAtSigterm: number;
  inFlightFailed: number;
  exitCode: number | null;
  drainMs: number;
  startToHealthyMs: number;
  startToFirstPageMs: number;
  sigtermToFirstPageMs: number;
  answered502: number;
};

async function embeddedRestarts(dir: string) {
  const port = await freePort();
  proxy.port = await freePort();
  const nginx = await startNginx(dir, {
    https: proxy.port,
    http: await freePort(),
    upstreams: [port],
  });
  const instance: Instance = {
    port,
    logFile: path.join(dir, "embedded.log"),
    env: { DATA_DIR: path.join(dir, "data-embedded"), SEED_DEMO: "1", DATABASE_URL: "" },
  };
  try {
    launch(instance);
    await waitHealthy(instance);
    const targets = (await pageTargets()).slice(0, 3);
    const rounds: EmbeddedRound[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const load = runLoad(targets, 4);
      await sleep(3_000);
      const sigterm = performance.now();
      const inFlightAtSigterm = load.inFlight();
      const { code, ms } = await terminate(instance);
      const started = performance.now();
      launch(instance);
      await waitHealthy(instance);
      const healthy = performance.now();
      // The first page through nginx, as a visitor would get it (rendered: the page cache is
      // empty after a start).
      let firstPage = 0;
      while (!firstPage) {
        const reply = await viaProxy("/").catch(() => undefined);
        if (reply?.status === 200) firstPage = performance.now();
        else await sleep(20);
      }
      await sleep(1_000);
      await load.stop();
      const before = load.sent.filter((s) => s.start < sigterm && s.end > sigterm);
      const entry = {
        inFlightAtSigterm,
        inFlightFailed: before.filter(lost).length,
        exitCode: code,
        drainMs: Math.round(ms),
        startToHealthyMs: Math.round(healthy - started),
        startToFirstPageMs: Math.round(firstPage - started),
        sigtermToFirstPageMs: Math.round(firstPage - sigterm),
        answered502: load.sent.filter((s) => s.status === 502).length,
      };
      rounds.push(entry);
      log(`embedded, round ${round}: ${JSON.stringify(entry)}`);
    }
    return { rounds };
  } finally {
    await terminate(instance);
    await nginx.stop();
  }
}

function seconds(ms: number) {
  return Math.round(ms / 100) / 10;
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

// --- Report -------------------------------------------------------------------------------------

async function main() {
  build();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-restarts-"));
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB; load before: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")}`;
  const nginxVersion = spawnSync("nginx", ["-v"], { encoding: "utf8" }).stderr.trim();
  const report: Record<string, unknown> = { date: new Date().toISOString(), machine, nginxVersion };
  const lines = [
    `# Restarts, ${report.date}`,
    "",
    `${machine}; node ${process.version}; ${nginxVersion}; deploy/nginx.conf.`,
    "",
  ];
  try {
    if (PARTS.includes("pg")) {
      if (!PG_URL) log("PostgreSQL part skipped (set BENCH_DATABASE_URL or DATABASE_URL)");
      else {
        const pgDir = path.join(dir, "pg");
        fs.mkdirSync(pgDir);
        const pgResult = await rollingRestarts(pgDir);
        report.postgres = pgResult;
        const r = pgResult.result;
        lines.push(
          "## Rolling restarts, two instances on PostgreSQL behind nginx",
          "",
          pgResult.gated
            ? "Each instance taken out of nginx's upstream first (`deploy/upstream down`, as " +
                "`deploy/rolling-restart` does), then SIGTERM, start, healthy, back in."
            : "Without the gate (`BENCH_GATE=0`): SIGTERM while nginx still sends to the instance.",
          "",
          `${ROUNDS} rolling restarts (${ROUNDS * 2} instance restarts) in ${r.seconds} s under ` +
            `${CONNECTIONS} connections, ${WORKERS} workers per instance: **${r.requests} requests, ` +
            `${r.lost} lost** (network error or 5xx). p50 ${r.p50Ms} ms, p99 ${r.p99Ms} ms, max ${r.maxMs} ms.`,
          "",
          `Bookings: **${pgResult.bookingCheck.acknowledged} acknowledged, ` +
            `${pgResult.bookingCheck.acknowledgedNotStored.length} of them missing from the ` +
            `database**; ${pgResult.bookingCheck.stored} stored ` +
            `(${pgResult.bookingCheck.storedNotAcknowledged} stored without an answer reaching the ` +
            `client); ${pgResult.bookingCheck.refusedCount} refused by the form's rules.`,
          "",
          `Sent again, as a browser does, because nginx declared them unprocessed (a stream ` +
            `after the last one named in a retiring worker's GOAWAY, or refused): ` +
            `${pgResult.resentOnClosedConnection}.`,
          "",
          `Statuses: ${Object.entries(r.byStatus)
            .map(([status, n]) => `${status}: ${n}`)
            .join(", ")}.`,
          "",
          "| round | instance | out of the upstream | SIGTERM at | in flight | exit | drain (SIGTERM to exit) | start to healthy |",
          "| ----- | -------- | ------------------- | ---------- | --------- | ---- | ----------------------- | ---------------- |",
          ...r.events.map(
            (e, i) =>
              `| ${Math.floor(i / 2) + 1} | ${e.instance} | ${pgResult.gated ? `${e.gateMs} ms` : "-"} | ${e.sigtermAt} s | ${e.inFlightAtSigterm} | ${e.exitCode} | ${e.drainMs} ms | ${e.startToHealthyMs} ms |`,
          ),
          "",
          `nginx's error log: ${
            Object.entries(pgResult.nginxErrors)
              .map(([kind, n]) => `${n} x ${kind}`)
              .join("; ") || "empty"
          }.`,
          "",
        );
        if (pgResult.failures.length) {
          lines.push(
            "Lost requests (at: seconds since the load started):",
            "",
            "```",
            ...pgResult.failures.slice(0, 30).map((f) => JSON.stringify(f)),
            "```",
            "",
          );
        }
      }
    }
    if (PARTS.includes("embedded")) {
      const embeddedDir = path.join(dir, "embedded");
      fs.mkdirSync(embeddedDir);
      const embedded = await embeddedRestarts(embeddedDir);
      report.embedded = embedded;
      const rounds = embedded.rounds;
      lines.push(
        "## Restart on the embedded database (one instance behind nginx)",
        "",
        `Median of ${rounds.length}: SIGTERM to exit ${median(rounds.map((r) => r.drainMs))} ms, ` +
          `new start to /healthz ${median(rounds.map((r) => r.startToHealthyMs))} ms, ` +
          `new start to first page through nginx ${median(rounds.map((r) => r.startToFirstPageMs))} ms, ` +
          `**SIGTERM to first page ${median(rounds.map((r) => r.sigtermToFirstPageMs))} ms**. ` +
          "Meanwhile nginx answers 502 (no instance to pass to); requests in flight at SIGTERM finish.",
        "",
        "| round | in flight at SIGTERM | of them failed | exit | drain | start to healthy | start to first page | SIGTERM to first page | 502 answers |",
        "| ----- | -------------------- | -------------- | ---- | ----- | ---------------- | ------------------- | --------------------- | ----------- |",
        ...rounds.map(
          (r, i) =>
            `| ${i + 1} | ${r.inFlightAtSigterm} | ${r.inFlightFailed} | ${r.exitCode} | ${r.drainMs} ms | ${r.startToHealthyMs} ms | ${r.startToFirstPageMs} ms | ${r.sigtermToFirstPageMs} ms | ${r.answered502} |`,
        ),
        "",
      );
    }
  } finally {
    closeConnections();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  lines.push(
    `Load after: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}.`,
    "",
  );
  const stamp = new Date().toISOString().slice(0, 16).replace(/[T:]/g, "-");
  const out = path.join(HERE, "results");
  fs.mkdirSync(out, { recursive: true });
  fs.writeFileSync(path.join(out, `${stamp}.md`), lines.join("\n"));
  fs.writeFileSync(path.join(out, `${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`);
  formatResults(path.join(out, `${stamp}.md`), path.join(out, `${stamp}.json`));
  console.log(lines.join("\n"));
  log(`written to bench/restarts/results/${stamp}.md`);
}

await main();
