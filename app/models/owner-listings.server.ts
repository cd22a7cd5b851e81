import { and, asc, count, desc, eq, gte, inArray, sum } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  appointments,
  favorites,
  properties,
  propertyDailyViews,
  propertyMedia,
  propertySubmissions,
} from "~/db/schema";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { isUuid } from "~/lib/ids";
import { type LeadCounts, totalLeads } from "~/lib/leads";
import type { SubmissionValues } from "~/lib/schemas/submission";
import { CONTACT_METHODS, OPEN_STATUSES, OWNER_VIEW_WEEKS } from "~/lib/submissions";
import { getLeadCountsByProperty } from "./lead.server";
import { getListingAgent } from "./listing-agent.server";

// "My listings" (issue 20): how an owner's live listings do. Only the owner's own (the owner id
// is in every `where`); the people who booked viewings stay with the agency: an owner sees
// dates, times and counts, never a name or a number.

export { OWNER_VIEW_WEEKS };

/** A live listing's leads over the weeks shown, and its inquiries; null once taken down. */
function leadCountsOf(entry: { leads: LeadCounts; inquiries: number } | undefined) {
  return entry ? { total: totalLeads(entry.leads), ...entry } : null;
}

/** The owner's listings (taken down ones too), newest first, with their totals. */
export async function listOwnerListings(ownerId: string, now = new Date()) {
  const first = addDays(lagosToday(now), -(OWNER_VIEW_WEEKS * 7 - 1));
  const rows = await db
    .select({
      id: properties.id,
      title: properties.title,
      city: properties.city,
      purpose: properties.purpose,
      price: properties.price,
      rentPeriod: properties.rentPeriod,
      status: properties.status,
      imageUrl: properties.imageUrl,
      agentId: properties.agentId,
      deletedAt: properties.deletedAt,
      createdAt: properties.createdAt,
    })
    .from(properties)
    .where(eq(properties.ownerId, ownerId))
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(200);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [views, viewings, saves, pending] = await Promise.all([
    db
      .select({
        id: propertyDailyViews.propertyId,
        n: sum(propertyDailyViews.views).mapWith(Number),
      })
      .from(propertyDailyViews)
      .where(and(inArray(propertyDailyViews.propertyId, ids), gte(propertyDailyViews.day, first)))
      .groupBy(propertyDailyViews.propertyId),
    db
      .select({ id: appointments.propertyId, n: count() })
      .from(appointments)
      .where(inArray(appointments.propertyId, ids))
      .groupBy(appointments.propertyId),
    db
      .select({ id: favorites.propertyId, n: count() })
      .from(favorites)
      .where(inArray(favorites.propertyId, ids))
      .groupBy(favorites.propertyId),
    db
      .select({ id: propertySubmissions.propertyId, kind: propertySubmissions.kind })
      .from(propertySubmissions)
      .where(
        and(
          inArray(propertySubmissions.propertyId, ids),
          eq(propertySubmissions.ownerId, ownerId),
          inArray(propertySubmissions.status, [...OPEN_STATUSES]),
        ),
      ),
  ]);
  const byId = <T extends { id: string | null; n: number }>(list: T[]) =>
    new Map(list.map((r) => [r.id, r.n]));
  const viewsOf = byId(views);
  const viewingsOf = byId(viewings);
  const savesOf = byId(saves);
  // Leads and inquiries (issue 21): counts only, for the listings live on the site.
  const leadsOf = await getLeadCountsByProperty(
    rows.filter((row) => !row.deletedAt).map((row) => row.id),
    first,
  );
  const agentsOf = await ownerAgentsOf(rows.map((row) => row.agentId));
  return rows.map(({ agentId, ...row }) => ({
    ...row,
    // Who handles it (issue 47): name and phone, as the property page shows them.
    agent: agentsOf.get(agentId ?? "") ?? null,
    leads: leadCountsOf(leadsOf.get(row.id)),
    views: viewsOf.get(row.id) ?? 0,
    viewings: viewingsOf.get(row.id) ?? 0,
    saves: savesOf.get(row.id) ?? 0,
    waiting: pending.filter((p) => p.id === row.id).map((p) => p.kind),
  }));
}

/**
 * One of the owner's listings with its numbers: views per week over the last OWNER_VIEW_WEEKS
 * (the daily counts, in weeks ending today), the viewings booked (dates and status only), saves.
 * Undefined for a listing that is not theirs.
 */
export async function getOwnerListing(ownerId: string, propertyId: string, now = new Date()) {
  if (!isUuid(propertyId)) return undefined;
  const [listing] = await db
    .select()
    .from(properties)
    .where(and(eq(properties.id, propertyId), eq(properties.ownerId, ownerId)));
  if (!listing) return undefined;
  const today = lagosToday(now);
  const first = addDays(today, -(OWNER_VIEW_WEEKS * 7 - 1));
  const [daily, viewings, saves, photos, requests] = await Promise.all([
    db
      .select({ day: propertyDailyViews.day, views: propertyDailyViews.views })
      .from(propertyDailyViews)
      .where(
        and(eq(propertyDailyViews.propertyId, propertyId), gte(propertyDailyViews.day, first)),
      ),
    db
      .select({
        date: appointments.appointmentDate,
        time: appointments.appointmentTime,
        status: appointments.status,
      })
      .from(appointments)
      .where(eq(appointments.propertyId, propertyId))
      .orderBy(desc(appointments.appointmentDate), desc(appointments.createdAt))
      .limit(100),
    db.select({ n: count() }).from(favorites).where(eq(favorites.propertyId, propertyId)),
    db
      .select({ mediaUrl: propertyMedia.mediaUrl })
      .from(propertyMedia)
      .where(eq(propertyMedia.propertyId, propertyId))
      .orderBy(asc(propertyMedia.sortOrder), asc(propertyMedia.id)),
    db
      .select({
        id: propertySubmissions.id,
        kind: propertySubmissions.kind,
        status: propertySubmissions.status,
        updatedAt: propertySubmissions.updatedAt,
      })
      .from(propertySubmissions)
      .where(
        and(
          eq(propertySubmissions.propertyId, propertyId),
          eq(propertySubmissions.ownerId, ownerId),
        ),
      )
      .orderBy(desc(propertySubmissions.updatedAt))
      .limit(20),
  ]);
  const weeks = Array.from({ length: OWNER_VIEW_WEEKS }, (_, i) => ({
    start: addDays(first, i * 7),
    end: addDays(first, i * 7 + 6),
    views: 0,
  }));
  for (const row of daily) {
    const index = Math.floor(
      (Date.parse(`${row.day}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / (7 * 86_400_000),
    );
    const week = weeks[index];
    if (week) week.views += row.views;
  }
  // Leads and inquiries (issue 21): counts only, and only while the listing is live.
  const leads = listing.deletedAt
    ? null
    : leadCountsOf((await getLeadCountsByProperty([listing.id], first)).get(listing.id));
  const viewingCounts = { upcoming: 0, done: 0, cancelled: 0 };
  for (const viewing of viewings) {
    if (viewing.status === "cancelled") viewingCounts.cancelled += 1;
    else if (viewing.status === "completed" || viewing.date < today) viewingCounts.done += 1;
    else viewingCounts.upcoming += 1;
  }
  const agent = (await ownerAgentsOf([listing.agentId])).get(listing.agentId ?? "") ?? null;
  return {
    listing,
    agent,
    photos: photos.map((p) => p.mediaUrl),
    weeks,
    viewings,
    viewingCounts,
    saves: saves[0]?.n ?? 0,
    leads,
    requests,
    totalViews: weeks.reduce((total, week) => total + week.views, 0),
  };
}

/** The active agents behind these ids, as an owner sees them: name and phone only. */
async function ownerAgentsOf(ids: (string | null)[]) {
  const unique = [...new Set(ids.filter((id): id is string => Boolean(id)))];
  const agents = await Promise.all(unique.map((id) => getListingAgent(id)));
  return new Map(
    agents.flatMap((agent) =>
      agent ? [[agent.id, { name: agent.name, phone: agent.phone }]] : [],
    ),
  );
}

/**
 * How the owner asked to be reached about this listing the last time they sent something about
 * it (the submission that made it, or a later change): the "Change the listing" form starts
 * from it, so sending a change without touching it works. Empty when they never said (a
 * listing staff gave them): the form asks.
 */
export async function getOwnerContact(
  ownerId: string,
  propertyId: string,
): Promise<Pick<SubmissionValues, "contactMethod" | "contactPhone">> {
  if (!isUuid(propertyId)) return {};
  const rows = await db
    .select({ values: propertySubmissions.values })
    .from(propertySubmissions)
    .where(
      and(
        eq(propertySubmissions.ownerId, ownerId),
        eq(propertySubmissions.propertyId, propertyId),
        inArray(propertySubmissions.kind, ["listing", "change"]),
      ),
    )
    .orderBy(desc(propertySubmissions.updatedAt))
    .limit(20);
  const known = new Set<string>(CONTACT_METHODS.map((method) => method.value));
  const said = rows.find((row) => known.has(row.values.contactMethod ?? ""))?.values;
  if (!said) return {};
  return {
    contactMethod: said.contactMethod,
    ...(said.contactPhone ? { contactPhone: said.contactPhone } : {}),
  };
}
