// The Node entry: HTTP server, compression, static files, and the drain on SIGTERM.
// Everything that touches the database lives in server/app.ts, built into build/server/index.js.
// First of all: files this process creates are private (umask 0027), before anything opens one.
import "./private-umask.js";
import fs from "node:fs";
import path from "node:path";
import compression from "compression";
import express from "express";
import { prepareDrain } from "./drain.js";

const DEVELOPMENT = process.env.NODE_ENV === "development";

const server = express();
server.disable("x-powered-by");
server.use(compression());

/** @type {{ app: import("express").Express, startApp: () => Promise<{ port: number }>, stopApp: () => Promise<void>, startDraining: () => void, logger: import("pino").Logger }} */
let appModule;
if (DEVELOPMENT) {
  const vite = await import("vite").then((v) =>
    v.createServer({ server: { middlewareMode: true } }),
  );
  server.use(vite.middlewares);
  appModule = await vite.ssrLoadModule("./server/app.ts");
  server.use(async (req, res, next) => {
    try {
      const fresh = await vite.ssrLoadModule("./server/app.ts");
      return fresh.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
} else {
  // Static files are answered before the app, so its header middleware never sees them: give
  // them the headers that matter for a file. The policy is for a file opened on its own (an SVG
  // cannot run script); it does not apply to a script or style the pages load.
  const httpsProduction = /^https:/i.test(process.env.SITE_URL ?? "");
  /**
   * @param {import("express").Response} res
   * @param {string} filePath
   */
  const setHeaders = (res, filePath) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    // Scripts and styles are only ever loaded by our pages, where these do nothing; leaving
    // them off saves a few hundred bytes on each of a page's many small files.
    if (!/\.(js|css)$/.test(filePath)) {
      res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
      res.setHeader("X-Frame-Options", "DENY");
      res.setHeader(
        "Content-Security-Policy",
        "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox",
      );
    }
    if (httpsProduction) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  };
  // Hashed build assets never change: cache them for a year. Other public files for an hour.
  server.use(
    "/assets",
    express.static("build/client/assets", {
      immutable: true,
      maxAge: "1y",
      index: false,
      setHeaders,
    }),
  );
  // The other public files are a handful the build fixed: list them once, so that the URL of
  // a page (every dashboard request, /robots.txt) costs no failed look-up on the disk.
  const publicFiles = new Set(
    fs
      .readdirSync("build/client", { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative("build/client", path.join(entry.parentPath, entry.name))}`)
      .filter((file) => !file.startsWith("/assets/")),
  );
  const publicStatic = express.static("build/client", { maxAge: "1h", index: false, setHeaders });
  server.use((req, res, next) =>
    publicFiles.has(req.path) ? publicStatic(req, res, next) : next(),
  );
  appModule = await import("../build/server/index.js");
  server.use(appModule.app);
}

const { logger } = appModule;
let port;
try {
  ({ port } = await appModule.startApp());
} catch (error) {
  logger.fatal({ err: error }, error instanceof Error ? error.message : "start-up failed");
  process.exit(1);
}

const listener = server.listen(port, () => {
  logger.info({ port }, `Site ready on http://localhost:${port}`);
});
listener.on("error", (error) => {
  // Never move silently to another port: say so and stop.
  logger.fatal({ err: error, port }, `Cannot listen on port ${port}: ${error.message}`);
  appModule.stopApp().finally(() => process.exit(1));
});

// SIGTERM: /readyz answers 503 "draining" at once; the listener keeps accepting for a second
// (so a proxy that checks /readyz stops sending before it closes), every request read is
// answered, keep-alive ones with `Connection: close`, idle connections are closed; then the
// database closes and the process exits (server/drain.js; docs/operations.md, "Stopping").
const drain = prepareDrain(listener);

let shuttingDown = false;
async function shutdown(signal) {
  if (shuttingDown) return;
  shuttingDown = true;
  const started = performance.now();
  appModule.startDraining();
  logger.info({ signal }, "Shutting down: answering the requests in flight");
  const drained = await drain.drain();
  if (drained.forced > 0) {
    logger.warn(drained, "Connections still open after the drain's time limit were closed");
  }
  await appModule.stopApp();
  const { ms: drainMs, ...counts } = drained;
  logger.info({ ...counts, drainMs, ms: Math.round(performance.now() - started) }, "Stopped");
  process.exit(0);
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
