import crypto from "node:crypto";
import { and, asc, eq, isNull } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { properties, titleDocuments } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import { sniffTitleDocument } from "~/lib/title-document-files";
import { logger } from "~/log/logger.server";
import { PRIVATE_MEDIA_PREFIX } from "~/media/media-store.server";
import { getMediaStorage } from "~/media/storage.server";
import { ownListings } from "./admin-property-scope.server";

// A listing's title documents (issue 46, item 2): scans of the C of O, consent, deed or survey
// that staff upload, kept exactly as sent in the media storage under private/ (backed up with the
// photos, never answered at /media) and opened only through the staff download route. An agent
// reaches the documents of their own listings, as they reach the listing.

const FOLDER = `${PRIVATE_MEDIA_PREFIX}/title-documents`;

/** The listing, if the actor may see it (live, and an agent's own). */
async function ownedListing(actor: AdminActor, propertyId: string) {
  if (!isUuid(propertyId)) return undefined;
  const [row] = await db
    .select({ id: properties.id })
    .from(properties)
    .where(and(eq(properties.id, propertyId), isNull(properties.deletedAt), ownListings(actor)));
  return row;
}

/** The listing's documents, oldest first (no bytes). */
export async function listTitleDocuments(actor: AdminActor, propertyId: string) {
  if (!(await ownedListing(actor, propertyId))) return [];
  return db
    .select({
      id: titleDocuments.id,
      fileName: titleDocuments.fileName,
      contentType: titleDocuments.contentType,
      bytes: titleDocuments.bytes,
      createdAt: titleDocuments.createdAt,
    })
    .from(titleDocuments)
    .where(eq(titleDocuments.propertyId, propertyId))
    .orderBy(asc(titleDocuments.createdAt), asc(titleDocuments.id));
}

export type TitleDocumentRow = Awaited<ReturnType<typeof listTitleDocuments>>[number];

/**
 * Stores one document for the listing: its type told by its bytes (a PDF or a photo), kept as
 * sent. The file is written first and removed again when the row is not (a refusal, a failure).
 */
export async function addTitleDocument(
  actor: AdminActor,
  propertyId: string,
  file: { bytes: Uint8Array; name: string },
) {
  const kind = sniffTitleDocument(file.bytes);
  if (!kind) return { ok: false as const, reason: "type" as const };
  if (!(await ownedListing(actor, propertyId))) {
    return { ok: false as const, reason: "not-found" as const };
  }
  const storageKey = `${FOLDER}/${crypto.randomUUID()}.${kind.extension}`;
  const storage = getMediaStorage();
  await storage.put(storageKey, Buffer.from(file.bytes), kind.contentType);
  const values = {
    propertyId,
    storageKey,
    fileName: file.name.slice(0, 200) || `title-document.${kind.extension}`,
    contentType: kind.contentType,
    bytes: file.bytes.byteLength,
    uploadedBy: actor.id,
  };
  try {
    const result = await auditedWrite<
      { ok: true; id: string } | { ok: false; reason: "not-found" }
    >(actor, "title-document.add", async (tx) => {
      // The listing may have gone to the trash since it was checked.
      const [live] = await tx
        .select({ id: properties.id })
        .from(properties)
        .where(and(eq(properties.id, propertyId), isNull(properties.deletedAt)))
        .for("update");
      if (!live) return { result: { ok: false, reason: "not-found" } };
      const [row] = await tx
        .insert(titleDocuments)
        .values(values)
        .returning({ id: titleDocuments.id });
      if (!row) throw new Error("title document insert returned nothing");
      const { uploadedBy: _by, storageKey: _key, ...logged } = values;
      return { result: { ok: true, id: row.id }, audit: { entityId: row.id, after: logged } };
    });
    if (!result.ok) await storage.remove(storageKey);
    return result;
  } catch (error) {
    await storage.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/** Removes a document (its row, then its file). */
export async function removeTitleDocument(actor: AdminActor, propertyId: string, id: string) {
  if (!isUuid(id) || !(await ownedListing(actor, propertyId))) {
    return { ok: false as const, reason: "not-found" as const };
  }
  let removedKey = "";
  const result = await auditedWrite<{ ok: true } | { ok: false; reason: "not-found" }>(
    actor,
    "title-document.remove",
    async (tx) => {
      const [row] = await tx
        .delete(titleDocuments)
        .where(and(eq(titleDocuments.id, id), eq(titleDocuments.propertyId, propertyId)))
        .returning();
      if (!row) return { result: { ok: false, reason: "not-found" } };
      removedKey = row.storageKey;
      return {
        result: { ok: true },
        audit: {
          entityId: id,
          before: { propertyId, fileName: row.fileName, contentType: row.contentType },
          after: null,
        },
      };
    },
  );
  if (result.ok) {
    await getMediaStorage()
      .remove(removedKey)
      .catch((error: unknown) =>
        logger.warn({ err: error, key: removedKey }, "Could not remove a title document's file"),
      );
  }
  return result;
}

/** One document's file for the download: its row and a stream of its bytes; undefined if unknown. */
export async function readTitleDocumentFile(actor: AdminActor, propertyId: string, id: string) {
  if (!isUuid(id) || !(await ownedListing(actor, propertyId))) return undefined;
  const [row] = await db
    .select()
    .from(titleDocuments)
    .where(and(eq(titleDocuments.id, id), eq(titleDocuments.propertyId, propertyId)));
  if (!row) return undefined;
  const storage = getMediaStorage();
  const info = await storage.stat(row.storageKey);
  if (!info) {
    logger.error({ key: row.storageKey, id }, "A title document's file is missing");
    return undefined;
  }
  const body = await storage.stream(row.storageKey, 0, Math.max(0, info.size - 1));
  return body && { row, size: info.size, body };
}

/**
 * Removes title documents' files whose rows are gone (a purged listing's, deleted with it by the
 * foreign key): each file belongs to one row, so nothing else can show it. Failures are logged.
 */
export async function removeTitleDocumentFiles(keys: readonly string[]) {
  let removed = 0;
  for (const key of keys) {
    try {
      await getMediaStorage().remove(key);
      removed += 1;
    } catch (error) {
      logger.warn({ err: error, key }, "Could not remove a title document's file");
    }
  }
  return removed;
}
