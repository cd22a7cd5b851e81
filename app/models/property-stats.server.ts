import { and, desc, eq, gte, inArray, sql, sum } from "drizzle-orm";
import { db } from "~/db/client.server";
import { properties, propertyDailyViews } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { logger } from "~/log/logger.server";
import { countsToday } from "./count-once.server";
import { ON_SITE } from "./property.server";

// How often each listing's page is opened. Counting never slows the page: whether a view counts
// (bots left out, once per listing, Lagos day and client address, a few browsers at most behind
// one shared address: count-once.server.ts) is decided after the page has gone, and the counted
// views wait in an in-memory buffer written in one statement a few seconds later, or when the
// server stops.

/** How long counts wait in memory before they are written. */
export const FLUSH_DELAY_MS = 5_000;

const pending = new Map<string, { propertyId: string; day: string; views: number }>();
/** Views still being checked (count-once asks the database for a visitor it has not seen). */
const checking = new Set<Promise<void>>();
let timer: ReturnType<typeof setTimeout> | undefined;

function addView(propertyId: string, day: string) {
  const key = `${propertyId}|${day}`;
  const entry = pending.get(key) ?? { propertyId, day, views: 0 };
  entry.views += 1;
  pending.set(key, entry);
  if (!timer) {
    timer = setTimeout(() => void flushPropertyViews(), FLUSH_DELAY_MS);
    timer.unref?.();
  }
}

/**
 * Counts one opening of a listing's page by a visitor, if it counts (count-once.server.ts).
 * Returns at once: the check and the write come after.
 */
export function countPropertyView(input: {
  propertyId: string;
  clientAddress: string;
  userAgent: string | null;
  now?: Date;
}) {
  const check = countsToday({ ...input, kind: "view" })
    .then((day) => {
      if (day) addView(input.propertyId, day);
    })
    .catch((error: unknown) => logger.warn({ err: error }, "Could not count a property view"))
    .finally(() => checking.delete(check));
  checking.add(check);
}

/** Writes the buffered counts (one upsert). A failed write keeps them for the next try. */
export async function flushPropertyViews() {
  // Views being checked now belong to this write (and to the last one when the server stops).
  await Promise.all(checking);
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (pending.size === 0) return;
  const rows = [...pending.values()];
  pending.clear();
  try {
    await db
      .insert(propertyDailyViews)
      .values(rows)
      .onConflictDoUpdate({
        target: [propertyDailyViews.propertyId, propertyDailyViews.day],
        set: { views: sql`${propertyDailyViews.views} + excluded.views` },
      });
  } catch (error) {
    // A listing purged meanwhile fails the foreign key: drop what cannot be written.
    logger.warn({ err: error, rows: rows.length }, "Could not write property view counts");
    const live = await db
      .select({ id: properties.id })
      .from(properties)
      .where(inArray(properties.id, [...new Set(rows.map((r) => r.propertyId))]))
      .catch(() => undefined);
    if (!live) {
      for (const row of rows) pending.set(`${row.propertyId}|${row.day}`, row);
      return;
    }
    const ids = new Set(live.map((p) => p.id));
    const kept = rows.filter((row) => ids.has(row.propertyId));
    if (kept.length) {
      await db
        .insert(propertyDailyViews)
        .values(kept)
        .onConflictDoUpdate({
          target: [propertyDailyViews.propertyId, propertyDailyViews.day],
          set: { views: sql`${propertyDailyViews.views} + excluded.views` },
        })
        .catch((again: unknown) =>
          logger.error({ err: again }, "Property view counts lost after a second failure"),
        );
    }
  }
}

/** The first Lagos day of the last `days` days, today included. */
function since(days: number, now = new Date()) {
  return addDays(lagosToday(now), -(days - 1));
}

/** Views of each listing over the last `days` days (only those with any). */
export async function getViewsByProperty(
  _actor: AdminActor,
  ids: readonly string[],
  days = 30,
): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: propertyDailyViews.propertyId,
      views: sum(propertyDailyViews.views).mapWith(Number),
    })
    .from(propertyDailyViews)
    .where(
      and(
        inArray(propertyDailyViews.propertyId, [...ids]),
        gte(propertyDailyViews.day, since(days)),
      ),
    )
    .groupBy(propertyDailyViews.propertyId);
  return new Map(rows.map((r) => [r.id, r.views]));
}

/** One listing's views per day over the last `days` days, oldest first, days without views as 0. */
export async function getDailyViews(
  _actor: AdminActor,
  propertyId: string,
  days = 30,
  now = new Date(),
) {
  const first = since(days, now);
  const rows = await db
    .select({ day: propertyDailyViews.day, views: propertyDailyViews.views })
    .from(propertyDailyViews)
    .where(and(eq(propertyDailyViews.propertyId, propertyId), gte(propertyDailyViews.day, first)));
  const byDay = new Map(rows.map((r) => [r.day, r.views]));
  return Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return { day, views: byDay.get(day) ?? 0 };
  });
}

/** The listings opened most over the last 7 days. */
export async function listMostViewed(_actor: AdminActor, limit = 5) {
  const views = sum(propertyDailyViews.views).mapWith(Number);
  return db
    .select({ id: properties.id, title: properties.title, city: properties.city, views })
    .from(propertyDailyViews)
    .innerJoin(properties, eq(properties.id, propertyDailyViews.propertyId))
    .where(and(ON_SITE, gte(propertyDailyViews.day, since(7))))
    .groupBy(properties.id, properties.title, properties.city)
    .orderBy(desc(views), properties.id)
    .limit(limit);
}
