// Several worker processes behind one port (node:cluster), for PostgreSQL only.
//
// With DATABASE_URL set, WEB_CONCURRENCY=N (default: the machine's cores) starts N workers, each
// a whole server (server/main.js) sharing the port; the primary only starts, watches and stops
// them. The embedded database belongs to one process (DATA_DIR is locked), so without
// DATABASE_URL there is always one process and WEB_CONCURRENCY above 1 is refused with a message.
//
// Workers share nothing in memory. What runs at start is safe to run N times at once
// (migrations and the demo seed take a PostgreSQL advisory lock); the page cache and the
// reference data are per worker and all of them hear content changes through LISTEN/NOTIFY; the
// buffered page-view counts are added, never overwritten, by whichever worker writes them.
import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const MAIN = path.join(path.dirname(fileURLToPath(import.meta.url)), "main.js");
/** A worker that dies after it was serving is replaced, at most this often. */
const RESTART_DELAY_MS = 1_000;

/** How many processes to run: 1 on the embedded database, else WEB_CONCURRENCY or the cores. */
export function workerCount(env = process.env, cores = os.availableParallelism()) {
  const raw = (env.WEB_CONCURRENCY ?? "").trim();
  let wanted = cores;
  if (raw !== "") {
    wanted = Number(raw);
    if (!Number.isInteger(wanted) || wanted < 1) {
      throw new Error(`WEB_CONCURRENCY must be a whole number of at least 1 (got "${raw}")`);
    }
  }
  if (!env.DATABASE_URL) {
    if (raw !== "" && wanted > 1) {
      throw new Error(
        "WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database belongs to one process",
      );
    }
    return 1;
  }
  return Math.max(1, wanted);
}

function log(level, msg, fields = {}) {
  // The same JSON lines as the workers' logger (pino): 30 info, 40 warn, 60 fatal.
  const levels = { info: 30, warn: 40, fatal: 60 };
  const time = new Date().toISOString();
  console.log(JSON.stringify({ level: levels[level], time, pid: process.pid, ...fields, msg }));
}

function runPrimary(count) {
  cluster.setupPrimary({ exec: MAIN });
  let stopping = false;
  const serving = new Set();

  const fork = () => {
    const worker = cluster.fork();
    worker.once("listening", () => serving.add(worker.id));
    return worker;
  };

  cluster.on("exit", (worker, code, signal) => {
    const wasServing = serving.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    if (!wasServing) {
      // It never started (port taken, database unreachable, bad configuration): the others
      // would fail the same way. Stop everything with its exit code.
      log("fatal", "A worker could not start; stopping", { worker: worker.process.pid, code });
      stopping = true;
      for (const other of Object.values(cluster.workers ?? {})) other?.process.kill("SIGTERM");
      setTimeout(() => process.exit(code || 1), 100).unref();
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code || 1);
      return;
    }
    log("warn", "A worker stopped; starting another", { worker: worker.process.pid, code, signal });
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS).unref();
  });

  const stop = (signal) => {
    if (stopping) return;
    stopping = true;
    log("info", "Stopping the workers", { signal });
    // Each worker finishes its requests in flight and closes its database connections.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGTERM");
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  log("info", `Starting ${count} worker processes on one port`, { workers: count });
  for (let i = 0; i < count; i++) fork();
}

/** `npm start`: one server, or (PostgreSQL, WEB_CONCURRENCY > 1) a primary and its workers. */
export async function startServer() {
  let count;
  try {
    count = workerCount();
  } catch (error) {
    log("fatal", error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  if (count > 1 && cluster.isPrimary) runPrimary(count);
  else await import("./main.js");
}
