import * as serverBuild from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import express from "express";
import { closeDatabase } from "~/db/client.server";
import { openDatabaseFromEnv } from "~/db/open-from-env.server";
import { DEMO_USERS } from "~/db/seed/demo-users";
import { seedDemoData } from "~/db/seed/seed.server";
import { getEnv } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { createRequestContext } from "~/lib/request-context.server";
import { createCspNonce, securityHeaders } from "~/lib/security-headers.server";
import { closeMailTransports, settleBackgroundMail } from "~/mail/mail.server";
import { flushPropertyViews } from "~/models/property-stats.server";
import { listenForContentChanges } from "~/page-cache/content-generation.server";
import { createPageCache } from "~/page-cache/page-cache.server";

export { logger };

export const app = express();
app.disable("x-powered-by");

app.use((_req, res, next) => {
  // A new nonce per response: entry.server and root put it on every inline script they render.
  const nonce = createCspNonce();
  res.locals.cspNonce = nonce;
  const env = getEnv();
  const headers = securityHeaders({
    nonce,
    development: env.nodeEnv === "development",
    httpsProduction: env.nodeEnv === "production" && env.siteUrl.startsWith("https://"),
  });
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  next();
});

app.use((req, res, next) => {
  const started = process.hrtime.bigint();
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info(
      { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms * 10) / 10 },
      "request",
    );
  });
  next();
});

// Anonymous visitors' public pages from memory (ADR 11); after the nonce, before the router.
export const pageCache = createPageCache({ enabled: getEnv().pageCache });
app.use(pageCache.middleware);

app.use(
  createRequestHandler({
    // The build itself in production: given a function, React Router rebuilds its route
    // tables on every request (for the dev server, which reloads it).
    build: import.meta.env.DEV ? () => import("virtual:react-router/server-build") : serverBuild,
    // What routes cannot read from the Request: the peer address (getClientIp) and the nonce.
    getLoadContext: (req, res) =>
      createRequestContext({
        socketAddress: req.socket.remoteAddress,
        cspNonce: String(res.locals.cspNonce ?? ""),
        pageNotes: res.locals.pageNotes,
      }),
  }),
);

/** Opens (and locks) the database, applies migrations, seeds demo data into an empty database. */
export async function startApp() {
  const env = getEnv();
  const handle = await openDatabaseFromEnv(env);
  // Other instances on the same PostgreSQL announce their content changes (page cache).
  if (handle.kind === "postgres" && env.databaseUrl) {
    stopContentListener = listenForContentChanges(env.databaseUrl);
  }
  logger.info(
    { database: handle.kind, dataDir: env.dataDir },
    handle.kind === "pglite" ? `Embedded database in ${env.dataDir}` : "PostgreSQL database",
  );
  if (env.seedDemo) {
    const seeded = await seedDemoData({ onlyIfEmpty: true });
    if (seeded) logger.info(seeded, "Seeded demo data into the empty database");
    if (seeded?.users) {
      const accounts = DEMO_USERS.map((u) => `${u.kind}: ${u.email} / ${u.password}`).join("; ");
      logger.info(`Demo accounts created (change or remove them before going live): ${accounts}`);
    }
  }
  return { port: env.port };
}

let stopContentListener: (() => Promise<void>) | undefined;

export async function stopApp() {
  await stopContentListener?.();
  pageCache.close();
  // Mail queued just before the stop (a password reset) still goes out and is recorded.
  await settleBackgroundMail();
  closeMailTransports();
  // View counts still in memory are written before the database closes.
  await flushPropertyViews().catch(() => undefined);
  await closeDatabase();
}
