import { and, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { properties, propertyMedia, titleDocuments } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import { logger } from "~/log/logger.server";
import { ownListings, purgeCutoff } from "./admin-property-scope.server";
import { removeUnreferencedUploads } from "./media-references.server";
import { removeTitleDocumentFiles } from "./title-documents.server";

// The trash of /admin/properties. Deleting moves a listing to the trash: gone from the site at
// once (ON_SITE in ./property.server), restorable for TRASH_DAYS (property.delete,
// property.restore through auditedWrite), then purged with its media rows. Several at once:
// ./admin-property-bulk.

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
    if (old.length === 0) return { listings: 0, urls: [], documentKeys: [] };
    const ids = old.map((p) => p.id);
    const media = await tx
      .select({ mediaUrl: propertyMedia.mediaUrl })
      .from(propertyMedia)
      .where(inArray(propertyMedia.propertyId, ids));
    // The private title documents (issue 46) go with the listing: rows by the foreign key,
    // files below.
    const documents = await tx
      .select({ key: titleDocuments.storageKey })
      .from(titleDocuments)
      .where(inArray(titleDocuments.propertyId, ids));
    await tx.delete(properties).where(inArray(properties.id, ids));
    return {
      listings: ids.length,
      urls: [...old.map((p) => p.imageUrl), ...media.map((m) => m.mediaUrl)],
      documentKeys: documents.map((d) => d.key),
    };
  });
  if (purged.listings === 0) return { listings: 0, files: 0 };
  // After the commit: a file is removed only once no row points at it.
  const files =
    (await removeUnreferencedUploads(purged.urls)) +
    (await removeTitleDocumentFiles(purged.documentKeys));
  logger.info({ listings: purged.listings, files }, "Purged trashed listings");
  return { listings: purged.listings, files };
}
