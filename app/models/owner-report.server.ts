import {
  and,
  asc,
  count,
  eq,
  exists,
  gte,
  inArray,
  isNotNull,
  lt,
  lte,
  ne,
  notExists,
  sql,
  sum,
} from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  appointments,
  favorites,
  ownerWeeklyReports,
  properties,
  propertyDailyLeads,
  propertyDailyViews,
  userSettings,
  users,
} from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { Outcome } from "~/lib/action-result";
import { addDays, lagosToday, parseIsoDate } from "~/lib/appointment-rules";
import type { ListingContacts } from "~/lib/leads";
import { holdIfDueBeforeRestore, lastRestoreTime } from "./held-mail.server";
import { notify } from "./notification.server";
import { OFFERED } from "./property.server";

// The owners' weekly e-mail report (issue 20 item 5). An owner opts in under My Listings (off by
// default); every Monday from REPORT_SEND_HOUR (Lagos) each opted-in owner with a live listing
// gets one e-mail about the week that ended: per live listing its views that week and the week
// before, the viewings booked that week (dates and counts, never who), and its saves.
//
// The job (runWeeklyOwnerReports, on a timer in app/mail/owner-report-mail.server.ts) is safe with
// several instances and after a restart: per owner one transaction inserts the (owner, week) row
// of owner_weekly_reports, whose primary key lets only one insert through, and in the same
// transaction the notification row of the outbox; the sender renders the figures when it sends.
// A server down on Monday morning catches up at its next run that week.

/** The Lagos hour on Monday from which the week that ended is reported. */
export const REPORT_SEND_HOUR = 8;

/** Lagos keeps UTC+1 all year (no summer time). */
const LAGOS_OFFSET = "+01:00";

/** A reported week: Monday to Sunday, Lagos days (yyyy-MM-dd). */
export type ReportWeek = { start: string; end: string };

function weekOf(start: string): ReportWeek {
  return { start, end: addDays(start, 6) };
}

/** When the report of the week starting `start` is due: the Monday after, REPORT_SEND_HOUR. */
export function reportSendTime(start: string): Date {
  const hour = String(REPORT_SEND_HOUR).padStart(2, "0");
  return new Date(`${addDays(start, 7)}T${hour}:00:00${LAGOS_OFFSET}`);
}

/** The latest week whose report is due at `now` (its send time has passed). */
export function dueReportWeek(now = new Date()): ReportWeek {
  const today = lagosToday(now);
  const weekday = parseIsoDate(today)?.getUTCDay() ?? 0;
  const thisMonday = addDays(today, -((weekday + 6) % 7));
  const lastWeek = addDays(thisMonday, -7);
  return weekOf(reportSendTime(lastWeek) <= now ? lastWeek : addDays(lastWeek, -7));
}

// ---------------------------------------------------------------------------
// The owner's switch.

export async function getWeeklyReportSetting(userId: string): Promise<boolean> {
  const [row] = await db
    .select({ since: userSettings.ownerWeeklyReportSince })
    .from(userSettings)
    .where(eq(userSettings.userId, userId));
  return Boolean(row?.since);
}

/** Turns the signed-in owner's weekly report on or off (on again keeps the first time). */
export async function setWeeklyReport(userId: string, enabled: boolean): Promise<void> {
  const since = enabled
    ? sql`coalesce(${userSettings.ownerWeeklyReportSince}, now())`
    : sql`null::timestamptz`;
  await db
    .insert(userSettings)
    .values({ userId, ownerWeeklyReportSince: enabled ? sql`now()` : null })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ownerWeeklyReportSince: since } });
}

/**
 * The unsubscribe link's account (signed token, no session): the report is switched off.
 * "already-off" when it was not on; "not-found" for an account that is gone.
 */
export async function unsubscribeWeeklyReport(
  userId: string,
): Promise<Outcome<{ email: string }, "not-found" | "already-off">> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, since: userSettings.ownerWeeklyReportSince })
      .from(users)
      .leftJoin(userSettings, eq(userSettings.userId, users.id))
      .where(eq(users.id, userId));
    if (!user) return { ok: false, reason: "not-found" };
    if (!user.since) return { ok: false, reason: "already-off" };
    await tx
      .update(userSettings)
      .set({ ownerWeeklyReportSince: null })
      .where(eq(userSettings.userId, userId));
    return { ok: true, email: user.email };
  });
}

/** Whom the unsubscribe page names, and whether the report is on. */
export async function getWeeklyReportSubscriber(userId: string) {
  const [row] = await db
    .select({ email: users.email, since: userSettings.ownerWeeklyReportSince })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(eq(users.id, userId));
  return row ? { email: row.email, enabled: Boolean(row.since) } : undefined;
}

// ---------------------------------------------------------------------------
// The report's figures. Each figure is one grouped query over the owner's live listings for the
// week, answering a value per listing id, and a value for a listing it found nothing for. A new
// per-listing count (inquiries, leads) is one more entry in LISTING_FIGURES: its value appears
// on every listing of the report, typed.

type Figure<T> = {
  read: (executor: Executor, ids: string[], week: ReportWeek) => Promise<Map<string, T>>;
  none: T;
};

/** The first instant of a Lagos day. */
function lagosMidnight(day: string): Date {
  return new Date(`${day}T00:00:00${LAGOS_OFFSET}`);
}

/** A per-listing daily table's rows for these listings, from day `first` to day `last`. */
function listingDays(
  table: typeof propertyDailyViews | typeof propertyDailyLeads,
  ids: string[],
  first: string,
  last: string,
) {
  return and(inArray(table.propertyId, ids), gte(table.day, first), lte(table.day, last));
}

function viewsBetween(first: (w: ReportWeek) => string, last: (w: ReportWeek) => string) {
  return async (executor: Executor, ids: string[], week: ReportWeek) => {
    const rows = await executor
      .select({
        id: propertyDailyViews.propertyId,
        n: sum(propertyDailyViews.views).mapWith(Number),
      })
      .from(propertyDailyViews)
      .where(listingDays(propertyDailyViews, ids, first(week), last(week)))
      .groupBy(propertyDailyViews.propertyId);
    return new Map(rows.map((r) => [r.id, r.n]));
  };
}

/** Viewings booked in the week: how many, and on which days they are (never by whom). */
export type BookedViewings = { booked: number; days: { date: string; count: number }[] };

const NO_CONTACTS: ListingContacts = { inquiry: 0, whatsapp: 0, phone: 0 };

const LISTING_FIGURES = {
  views: {
    read: viewsBetween(
      (w) => w.start,
      (w) => w.end,
    ),
    none: 0,
  },
  viewsWeekBefore: {
    read: viewsBetween(
      (w) => addDays(w.start, -7),
      (w) => addDays(w.start, -1),
    ),
    none: 0,
  },
  viewings: {
    async read(executor, ids, week) {
      const rows = await executor
        .select({ id: appointments.propertyId, date: appointments.appointmentDate, n: count() })
        .from(appointments)
        .where(
          and(
            inArray(appointments.propertyId, ids),
            gte(appointments.createdAt, lagosMidnight(week.start)),
            lt(appointments.createdAt, lagosMidnight(addDays(week.end, 1))),
          ),
        )
        .groupBy(appointments.propertyId, appointments.appointmentDate)
        .orderBy(asc(appointments.appointmentDate));
      const byId = new Map<string, BookedViewings>();
      for (const row of rows) {
        if (!row.id) continue;
        const entry = byId.get(row.id) ?? { booked: 0, days: [] };
        entry.booked += row.n;
        entry.days.push({ date: row.date, count: row.n });
        byId.set(row.id, entry);
      }
      return byId;
    },
    none: { booked: 0, days: [] },
  } satisfies Figure<BookedViewings>,
  saves: {
    async read(executor, ids) {
      const rows = await executor
        .select({ id: favorites.propertyId, n: count() })
        .from(favorites)
        .where(inArray(favorites.propertyId, ids))
        .groupBy(favorites.propertyId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
    none: 0,
  } satisfies Figure<number>,
  contacts: {
    // Inquiries about the listing and clicks on its WhatsApp and phone links (counted like views:
    // once per visitor and day, bots out); bookings are the viewings above.
    async read(executor, ids, week) {
      const rows = await executor
        .select({
          id: propertyDailyLeads.propertyId,
          source: propertyDailyLeads.source,
          n: sum(propertyDailyLeads.leads).mapWith(Number),
        })
        .from(propertyDailyLeads)
        .where(
          and(
            listingDays(propertyDailyLeads, ids, week.start, week.end),
            ne(propertyDailyLeads.source, "booking"),
          ),
        )
        .groupBy(propertyDailyLeads.propertyId, propertyDailyLeads.source);
      const byId = new Map<string, ListingContacts>();
      for (const row of rows) {
        if (row.source === "booking") continue; // left out by the query; this tells TypeScript
        const entry = byId.get(row.id) ?? { ...NO_CONTACTS };
        entry[row.source] += row.n;
        byId.set(row.id, entry);
      }
      return byId;
    },
    none: NO_CONTACTS,
  } satisfies Figure<ListingContacts>,
} satisfies Record<string, Figure<unknown>>;

type ListingFigures = {
  [K in keyof typeof LISTING_FIGURES]: (typeof LISTING_FIGURES)[K]["none"];
};

export type ReportListing = {
  id: string;
  title: string;
  code: string;
  city: string;
} & ListingFigures;

export type OwnerReport = {
  owner: { id: string; email: string; firstName: string };
  week: ReportWeek;
  listings: ReportListing[];
};

/** The owner's live listings: on the site and offered (not sold, let or in the trash). */
function liveListingsOf(ownerId: string | typeof users.id) {
  return and(eq(properties.ownerId, ownerId), OFFERED);
}

/**
 * The report of the week starting `weekStart` for one owner, as it reads now: one entry per live
 * listing, oldest first. Undefined for an account that is gone.
 */
export async function getOwnerWeeklyReport(
  executor: Executor,
  ownerId: string,
  weekStart: string,
): Promise<OwnerReport | undefined> {
  const [owner] = await executor
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, ownerId));
  if (!owner) return undefined;
  const week = weekOf(weekStart);
  const listings = await executor
    .select({
      id: properties.id,
      title: properties.title,
      code: properties.referenceCode,
      city: properties.city,
    })
    .from(properties)
    .where(liveListingsOf(ownerId))
    .orderBy(asc(properties.createdAt), asc(properties.id))
    .limit(200);
  if (listings.length === 0) return { owner, week, listings: [] };
  const ids = listings.map((l) => l.id);
  const names = Object.keys(LISTING_FIGURES) as (keyof ListingFigures)[];
  const read = await Promise.all(
    names.map((name) => (LISTING_FIGURES[name] as Figure<unknown>).read(executor, ids, week)),
  );
  return {
    owner,
    week,
    listings: listings.map((listing) => {
      const figures = Object.fromEntries(
        names.map((name, i) => [name, read[i]?.get(listing.id) ?? LISTING_FIGURES[name].none]),
      ) as ListingFigures;
      return { ...listing, ...figures };
    }),
  };
}

// ---------------------------------------------------------------------------
// The job.

export type ReportRunReport = {
  week: ReportWeek;
  queued: number;
  /** Of those queued, held: due before the last restore, the old site may have sent them. */
  held: number;
};

/**
 * Queues the due week's report for every owner who gets it and has not had it: switched on before
 * the week's send time, active, with at least one live listing. Safe to run any number of times,
 * from any number of instances at once. A week due before the last restore (issue 44) is queued
 * held: the restored database cannot know whether the old site sent it after the backup.
 */
export async function runWeeklyOwnerReports(now = new Date()): Promise<ReportRunReport> {
  const week = dueReportWeek(now);
  const sendTime = reportSendTime(week.start);
  const restoredAt = await lastRestoreTime();
  const owners = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(
        eq(users.status, "active"),
        isNotNull(userSettings.ownerWeeklyReportSince),
        lte(userSettings.ownerWeeklyReportSince, sendTime),
        exists(db.select({ one: sql`1` }).from(properties).where(liveListingsOf(users.id))),
        notExists(
          db
            .select({ one: sql`1` })
            .from(ownerWeeklyReports)
            .where(
              and(
                eq(ownerWeeklyReports.userId, users.id),
                eq(ownerWeeklyReports.weekStart, week.start),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(users.id));
  let queued = 0;
  let held = 0;
  for (const owner of owners) {
    const sent = await db.transaction(async (tx) => {
      // The key lets one insert through; a concurrent run waits for it, then inserts nothing.
      const [row] = await tx
        .insert(ownerWeeklyReports)
        .values({ userId: owner.id, weekStart: week.start })
        .onConflictDoNothing()
        .returning({ userId: ownerWeeklyReports.userId });
      if (!row) return undefined;
      const id = await notify(tx, {
        kind: "owner.weekly-report",
        userId: owner.id,
        weekStart: week.start,
      });
      return { held: await holdIfDueBeforeRestore(tx, [id], sendTime, restoredAt) };
    });
    if (sent) queued += 1;
    if (sent?.held) held += 1;
  }
  return { week, queued, held };
}
