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
import { purgeTrash } from "~/models/admin-properties.server";
import { flushPropertyViews } from "~/models/property-stats.server";

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

app.use(
  createRequestHandler({
    build: () => import("virtual:react-router/server-build"),
    // What routes cannot read from the Request: the peer address (getClientIp) and the nonce.
    getLoadContext: (req, res) =>
      createRequestContext({
        socketAddress: req.socket.remoteAddress,
        cspNonce: String(res.locals.cspNonce ?? ""),
      }),
  }),
);

/** Opens (and locks) the database, applies migrations, seeds demo data into an empty database. */
export async function startApp() {
  const env = getEnv();
  const handle = await openDatabaseFromEnv(env);
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
  startTrashPurge();
  return { port: env.port };
}

/** How often listings trashed 30 days ago are purged with their unused files (also on opening the trash). */
const PURGE_EVERY_MS = 6 * 60 * 60 * 1000;
/** The first purge waits for the start-up to settle. */
const FIRST_PURGE_AFTER_MS = 60 * 1000;

let purgeTimer: NodeJS.Timeout | undefined;
let purging: Promise<unknown> | undefined;

function startTrashPurge() {
  const run = () => {
    purging ??= purgeTrash()
      .catch((error) => logger.error({ err: error }, "Purging the trash failed"))
      .finally(() => {
        purging = undefined;
      });
    purgeTimer = setTimeout(run, PURGE_EVERY_MS);
    purgeTimer.unref();
  };
  purgeTimer = setTimeout(run, FIRST_PURGE_AFTER_MS);
  purgeTimer.unref();
}

export async function stopApp() {
  clearTimeout(purgeTimer);
  await purging;
  // Mail queued just before the stop (a password reset) still goes out and is recorded.
  await settleBackgroundMail();
  closeMailTransports();
  // View counts still in memory are written before the database closes.
  await flushPropertyViews().catch(() => undefined);
  await closeDatabase();
}
