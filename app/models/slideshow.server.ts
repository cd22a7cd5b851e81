import { asc, eq } from "drizzle-orm";
import { cachedUntilContentChanges } from "~/cache/reference-data.server";
import { db } from "~/db/client.server";
import { slideshowItems } from "~/db/schema";
import { DEFAULT_SLIDES, type GallerySlide } from "~/lib/home-content";
import { logger } from "~/log/logger.server";

/** What the home gallery shows of a slide (GallerySlide); the admin screens read these too. */
export const GALLERY_SLIDE_COLUMNS = {
  id: slideshowItems.id,
  title: slideshowItems.title,
  description: slideshowItems.description,
  mediaUrl: slideshowItems.mediaUrl,
  mediaType: slideshowItems.mediaType,
  linkUrl: slideshowItems.linkUrl,
  category: slideshowItems.category,
};

/**
 * The home gallery's slides: active items in sort order. When there are none, or the table
 * cannot be read, the six built-in slides (the spec's fallback; a failure is logged only).
 */
async function readActiveSlides(): Promise<GallerySlide[]> {
  try {
    const rows = await db
      .select(GALLERY_SLIDE_COLUMNS)
      .from(slideshowItems)
      .where(eq(slideshowItems.isActive, true))
      .orderBy(
        asc(slideshowItems.sortOrder),
        asc(slideshowItems.createdAt),
        asc(slideshowItems.id),
      );
    return rows.length > 0 ? rows : [...DEFAULT_SLIDES];
  } catch (error) {
    logger.error({ err: error }, "Failed to load slideshow items; showing the built-in slides");
    return [...DEFAULT_SLIDES];
  }
}

/** Kept until an admin changes something (app/cache/reference-data.server.ts). */
export const listActiveSlides = cachedUntilContentChanges(readActiveSlides);
