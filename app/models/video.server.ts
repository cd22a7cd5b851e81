import { asc, eq } from "drizzle-orm";
import { cachedUntilContentChanges } from "~/cache/reference-data.server";
import { db } from "~/db/client.server";
import { videos } from "~/db/schema";
import { logger } from "~/log/logger.server";

export type FeaturedVideo = {
  id: string;
  title: string | null;
  description: string | null;
  videoUrl: string;
};

/** Active videos in sort order for the home carousel; a failed read is logged and shows none. */
async function readActiveVideos(): Promise<FeaturedVideo[]> {
  try {
    return await db
      .select({
        id: videos.id,
        title: videos.title,
        description: videos.description,
        videoUrl: videos.videoUrl,
      })
      .from(videos)
      .where(eq(videos.isActive, true))
      .orderBy(asc(videos.sortOrder), asc(videos.createdAt), asc(videos.id));
  } catch (error) {
    logger.error({ err: error }, "Failed to load videos");
    return [];
  }
}

/** Kept until an admin changes something (app/cache/reference-data.server.ts). */
export const listActiveVideos = cachedUntilContentChanges(readActiveVideos);
