// Browser CPU: how much processor time Chromium spends on the site's pages, per Chromium build,
// for the question of what the end-to-end suite costs (issue 18: Chromium is ~80% of its CPU).
//
//   npx tsx bench/browser-cpu/run.ts
//
// Starts the production build (as `npm start` does, on a temporary seeded DATA_DIR), then for
// each browser binary and round launches it the way the e2e suite does (tests/e2e/browser.ts
// flags), opens the public pages below in three fresh contexts each (a page load, its hydration,
// a look for the heading), and reads the processor time of the browser's whole process tree from
// /proc (user + system, children that exited included) just before it closes. The binaries are
// measured in interleaved rounds, so a change in the machine's load falls on all of them alike;
// the median is reported. Writes results/<date>.md and .json.
//
// Options (environment): BROWSER_CPU_BINARIES (/usr/bin/chromium,/usr/bin/chromium-headless-shell:
// those installed), BROWSER_CPU_ROUNDS (3), BROWSER_CPU_PORT (3346), BENCH_SKIP_BUILD=1.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS } from "../../tests/e2e/browser";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const ROUNDS = Number(process.env.BROWSER_CPU_ROUNDS ?? 3);
const PORT = Number(process.env.BROWSER_CPU_PORT ?? 3346);
const BASE = `http://127.0.0.1:${PORT}`;
const BINARIES = (
  process.env.BROWSER_CPU_BINARIES ?? "/usr/bin/chromium,/usr/bin/chromium-headless-shell"
)
  .split(",")
  .filter((binary) => fs.existsSync(binary));
const PAGES = ["/", "/properties", "/services", "/about", "/team", "/contact", "/signin"];
const CONTEXTS = 3;
/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ, 100 on Linux). */
const TICKS = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim() || 100);

type Sample = { binary: string; cpuSeconds: number; wallSeconds: number };

/** Every process: its parent and its processor time, own and of its reaped children, in ticks. */
function processTable() {
  const table = new Map<number, { parent: number; ticks: number }>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      // The command name may hold spaces and parentheses: the fields start after the last ")".
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]));
      table.set(Number(entry), {
        parent: Number(fields[1]),
        ticks: (utime ?? 0) + (stime ?? 0) + (cutime ?? 0) + (cstime ?? 0),
      });
    } catch {
      // gone meanwhile
    }
  }
  return table;
}

/** Processor seconds of `root` and every live descendant (exited ones count in their parent). */
function treeCpuSeconds(root: number) {
  const table = processTable();
  const inTree = new Set([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, { parent }] of table) {
      if (!inTree.has(pid) && inTree.has(parent)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  let ticks = 0;
  for (const pid of inTree) ticks += table.get(pid)?.ticks ?? 0;
  return ticks / TICKS;
}

async function measure(binary: string): Promise<Sample> {
  const started = Date.now();
  const server = await chromium.launchServer({ executablePath: binary, args: CHROMIUM_ARGS });
  const pid = server.process().pid;
  if (!pid) throw new Error(`${binary} did not start`);
  const browser = await chromium.connect(server.wsEndpoint());
  for (let round = 0; round < CONTEXTS; round++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const page = await context.newPage();
    for (const url of PAGES) {
      await page.goto(`${BASE}${url}`);
      await page.locator("h1").first().waitFor();
    }
    await context.close();
  }
  const cpuSeconds = treeCpuSeconds(pid);
  await browser.close();
  await server.close();
  return { binary, cpuSeconds, wallSeconds: (Date.now() - started) / 1000 };
}

async function startSite(): Promise<{ child: ChildProcess; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "browser-cpu-"));
  const entry = 'const { startServer } = await import("./server/cluster.js"); await startServer();';
  const child = spawn(process.execPath, ["--input-type=module", "-e", entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "1",
      LOG_LEVEL: "warn",
      AUTH_SECRET: crypto.randomBytes(24).toString("hex"),
      SITE_URL: BASE,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error("the server exited");
    try {
      if ((await fetch(`${BASE}/healthz`)).ok) return { child, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the server did not become healthy");
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

async function main() {
  if (BINARIES.length === 0) throw new Error("none of BROWSER_CPU_BINARIES is installed");
  if (!process.env.BENCH_SKIP_BUILD) {
    const build = spawnSync("npx", ["react-router", "build"], { cwd: ROOT, stdio: "inherit" });
    if (build.status !== 0) throw new Error("the build failed");
  }
  const { child, dataDir } = await startSite();
  const samples: Sample[] = [];
  const loads = [];
  try {
    // Warm the server's page cache and image renditions, so the browsers get the same answers.
    await measure(BINARIES[0] as string);
    for (let round = 0; round < ROUNDS; round++) {
      const order = BINARIES.map((_, i) => BINARIES[(i + round) % BINARIES.length] as string);
      for (const binary of order) {
        const sample = await measure(binary);
        samples.push(sample);
        console.log(
          `round ${round + 1}: ${binary}: ${sample.cpuSeconds.toFixed(1)} s CPU, ${sample.wallSeconds.toFixed(1)} s`,
        );
      }
      loads.push(os.loadavg()[0] ?? 0);
    }
  } finally {
    child.kill("SIGTERM");
    await new Promise((resolve) => child.once("exit", resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }

  const pageLoads = PAGES.length * CONTEXTS;
  const rows = BINARIES.map((binary) => {
    const mine = samples.filter((s) => s.binary === binary);
    const cpu = median(mine.map((s) => s.cpuSeconds));
    return { binary, cpu, perPage: cpu / pageLoads, wall: median(mine.map((s) => s.wallSeconds)) };
  });
  const stamp = new Date().toISOString().slice(0, 16);
  const lines = [
    `# Browser CPU, ${stamp}`,
    "",
    `${pageLoads} page loads per run (${PAGES.join(", ")}; ${CONTEXTS} fresh contexts), ${ROUNDS} interleaved rounds, median. Load average after each round: ${loads.map((l) => l.toFixed(1)).join(", ")}. Node ${process.version}.`,
    "",
    "| browser | CPU s per run | CPU ms per page load | wall s per run |",
    "| ------- | ------------: | -------------------: | -------------: |",
    ...rows.map(
      (r) =>
        `| \`${r.binary}\` | ${r.cpu.toFixed(1)} | ${Math.round(r.perPage * 1000)} | ${r.wall.toFixed(1)} |`,
    ),
    "",
  ];
  const dir = path.join(HERE, "results");
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, stamp.replace(/[T:]/g, "-"));
  fs.writeFileSync(`${file}.md`, lines.join("\n"));
  fs.writeFileSync(`${file}.json`, `${JSON.stringify({ stamp, loads, samples, rows }, null, 2)}\n`);
  console.log(lines.join("\n"));
}

await main();
