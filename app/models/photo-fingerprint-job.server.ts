import { and, eq, isNull, notInArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { propertyMedia, submissionPhotos } from "~/db/schema";
import type { MediaGenerator } from "~/media/media-store.server";
import { fingerprintOfMedia } from "~/media/photo-fingerprint.server";

// Photos without a fingerprint get one (issue 46 item 3): those stored before fingerprints
// existed (the migration adds the columns empty), the demo's drawn photos, and a listing photo
// linked from the site's own files. The server runs this at start and every few minutes
// (server/app.ts): in the background, one photo at a time, so a first start with many photos
// serves pages meanwhile; a migration could not read files in a bucket, nor draw the demo's.
// Several instances may run it at once: each writes the same fingerprint, only where none is.

/** Photos read per query. */
const BATCH = 25;

export type FingerprintRun = { fingerprinted: number; unreadable: number };

/** Addresses that could not be read, not tried again by this process. */
const unreadable = new Set<string>();

/** The next photo addresses, listing or submission, that have no fingerprint. */
async function missing(): Promise<string[]> {
  const skip = [...unreadable];
  // Cover photos first: they are on every card and shared link, so the most copied.
  const media = await db
    .select({ url: propertyMedia.mediaUrl })
    .from(propertyMedia)
    .where(
      and(
        isNull(propertyMedia.fingerprint),
        eq(propertyMedia.mediaType, "image"),
        skip.length ? notInArray(propertyMedia.mediaUrl, skip) : undefined,
      ),
    )
    .groupBy(propertyMedia.mediaUrl)
    .orderBy(sql`min(${propertyMedia.sortOrder})`, propertyMedia.mediaUrl)
    .limit(BATCH);
  const submitted = await db
    .selectDistinct({ url: submissionPhotos.mediaUrl })
    .from(submissionPhotos)
    .where(
      and(
        isNull(submissionPhotos.fingerprint),
        skip.length ? notInArray(submissionPhotos.mediaUrl, skip) : undefined,
      ),
    )
    .limit(BATCH);
  return [...new Set([...media, ...submitted].map((row) => row.url))];
}

/** Sets the fingerprint of every photo row at `url` that has none. */
async function store(url: string, fingerprint: string) {
  await db
    .update(propertyMedia)
    .set({ fingerprint })
    .where(and(eq(propertyMedia.mediaUrl, url), isNull(propertyMedia.fingerprint)));
  await db
    .update(submissionPhotos)
    .set({ fingerprint })
    .where(and(eq(submissionPhotos.mediaUrl, url), isNull(submissionPhotos.fingerprint)));
}

/**
 * Fingerprints every photo that has none and can be read (`generator` draws the demo's photos
 * that are not stored yet), one at a time, letting other work run between them.
 */
export async function fingerprintMissingPhotos(
  generator?: MediaGenerator,
  { shouldStop = () => false }: { shouldStop?: () => boolean } = {},
): Promise<FingerprintRun> {
  const run: FingerprintRun = { fingerprinted: 0, unreadable: 0 };
  for (;;) {
    const urls = await missing();
    if (urls.length === 0) return run;
    for (const url of urls) {
      if (shouldStop()) return run;
      const fingerprint = await fingerprintOfMedia(url, generator);
      if (fingerprint === undefined) {
        unreadable.add(url);
        run.unreadable += 1;
      } else {
        await store(url, fingerprint);
        run.fingerprinted += 1;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/** Forgets the addresses found unreadable (a test's fresh start). */
export function forgetUnreadablePhotos() {
  unreadable.clear();
}
