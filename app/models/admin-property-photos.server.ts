import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import type { db } from "~/db/client.server";
import { properties, propertyMedia } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import { ownListings } from "./admin-property-scope.server";
import { photosVersion, photoTitleVersion } from "./admin-property-version.server";
import { type Stale, staleOutcome } from "./record-version.server";

// A listing's photos on /admin/properties/:id: in order, the first is the featured one and the
// listing's card image. Every change goes through auditedWrite (property.photos-*) and checks
// the version the page was opened at (./admin-property-version).

const PHOTO_WRITES = [
  "property.photos-add",
  "property.photos-move",
  "property.photos-remove",
  "property.photos-title",
] as const;

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

/**
 * A photo already accepted and stored, to be shown on a listing; its perceptual fingerprint
 * when known (a linked file of the site's own has none yet: the fingerprint job adds it).
 */
export type NewPhoto = { url: string; title?: string | null; fingerprint?: string | null };

/**
 * Adds photo rows after the listing's others and makes the first one the cover, inside the
 * caller's transaction (also an approved owner submission's photos: ./submission-review.server).
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
      fingerprint: photo.fingerprint ?? null,
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
