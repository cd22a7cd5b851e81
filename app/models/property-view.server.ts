import { and, desc, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { properties, propertyViews } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { ON_SITE, type PropertyCardData, propertyCardColumns } from "./property.server";

// "Recently Viewed" on the customer dashboard: one row per user and property, the latest view
// wins. Every query takes the user id.

/** How many recently viewed properties the dashboard shows. */
export const RECENTLY_VIEWED_LIMIT = 12;

/** Records that the user opened this property's page now (a second view moves it to the top). */
export async function recordPropertyView(userId: string, propertyId: string) {
  if (!isUuid(propertyId)) return;
  await db
    .insert(propertyViews)
    .values({ userId, propertyId, viewedAt: sql`now()` })
    .onConflictDoUpdate({
      target: [propertyViews.userId, propertyViews.propertyId],
      set: { viewedAt: sql`now()` },
    });
}

/** The properties the user opened last, most recent first. */
export async function listRecentlyViewedProperties(
  userId: string,
  limit = RECENTLY_VIEWED_LIMIT,
): Promise<PropertyCardData[]> {
  return db
    .select(propertyCardColumns)
    .from(propertyViews)
    .innerJoin(properties, eq(properties.id, propertyViews.propertyId))
    .where(and(ON_SITE, eq(propertyViews.userId, userId)))
    .orderBy(desc(propertyViews.viewedAt), desc(properties.id))
    .limit(limit);
}
