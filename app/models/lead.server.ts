import { and, count, desc, eq, gte, inArray, type SQL, sql, sum } from "drizzle-orm";
import { db } from "~/db/client.server";
import { containsText } from "~/db/like.server";
import { inquiries, properties, propertyDailyLeads, propertyDailyViews, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { AdminActor } from "~/lib/admin-actor";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { isUuid } from "~/lib/ids";
import {
  LEAD_WEEKS,
  type LeadCounts,
  type LeadSource,
  type LeadWeek,
  leadRate,
  noLeads,
  totalLeads,
} from "~/lib/leads";
import type { LeadClick } from "~/lib/listing-contact";
import { logger } from "~/log/logger.server";
import { countsToday } from "./count-once.server";

// Leads per listing (issue 21 item 4): a viewing booked, an inquiry about the listing, a click on
// its WhatsApp or phone link. Bookings and inquiries are counted by the write that stores them,
// in its transaction (no lead without its booking, no booking without its lead); clicks come
// through /go/:id/:click, once per listing, day and client address (a few browsers at most
// behind one shared address) with bots left out, by the same rule as views (countsToday in
// count-once.server.ts). Counts only: who clicked is never stored.

async function addLead(executor: Executor, propertyId: string, source: LeadSource, day: string) {
  await executor
    .insert(propertyDailyLeads)
    .values({ propertyId, day, source, leads: 1 })
    .onConflictDoUpdate({
      target: [propertyDailyLeads.propertyId, propertyDailyLeads.day, propertyDailyLeads.source],
      set: { leads: sql`${propertyDailyLeads.leads} + 1` },
    });
}

/** Inside the write that stores a booking or an inquiry about the listing: one lead today. */
export async function countLead(
  tx: Executor,
  propertyId: string,
  source: "booking" | "inquiry",
  now = new Date(),
) {
  await addLead(tx, propertyId, source, lagosToday(now));
}

/**
 * A visitor clicked the listing's WhatsApp or phone link: one lead, if it counts (the first time
 * today from this address and browser, within MAX_COUNTS_PER_ADDRESS; bots and nameless clients
 * never). A failed write is logged, never the visitor's problem.
 */
export async function countLeadClick(input: {
  propertyId: string;
  click: LeadClick;
  clientAddress: string;
  userAgent: string | null;
  now?: Date;
}) {
  const day = await countsToday({ ...input, kind: input.click });
  if (!day) return;
  await addLead(db, input.propertyId, input.click, day).catch((error: unknown) =>
    logger.warn({ err: error, propertyId: input.propertyId }, "Could not count a lead click"),
  );
}

// ---------------------------------------------------------------------------
// Reading them: the listing's edit screen, the Leads dashboard, the owner's My listings.

/** The first Lagos day of the last LEAD_WEEKS weeks (weeks end today). */
export function leadWindowStart(now = new Date()): string {
  return addDays(lagosToday(now), -(LEAD_WEEKS * 7 - 1));
}

function emptyWeeks(first: string): LeadWeek[] {
  return Array.from({ length: LEAD_WEEKS }, (_, i) => ({
    start: addDays(first, i * 7),
    end: addDays(first, i * 7 + 6),
    counts: noLeads(),
  }));
}

function weekIndex(first: string, day: string): number {
  return Math.floor(
    (Date.parse(`${day}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / (7 * 86_400_000),
  );
}

/** An agent reads only the leads of listings assigned to them (in SQL, like their viewings). */
function scopeOf(actor: AdminActor): SQL | undefined {
  return actor.role === "agent" ? eq(properties.agentId, actor.id) : undefined;
}

/** One listing's leads by source and week over the last LEAD_WEEKS weeks, and its views. */
export async function getListingLeads(actor: AdminActor, propertyId: string, now = new Date()) {
  const first = leadWindowStart(now);
  const weeks = emptyWeeks(first);
  const totals = noLeads();
  if (!isUuid(propertyId)) return { weeks, totals, total: 0, views: 0, rate: null };
  const inScope = and(eq(properties.id, propertyId), scopeOf(actor));
  const [rows, viewRows] = await Promise.all([
    db
      .select({
        day: propertyDailyLeads.day,
        source: propertyDailyLeads.source,
        leads: propertyDailyLeads.leads,
      })
      .from(propertyDailyLeads)
      .innerJoin(properties, eq(properties.id, propertyDailyLeads.propertyId))
      .where(and(inScope, gte(propertyDailyLeads.day, first))),
    db
      .select({ views: sum(propertyDailyViews.views).mapWith(Number) })
      .from(propertyDailyViews)
      .innerJoin(properties, eq(properties.id, propertyDailyViews.propertyId))
      .where(and(inScope, gte(propertyDailyViews.day, first))),
  ]);
  for (const row of rows) {
    const week = weeks[weekIndex(first, row.day)];
    if (week) week.counts[row.source] += row.leads;
    totals[row.source] += row.leads;
  }
  const views = viewRows[0]?.views ?? 0;
  const total = totalLeads(totals);
  return { weeks, totals, total, views, rate: leadRate(total, views) };
}

export const UNASSIGNED = "Unassigned";

/** How many listings the dashboard's top list shows. */
export const TOP_LISTINGS = 10;

/** One sum per source, as columns of a grouped query. */
function leadsBySourceColumns() {
  const of = (source: LeadSource) =>
    sql<number>`coalesce(sum(${propertyDailyLeads.leads}) filter (where ${propertyDailyLeads.source} = ${source}), 0)`.mapWith(
      Number,
    );
  return {
    booking: of("booking"),
    inquiry: of("inquiry"),
    whatsapp: of("whatsapp"),
    phone: of("phone"),
    total: sql<number>`coalesce(sum(${propertyDailyLeads.leads}), 0)`.mapWith(Number),
  };
}

function countsOf(row: LeadCounts): LeadCounts {
  return { booking: row.booking, inquiry: row.inquiry, whatsapp: row.whatsapp, phone: row.phone };
}

/**
 * The Leads dashboard: the last LEAD_WEEKS weeks by source (weekly), by agent (listings without
 * an agent as "Unassigned"), the listings with most leads (those whose title contains `q`, when
 * given), and views against leads. An agent sees their own listings only. All summed in SQL.
 */
export async function getLeadsDashboard(
  actor: AdminActor,
  options: { q?: string } = {},
  now = new Date(),
) {
  const first = leadWindowStart(now);
  const scope = scopeOf(actor);
  const inWindow = and(scope, gte(propertyDailyLeads.day, first));
  const bySource = leadsBySourceColumns();
  const q = options.q?.trim();
  const [daily, perAgent, top, views] = await Promise.all([
    db
      .select({
        day: propertyDailyLeads.day,
        source: propertyDailyLeads.source,
        leads: sum(propertyDailyLeads.leads).mapWith(Number),
      })
      .from(propertyDailyLeads)
      .innerJoin(properties, eq(properties.id, propertyDailyLeads.propertyId))
      .where(inWindow)
      .groupBy(propertyDailyLeads.day, propertyDailyLeads.source),
    db
      .select({ agentId: users.id, agentName: users.name, agentEmail: users.email, ...bySource })
      .from(propertyDailyLeads)
      .innerJoin(properties, eq(properties.id, propertyDailyLeads.propertyId))
      .leftJoin(users, eq(users.id, properties.agentId))
      .where(inWindow)
      .groupBy(users.id, users.name, users.email)
      .orderBy(desc(bySource.total), users.name),
    db
      .select({
        id: properties.id,
        name: properties.title,
        agentId: users.id,
        agentName: users.name,
        agentEmail: users.email,
        ...bySource,
      })
      .from(propertyDailyLeads)
      .innerJoin(properties, eq(properties.id, propertyDailyLeads.propertyId))
      .leftJoin(users, eq(users.id, properties.agentId))
      .where(and(inWindow, q ? containsText(sql`${properties.title}`, q) : undefined))
      .groupBy(properties.id, properties.title, users.id, users.name, users.email)
      .orderBy(desc(bySource.total), properties.title, properties.id)
      .limit(TOP_LISTINGS),
    db
      .select({
        id: propertyDailyViews.propertyId,
        views: sum(propertyDailyViews.views).mapWith(Number),
      })
      .from(propertyDailyViews)
      .innerJoin(properties, eq(properties.id, propertyDailyViews.propertyId))
      .where(and(scope, gte(propertyDailyViews.day, first)))
      .groupBy(propertyDailyViews.propertyId),
  ]);

  const weeks = emptyWeeks(first);
  const totals = noLeads();
  for (const row of daily) {
    const week = weeks[weekIndex(first, row.day)];
    if (week) week.counts[row.source] += row.leads;
    totals[row.source] += row.leads;
  }
  const agentName = (row: {
    agentId: string | null;
    agentName: string | null;
    agentEmail: string | null;
  }) => (row.agentId ? row.agentName || row.agentEmail || UNASSIGNED : UNASSIGNED);
  const viewsOf = new Map(views.map((row) => [row.id, row.views]));
  const total = totalLeads(totals);
  const totalViews = views.reduce((sumOf, row) => sumOf + row.views, 0);
  return {
    weeks,
    totals,
    total,
    views: totalViews,
    rate: leadRate(total, totalViews),
    agents: perAgent.map((row) => ({
      id: row.agentId ?? "",
      name: agentName(row),
      counts: countsOf(row),
      total: row.total,
    })),
    top: top.map((row) => {
      const listingViews = viewsOf.get(row.id) ?? 0;
      return {
        id: row.id,
        name: row.name,
        agent: agentName(row),
        counts: countsOf(row),
        total: row.total,
        views: listingViews,
        rate: leadRate(row.total, listingViews),
      };
    }),
    q: q ?? "",
  };
}

/**
 * Leads (since `since`) and inquiries (all time) of the given listings, for their owner's "My
 * listings": counts only. The caller has already kept `ids` to the owner's own.
 */
export async function getLeadCountsByProperty(ids: readonly string[], since: string) {
  if (ids.length === 0) return new Map<string, { leads: LeadCounts; inquiries: number }>();
  const [leadRows, inquiryRows] = await Promise.all([
    db
      .select({
        id: propertyDailyLeads.propertyId,
        source: propertyDailyLeads.source,
        leads: sum(propertyDailyLeads.leads).mapWith(Number),
      })
      .from(propertyDailyLeads)
      .where(
        and(inArray(propertyDailyLeads.propertyId, [...ids]), gte(propertyDailyLeads.day, since)),
      )
      .groupBy(propertyDailyLeads.propertyId, propertyDailyLeads.source),
    db
      .select({ id: inquiries.propertyId, n: count() })
      .from(inquiries)
      .where(inArray(inquiries.propertyId, [...ids]))
      .groupBy(inquiries.propertyId)
      .orderBy(desc(count())),
  ]);
  const result = new Map(ids.map((id) => [id, { leads: noLeads(), inquiries: 0 }]));
  for (const row of leadRows) {
    const entry = result.get(row.id);
    if (entry) entry.leads[row.source] += row.leads;
  }
  for (const row of inquiryRows) {
    const entry = row.id ? result.get(row.id) : undefined;
    if (entry) entry.inquiries = row.n;
  }
  return result;
}
