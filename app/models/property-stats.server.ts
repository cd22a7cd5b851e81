import { createHash } from "node:crypto";
import { and, desc, eq, gte, inArray, sql, sum } from "drizzle-orm";
import { isbot } from "isbot";
import { db } from "~/db/client.server";
import { properties, propertyDailyViews } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { logger } from "~/lib/logger.server";
import { ON_SITE } from "./property.server";

// How often each listing's page is opened. Counting never slows the page: a view is added to an
// in-memory buffer (bots left out, one count per visitor, listing and Lagos day) and the buffer
// is written in one statement a few seconds later, or when the server stops. Several instances
// each keep their own "seen" set, so a visitor balanced across two of them may count twice a
// day; that is the price of not writing on every page view.

/** How long counts wait in memory before they are written. */
export const FLUSH_DELAY_MS = 5_000;

/** Visitors remembered per day before the oldest are forgotten (bounded memory). */
const MAX_SEEN = 200_000;

const pending = new Map<string, { propertyId: string; day: string; views: number }>();
let seen = new Set<string>();
let seenDay = "";
let timer: ReturnType<typeof setTimeout> | undefined;

/**
 * Whether this is the visitor's first `what` today (Lagos day): the Lagos day if so, else null.
 * Bots and requests without a browser name are never counted. The visitor (their address and
 * browser, hashed with `what`) is kept in memory for the day only. Views and the listing's click
 * leads (lead.server.ts) share it: one rule for "once per visitor and day".
 */
export function firstTimeToday(input: {
  what: string;
  clientAddress: string;
  userAgent: string | null;
  now?: Date;
}): string | null {
  if (!input.userAgent || isbot(input.userAgent)) return null;
  const day = lagosToday(input.now);
  if (day !== seenDay) {
    seen = new Set();
    seenDay = day;
  }
  const visitor = createHash("sha256")
    .update(`${input.clientAddress}\n${input.userAgent}\n${input.what}`)
    .digest("base64url")
    .slice(0, 22);
  if (seen.has(visitor)) return null;
  if (seen.size >= MAX_SEEN) seen.clear();
  seen.add(visitor);
  return day;
}

/**
 * Counts one opening of a listing's page by a visitor (their address and browser, hashed and
 * kept in memory for the day only). Returns at once.
 */
export function countPropertyView(input: {
  propertyId: string;
  clientAddress: string;
  userAgent: string | null;
  now?: Date;
}) {
  const day = firstTimeToday({ ...input, what: input.propertyId });
  if (!day) return;
  const key = `${input.propertyId}|${day}`;
  const entry = pending.get(key) ?? { propertyId: input.propertyId, day, views: 0 };
  entry.views += 1;
  pending.set(key, entry);
  if (!timer) {
    timer = setTimeout(() => void flushPropertyViews(), FLUSH_DELAY_MS);
    timer.unref?.();
  }
}

/** Writes the buffered counts (one upsert). A failed write keeps them for the next try. */
export async function flushPropertyViews() {
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
