import {
  type AnyColumn,
  and,
  asc,
  eq,
  inArray,
  isNotNull,
  notInArray,
  type SQL,
  sql,
} from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { properties, propertyMedia, propertySubmissions, submissionPhotos } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import { MATCH_MAX_DISTANCE } from "~/lib/photo-fingerprint";
import { CLOSED_STATUSES } from "~/lib/property-options";

// Copied photos and second listings of one unit (issue 46 item 3, DESIGN.md "Trust and fraud"):
// what the review queue, the submission page and the admin property form flag. A photo matches
// when its perceptual fingerprint is within MATCH_MAX_DISTANCE bits of a photo of another
// listing (not in the trash); a unit is taken when another listing on offer has the same
// address in the same city, spelt however (case, punctuation, "Rd" for "Road"). Flags are
// computed when read, so a listing taken down or corrected stops flagging at once. The scan
// compares against every fingerprinted photo: a few milliseconds per thousand photos.

/** The other listing a flag points at, shown beside the one under review. */
export type OtherListing = { id: string; code: string; title: string; city: string };

export type PhotoMatch = {
  /** The photo under review (the submission's or the listing's own). */
  photoUrl: string;
  /** The other listing's photo it matches. */
  otherPhotoUrl: string;
  /** Bits the two fingerprints differ in: 0 is the same picture. */
  distance: number;
  listing: OtherListing;
};

export type SameUnit = OtherListing & { address: string };

export type ListingFlags = { photoMatches: PhotoMatch[]; sameUnit: SameUnit[] };

type Fingerprint = SQL | AnyColumn;

const distance = (a: Fingerprint, b: Fingerprint) => sql<number>`bit_count(${a} # ${b})::int`;

/** The listing's own photos, beside the other listings' (property_media twice). */
const ownMedia = alias(propertyMedia, "own_media");

const OTHER_LISTING = {
  id: properties.id,
  code: properties.referenceCode,
  title: properties.title,
  city: properties.city,
};

/**
 * An address reduced to what tells units apart: lower case, punctuation as spaces, the usual
 * abbreviations written out. The same expression for both sides, in SQL.
 */
function normalisedAddress(address: SQL | typeof properties.address) {
  let text = sql`regexp_replace(lower(${address}), '[^a-z0-9]+', ' ', 'g')`;
  for (const [short, long] of ADDRESS_WORDS) {
    text = sql`regexp_replace(${text}, ${`\\m${short}\\M`}, ${long}, 'g')`;
  }
  return sql`btrim(regexp_replace(${text}, ' +', ' ', 'g'))`;
}

/** Abbreviations a Nigerian address is written with, and the word each stands for. */
const ADDRESS_WORDS: readonly (readonly [string, string])[] = [
  ["rd", "road"],
  ["st", "street"],
  ["str", "street"],
  ["ave", "avenue"],
  ["av", "avenue"],
  ["cres", "crescent"],
  ["cl", "close"],
  ["est", "estate"],
  ["apt", "flat"],
  ["apartment", "flat"],
  ["no", ""],
];

const normalisedCity = (city: SQL | typeof properties.city) => sql`lower(btrim(${city}))`;

/** Listings on offer (not trashed, sold or let) at `address` in `city`, but `exceptId`. */
async function listingsAtAddress(
  executor: Executor,
  address: string,
  city: string,
  exceptId: string | null,
): Promise<SameUnit[]> {
  if (!address.trim() || !city.trim()) return [];
  return executor
    .select({ ...OTHER_LISTING, address: properties.address })
    .from(properties)
    .where(
      and(
        sql`${properties.deletedAt} is null`,
        notInArray(properties.status, [...CLOSED_STATUSES]),
        exceptId ? sql`${properties.id} <> ${exceptId}` : undefined,
        sql`${normalisedCity(properties.city)} = ${normalisedCity(sql`${city}`)}`,
        sql`${normalisedAddress(properties.address)} = ${normalisedAddress(sql`${address}`)}`,
        sql`${normalisedAddress(properties.address)} <> ''`,
      ),
    )
    .orderBy(asc(properties.referenceCode))
    .limit(10);
}

/** The listing of a matching photo, unless it is in the trash. */
const LISTING_OF_PHOTO = and(
  eq(properties.id, propertyMedia.propertyId),
  sql`${properties.deletedAt} is null`,
);

/** The other listings' photos (not `exceptId`'s) within the match distance. */
function matchingPhotos(fingerprint: Fingerprint, exceptId: SQL) {
  return and(
    isNotNull(propertyMedia.fingerprint),
    sql`${propertyMedia.propertyId} is distinct from ${exceptId}`,
    sql`${distance(propertyMedia.fingerprint, fingerprint)} <= ${MATCH_MAX_DISTANCE}`,
  );
}

function photoMatchOf(row: {
  photoUrl: string;
  otherPhotoUrl: string;
  distance: number;
  id: string;
  code: string;
  title: string;
  city: string;
}): PhotoMatch {
  const { photoUrl, otherPhotoUrl, distance, ...listing } = row;
  return { photoUrl, otherPhotoUrl, distance, listing };
}

/** What a submission's review shows: its photos found on other listings, its unit taken. */
export async function findFlagsForSubmission(
  _actor: AdminActor,
  id: string,
): Promise<ListingFlags> {
  if (!isUuid(id)) return { photoMatches: [], sameUnit: [] };
  const [submission] = await db
    .select({
      propertyId: propertySubmissions.propertyId,
      kind: propertySubmissions.kind,
      address: sql<string>`coalesce(${propertySubmissions.values}->>'address', '')`,
      city: sql<string>`coalesce(${propertySubmissions.values}->>'city', '')`,
    })
    .from(propertySubmissions)
    .where(eq(propertySubmissions.id, id));
  if (!submission || submission.kind === "takedown") return { photoMatches: [], sameUnit: [] };
  const rows = await db
    .select({
      photoUrl: submissionPhotos.mediaUrl,
      otherPhotoUrl: propertyMedia.mediaUrl,
      distance: distance(propertyMedia.fingerprint, submissionPhotos.fingerprint),
      ...OTHER_LISTING,
    })
    .from(submissionPhotos)
    .innerJoin(
      propertyMedia,
      matchingPhotos(submissionPhotos.fingerprint, sql`${submission.propertyId}::uuid`),
    )
    .innerJoin(properties, LISTING_OF_PHOTO)
    .where(and(eq(submissionPhotos.submissionId, id), isNotNull(submissionPhotos.fingerprint)))
    .orderBy(
      asc(submissionPhotos.sortOrder),
      asc(distance(propertyMedia.fingerprint, submissionPhotos.fingerprint)),
      asc(properties.referenceCode),
    );
  return {
    photoMatches: rows.map(photoMatchOf),
    sameUnit: await listingsAtAddress(
      db,
      submission.address,
      submission.city,
      submission.propertyId,
    ),
  };
}

/** What the admin property form shows: the listing's photos found on others, its unit taken. */
export async function findFlagsForProperty(
  _actor: AdminActor,
  listing: { id: string; address: string; city: string },
): Promise<ListingFlags> {
  if (!isUuid(listing.id)) return { photoMatches: [], sameUnit: [] };
  const rows = await db
    .select({
      photoUrl: ownMedia.mediaUrl,
      otherPhotoUrl: propertyMedia.mediaUrl,
      distance: distance(propertyMedia.fingerprint, ownMedia.fingerprint),
      ...OTHER_LISTING,
    })
    .from(ownMedia)
    .innerJoin(propertyMedia, matchingPhotos(ownMedia.fingerprint, sql`${listing.id}::uuid`))
    .innerJoin(properties, LISTING_OF_PHOTO)
    .where(and(eq(ownMedia.propertyId, listing.id), isNotNull(ownMedia.fingerprint)))
    .orderBy(
      asc(ownMedia.sortOrder),
      asc(distance(propertyMedia.fingerprint, ownMedia.fingerprint)),
      asc(properties.referenceCode),
    );
  return {
    photoMatches: rows.map(photoMatchOf),
    sameUnit: await listingsAtAddress(db, listing.address, listing.city, listing.id),
  };
}

export type QueueFlags = { copiedPhotos: number; sameUnit: number };

/** The queue's flags for a page of submissions, by id (none flagged: not in the map). */
export async function findFlagsForSubmissions(
  _actor: AdminActor,
  ids: readonly string[],
): Promise<Map<string, QueueFlags>> {
  const flags = new Map<string, QueueFlags>();
  if (ids.length === 0) return flags;
  const flag = (id: string) => {
    const found = flags.get(id) ?? { copiedPhotos: 0, sameUnit: 0 };
    flags.set(id, found);
    return found;
  };
  const copied = await db
    .select({
      id: submissionPhotos.submissionId,
      photos: sql<number>`count(distinct ${submissionPhotos.id})::int`,
    })
    .from(submissionPhotos)
    .innerJoin(propertySubmissions, eq(propertySubmissions.id, submissionPhotos.submissionId))
    .innerJoin(
      propertyMedia,
      matchingPhotos(submissionPhotos.fingerprint, sql`${propertySubmissions.propertyId}`),
    )
    .innerJoin(properties, LISTING_OF_PHOTO)
    .where(
      and(
        inArray(submissionPhotos.submissionId, [...ids]),
        isNotNull(submissionPhotos.fingerprint),
        sql`${propertySubmissions.kind} <> 'takedown'`,
      ),
    )
    .groupBy(submissionPhotos.submissionId);
  for (const row of copied) flag(row.id).copiedPhotos = row.photos;
  const units = await db
    .select({ id: propertySubmissions.id, listings: sql<number>`count(*)::int` })
    .from(propertySubmissions)
    .innerJoin(
      properties,
      and(
        sql`${properties.deletedAt} is null`,
        notInArray(properties.status, [...CLOSED_STATUSES]),
        sql`${properties.id} is distinct from ${propertySubmissions.propertyId}`,
        sql`${normalisedCity(properties.city)} = ${normalisedCity(sql`${propertySubmissions.values}->>'city'`)}`,
        sql`${normalisedAddress(properties.address)} = ${normalisedAddress(sql`${propertySubmissions.values}->>'address'`)}`,
        sql`${normalisedAddress(properties.address)} <> ''`,
      ),
    )
    .where(
      and(
        inArray(propertySubmissions.id, [...ids]),
        sql`${propertySubmissions.kind} <> 'takedown'`,
      ),
    )
    .groupBy(propertySubmissions.id);
  for (const row of units) flag(row.id).sameUnit = row.listings;
  return flags;
}

/** A submission's photos as an approval puts them on the listing, fingerprints kept. */
export async function submissionPhotosToList(executor: Executor, submissionId: string) {
  const rows = await executor
    .select({ url: submissionPhotos.mediaUrl, fingerprint: submissionPhotos.fingerprint })
    .from(submissionPhotos)
    .where(eq(submissionPhotos.submissionId, submissionId))
    .orderBy(asc(submissionPhotos.sortOrder), asc(submissionPhotos.id));
  return rows;
}
