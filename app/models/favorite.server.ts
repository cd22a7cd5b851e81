import { and, desc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { favorites, properties } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import { isUuid } from "~/lib/ids";
import { ON_SITE, type PropertyCardData, propertyCardColumns } from "./property.server";

// A customer's saved properties. Every query takes the user id and puts it in the `where`, so
// one customer can never read or change another's favourites.

export type FavoriteOutcome = Outcome<{ saved: boolean }, "not-found">;

/** Saves or unsaves a property; answers whether it is saved now ("not-found": no such property). */
export async function setFavorite(
  userId: string,
  propertyId: string,
  saved: boolean,
): Promise<FavoriteOutcome> {
  if (!isUuid(propertyId)) return { ok: false, reason: "not-found" };
  if (!saved) {
    await db
      .delete(favorites)
      .where(and(eq(favorites.userId, userId), eq(favorites.propertyId, propertyId)));
    return { ok: true, saved: false };
  }
  const [property] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(ON_SITE, eq(properties.id, propertyId)))
    .limit(1);
  if (!property) return { ok: false, reason: "not-found" };
  await db.insert(favorites).values({ userId, propertyId }).onConflictDoNothing();
  return { ok: true, saved: true };
}

/** Flips the saved state; answers the new state ("not-found": no such property). */
export async function toggleFavorite(userId: string, propertyId: string): Promise<FavoriteOutcome> {
  if (!isUuid(propertyId)) return { ok: false, reason: "not-found" };
  const saved = (await listFavoriteIds(userId, [propertyId])).length > 0;
  return setFavorite(userId, propertyId, !saved);
}

/** Which of these properties the user has saved (none for a signed-out visitor). */
export async function listFavoriteIds(
  userId: string | null | undefined,
  propertyIds: string[],
): Promise<string[]> {
  const ids = propertyIds.filter(isUuid);
  if (!userId || ids.length === 0) return [];
  const rows = await db
    .select({ propertyId: favorites.propertyId })
    .from(favorites)
    .where(and(eq(favorites.userId, userId), inArray(favorites.propertyId, ids)));
  return rows.map((row) => row.propertyId);
}

/** Every property the user saved, ids only (the hearts of a cached page: GET /api/me). */
export async function listAllFavoriteIds(userId: string): Promise<string[]> {
  const rows = await db
    .select({ propertyId: favorites.propertyId })
    .from(favorites)
    .where(eq(favorites.userId, userId));
  return rows.map((row) => row.propertyId);
}

/** The user's saved properties with what a card shows, the most recently saved first. */
export async function listFavoriteProperties(
  userId: string,
  options: { limit?: number } = {},
): Promise<PropertyCardData[]> {
  const query = db
    .select(propertyCardColumns)
    .from(favorites)
    .innerJoin(properties, eq(properties.id, favorites.propertyId))
    .where(and(ON_SITE, eq(favorites.userId, userId)))
    .orderBy(desc(favorites.createdAt), desc(favorites.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}
