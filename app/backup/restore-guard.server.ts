// A restore that knows whose archive it is and does not speak for the old site (issue 44, ADR
// 30). Read from PGlite clients the restore opens itself (the archive's database, the one it
// replaces, the restored one), so in plain SQL: an archive may predate any table named here.
//
// - Whose: every database has a site id (site_identity, migration 0022), named in each backup's
//   manifest. A restore over a database of another site, or where either side has no id, or over
//   data newer than the archive's newest write, is refused unless forced (restoreConcerns).
// - Not speaking for the old site: what the archive's outbox still had to send is held
//   (holdRestoredMail), and the restore is recorded (recordRestore) so the jobs hold what they
//   queue for a time before it (app/models/held-mail.server.ts).

/** A query on one of those clients: the rows it answers. */
export type RowsQuery = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Whose data a database holds, and how recent it is. */
export type SiteState = {
  /** The site's id; undefined for data from before sites had ids (or a row deleted by hand). */
  siteId?: string;
  /** The newest moment a row says it was written (created_at, updated_at, sent_at). */
  newestWriteAt?: Date;
};

/** A side of a restore as the refusal names it. */
export type RestoreSide = SiteState & {
  /** The site's address (SITE_URL): the archive's as its manifest says, the restoring process's. */
  url?: string;
};

/** Columns that say when a row was written; other timestamps are about the future or the past. */
const WRITE_COLUMNS = ["created_at", "updated_at", "sent_at"];
/** Bookkeeping of the restore itself, not the site's data. */
const NOT_DATA = ["site_identity"];

async function tableExists(query: RowsQuery, table: string) {
  const [row] = await query(`select to_regclass('public.${table}') is not null as present`);
  return row?.present === true;
}

/** The site id stored in the database behind `query`, if it has one. */
export async function readSiteId(query: RowsQuery): Promise<string | undefined> {
  if (!(await tableExists(query, "site_identity"))) return undefined;
  const [row] = await query("select site_id::text as id from site_identity where id = 1");
  return typeof row?.id === "string" ? row.id : undefined;
}

/** The newest write any table of the site records (every table with such a column). */
export async function readNewestWrite(query: RowsQuery): Promise<Date | undefined> {
  const columns = await query(
    `select table_name as t, column_name as c from information_schema.columns
     where table_schema = 'public' and data_type = 'timestamp with time zone'
       and column_name = any($1) and not (table_name = any($2))
     order by table_name, column_name`,
    [WRITE_COLUMNS, NOT_DATA],
  );
  if (columns.length === 0) return undefined;
  const quote = (name: unknown) => `"${String(name).replace(/"/g, '""')}"`;
  const parts = columns.map(
    (column) => `select max(${quote(column.c)}) as at from public.${quote(column.t)}`,
  );
  const [row] = await query(`select max(at) as newest from (${parts.join(" union all ")}) w`);
  const newest = row?.newest;
  if (newest instanceof Date) return newest;
  return typeof newest === "string" ? new Date(newest) : undefined;
}

export async function readSiteState(query: RowsQuery): Promise<SiteState> {
  return { siteId: await readSiteId(query), newestWriteAt: await readNewestWrite(query) };
}

/** A moment as the office reads it: Lagos time (UTC+1 all year). */
export function lagosTime(at: Date) {
  return `${new Date(at.getTime() + 60 * 60_000).toISOString().slice(0, 19).replace("T", " ")} (Lagos)`;
}

function describeSite(side: RestoreSide) {
  const id = side.siteId ? `site ${side.siteId}` : "no site id";
  return side.url ? `${id}, ${side.url}` : id;
}

/**
 * Why a restore of `archive` over `current` (undefined: DATA_DIR holds no database) needs
 * --force, one sentence each; none when it is this site's own backup holding everything the
 * data it replaces holds. Pure, for the tests.
 */
export function restoreConcerns(archive: RestoreSide, current: RestoreSide | undefined): string[] {
  if (!current) return [];
  const concerns: string[] = [];
  if (!archive.siteId) {
    concerns.push(
      "The backup does not say which site it is of (it was made before backups named their site).",
    );
  } else if (!current.siteId) {
    concerns.push(
      "The data it would replace does not say which site it is (the site has not started since the update that names sites).",
    );
  } else if (archive.siteId !== current.siteId) {
    concerns.push(
      "It is another site's backup: its database and photos would replace this site's.",
    );
  }
  if (
    current.newestWriteAt &&
    (!archive.newestWriteAt || current.newestWriteAt.getTime() > archive.newestWriteAt.getTime())
  ) {
    concerns.push(
      `The data it would replace is newer than the backup: what was written after ${archive.newestWriteAt ? lagosTime(archive.newestWriteAt) : "the backup"} would be lost.`,
    );
  }
  return concerns;
}

/** The refusal's text: the concerns, then both sides with their sites and dates. */
export function restoreRefusalMessage(options: {
  concerns: string[];
  archive: RestoreSide & { takenAt?: Date };
  current: RestoreSide;
  dataDir: string;
}) {
  const { archive, current } = options;
  const newest = (side: SiteState) =>
    side.newestWriteAt ? `newest write ${lagosTime(side.newestWriteAt)}` : "no dated rows";
  const taken = archive.takenAt ? `taken ${lagosTime(archive.takenAt)}, ` : "";
  return [
    `Not restored: ${options.concerns.join(" ")}`,
    `  The backup: ${describeSite(archive)}; ${taken}${newest(archive)}.`,
    `  ${options.dataDir} now: ${describeSite(current)}; ${newest(current)}.`,
    "Nothing was changed. If this is the backup you mean to restore, run it again with --force (what it replaces is kept aside).",
  ].join("\n");
}

/**
 * Holds what the restored outbox still had to send: the old site may have sent it after the
 * backup was taken. Answers how many messages (rows) are held.
 */
export async function holdRestoredMail(query: RowsQuery): Promise<number> {
  if (!(await tableExists(query, "mail_outbox"))) return 0;
  const held = await query(
    `update mail_outbox set status = 'held', lease_until = null, claimed_by = null
     where status = 'pending' returning id`,
  );
  return held.length;
}

/**
 * Records the restore in the restored (and migrated) database. `siteId` replaces its id: the id
 * of the data it replaced, given for a backup that named none (that data's site goes on).
 */
export async function recordRestore(
  query: RowsQuery,
  restore: { at: Date; takenAt?: Date; file: string; siteId?: string },
): Promise<void> {
  await query(
    `insert into site_identity (id, site_id, restored_at, restored_backup_taken_at, restored_backup_file)
     values (1, coalesce($1::uuid, gen_random_uuid()), $2, $3, $4)
     on conflict (id) do update set
       site_id = coalesce($1::uuid, site_identity.site_id),
       restored_at = excluded.restored_at,
       restored_backup_taken_at = excluded.restored_backup_taken_at,
       restored_backup_file = excluded.restored_backup_file`,
    [
      restore.siteId ?? null,
      restore.at.toISOString(),
      restore.takenAt?.toISOString() ?? null,
      restore.file,
    ],
  );
}
