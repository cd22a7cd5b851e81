import { and, asc, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { cachedUntilContentChanges } from "~/cache/reference-data.server";
import { db } from "~/db/client.server";
import { properties, propertyMedia, users } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { FEATURED_COUNT, type PurposeValue } from "~/lib/property-options";
import { confirmedOnOffer, getAvailabilityRules, ON_SITE } from "./property-visibility.server";
import { publicAddressSql } from "./public-address.server";

// What the public site shows is decided in ./property-visibility.server (issue 46); these two
// stay importable from here, where most queries found them.
export { OFFERED, ON_SITE } from "./property-visibility.server";

/** What every summary of a listing shows: a card, a column of the comparison. */
export const listingSummaryColumns = {
  id: properties.id,
  title: properties.title,
  purpose: properties.purpose,
  price: properties.price,
  rentPeriod: properties.rentPeriod,
  propertyType: properties.propertyType,
  city: properties.city,
  /** The address as the site shows it (issue 46: the area unless the office made it public). */
  address: publicAddressSql,
  beds: properties.beds,
  baths: properties.baths,
  sqft: properties.sqft,
  imageUrl: properties.imageUrl,
  referenceCode: properties.referenceCode,
};

/** The columns a property card needs, shared by the home page, the listing and the dashboard. */
export const propertyCardColumns = {
  ...listingSummaryColumns,
  featured: properties.featured,
  // A let or sold listing stays in the search with its badge for a while (issue 46).
  status: properties.status,
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
  /** NH-LAG-0421 (issue 45). */
  referenceCode: string;
  featured: boolean;
  /** Where it stands: the card shows Let or Sold (issue 46). */
  status?: string;
  createdAt: Date;
};

/**
 * Up to six featured properties, newest first; when none is featured, the six newest (the
 * spec's fallback). `purpose` narrows both to For Sale or For Rent.
 */
export async function listFeaturedProperties(purpose?: PurposeValue): Promise<PropertyCardData[]> {
  return readFeatured(purpose ?? "");
}

// Public content, the same for every visitor: kept until an admin changes something
// (app/cache/reference-data.server.ts). Callers share the answers: never modify them.
const readFeatured = cachedUntilContentChanges(
  async (purpose: PurposeValue | ""): Promise<PropertyCardData[]> => {
    const byPurpose: SQL | undefined = purpose ? eq(properties.purpose, purpose) : undefined;
    // Only listings confirmed within their period (issue 46).
    const OFFERED = confirmedOnOffer(await getAvailabilityRules(), new Date());
    const featured = await db
      .select(propertyCardColumns)
      .from(properties)
      .where(and(OFFERED, eq(properties.featured, true), byPurpose))
      .orderBy(desc(properties.createdAt), asc(properties.id))
      .limit(FEATURED_COUNT);
    if (featured.length > 0) return featured;
    return db
      .select(propertyCardColumns)
      .from(properties)
      .where(and(OFFERED, byPurpose))
      .orderBy(desc(properties.createdAt), asc(properties.id))
      .limit(FEATURED_COUNT);
  },
);

/** One property with its media in display order, or undefined for an unknown or malformed id. */
export async function getPropertyWithMedia(id: string) {
  if (!isUuid(id)) return undefined;
  return readPropertyWithMedia(id);
}

/**
 * A listing's columns as its public page may carry them: not who listed it with the agency, nor
 * whose account confirmed its availability (an owner's, perhaps): only an agent's name, below;
 * and the address as the site shows it (the area, unless the office made the address public).
 */
const {
  ownerId: _ownerId,
  availabilityConfirmedBy: _confirmedBy,
  area: _area,
  addressPublic: _addressPublic,
  ...LISTING_COLUMNS
} = getTableColumns(properties);
const PUBLIC_COLUMNS = { ...LISTING_COLUMNS, address: publicAddressSql };

/** The agent who last confirmed the listing's availability (issue 46), or null: the office. */
const CONFIRMING_AGENT_NAME = sql<string | null>`(select ${users.name} from ${users}
  where ${users.id} = ${properties.availabilityConfirmedBy} and ${users.role} = 'agent')`;

const readPropertyWithMedia = cachedUntilContentChanges(
  async (id: string) => {
    const [property] = await db
      .select({ ...PUBLIC_COLUMNS, availabilityAgentName: CONFIRMING_AGENT_NAME })
      .from(properties)
      .where(and(ON_SITE, eq(properties.id, id)))
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
  },
  { maxKeys: 2_000 },
);

export type PropertyWithMedia = NonNullable<Awaited<ReturnType<typeof getPropertyWithMedia>>>;
