import { and, asc, desc, eq, getTableColumns, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { properties, propertyMedia } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { FEATURED_COUNT, type PurposeValue } from "~/lib/property-options";

/** The columns a property card needs, shared by the home page, the listing and the dashboard. */
export const propertyCardColumns = {
  id: properties.id,
  title: properties.title,
  purpose: properties.purpose,
  price: properties.price,
  rentPeriod: properties.rentPeriod,
  propertyType: properties.propertyType,
  city: properties.city,
  address: properties.address,
  beds: properties.beds,
  baths: properties.baths,
  sqft: properties.sqft,
  imageUrl: properties.imageUrl,
  featured: properties.featured,
  createdAt: properties.createdAt,
};

export type PropertyCardData = {
  id: string;
  title: string;
  purpose: PurposeValue;
  price: number | null;
  rentPeriod: "month" | "year" | null;
  propertyType: string;
  city: string;
  address: string;
  beds: number | null;
  baths: number | null;
  sqft: number | null;
  imageUrl: string | null;
  featured: boolean;
  createdAt: Date;
};

/**
 * Up to six featured properties, newest first; when none is featured, the six newest (the
 * spec's fallback). `purpose` narrows both to For Sale or For Rent.
 */
export async function listFeaturedProperties(purpose?: PurposeValue): Promise<PropertyCardData[]> {
  const byPurpose: SQL | undefined = purpose ? eq(properties.purpose, purpose) : undefined;
  const featured = await db
    .select(propertyCardColumns)
    .from(properties)
    .where(and(eq(properties.featured, true), byPurpose))
    .orderBy(desc(properties.createdAt), asc(properties.id))
    .limit(FEATURED_COUNT);
  if (featured.length > 0) return featured;
  return db
    .select(propertyCardColumns)
    .from(properties)
    .where(byPurpose)
    .orderBy(desc(properties.createdAt), asc(properties.id))
    .limit(FEATURED_COUNT);
}

/** One property with its media in display order, or undefined for an unknown or malformed id. */
export async function getPropertyWithMedia(id: string) {
  if (!isUuid(id)) return undefined;
  const [property] = await db
    .select(getTableColumns(properties))
    .from(properties)
    .where(eq(properties.id, id))
    .limit(1);
  if (!property) return undefined;
  const media = await db
    .select({
      id: propertyMedia.id,
      mediaUrl: propertyMedia.mediaUrl,
      title: propertyMedia.title,
      description: propertyMedia.description,
    })
    .from(propertyMedia)
    .where(eq(propertyMedia.propertyId, id))
    .orderBy(asc(propertyMedia.sortOrder), asc(propertyMedia.id));
  return { ...property, media };
}

export type PropertyWithMedia = NonNullable<Awaited<ReturnType<typeof getPropertyWithMedia>>>;
