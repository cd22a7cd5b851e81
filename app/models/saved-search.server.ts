import { and, asc, count, desc, eq, gte, notExists, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { properties, savedSearchAlerts, savedSearches, users } from "~/db/schema";
import type { Executor, Transaction } from "~/db/transaction.server";
import type { Outcome } from "~/lib/action-result";
import { isUuid } from "~/lib/ids";
import {
  type ListingFilters,
  parseListingFilters,
  serializeListingFilters,
} from "~/lib/listing-filters";
import { type AlertFrequency, MAX_SAVED_SEARCHES } from "~/lib/schemas/saved-search";
import { holdIfDueBeforeRestore, lastRestoreTime } from "./held-mail.server";
import { listingConditions, resolveLocations } from "./property-search.server";
import { listedPublicly, readAvailabilityRules } from "./property-visibility.server";

// Saved searches and their e-mail alerts (issue 14). Every customer query takes the user id and
// puts it in the WHERE clause: another customer's id reads nothing and changes nothing.
//
// The alert job (processDueSearchAlerts) is safe with several instances: each due search is
// claimed FOR UPDATE SKIP LOCKED in a transaction of its own, in which its new listings are
// recorded in saved_search_alerts (primary key: search and listing, so never twice), the
// caller queues the e-mail in the same transaction (the outbox, ADR 11) and the next run is
// scheduled. Downtime only makes searches overdue: the next run sends one e-mail with
// everything new since the last.

/** The filters a search keeps: sort, view and page are the listing's, not the search's. */
export function savedSearchQuery(filters: ListingFilters): string {
  return serializeListingFilters({ ...filters, sort: "newest", view: "grid", page: 1 }).toString();
}

export function filtersOfSavedSearch(query: string): ListingFilters {
  return parseListingFilters(new URLSearchParams(query));
}

/**
 * How long after a run the job looks at a search again. Instant searches are looked at on every
 * run of the job (each SEARCH_ALERT_TICK_MS, app/mail/search-alert-mail.server.ts).
 */
export const ALERT_INTERVAL_MS: Record<Exclude<AlertFrequency, "off">, number> = {
  instant: 0,
  daily: 24 * 60 * 60_000,
  weekly: 7 * 24 * 60 * 60_000,
};

/**
 * Listings are new to an alert when created after its last run less this overlap: a listing
 * whose transaction began before the run and committed after it is still caught, and the
 * alerts table keeps it from being sent twice.
 */
export const ALERT_OVERLAP_MS = 10 * 60_000;

/** At most this many listings per alert e-mail (the e-mail links to the rest). */
export const ALERT_MAX_LISTINGS = 20;

function intervalSql(ms: number) {
  return sql`(now() + ${ms} * interval '1 millisecond')`;
}

function nextAlertAt(frequency: AlertFrequency) {
  return frequency === "off" ? sql`now()` : intervalSql(ALERT_INTERVAL_MS[frequency]);
}

export type SavedSearchSummary = {
  id: string;
  name: string;
  query: string;
  frequency: AlertFrequency;
  createdAt: Date;
  lastAlertAt: Date | null;
  /** Matching listings created since the customer last opened the search. */
  newMatches: number;
};

/**
 * The matching listings created at or after `since` (offered ones, as the listing shows them).
 * At or after: the embedded database's clock steps in milliseconds, so a listing published in
 * the millisecond a search was saved would otherwise never be alerted (seen in CI: 11 alerts of
 * 12). A listing alerted twice cannot happen: `saved_search_alerts` holds each one sent.
 */
async function matchesSince(
  executor: Executor,
  query: string,
  since: Date | ReturnType<typeof sql>,
) {
  const filters = filtersOfSavedSearch(query);
  const cities =
    filters.locations.length > 0 ? await resolveLocations(filters.locations, executor) : [];
  if (filters.locations.length > 0 && cities.length === 0) return undefined;
  const listed = listedPublicly(await readAvailabilityRules(executor), new Date(), {
    includeClosed: filters.includeClosed,
  });
  return and(listingConditions(filters, cities, listed), gte(properties.createdAt, since));
}

/** The customer's saved searches, newest first, each with its count of new matches. */
export async function listSavedSearches(userId: string): Promise<SavedSearchSummary[]> {
  const rows = await db
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      query: savedSearches.query,
      frequency: savedSearches.frequency,
      createdAt: savedSearches.createdAt,
      lastAlertAt: savedSearches.lastAlertAt,
      lastViewedAt: savedSearches.lastViewedAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt), asc(savedSearches.id));
  const summaries: SavedSearchSummary[] = [];
  // A handful per customer (MAX_SAVED_SEARCHES), each an indexed count.
  for (const { lastViewedAt, ...row } of rows) {
    const where = await matchesSince(db, row.query, lastViewedAt);
    let newMatches = 0;
    if (where) {
      const [counted] = await db.select({ n: count() }).from(properties).where(where);
      newMatches = counted?.n ?? 0;
    }
    summaries.push({ ...row, newMatches });
  }
  return summaries;
}

export async function countSavedSearches(userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId));
  return row?.n ?? 0;
}

const own = (userId: string, id: string) =>
  and(eq(savedSearches.id, id), eq(savedSearches.userId, userId));

export async function createSavedSearch(
  userId: string,
  input: { name: string; query: string; frequency: AlertFrequency },
): Promise<Outcome<{ id: string }, "too-many">> {
  return db.transaction(async (tx) => {
    // Locks the account's row so two saves at once cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [counted] = await tx
      .select({ n: count() })
      .from(savedSearches)
      .where(eq(savedSearches.userId, userId));
    if ((counted?.n ?? 0) >= MAX_SAVED_SEARCHES) return { ok: false, reason: "too-many" };
    const [row] = await tx
      .insert(savedSearches)
      .values({
        userId,
        name: input.name,
        query: input.query,
        frequency: input.frequency,
        nextAlertAt: nextAlertAt(input.frequency),
      })
      .returning({ id: savedSearches.id });
    if (!row) throw new Error("saved search insert returned nothing");
    return { ok: true, id: row.id };
  });
}

export async function renameSavedSearch(
  userId: string,
  id: string,
  name: string,
): Promise<Outcome<object, "not-found">> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const [row] = await db
    .update(savedSearches)
    .set({ name })
    .where(own(userId, id))
    .returning({ id: savedSearches.id });
  return row ? { ok: true } : { ok: false, reason: "not-found" };
}

/**
 * Sets how often the search's alerts go out. Turning them on (from off) starts from now: the
 * listings added while they were off are not e-mailed all at once.
 */
export async function setSavedSearchFrequency(
  userId: string,
  id: string,
  frequency: AlertFrequency,
): Promise<Outcome<object, "not-found">> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const [row] = await db
    .update(savedSearches)
    .set({
      frequency,
      nextAlertAt: nextAlertAt(frequency),
      alertedUntil: sql`case when ${savedSearches.frequency} = 'off' then now() else ${savedSearches.alertedUntil} end`,
    })
    .where(own(userId, id))
    .returning({ id: savedSearches.id });
  return row ? { ok: true } : { ok: false, reason: "not-found" };
}

export async function deleteSavedSearch(
  userId: string,
  id: string,
): Promise<Outcome<object, "not-found">> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const [row] = await db
    .delete(savedSearches)
    .where(own(userId, id))
    .returning({ id: savedSearches.id });
  return row ? { ok: true } : { ok: false, reason: "not-found" };
}

/** The customer opens the search: its matches are no longer new. Answers its query. */
export async function openSavedSearch(
  userId: string,
  id: string,
): Promise<Outcome<{ query: string }, "not-found">> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const [row] = await db
    .update(savedSearches)
    .set({ lastViewedAt: sql`now()` })
    .where(own(userId, id))
    .returning({ query: savedSearches.query });
  return row ? { ok: true, query: row.query } : { ok: false, reason: "not-found" };
}

// ---------------------------------------------------------------------------
// Unsubscribing from an e-mail: the link's signed token names the search (no session).

export async function getSavedSearchForUnsubscribe(id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ id: savedSearches.id, name: savedSearches.name, frequency: savedSearches.frequency })
    .from(savedSearches)
    .where(eq(savedSearches.id, id))
    .limit(1);
  return row;
}

/** Turns the search's alerts off. */
export async function unsubscribeSavedSearch(
  id: string,
): Promise<Outcome<{ name: string }, "not-found">> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const [row] = await db
    .update(savedSearches)
    .set({ frequency: "off" })
    .where(eq(savedSearches.id, id))
    .returning({ name: savedSearches.name });
  return row ? { ok: true, name: row.name } : { ok: false, reason: "not-found" };
}

// ---------------------------------------------------------------------------
// The alert job.

export type AlertListing = {
  id: string;
  title: string;
  code: string;
  purpose: "sale" | "rent";
  price: number | null;
  rentPeriod: "month" | "year" | null;
  propertyType: string;
  city: string;
  beds: number | null;
  baths: number | null;
};

export type SearchAlert = {
  search: { id: string; name: string; query: string; frequency: AlertFrequency };
  user: { id: string; email: string; firstName: string | null };
  listings: AlertListing[];
  /** New matches beyond the ones listed (the e-mail links to the search for them). */
  more: number;
};

/** Queues the alert's e-mail in `tx`; answers the outbox row's id. */
export type QueueAlert = (tx: Transaction, alert: SearchAlert) => Promise<string | undefined>;

export type AlertRunReport = {
  searches: number;
  alerts: number;
  listings: number;
  /** Of the alerts, held: due before the last restore, the old site may have sent them. */
  held: number;
};

/**
 * Runs every due search once (see the top of this file). `queueAlert` is called inside each
 * search's transaction when it has new listings.
 */
export async function processDueSearchAlerts(
  queueAlert: QueueAlert,
  options: { limit?: number } = {},
): Promise<AlertRunReport> {
  const report: AlertRunReport = { searches: 0, alerts: 0, listings: 0, held: 0 };
  const limit = options.limit ?? 1_000;
  // Due before the run started: a search this run handled is due again only after it (an
  // instant one at once), so it waits for the next run. Strictly before: the embedded
  // database's clock has millisecond steps, and a search handled within the run's first
  // millisecond must not be picked up again.
  const started = await db.execute<{ now: string }>(sql`select now()::text as now`);
  const runStart = started.rows[0]?.now ?? new Date().toISOString();
  const restoredAt = await lastRestoreTime();
  while (report.searches < limit) {
    const done = await db.transaction(async (tx) =>
      processOneDueSearch(tx, queueAlert, runStart, restoredAt),
    );
    if (!done) break;
    report.searches += 1;
    if (done.listings > 0) {
      report.alerts += 1;
      report.listings += done.listings;
    }
    if (done.held) report.held += 1;
  }
  return report;
}

/**
 * One due search. An alert due before the last restore (`restoredAt`, issue 44) is queued held:
 * the old site may have sent it after the backup the restored database was taken from.
 */
async function processOneDueSearch(
  tx: Transaction,
  queueAlert: QueueAlert,
  runStart: string,
  restoredAt: Date | undefined,
) {
  // The search whose turn it is, unless another runner holds it. Its owner must be active.
  const [search] = await tx
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      query: savedSearches.query,
      frequency: savedSearches.frequency,
      alertedUntil: savedSearches.alertedUntil,
      nextAlertAt: savedSearches.nextAlertAt,
      createdAt: savedSearches.createdAt,
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      userStatus: users.status,
    })
    .from(savedSearches)
    .innerJoin(users, eq(users.id, savedSearches.userId))
    .where(
      and(
        sql`${savedSearches.frequency} <> 'off'`,
        sql`${savedSearches.nextAlertAt} < ${runStart}::timestamptz`,
      ),
    )
    .orderBy(asc(savedSearches.nextAlertAt), asc(savedSearches.id))
    .limit(1)
    .for("update", { of: savedSearches, skipLocked: true });
  if (!search) return undefined;
  const frequency = search.frequency as Exclude<AlertFrequency, "off">;

  let listings: AlertListing[] = [];
  let more = 0;
  if (search.userStatus === "active") {
    const since = new Date(
      Math.max(search.alertedUntil.getTime() - ALERT_OVERLAP_MS, search.createdAt.getTime()),
    );
    const where = await matchesSince(tx, search.query, since);
    if (where) {
      const notSent = notExists(
        tx
          .select({ one: sql`1` })
          .from(savedSearchAlerts)
          .where(
            and(
              eq(savedSearchAlerts.savedSearchId, search.id),
              eq(savedSearchAlerts.propertyId, properties.id),
            ),
          ),
      );
      const found = await tx
        .select({
          id: properties.id,
          title: properties.title,
          code: properties.referenceCode,
          purpose: properties.purpose,
          price: properties.price,
          rentPeriod: properties.rentPeriod,
          propertyType: properties.propertyType,
          city: properties.city,
          beds: properties.beds,
          baths: properties.baths,
        })
        .from(properties)
        .where(and(where, notSent))
        .orderBy(desc(properties.createdAt), asc(properties.id))
        .limit(ALERT_MAX_LISTINGS + 1);
      listings = found.slice(0, ALERT_MAX_LISTINGS);
      if (found.length > ALERT_MAX_LISTINGS) {
        const [counted] = await tx
          .select({ n: count() })
          .from(properties)
          .where(and(where, notSent));
        more = (counted?.n ?? 0) - listings.length;
      }
    }
  }

  let held = false;
  if (listings.length > 0) {
    const mailId = await queueAlert(tx, {
      search: { id: search.id, name: search.name, query: search.query, frequency },
      user: { id: search.userId, email: search.email, firstName: search.firstName },
      listings,
      more,
    });
    if (mailId) held = await holdIfDueBeforeRestore(tx, [mailId], search.nextAlertAt, restoredAt);
    await tx
      .insert(savedSearchAlerts)
      .values(
        listings.map((listing) => ({
          savedSearchId: search.id,
          propertyId: listing.id,
          mailId: mailId ?? null,
        })),
      )
      .onConflictDoNothing();
  }
  await tx
    .update(savedSearches)
    .set({
      alertedUntil: sql`now()`,
      nextAlertAt: nextAlertAt(frequency),
      ...(listings.length > 0 ? { lastAlertAt: sql`now()` } : {}),
    })
    .where(eq(savedSearches.id, search.id));
  return { listings: listings.length, held };
}
