import { createRequestHandler } from "@react-router/express";
import express from "express";
import { closeDatabase } from "~/db/client.server";
import { openDatabaseFromEnv } from "~/db/open-from-env.server";
import { seedDemoData } from "~/db/seed/seed.server";
import { getEnv } from "~/env.server";
import { logger } from "~/lib/logger.server";

export { logger };

export const app = express();
app.disable("x-powered-by");

app.use((_req, res, next) => {
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  if (getEnv().nodeEnv === "production" && getEnv().siteUrl.startsWith("https://")) {
    res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  }
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
  }
  return { port: env.port };
}

export async function stopApp() {
  await closeDatabase();
}
