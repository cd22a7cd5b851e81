import * as serverBuild from "virtual:react-router/server-build";
import { liveSessionUserId } from "~/auth/session.server";
import { hasSessionCookie } from "~/auth/session-cookie";
import { startBackupSchedule, stopBackupSchedule } from "~/backup/backup-jobs.server";
import { startControlSocket, stopControlSocket } from "~/backup/control-socket.server";
import { listenForContentChanges } from "~/cache/content-generation.server";
import { dataChangesHeard, listenForDataChanges } from "~/cache/data-generation.server";
import { createPageCache } from "~/cache/page-cache.server";
import { createPrivatePageCache } from "~/cache/private-page-cache.server";
import { listenForSessionChanges } from "~/cache/session-cache.server";
import { closeDatabase } from "~/db/client.server";
import { openDatabaseFromEnv } from "~/db/open-from-env.server";
import { closeToOthers } from "~/db/private-files.server";
import { demoMediaGenerator } from "~/demo/media/generator.server";
import { getEnv } from "~/env.server";
import { logger } from "~/log/logger.server";
import {
  startAvailabilityReminderJob,
  stopAvailabilityReminderJob,
} from "~/mail/availability-job.server";
import { settleQueuedMail } from "~/mail/mail.server";
import { pruneMailOutbox, startMailSender, stopMailSender } from "~/mail/mail-sender.server";
import { closeMailTransports } from "~/mail/mail-transport.server";
import { startOwnerReportJob, stopOwnerReportJob } from "~/mail/owner-report-job.server";
import { repeatingJob } from "~/mail/repeating-job.server";
import { startSearchAlertJob, stopSearchAlertJob } from "~/mail/search-alert-mail.server";
import { readyzAnswer } from "~/metrics/readiness.server";
import { purgeTrash } from "~/models/admin-property-trash.server";
import { fingerprintMissingPhotos } from "~/models/photo-fingerprint-job.server";
import { flushPropertyViews } from "~/models/property-stats.server";
import { DEMO_USERS } from "~/seed/demo-users";
import { seedDemoData } from "~/seed/seed.server";
import { createHttpApp } from "./http-app";

// SIGTERM: /readyz says "draining" while server/drain.js finishes the requests (server/main.js).
export { startDraining } from "~/metrics/readiness.server";
export { logger };

// Public pages from memory: anonymous visitors' (ADR 15) and signed-in visitors' shared copy (ADR 19).
export const pageCache = createPageCache({ enabled: getEnv().pageCache, hasSessionCookie });
// A signed-in person's own pages asked again with the same cookies, while nothing changed (ADR 25).
export const privatePageCache = createPrivatePageCache({
  enabled: getEnv().pageCache,
  sessionUserId: liveSessionUserId,
});

export const app = createHttpApp(
  // The build itself in production: given a function, React Router rebuilds its route tables
  // on every request (for the dev server, which reloads it).
  import.meta.env.DEV ? () => import("virtual:react-router/server-build") : serverBuild,
  { pageCaches: [pageCache.middleware, privatePageCache.middleware] },
);

/** Opens (and locks) the database, applies migrations, seeds demo data into an empty database. */
export async function startApp() {
  const env = getEnv();
  // Files an earlier start left open to others (a permissive umask: server/private-umask.js)
  // are closed to them before the database opens.
  for (const dir of [env.dataDir, env.backupDir]) {
    const { changed } = await closeToOthers(dir);
    if (changed > 0) logger.warn({ dir, changed }, "Closed files made before the umask to others");
  }
  const handle = await openDatabaseFromEnv(env);
  // Other instances on the same PostgreSQL announce their content changes (page cache) and
  // the sessions and accounts they end or change (session cache).
  if (handle.kind === "postgres" && env.databaseUrl) {
    stopContentListener = listenForContentChanges(env.databaseUrl);
    stopSessionListener = listenForSessionChanges(env.databaseUrl);
    stopDataListener = listenForDataChanges(env.databaseUrl);
  } else {
    // The embedded database's listener for the per-session page cache, in place before the
    // first request rather than at it.
    dataChangesHeard();
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
  // Owners' weekly reports: a run now catches up with a Monday morning the server missed.
  startOwnerReportJob();
  // Availability reminders (issue 46): a run now catches up with the ones due while it was down.
  startAvailabilityReminderJob();
  stoppingFingerprints = false;
  photoFingerprintJob.start();
  startUpkeep();
  if (handle.kind === "pglite") {
    // `npm run backup` asks this process for a backup (it holds the database); and the schedule.
    await startControlSocket(env.dataDir, { readiness: readyzAnswer });
    startBackupSchedule();
  }
  return { port: env.port };
}

/**
 * How often the upkeep runs: listings trashed 30 days ago purged with their unused files (the
 * only place they are: loaders never write), and old delivered or failed mail pruned from the
 * outbox.
 */
const UPKEEP_EVERY_MS = 6 * 60 * 60 * 1000;
/** The first run waits for the start-up to settle. */
const FIRST_UPKEEP_AFTER_MS = 60 * 1000;

let upkeepTimer: NodeJS.Timeout | undefined;
let upkeep: Promise<unknown> | undefined;

async function runUpkeep() {
  await purgeTrash().catch((error) => logger.error({ err: error }, "Purging the trash failed"));
  const pruned = await pruneMailOutbox().catch((error) => {
    logger.error({ err: error }, "Pruning the mail outbox failed");
    return 0;
  });
  if (pruned > 0) logger.info({ pruned }, "Pruned old messages from the mail outbox");
}

function startUpkeep() {
  const run = () => {
    upkeep ??= runUpkeep().finally(() => {
      upkeep = undefined;
    });
    upkeepTimer = setTimeout(run, UPKEEP_EVERY_MS);
    upkeepTimer.unref();
  };
  upkeepTimer = setTimeout(run, FIRST_UPKEEP_AFTER_MS);
  upkeepTimer.unref();
}

/**
 * Photos without a fingerprint (stored before issue 46, the demo's, linked ones) get one in the
 * background: at start, then every 10 minutes (app/models/photo-fingerprint-job.server.ts).
 */
let stoppingFingerprints = false;
const photoFingerprintJob = repeatingJob(
  "photo fingerprint job",
  async () => {
    const run = await fingerprintMissingPhotos(demoMediaGenerator, {
      shouldStop: () => stoppingFingerprints,
    });
    if (run.fingerprinted + run.unreadable > 0) logger.info(run, "Fingerprinted photos");
  },
  10 * 60_000,
);

let stopContentListener: (() => Promise<void>) | undefined;
let stopSessionListener: (() => Promise<void>) | undefined;
let stopDataListener: (() => Promise<void>) | undefined;

export async function stopApp() {
  await stopContentListener?.();
  await stopSessionListener?.();
  await stopDataListener?.();
  await stopControlSocket();
  // A backup being taken finishes first: it is reading the database.
  await stopBackupSchedule();
  pageCache.close();
  privatePageCache.close();
  clearTimeout(upkeepTimer);
  await upkeep;
  // Mail being composed just before the stop (a password reset) still reaches the outbox; the
  // sender finishes the message it is sending, and what is left pending goes out at the next
  // start (or from another instance).
  await stopSearchAlertJob();
  await stopOwnerReportJob();
  await stopAvailabilityReminderJob();
  stoppingFingerprints = true;
  await photoFingerprintJob.stop();
  await settleQueuedMail();
  await stopMailSender();
  closeMailTransports();
  // View counts still in memory are written before the database closes.
  await flushPropertyViews().catch(() => undefined);
  await closeDatabase();
}
