// Page weight: what a first visit downloads, on a phone and on a desktop.
//
//   npx tsx bench/page-weight/run.ts        (or npm run bench:page-weight)
//
// Builds if the build is older than the sources (server/start.js does that), starts the
// production server on a throw-away seeded DATA_DIR, then opens `/`, `/properties` and one
// property page in Chromium, each in a new context (cold cache), waits for the network to settle,
// scrolls to the bottom so lazy images load, and records from the DevTools protocol the bytes on
// the wire (compressed, headers included) by resource type. It also lists every image's intrinsic
// width against the width it is shown at (CSS width x devicePixelRatio). Writes results.json and
// the table in README.md beside this file.

import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromium } from "../../tests/e2e/browser";
import { formatResults } from "../format-results";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "../..");
const PORT = Number(process.env.BENCH_PORT ?? 3211);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const START_TIMEOUT_MS = 240_000;

/** Targets for the home page on a phone (the slow-network case the site is built for). */
const TARGETS = { homeJsKB: 150, homeTotalKB: 600 };

const VIEWPORTS = [
  {
    name: "phone",
    viewport: { width: 360, height: 800 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  },
  {
    name: "desktop",
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: false,
    hasTouch: false,
  },
] as const;

/** An image is flagged when the file is this much wider than the pixels it fills, or narrower. */
const OVERSIZED_RATIO = 1.5;
const UNDERSIZED_RATIO = 0.75;

type ImageReport = {
  src: string;
  /** The file's own pixels (loaded again without srcset, so no density correction). */
  fileWidth: number;
  fileHeight: number;
  /**
   * What the DOM reports as naturalWidth: for an image picked from a srcset this is already
   * divided by the candidate's density, i.e. CSS pixels, so it cannot show over-serving alone.
   */
  naturalWidth: number;
  /** CSS pixels wide on screen; 0 when hidden. */
  displayWidth: number;
  displayHeight: number;
  /** Device pixels the image has to fill: the CSS box times devicePixelRatio, allowing for object-fit: cover. */
  neededWidth: number;
  /** fileWidth / neededWidth; 1 is exact. */
  ratio: number | null;
  verdict: "ok" | "oversized" | "undersized" | "hidden" | "not loaded";
};

type PageResult = {
  page: string;
  url: string;
  viewport: string;
  status: number | null;
  requests: number;
  /** Bytes on the wire (compressed bodies plus headers) by resource type. */
  bytesByType: Record<string, number>;
  jsBytes: number;
  jsUncompressedBytes: number;
  totalBytes: number;
  images: ImageReport[];
};

function log(message: string) {
  console.log(`[page-weight] ${message}`);
}

async function waitForHealthy(server: ChildProcess) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(`${BASE_URL}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`the server did not answer ${BASE_URL}/healthz in time`);
}

function startServer(dataDir: string) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(PORT),
    DATA_DIR: dataDir,
    SEED_DEMO: "1",
    LOG_LEVEL: "warn",
  };
  delete env.DATABASE_URL;
  return spawn(process.execPath, ["server/start.js"], { cwd: ROOT, env, stdio: "inherit" });
}

async function stopServer(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
}

/** Scrolls down a screen at a time so lazy images enter the viewport, then back to the top. */
async function scrollThrough(page: Page) {
  for (let i = 0; i < 60; i++) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(150);
    if (done) break;
  }
  await page.waitForLoadState("networkidle");
}

async function measureImages(page: Page): Promise<ImageReport[]> {
  const raw = await page.evaluate(async () => {
    // No named inner functions here: tsx would wrap them in a helper the page does not have.
    return Promise.all(
      [...document.images].map(async (img) => {
        const src = img.currentSrc || img.src;
        // The file's real size: the same URL in a bare <img> (from the cache) has density 1.
        const probe = new Image();
        probe.src = src;
        const decoded = await probe.decode().then(
          () => true,
          () => false,
        );
        return {
          src,
          file: decoded
            ? { width: probe.naturalWidth, height: probe.naturalHeight }
            : { width: 0, height: 0 },
          complete: img.complete,
          naturalWidth: img.naturalWidth,
          clientWidth: img.clientWidth,
          clientHeight: img.clientHeight,
          objectFit: getComputedStyle(img).objectFit,
          dpr: window.devicePixelRatio,
        };
      }),
    );
  });
  return raw.map((img) => {
    const src = img.src.replace(/^https?:\/\/[^/]+/, "");
    const { width, height } = img.file;
    let needed = img.clientWidth * img.dpr;
    // object-fit: cover scales the picture until it fills the box both ways and crops the rest,
    // so a box taller than the picture's shape needs a wider file.
    if (img.objectFit === "cover" && width > 0 && height > 0 && img.clientHeight > 0) {
      needed = Math.max(img.clientWidth, img.clientHeight * (width / height)) * img.dpr;
    }
    needed = Math.round(needed);
    const base = {
      src,
      fileWidth: width,
      fileHeight: height,
      naturalWidth: img.naturalWidth,
      displayWidth: img.clientWidth,
      displayHeight: img.clientHeight,
      neededWidth: needed,
    };
    if (!img.complete || img.naturalWidth === 0 || width === 0)
      return { ...base, ratio: null, verdict: "not loaded" as const };
    if (img.clientWidth === 0) return { ...base, ratio: null, verdict: "hidden" as const };
    // Vector images scale to any size.
    if (/\.svg(\?|$)/.test(src)) return { ...base, ratio: null, verdict: "ok" as const };
    const ratio = Math.round((width / needed) * 100) / 100;
    const verdict =
      ratio > OVERSIZED_RATIO ? "oversized" : ratio < UNDERSIZED_RATIO ? "undersized" : "ok";
    return { ...base, ratio, verdict };
  });
}

async function measure(
  browser: Browser,
  name: string,
  urlPath: string,
  device: (typeof VIEWPORTS)[number],
): Promise<PageResult> {
  // A new context has an empty cache: a first visit.
  const context = await browser.newContext({
    viewport: device.viewport,
    deviceScaleFactor: device.deviceScaleFactor,
    isMobile: device.isMobile,
    hasTouch: device.hasTouch,
    locale: "en-NG",
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.enable");

  const requests = new Map<string, { url: string; type: string; mime: string }>();
  const transferred = new Map<string, number>();
  const decoded = new Map<string, number>();
  cdp.on("Network.responseReceived", (event) => {
    requests.set(event.requestId, {
      url: event.response.url,
      type: event.type ?? "Other",
      mime: event.response.mimeType,
    });
  });
  cdp.on("Network.dataReceived", (event) => {
    decoded.set(event.requestId, (decoded.get(event.requestId) ?? 0) + event.dataLength);
  });
  cdp.on("Network.loadingFinished", (event) => {
    transferred.set(event.requestId, event.encodedDataLength);
  });

  const response = await page.goto(`${BASE_URL}${urlPath}`, { waitUntil: "networkidle" });
  await scrollThrough(page);
  await page.waitForTimeout(500);
  // Stop counting before the image probes below (they come from the cache anyway).
  await cdp.detach();
  const images = await measureImages(page);
  await context.close();

  const bytesByType: Record<string, number> = {};
  let jsBytes = 0;
  let jsUncompressedBytes = 0;
  let totalBytes = 0;
  for (const [id, bytes] of transferred) {
    const request = requests.get(id);
    if (process.env.BENCH_DEBUG) console.log(bytes, request?.type, request?.url);
    if (!request || request.url.startsWith("data:")) continue;
    const isScript = request.type === "Script" || /javascript/.test(request.mime);
    const type = isScript ? "Script" : request.type;
    bytesByType[type] = (bytesByType[type] ?? 0) + bytes;
    totalBytes += bytes;
    if (isScript) {
      jsBytes += bytes;
      jsUncompressedBytes += decoded.get(id) ?? 0;
    }
  }
  return {
    page: name,
    url: urlPath,
    viewport: `${device.name} ${device.viewport.width}x${device.viewport.height}@${device.deviceScaleFactor}x`,
    status: response?.status() ?? null,
    requests: transferred.size,
    bytesByType,
    jsBytes,
    jsUncompressedBytes,
    totalBytes,
    images,
  };
}

async function findPropertyPath(browser: Browser) {
  const page = await browser.newPage();
  await page.goto(`${BASE_URL}/properties`);
  const href = await page
    .locator('a[href^="/property/"]')
    .first()
    .getAttribute("href", { timeout: 10_000 })
    .catch(() => null);
  await page.close();
  return href;
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function renderReadme(results: PageResult[], date: string, commit: string) {
  const rows = results.map((r) => {
    const flagged = r.images.filter((i) => i.verdict === "oversized" || i.verdict === "undersized");
    const shown = r.images.filter((i) => i.verdict !== "hidden" && i.verdict !== "not loaded");
    const images = r.bytesByType.Image ?? 0;
    const css = r.bytesByType.Stylesheet ?? 0;
    const doc = r.bytesByType.Document ?? 0;
    const isHome = r.page === "home";
    const jsOk = isHome ? (r.jsBytes / 1024 <= TARGETS.homeJsKB ? " ✅" : " ❌") : "";
    const totalOk = isHome ? (r.totalBytes / 1024 <= TARGETS.homeTotalKB ? " ✅" : " ❌") : "";
    return `| ${r.page} (\`${r.url}\`) | ${r.viewport} | ${r.status ?? "-"} | ${kb(r.jsBytes)}${jsOk} | ${kb(r.jsUncompressedBytes)} | ${kb(css)} | ${kb(doc)} | ${kb(images)} | ${kb(r.totalBytes)}${totalOk} | ${r.requests} | ${shown.length} shown, ${flagged.length} mis-sized |`;
  });

  const imageSections = results.map((r) => {
    const lines = r.images.map(
      (i) =>
        `| \`${i.src.length > 70 ? `${i.src.slice(0, 67)}...` : i.src}\` | ${i.fileWidth}x${i.fileHeight} | ${i.naturalWidth} | ${i.displayWidth}x${i.displayHeight} | ${i.neededWidth} | ${i.ratio ?? "-"} | ${i.verdict} |`,
    );
    return [
      `#### ${r.page}, ${r.viewport}`,
      "",
      lines.length
        ? [
            "| image | file (px) | naturalWidth | shown (CSS px) | device px needed | file / needed | verdict |",
            "|---|---|---|---|---|---|---|",
            ...lines,
          ].join("\n")
        : "No images.",
      "",
    ].join("\n");
  });

  return `# Page weight

What a first visit (cold cache) downloads, measured in Chromium from the DevTools protocol:
bytes on the wire, so compressed (gzip from the server's \`compression\` middleware) and with
headers. "JS" is every script response (module preloads included); "JS raw" is the same scripts
decompressed.

Targets for the home page: **<= ${TARGETS.homeJsKB} KB of JavaScript gzipped** and **<= ${TARGETS.homeTotalKB} KB in all**.

## How to run

\`\`\`sh
npx tsx bench/page-weight/run.ts     # or: npm run bench:page-weight
\`\`\`

It builds when the build is older than the sources, starts the production server on port
${PORT} (\`BENCH_PORT\` to change) with a throw-away seeded \`DATA_DIR\`, opens each page in a new
browser context (phone: 360x800 at 2x, touch; desktop: 1280x800 at 1x), waits for the network to
go idle, scrolls to the bottom so lazy images load, and records the transfer sizes and each
image's file width against the device pixels it fills (CSS width x devicePixelRatio). The file
width is read by loading the image's URL again without \`srcset\`: for an image picked from a
\`srcset\`, the DOM's \`naturalWidth\` is already divided by the candidate's density (CSS pixels),
so on its own it would hide an over- or under-sized file. It rewrites this file and
\`results.json\`. Generated images are made on their first request; the numbers are sizes, not
times, so that does not change them.

An image is flagged *oversized* when its file is more than ${OVERSIZED_RATIO}x wider than the
device pixels it fills (object-fit: cover taken into account), *undersized* below ${UNDERSIZED_RATIO}x.

## Results

Measured ${date} at commit \`${commit}\`. Sizes in KB (1024 bytes).

| page | viewport | status | JS | JS raw | CSS | HTML | images | total | requests | images |
|---|---|---|---|---|---|---|---|---|---|---|
${rows.join("\n")}

### Images: file size against the size shown

${imageSections.join("\n")}`;
}

async function main() {
  // Something already answering there would be measured instead of this build.
  const taken = await fetch(`${BASE_URL}/healthz`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${PORT} is in use: stop that server or set BENCH_PORT`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "naija-homes-page-weight-"));
  log(`starting the production server on ${BASE_URL} (data in ${dataDir})`);
  const server = startServer(dataDir);
  // However this process ends (Ctrl-C, a closed pipe, a crash), the server does not outlive it.
  process.on("exit", () => server.kill("SIGTERM"));
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      stopServer(server)
        .then(() => fs.rmSync(dataDir, { recursive: true, force: true }))
        .finally(() => process.exit(130));
    });
  }
  let browser: Browser | undefined;
  try {
    await waitForHealthy(server);
    const resolved = await resolveChromium();
    browser = await chromium.launch({
      executablePath: resolved.executablePath,
      args: CHROMIUM_ARGS,
      ...(resolved.env ? { env: { ...process.env, ...resolved.env } } : {}),
    });

    const propertyPath = await findPropertyPath(browser);
    if (!propertyPath) log("no property link on /properties: the detail page is left out");
    const pages: [string, string][] = [
      ["home", "/"],
      ["listing", "/properties"],
      ...(propertyPath ? [["property", propertyPath] as [string, string]] : []),
      ["service", "/services/property-sales"],
      ["team", "/team"],
      ["contact", "/contact"],
      ["booking", "/book-appointment"],
    ];

    // Warm-up: make the generated image sizes once, so the measured visits are not timing out
    // on first renders (the bytes are the same either way).
    for (const [, urlPath] of pages) {
      for (const device of VIEWPORTS) await measure(browser, "warm-up", urlPath, device);
    }

    const results: PageResult[] = [];
    for (const [name, urlPath] of pages) {
      for (const device of VIEWPORTS) {
        const result = await measure(browser, name, urlPath, device);
        results.push(result);
        log(
          `${name.padEnd(8)} ${device.name.padEnd(7)} JS ${kb(result.jsBytes)} KB, total ${kb(result.totalBytes)} KB, ${result.requests} requests`,
        );
      }
    }

    const date = new Date().toISOString().slice(0, 10);
    const commit =
      spawnSync("git", ["rev-parse", "--short", "HEAD"], {
        cwd: ROOT,
        encoding: "utf8",
      }).stdout?.trim() || "unknown";
    fs.writeFileSync(
      path.join(HERE, "results.json"),
      `${JSON.stringify({ date, commit, targets: TARGETS, results }, null, 2)}\n`,
    );
    fs.writeFileSync(path.join(HERE, "README.md"), renderReadme(results, date, commit));
    // Keep the committed files in the formatter's shape (Biome formats Markdown and JSON).
    formatResults(path.join(HERE, "results.json"), path.join(HERE, "README.md"));
    log(`wrote ${path.relative(ROOT, path.join(HERE, "README.md"))} and results.json`);
  } finally {
    await browser?.close();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
