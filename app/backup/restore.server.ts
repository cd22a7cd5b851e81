import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { findMigrationsFolder, PGLITE_EXTENSIONS, shippedMigrationCount } from "~/db/client.server";
import { acquireDataDirLock } from "~/db/data-dir-lock.server";
import { type BackupManifest, MEDIA, PGDATA, timestamp } from "./backup-format.server";
import {
  checkDatabase,
  databaseTar,
  type ReadArchive,
  RestoreRefused,
  readArchive,
  rowsOf,
} from "./restore-archive.server";
import {
  holdRestoredMail,
  type RestoreSide,
  readSiteState,
  recordRestore,
  restoreConcerns,
  restoreRefusalMessage,
  type SiteState,
} from "./restore-guard.server";

// Restoring a backup (issue 22, ADR 18): the whole archive is read and checked before anything
// is touched (./restore-archive.server.ts), and whose it is (issue 44: the site ids and the
// newest writes of both sides, ./restore-guard.server.ts); then the database and the photos are
// swapped in, what they replaced kept beside them, the database brought up to this version's
// migrations and the mail its outbox still had to send held.

/**
 * A sound archive that is another site's, or older than the data it would replace, or of a site
 * that cannot be told (issue 44): restored only with `force`. Nothing was changed.
 */
export class RestoreNeedsForce extends RestoreRefused {
  constructor(
    message: string,
    readonly concerns: string[],
  ) {
    super(message);
    this.name = "RestoreNeedsForce";
  }
}

/**
 * Whose data DATA_DIR's database holds now: nothing when there is none; `unreadable` (why) when
 * it does not open, which is when a restore is most needed, so it does not stop one.
 */
async function readCurrentSite(
  dataDir: string,
): Promise<{ site?: SiteState; unreadable?: string }> {
  const pgdata = path.join(dataDir, PGDATA);
  if (!fs.existsSync(path.join(pgdata, "PG_VERSION"))) return {};
  try {
    const client = await PGlite.create(pgdata, { extensions: PGLITE_EXTENSIONS });
    try {
      return { site: await readSiteState(rowsOf(client)) };
    } finally {
      await client.close();
    }
  } catch (error) {
    return { unreadable: error instanceof Error ? error.message : String(error) };
  }
}

export type RestoreResult = {
  manifest: BackupManifest | undefined;
  /** Where the replaced database and photos were kept, if there were any. */
  previous: { database?: string; media?: string };
  mediaFiles: number;
  /** Messages the restored outbox still had to send, now held for a super admin (issue 44). */
  heldMail: number;
  /** The archive's site and the site of the data it replaced (undefined: there was none). */
  site: { archive: RestoreSide; replaced?: RestoreSide };
  /** What `force` overrode (empty when nothing needed it). */
  forced: string[];
  /** Why the database it replaced could not be read, when it could not. */
  replacedUnreadable?: string;
};

export type RestoreOptions = {
  /** Restore another site's backup, or an older one over newer data (issue 44). */
  force?: boolean;
  /** The restoring site's address (SITE_URL), for the refusal's words. */
  siteUrl?: string;
  now?: Date;
};

/**
 * Replaces DATA_DIR's database and photos with the backup in `inFile`, with no server running
 * (it takes the directory's lock). The whole archive is read and checked first: a damaged,
 * foreign or newer archive changes nothing, and so does one of another site, or older than the
 * data it replaces, unless `force` (RestoreNeedsForce says why, naming both sites and dates).
 * What it replaces is kept beside it until the operator deletes it; if the swap fails half-way,
 * it is put back. The restored database is migrated to this version and its unsent mail held.
 * A backup from before photos were included (a bare database archive) restores the database
 * and leaves the photos be.
 */
export async function restoreBackup(
  dataDir: string,
  inFile: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  if (!fs.existsSync(inFile)) throw new Error(`No such backup file: ${inFile}`);
  const now = options.now ?? new Date();
  fs.mkdirSync(dataDir, { recursive: true });
  const lock = acquireDataDirLock(dataDir);
  const stamp = timestamp(now);
  const staging = path.join(dataDir, `.restoring-${stamp}`);
  try {
    const read = await readArchive(inFile, path.join(staging, MEDIA));
    read.database = databaseTar(read.database);
    const { migrations, site } = await checkDatabase(read.database);
    if (migrations > shippedMigrationCount()) {
      throw new Error(
        "This backup was made by a newer version of the site (its database has migrations this copy does not know). Update the site first, then restore.",
      );
    }
    const takenAt = read.manifest ? new Date(read.manifest.createdAt) : undefined;
    const archive: RestoreSide = { ...site, url: read.manifest?.site?.url };
    const current = await readCurrentSite(dataDir);
    const replaced = current.site && { ...current.site, url: options.siteUrl };
    const concerns = restoreConcerns(archive, replaced);
    if (replaced && concerns.length > 0 && !options.force) {
      const message = restoreRefusalMessage({
        concerns,
        archive: { ...archive, takenAt },
        current: replaced,
        dataDir,
      });
      throw new RestoreNeedsForce(message, concerns);
    }
    const swapped = await swapIn(dataDir, staging, read, stamp, {
      at: now,
      takenAt,
      file: path.basename(inFile),
      // A backup that names no site continues the site whose data it replaces.
      siteId: archive.siteId ? undefined : replaced?.siteId,
    });
    return {
      ...swapped,
      site: { archive, replaced },
      forced: concerns,
      replacedUnreadable: current.unreadable,
    };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}

async function swapIn(
  dataDir: string,
  staging: string,
  read: ReadArchive,
  stamp: string,
  restore: Parameters<typeof recordRestore>[1],
): Promise<Pick<RestoreResult, "manifest" | "previous" | "mediaFiles" | "heldMail">> {
  const pgdata = path.join(dataDir, PGDATA);
  const mediaDir = path.join(dataDir, MEDIA);
  const withMedia = read.manifest?.media.kind === "disk";
  const previous: RestoreResult["previous"] = {};
  const moved: [from: string, to: string][] = [];
  const moveAside = (target: string) => {
    if (!fs.existsSync(target)) return undefined;
    const aside = `${target}.before-restore-${stamp}`;
    fs.renameSync(target, aside);
    moved.push([target, aside]);
    return aside;
  };
  let heldMail = 0;
  try {
    previous.database = moveAside(pgdata);
    const client = await PGlite.create(pgdata, {
      extensions: PGLITE_EXTENSIONS,
      loadDataDir: new Blob([new Uint8Array(read.database)], { type: "application/x-tar" }),
    });
    try {
      // Migrated here rather than at the next start, so the restore can record itself in the
      // tables of this version (site_identity) whatever version made the backup.
      await migrate(drizzle({ client }), { migrationsFolder: findMigrationsFolder() });
      heldMail = await client.transaction(async (tx) => {
        const held = await holdRestoredMail(rowsOf(tx));
        await recordRestore(rowsOf(tx), restore);
        return held;
      });
    } finally {
      await client.close();
    }
    if (withMedia) {
      previous.media = moveAside(mediaDir);
      const restored = path.join(staging, MEDIA);
      if (fs.existsSync(restored)) fs.renameSync(restored, mediaDir);
      else fs.mkdirSync(mediaDir, { recursive: true });
      // Resized copies of the old photos would be served for the new ones of the same name.
      fs.rmSync(path.join(dataDir, "media-cache"), { recursive: true, force: true });
    }
  } catch (error) {
    fs.rmSync(pgdata, { recursive: true, force: true });
    if (withMedia && moved.some(([target]) => target === mediaDir)) {
      fs.rmSync(mediaDir, { recursive: true, force: true });
    }
    for (const [target, aside] of moved.reverse()) fs.renameSync(aside, target);
    throw error;
  }
  return { manifest: read.manifest, previous, mediaFiles: read.mediaFiles, heldMail };
}
