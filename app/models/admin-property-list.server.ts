import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  isNotNull,
  isNull,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import { db } from "~/db/client.server";
import { containsText } from "~/db/like.server";
import { properties, propertyMedia, users } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import type { AdminPropertySort } from "~/lib/admin-properties";
import { isUuid } from "~/lib/ids";
import { pageCountOf } from "~/lib/list-params";
import { normalizeListingCode } from "~/lib/listing-code";
import type { ListingStatusValue } from "~/lib/property-options";
import { ownListings, purgeCutoff } from "./admin-property-scope.server";
import { photosVersion, photoTitleVersion, propertyVersion } from "./admin-property-version.server";

// /admin/properties: the catalogue for staff, read. Lists search title or location and filter
// in SQL (the live catalogue or the trash); the CSV export takes the same filters; the edit form
// reads one live listing with its photos and versions. The writes: ./admin-property-write,
// -photos, -trash and -bulk.

export type AdminPropertyFilters = {
  /** Title or location (address, city) contains this, case-insensitive. */
  q?: string;
  purpose?: "sale" | "rent";
  propertyType?: string;
  city?: string;
  featured?: boolean;
  status?: ListingStatusValue;
  /** The trash instead of the live catalogue. */
  trash?: boolean;
};

const ROW = {
  id: properties.id,
  title: properties.title,
  referenceCode: properties.referenceCode,
  city: properties.city,
  address: properties.address,
  purpose: properties.purpose,
  price: properties.price,
  rentPeriod: properties.rentPeriod,
  propertyType: properties.propertyType,
  beds: properties.beds,
  baths: properties.baths,
  sqft: properties.sqft,
  featured: properties.featured,
  status: properties.status,
  imageUrl: properties.imageUrl,
  createdAt: properties.createdAt,
  deletedAt: properties.deletedAt,
};

function whereOf(actor: AdminActor, filters: AdminPropertyFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    ownListings(actor),
    // The trash shows what can still be restored: a listing past TRASH_DAYS waits only for the
    // upkeep timer to delete it (a GET never writes).
    filters.trash
      ? (and(isNotNull(properties.deletedAt), gte(properties.deletedAt, purgeCutoff())) as SQL)
      : isNull(properties.deletedAt),
  ];
  if (filters.q) {
    // The expression of properties_search_trgm_idx: the trigram index answers it.
    const text = containsText(
      sql`${properties.title} || ' ' || ${properties.address} || ' ' || ${properties.city}`,
      filters.q,
    );
    // A reference code, however typed (nh lag 421), finds its listing too (issue 45).
    const code = normalizeListingCode(filters.q);
    conditions.push(code ? or(eq(properties.referenceCode, code), text) : text);
  }
  if (filters.purpose) conditions.push(eq(properties.purpose, filters.purpose));
  if (filters.propertyType) {
    conditions.push(sql`${properties.propertyType}::text = ${filters.propertyType}`);
  }
  if (filters.city) conditions.push(sql`lower(${properties.city}) = lower(${filters.city})`);
  if (filters.featured !== undefined) conditions.push(eq(properties.featured, filters.featured));
  if (filters.status) conditions.push(eq(properties.status, filters.status));
  return and(...conditions);
}

export async function listPropertiesForAdmin(
  actor: AdminActor,
  filters: AdminPropertyFilters,
  list: { sort: AdminPropertySort; direction: "asc" | "desc"; page: number; pageSize: number },
) {
  const where = whereOf(actor, filters);
  const [totalRow] = await db.select({ n: count() }).from(properties).where(where);
  const total = totalRow?.n ?? 0;
  const page = Math.min(list.page, pageCountOf(total, list.pageSize));
  const by = list.direction === "asc" ? asc : desc;
  const order =
    list.sort === "price"
      ? [sql`${properties.price} ${sql.raw(list.direction)} nulls last`, by(properties.id)]
      : list.sort === "title"
        ? [by(sql`lower(${properties.title})`), by(properties.id)]
        : filters.trash
          ? [by(properties.deletedAt), by(properties.id)]
          : [by(properties.createdAt), by(properties.id)];
  const rows = await db
    .select(ROW)
    .from(properties)
    .where(where)
    .orderBy(...order)
    .limit(list.pageSize)
    .offset((page - 1) * list.pageSize);
  return { rows, total, page };
}

/** The most rows one export writes (far above the catalogue; bounds the memory it takes). */
export const EXPORT_LIMIT = 20_000;

/** Every listing the filters select, newest first, with all its fields (the CSV export). */
export async function listPropertiesForExport(actor: AdminActor, filters: AdminPropertyFilters) {
  // The agent by their account's e-mail: the CSV's agent column, read back by the import.
  return db
    .select({ ...getTableColumns(properties), agentEmail: users.email })
    .from(properties)
    .leftJoin(users, eq(users.id, properties.agentId))
    .where(whereOf(actor, filters))
    .orderBy(desc(properties.createdAt), desc(properties.id))
    .limit(EXPORT_LIMIT);
}

/** A live listing with its media in order, for the edit form; undefined if unknown or trashed. */
export async function getPropertyForAdmin(actor: AdminActor, id: string) {
  if (!isUuid(id)) return undefined;
  const [property] = await db
    .select(getTableColumns(properties))
    .from(properties)
    .where(and(eq(properties.id, id), isNull(properties.deletedAt), ownListings(actor)));
  if (!property) return undefined;
  const media = await db
    .select({
      id: propertyMedia.id,
      mediaUrl: propertyMedia.mediaUrl,
      title: propertyMedia.title,
      sortOrder: propertyMedia.sortOrder,
    })
    .from(propertyMedia)
    .where(eq(propertyMedia.propertyId, id))
    .orderBy(asc(propertyMedia.sortOrder), asc(propertyMedia.id));
  return {
    ...property,
    media: media.map((photo) => ({ ...photo, version: photoTitleVersion(photo) })),
    /** The version of the fields the edit form edits (issue 23: no lost update). */
    version: propertyVersion(property),
    /** The version of the photos' order (reorder, move, remove check it). */
    photosVersion: photosVersion(media),
  };
}

export type AdminProperty = NonNullable<Awaited<ReturnType<typeof getPropertyForAdmin>>>;
