import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  heroImages,
  properties,
  propertyMedia,
  slideshowItems,
  submissionPhotos,
  teamMembers,
  videos,
} from "~/db/schema";
import { logger } from "~/log/logger.server";
import { removeMediaFile } from "~/media/media-store.server";

// Uploaded files are stored once under the hash of their content, so one file can be shown by
// several rows (the same photo on two listings, a listing's cover and its first photo). A file
// is removed only when no row anywhere still points at it.

/** The storage key of an uploaded file's URL (/media/uploads/…), or undefined for anything else. */
export function uploadKeyOf(url: string | null | undefined) {
  const match = url ? /^\/media\/(uploads\/[^?#]+)$/.exec(url) : null;
  return match?.[1];
}

/**
 * Whether any row (listing, photo, team member, slide, video, hero picture, an owner's
 * submission) still shows this URL.
 */
export async function isMediaReferenced(url: string) {
  const result = await db.execute<{ used: boolean }>(sql`
    select (
      exists (select 1 from ${propertyMedia} where ${propertyMedia.mediaUrl} = ${url})
      or exists (select 1 from ${properties} where ${properties.imageUrl} = ${url})
      or exists (select 1 from ${teamMembers} where ${teamMembers.imageUrl} = ${url})
      or exists (select 1 from ${slideshowItems} where ${slideshowItems.mediaUrl} = ${url})
      or exists (select 1 from ${videos} where ${videos.videoUrl} = ${url})
      or exists (select 1 from ${heroImages} where ${heroImages.mediaUrl} = ${url})
      or exists (select 1 from ${submissionPhotos} where ${submissionPhotos.mediaUrl} = ${url})
    ) as used`);
  return Boolean(result.rows[0]?.used);
}

/**
 * Removes the uploaded files among `urls` that no row points at any more (other URLs, such as
 * the demo pictures or external links, are left alone). Answers how many were removed; a file
 * that cannot be removed is logged and left for the next purge.
 */
export async function removeUnreferencedUploads(urls: readonly (string | null | undefined)[]) {
  let removed = 0;
  for (const url of new Set(urls)) {
    const key = uploadKeyOf(url);
    if (!url || !key) continue;
    try {
      if (await isMediaReferenced(url)) continue;
      await removeMediaFile(key);
      removed += 1;
    } catch (error) {
      logger.warn({ err: error, key }, "Could not remove an unused upload");
    }
  }
  return removed;
}
