import * as serverBuild from "virtual:react-router/server-build";
import { closeDatabase } from "~/db/client.server";
import { openDatabaseFromEnv } from "~/db/open-from-env.server";
import { DEMO_USERS } from "~/db/seed/demo-users";
import { seedDemoData } from "~/db/seed/seed.server";
import { getEnv } from "~/env.server";
import { logger } from "~/lib/logger.server";
import { settleQueuedMail } from "~/mail/mail.server";
import { startMailSender, stopMailSender } from "~/mail/mail-sender.server";
import { closeMailTransports } from "~/mail/mail-transport.server";
import { startSearchAlertJob, stopSearchAlertJob } from "~/mail/search-alert-mail.server";
import { purgeTrash } from "~/models/admin-properties.server";
import { flushPropertyViews } from "~/models/property-stats.server";
import { listenForContentChanges } from "~/page-cache/content-generation.server";
import { createPageCache } from "~/page-cache/page-cache.server";
import { createHttpApp } from "./http-app";

export { logger };

// Anonymous visitors' public pages from memory (ADR 15).
export const pageCache = createPageCache({ enabled: getEnv().pageCache });

export const app = createHttpApp(
  // The build itself in production: given a function, React Router rebuilds its route tables
  // on every request (for the dev server, which reloads it).
  import.meta.env.DEV ? () => import("virtual:react-router/server-build") : serverBuild,
  { pageCache: pageCache.middleware },
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
  // Delivers the outbox: mail left pending by a crash or a stop goes out now (ADR 11).
  startMailSender();
  // Saved-search alerts: a run now catches up with what came due while the server was down.
  startSearchAlertJob();
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

let stopContentListener: (() => Promise<void>) | undefined;

export async function stopApp() {
  await stopContentListener?.();
  pageCache.close();
  clearTimeout(purgeTimer);
  await purging;
  // Mail being composed just before the stop (a password reset) still reaches the outbox; the
  // sender finishes the message it is sending, and what is left pending goes out at the next
  // start (or from another instance).
  await stopSearchAlertJob();
  await settleQueuedMail();
  await stopMailSender();
  closeMailTransports();
  // View counts still in memory are written before the database closes.
  await flushPropertyViews().catch(() => undefined);
  await closeDatabase();
}
