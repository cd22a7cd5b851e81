import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { propertyMedia, slideshowItems, teamMembers } from "~/db/schema";

// Uploaded photos are stored once under their hash, so one file can belong to a listing, a team
// member and a slide at once. Before a file written for a failed save is removed, this says
// whether anything still points at it.

/** Whether any row uses this /media/ URL. */
export async function isMediaUrlInUse(url: string): Promise<boolean> {
  const uses = await Promise.all([
    db
      .select({ id: propertyMedia.id })
      .from(propertyMedia)
      .where(eq(propertyMedia.mediaUrl, url))
      .limit(1),
    db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .where(eq(teamMembers.imageUrl, url))
      .limit(1),
    db
      .select({ id: slideshowItems.id })
      .from(slideshowItems)
      .where(eq(slideshowItems.mediaUrl, url))
      .limit(1),
  ]);
  return uses.some((rows) => rows.length > 0);
}
