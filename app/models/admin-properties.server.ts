import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  type SQL,
  sql,
} from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { containsText } from "~/db/like.server";
import { properties, propertyMedia, users } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import {
  type AdminPropertySort,
  BULK_ACTIONS,
  type BulkAction,
  TRASH_DAYS,
} from "~/lib/admin-properties";
import { isUuid } from "~/lib/ids";
import { pageCountOf } from "~/lib/list-params";
import type { ListingStatusValue } from "~/lib/property-options";
import { PROPERTY_FIELDS, type PropertyInput } from "~/lib/schemas/property";
import { logger } from "~/log/logger.server";
import { type AgentRefusal, isActiveAgent, lockAgentForAssignment } from "./listing-agent.server";
import { removeUnreferencedUploads } from "./media-references.server";
import {
  isStale,
  pickFields,
  recordVersion,
  type Stale,
  staleOutcome,
} from "./record-version.server";

// /admin/properties: the catalogue for staff. Lists search title or location and filter in SQL;
// every write goes through auditedWrite (property.create, .update, .delete, .restore, .bulk).
// Deleting moves a listing to the trash: gone from the site at once (ON_SITE in
// ./property.server), restorable for TRASH_DAYS, then purged with its media rows.

export { type AdminPropertySort, BULK_ACTIONS, type BulkAction, TRASH_DAYS };

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

/** When a listing trashed before this moment is due to go for good (purgeTrash). */
function purgeCutoff(now = new Date()) {
  return new Date(now.getTime() - TRASH_DAYS * 24 * 60 * 60 * 1000);
}

/** An agent's listings are the ones assigned to them (app/lib/permissions.ts); staff see all. */
function ownListings(actor: AdminActor): SQL | undefined {
  return actor.role === "agent" ? eq(properties.agentId, actor.id) : undefined;
}

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
    conditions.push(
      containsText(
        sql`${properties.title} || ' ' || ${properties.address} || ' ' || ${properties.city}`,
        filters.q,
      ),
    );
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

/** The columns the edit form edits (its fields are named after them): their values are its version. */
const FORM_COLUMNS = PROPERTY_FIELDS satisfies readonly (keyof typeof properties.$inferSelect)[];

function propertyVersion(row: Record<string, unknown>) {
  return recordVersion(pickFields(row, FORM_COLUMNS));
}

function photosVersion(photos: readonly { id: string }[]) {
  return recordVersion(photos.map((photo) => photo.id));
}

function photoTitleVersion(photo: { id: string; title: string | null }) {
  return recordVersion({ id: photo.id, title: photo.title });
}

/** The writes that change what the edit form shows, for "who changed it". */
const FIELD_WRITES = ["property.update", "property.bulk", "property.import"] as const;
export const LISTING_FIELD_WRITES = FIELD_WRITES;

/** The stored fields the listing's form edits (its version is theirs: recordVersion). */
export function listingFormFields(row: Record<string, unknown>) {
  return pickFields(row, FORM_COLUMNS);
}
const PHOTO_WRITES = [
  "property.photos-add",
  "property.photos-move",
  "property.photos-remove",
  "property.photos-title",
] as const;

export type AdminProperty = NonNullable<Awaited<ReturnType<typeof getPropertyForAdmin>>>;

// ---------------------------------------------------------------------------------------------
// Photos: in order, the first is the featured one and the listing's card image.

type Tx = Parameters<Parameters<typeof db.transaction>[0]>[0];

/** Makes the first photo the featured one and the card image (none: no image). */
async function syncCover(tx: Tx, propertyId: string) {
  const [first] = await tx
    .select({ id: propertyMedia.id, mediaUrl: propertyMedia.mediaUrl })
    .from(propertyMedia)
    .where(eq(propertyMedia.propertyId, propertyId))
    .orderBy(asc(propertyMedia.sortOrder), asc(propertyMedia.id))
    .limit(1);
  await tx
    .update(propertyMedia)
    .set({ isFeatured: sql`${propertyMedia.id} = ${first?.id ?? null}` })
    .where(eq(propertyMedia.propertyId, propertyId));
  await tx
    .update(properties)
    .set({ imageUrl: first?.mediaUrl ?? null, updatedAt: new Date() })
    .where(eq(properties.id, propertyId));
}

/** The live listing, locked, if the actor may change it (an agent: only their own). */
async function liveProperty(tx: Tx, actor: AdminActor, id: string) {
  const [row] = await tx
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, id), isNull(properties.deletedAt), ownListings(actor)))
    .for("update");
  return row;
}

type PhotoOutcome = { ok: true } | { ok: false; reason: "not-found" } | Stale;

type PhotoPlace = { id: string; sortOrder: number };

/** The listing's photos in order, to compare with the version a page was opened at. */
async function photoOrder(tx: Tx, propertyId: string): Promise<PhotoPlace[]> {
  return tx
    .select({ id: propertyMedia.id, sortOrder: propertyMedia.sortOrder })
    .from(propertyMedia)
    .where(eq(propertyMedia.propertyId, propertyId))
    .orderBy(asc(propertyMedia.sortOrder), asc(propertyMedia.id));
}

/**
 * The listing's photos in order, for a move: not found when the listing is gone (or not the
 * agent's), stale when its photos changed since the page was opened at `expectedVersion`.
 */
async function photosToMove(
  tx: Tx,
  actor: AdminActor,
  propertyId: string,
  expectedVersion: string | undefined,
): Promise<Outcome<{ photos: PhotoPlace[] }, "not-found"> | Stale> {
  if (!(await liveProperty(tx, actor, propertyId))) return { ok: false, reason: "not-found" };
  const photos = await photoOrder(tx, propertyId);
  if (expectedVersion && expectedVersion !== photosVersion(photos))
    return staleOutcome(tx, "property", propertyId, PHOTO_WRITES);
  return { ok: true, photos };
}

/** Numbers the photos 0..n-1 in `order`, so equal sort orders never leave it ambiguous. */
async function writePhotoOrder(tx: Tx, propertyId: string, order: readonly string[]) {
  for (const [position, id] of order.entries()) {
    await tx.update(propertyMedia).set({ sortOrder: position }).where(eq(propertyMedia.id, id));
  }
  await syncCover(tx, propertyId);
}

/** A photo already accepted and stored, to be shown on a listing. */
export type NewPhoto = { url: string; title?: string | null };

/**
 * Adds photo rows after the listing's others and makes the first one the cover, inside the
 * caller's transaction (also an approved owner submission's photos: ./submission.server).
 */
export async function insertPhotos(tx: Tx, propertyId: string, photos: readonly NewPhoto[]) {
  if (photos.length === 0) return;
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${propertyMedia.sortOrder}), -1)::int` })
    .from(propertyMedia)
    .where(eq(propertyMedia.propertyId, propertyId));
  const start = (last?.n ?? -1) + 1;
  await tx.insert(propertyMedia).values(
    photos.map((photo, i) => ({
      propertyId,
      mediaUrl: photo.url,
      title: photo.title || null,
      mediaType: "image",
      sortOrder: start + i,
    })),
  );
  await syncCover(tx, propertyId);
}

/** Adds photos (already accepted and stored) after the listing's others. */
export async function addPropertyPhotos(
  actor: AdminActor,
  propertyId: string,
  photos: readonly NewPhoto[],
) {
  if (!isUuid(propertyId)) return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<PhotoOutcome>(actor, "property.photos-add", async (tx) => {
    if (!(await liveProperty(tx, actor, propertyId)))
      return { result: { ok: false, reason: "not-found" } };
    await insertPhotos(tx, propertyId, photos);
    return {
      result: { ok: true },
      audit: { entityId: propertyId, before: null, after: { photos: photos.map((p) => p.url) } },
    };
  });
}

/**
 * Puts the listing's photos in the order given (drag and drop, the keyboard): `order` must
 * name each of its photos once, else nothing changes ("not-found": the page was stale).
 */
export async function reorderPropertyPhotos(
  actor: AdminActor,
  propertyId: string,
  order: readonly string[],
  expectedVersion?: string,
) {
  if (!isUuid(propertyId)) return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<PhotoOutcome>(actor, "property.photos-move", async (tx) => {
    const read = await photosToMove(tx, actor, propertyId, expectedVersion);
    if (!read.ok) return { result: read };
    const { photos } = read;
    const before = photos.map((p) => p.id);
    const same =
      order.length === before.length &&
      new Set(order).size === order.length &&
      order.every((id) => before.includes(id));
    if (!same) return { result: { ok: false, reason: "not-found" } };
    await writePhotoOrder(tx, propertyId, order);
    return {
      result: { ok: true },
      audit: { entityId: propertyId, before: { order: before }, after: { order: [...order] } },
    };
  });
}

/** Moves a photo one place up or down (swapping with its neighbour). */
export async function movePropertyPhoto(
  actor: AdminActor,
  propertyId: string,
  mediaId: string,
  direction: "up" | "down",
  expectedVersion?: string,
) {
  if (!isUuid(propertyId) || !isUuid(mediaId))
    return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<PhotoOutcome>(actor, "property.photos-move", async (tx) => {
    const read = await photosToMove(tx, actor, propertyId, expectedVersion);
    if (!read.ok) return { result: read };
    const { photos } = read;
    const index = photos.findIndex((p) => p.id === mediaId);
    if (index < 0) return { result: { ok: false, reason: "not-found" } };
    const other = photos[direction === "up" ? index - 1 : index + 1];
    const order = photos.map((p) => p.id);
    if (other) {
      const swapped = [...order];
      const j = order.indexOf(other.id);
      [swapped[index], swapped[j]] = [other.id, mediaId];
      await writePhotoOrder(tx, propertyId, swapped);
      return {
        result: { ok: true },
        audit: { entityId: propertyId, before: { order }, after: { order: swapped } },
      };
    }
    // The first cannot go up, the last cannot go down: nothing changes, and that is fine.
    return {
      result: { ok: true },
      audit: { entityId: propertyId, before: { order }, after: { order } },
    };
  });
}

/** Takes a photo off a listing; answers its URL, for the caller to remove the file if unused. */
export async function removePropertyPhoto(actor: AdminActor, propertyId: string, mediaId: string) {
  if (!isUuid(propertyId) || !isUuid(mediaId))
    return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<{ ok: true; removedUrl: string } | { ok: false; reason: "not-found" }>(
    actor,
    "property.photos-remove",
    async (tx) => {
      if (!(await liveProperty(tx, actor, propertyId)))
        return { result: { ok: false, reason: "not-found" } };
      const [removed] = await tx
        .delete(propertyMedia)
        .where(and(eq(propertyMedia.id, mediaId), eq(propertyMedia.propertyId, propertyId)))
        .returning({ mediaUrl: propertyMedia.mediaUrl });
      if (!removed) return { result: { ok: false, reason: "not-found" } };
      await syncCover(tx, propertyId);
      return {
        result: { ok: true, removedUrl: removed.mediaUrl },
        audit: {
          entityId: propertyId,
          before: { photo: removed.mediaUrl },
          after: { photo: null },
        },
      };
    },
  );
}

export async function setPropertyPhotoTitle(
  actor: AdminActor,
  propertyId: string,
  mediaId: string,
  title: string,
  expectedVersion?: string,
) {
  if (!isUuid(propertyId) || !isUuid(mediaId))
    return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<PhotoOutcome>(actor, "property.photos-title", async (tx) => {
    const [before] = await tx
      .select({ title: propertyMedia.title })
      .from(propertyMedia)
      .where(and(eq(propertyMedia.id, mediaId), eq(propertyMedia.propertyId, propertyId)))
      .for("update");
    if (!before) return { result: { ok: false, reason: "not-found" } };
    if (expectedVersion && expectedVersion !== photoTitleVersion({ id: mediaId, ...before }))
      return { result: await staleOutcome(tx, "property", propertyId, ["property.photos-title"]) };
    await tx
      .update(propertyMedia)
      .set({ title: title || null })
      .where(eq(propertyMedia.id, mediaId));
    return {
      result: { ok: true },
      audit: {
        entityId: propertyId,
        before: { title: before.title },
        after: { title: title || null },
      },
    };
  });
}

/** The stored fields of a form's input (the audit log compares these). */
export function columnsOf(input: PropertyInput) {
  return {
    title: input.title,
    purpose: input.purpose,
    price: input.price,
    rentPeriod: input.rentPeriod,
    propertyType: input.propertyType,
    category: input.category,
    isNewDevelopment: input.isNewDevelopment,
    city: input.city,
    address: input.address,
    description: input.description,
    beds: input.beds,
    baths: input.baths,
    toilets: input.toilets,
    parkingSpaces: input.parkingSpaces,
    sqft: input.sqft,
    featured: input.featured,
    status: input.status,
    titleDocument: input.titleDocument,
    serviceCharge: input.serviceCharge,
    furnishing: input.furnishing,
    serviced: input.serviced,
  } satisfies Partial<typeof properties.$inferInsert>;
}

/** Stores a new listing and its photos (already accepted and stored) in one transaction. */
export async function createPropertyByAdmin(
  actor: AdminActor,
  input: PropertyInput,
  photos: readonly NewPhoto[] = [],
  { agentId = null }: { agentId?: string | null } = {},
) {
  const values = { ...columnsOf(input), agentId };
  return auditedWrite<{ ok: true; id: string } | { ok: false; reason: "agent" }>(
    actor,
    "property.create",
    async (tx) => {
      // The listing's agent must be an active agent account (a refusal writes nothing).
      if (agentId && !(await isActiveAgent(tx, agentId))) {
        return { result: { ok: false, reason: "agent" } };
      }
      const [row] = await tx.insert(properties).values(values).returning({ id: properties.id });
      if (!row) throw new Error("property insert returned nothing");
      await insertPhotos(tx, row.id, photos);
      return {
        result: { ok: true as const, id: row.id },
        audit: {
          entityId: row.id,
          before: null,
          after: photos.length ? { ...values, photos: photos.map((p) => p.url) } : values,
        },
      };
    },
  );
}

/**
 * Saves the edit form. `expectedVersion`: the version the form was opened at; when the listing's
 * fields have changed since, nothing is written and the answer says who changed them.
 */
export async function updatePropertyByAdmin(
  actor: AdminActor,
  id: string,
  input: PropertyInput,
  expectedVersion?: string,
  /** An admin's choice of agent (undefined: unchanged; null: the office). */
  { agentId }: { agentId?: string | null } = {},
) {
  if (!isUuid(id)) return { ok: false as const, reason: "not-found" as const };
  const values: Partial<typeof properties.$inferInsert> = columnsOf(input);
  return auditedWrite<
    { ok: true; id: string } | { ok: false; reason: "not-found" | "agent" } | Stale
  >(actor, "property.update", async (tx) => {
    const [before] = await tx
      .select()
      .from(properties)
      .where(and(eq(properties.id, id), isNull(properties.deletedAt), ownListings(actor)))
      .for("update");
    if (!before) return { result: { ok: false, reason: "not-found" } };
    if (isStale(expectedVersion, pickFields(before, FORM_COLUMNS)))
      return { result: await staleOutcome(tx, "property", id, FIELD_WRITES) };
    // Featuring a listing on the home page, and choosing its agent, are the office's calls.
    if (actor.role === "agent") values.featured = before.featured;
    else if (agentId !== undefined && agentId !== before.agentId) {
      if (agentId && !(await isActiveAgent(tx, agentId))) {
        return { result: { ok: false, reason: "agent" } };
      }
      values.agentId = agentId;
    }
    await tx
      .update(properties)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(properties.id, id));
    return {
      result: { ok: true, id },
      audit: { entityId: id, before: pick(before, values), after: values },
    };
  });
}

/** The same keys of `row` as `like` has, to compare before and after. */
function pick(row: Record<string, unknown>, like: Record<string, unknown>) {
  return Object.fromEntries(Object.keys(like).map((key) => [key, row[key]]));
}

/** Moves a listing to the trash (gone from the site at once). */
export async function trashProperty(actor: AdminActor, id: string) {
  return setTrashed(actor, id, true);
}

/** Takes a listing out of the trash, back on the site as it was. */
export async function restoreProperty(actor: AdminActor, id: string) {
  return setTrashed(actor, id, false);
}

async function setTrashed(actor: AdminActor, id: string, trashed: boolean) {
  if (!isUuid(id)) return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<{ ok: true; title: string } | { ok: false; reason: "not-found" }>(
    actor,
    trashed ? "property.delete" : "property.restore",
    async (tx) => {
      const [row] = await tx
        .update(properties)
        .set({ deletedAt: trashed ? new Date() : null, updatedAt: new Date() })
        .where(
          and(
            eq(properties.id, id),
            trashed ? isNull(properties.deletedAt) : isNotNull(properties.deletedAt),
            ownListings(actor),
          ),
        )
        .returning({ title: properties.title });
      if (!row) return { result: { ok: false, reason: "not-found" } };
      return {
        result: { ok: true, title: row.title },
        audit: {
          entityId: id,
          before: { trashed: !trashed },
          after: { trashed, title: row.title },
        },
      };
    },
  );
}

/**
 * One change to several live listings at once; one audit row lists them. Answers how many
 * changed and which (a move to the trash's Undo restores exactly those).
 */
export async function bulkUpdateProperties(actor: AdminActor, ids: string[], action: BulkAction) {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return { ok: false as const, reason: "none-selected" as const };
  const change: Partial<typeof properties.$inferInsert> =
    action === "feature"
      ? { featured: true }
      : action === "unfeature"
        ? { featured: false }
        : action === "delete"
          ? { deletedAt: new Date() }
          : { status: action };
  return auditedWrite<
    { ok: true; count: number; ids: string[] } | { ok: false; reason: "none-selected" }
  >(actor, "property.bulk", async (tx) => {
    const rows = await tx
      .update(properties)
      .set({ ...change, updatedAt: new Date() })
      .where(and(inArray(properties.id, valid), isNull(properties.deletedAt), ownListings(actor)))
      .returning({ id: properties.id });
    if (rows.length === 0) return { result: { ok: false, reason: "none-selected" } };
    return {
      result: { ok: true, count: rows.length, ids: rows.map((r) => r.id) },
      audit: {
        entityId: null,
        before: null,
        after: { action, ids: rows.map((r) => r.id) },
      },
    };
  });
}

/**
 * Gives several live listings to one active agent (or, `agentId` null, to the office) at once:
 * one audit row lists them with the agent. An account that is unknown, not an agent or
 * deactivated is refused and nothing is written. Their future viewings go to the new agent;
 * viewings already booked stay with whoever has them (the appointment screen reassigns those).
 */
export async function assignPropertiesAgent(
  actor: AdminActor,
  ids: string[],
  agentId: string | null,
) {
  const valid = [...new Set(ids.filter(isUuid))];
  type Result =
    | { ok: true; count: number; to: string }
    | { ok: false; reason: "none-selected" | AgentRefusal };
  if (valid.length === 0) return { ok: false, reason: "none-selected" } as Result;
  return auditedWrite<Result>(actor, "property.bulk", async (tx) => {
    let to = "the office";
    if (agentId !== null) {
      const target = await lockAgentForAssignment(tx, agentId);
      if (!target.ok) return { result: target };
      to = target.agent.label;
    }
    const rows = await tx
      .update(properties)
      .set({ agentId, updatedAt: new Date() })
      .where(and(inArray(properties.id, valid), isNull(properties.deletedAt), ownListings(actor)))
      .returning({ id: properties.id });
    if (rows.length === 0) return { result: { ok: false, reason: "none-selected" } };
    return {
      result: { ok: true, count: rows.length, to },
      audit: {
        entityId: null,
        before: null,
        after: { action: "assign", agent: to, ids: rows.map((r) => r.id) },
      },
    };
  });
}

/**
 * Takes several listings out of the trash at once (the trash's bulk Restore, and the Undo of a
 * bulk move to the trash, which posts the ids it just trashed); listings not in the trash are
 * left alone. One audit row lists them.
 */
export async function restoreProperties(actor: AdminActor, ids: string[]) {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return { ok: false as const, reason: "none-selected" as const };
  return auditedWrite<{ ok: true; count: number } | { ok: false; reason: "none-selected" }>(
    actor,
    "property.bulk",
    async (tx) => {
      const rows = await tx
        .update(properties)
        .set({ deletedAt: null, updatedAt: new Date() })
        .where(
          and(inArray(properties.id, valid), isNotNull(properties.deletedAt), ownListings(actor)),
        )
        .returning({ id: properties.id });
      if (rows.length === 0) return { result: { ok: false, reason: "none-selected" } };
      return {
        result: { ok: true, count: rows.length },
        audit: {
          entityId: null,
          before: null,
          after: { action: "restore", ids: rows.map((r) => r.id) },
        },
      };
    },
  );
}

/**
 * Deletes for good the listings trashed more than TRASH_DAYS ago (their media rows go with
 * them, by the foreign key), then removes their uploaded files that no other row shows. Not an
 * admin's write: the server runs it on a timer (server/app.ts); the trash list leaves such
 * listings out meanwhile.
 */
export async function purgeTrash(now = new Date()) {
  const cutoff = purgeCutoff(now);
  const purged = await db.transaction(async (tx) => {
    const old = await tx
      .select({ id: properties.id, imageUrl: properties.imageUrl })
      .from(properties)
      .where(lt(properties.deletedAt, cutoff));
    if (old.length === 0) return { listings: 0, urls: [] };
    const ids = old.map((p) => p.id);
    const media = await tx
      .select({ mediaUrl: propertyMedia.mediaUrl })
      .from(propertyMedia)
      .where(inArray(propertyMedia.propertyId, ids));
    await tx.delete(properties).where(inArray(properties.id, ids));
    return {
      listings: ids.length,
      urls: [...old.map((p) => p.imageUrl), ...media.map((m) => m.mediaUrl)],
    };
  });
  if (purged.listings === 0) return { listings: 0, files: 0 };
  // After the commit: a file is removed only once no row points at it.
  const files = await removeUnreferencedUploads(purged.urls);
  logger.info({ listings: purged.listings, files }, "Purged trashed listings");
  return { listings: purged.listings, files };
}
