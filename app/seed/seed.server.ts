import { count } from "drizzle-orm";
import { announceContentChange, contentChanged } from "~/cache/content-generation.server";
import { db, getDatabase, SEED_LOCK_KEY } from "~/db/client.server";
import {
  contactInfo,
  listingConfirmations,
  officialChannels,
  properties,
  propertyMedia,
  slideshowItems,
  socialLinks,
  teamMembers,
  videos,
  websiteContent,
} from "~/db/schema";
import { demoOfficialChannels } from "~/demo/demo-channels";
import {
  demoContactInfo,
  demoSlides,
  demoSocialLinks,
  demoTeamMembers,
  demoVideos,
  demoWebsiteContent,
} from "~/demo/demo-content";
import { buildDemoProperties } from "~/demo/demo-properties";
import { demoTitleCheck } from "~/demo/demo-title-checks";
import { seedDemoUsers } from "./demo-users";

// Demo data for a new installation: listings with generated pictures, team, gallery, videos,
// contact details and home-page texts. Accounts: only the two demo accounts of demo-users.ts,
// and only when there are no accounts at all.
// Pictures are only referenced here (/media/generated/...): each is drawn on its first request.

export type SeedCounts = Record<string, number>;

/** Demo content tables, wiped by a forced re-seed. Users and what they own are never touched. */
const DEMO_TABLES = [
  propertyMedia,
  properties,
  slideshowItems,
  videos,
  teamMembers,
  socialLinks,
  contactInfo,
  websiteContent,
  officialChannels,
] as const;

/**
 * Seeds the demo data in one transaction. With `onlyIfEmpty`, does nothing (and answers
 * undefined) when there are already properties; otherwise wipes the demo content tables first.
 * Answers the number of rows written per table.
 */
export function seedDemoData(options: { onlyIfEmpty: boolean }): Promise<SeedCounts | undefined> {
  // Several instances may start at once against one PostgreSQL: seed one at a time, accounts
  // included, so the later ones find the listings and the accounts and skip.
  return getDatabase().withExclusiveLock(SEED_LOCK_KEY, async () => {
    const counts = await seedUnlocked(options);
    // New demo content: cached public pages are stale, here and (PostgreSQL) in the running
    // servers, which LISTEN for this.
    if (counts) {
      await announceContentChange(db);
      contentChanged();
    }
    return counts;
  });
}

async function seedUnlocked(options: { onlyIfEmpty: boolean }): Promise<SeedCounts | undefined> {
  const counts = await db.transaction(async (tx) => {
    if (options.onlyIfEmpty) {
      const [existing] = await tx.select({ n: count() }).from(properties);
      if ((existing?.n ?? 0) > 0) return undefined;
    } else {
      // Deleting properties also removes favourites and views of them (cascade); appointments
      // keep their history with the property link cleared.
      for (const table of DEMO_TABLES) await tx.delete(table);
    }
    const listings = buildDemoProperties(new Date());

    await tx.insert(properties).values(
      listings.map(({ media: _media, ...property }, index) => ({
        ...property,
        ...demoTitleCheck(property, index, new Date()),
        updatedAt: property.createdAt,
      })),
    );
    const media = listings.flatMap((property) =>
      property.media.map((item) => ({
        ...item,
        propertyId: property.id,
        mediaType: "image",
        createdAt: property.createdAt,
      })),
    );
    await tx.insert(propertyMedia).values(media);
    // Each listing's last availability confirmation, in its history too (issue 46); the demo
    // agents' own are attributed to them once they exist (demo-agents.ts).
    await tx.insert(listingConfirmations).values(
      listings.map((property) => ({
        propertyId: property.id,
        confirmedAt: property.availabilityConfirmedAt,
        method: property.availabilityMethod,
      })),
    );

    // The other tables may hold an admin's work even when there are no listings: in the
    // only-if-empty mode they are filled only where empty, and existing texts are kept.
    const fillEmpty = !options.onlyIfEmpty;
    const isEmpty = async (table: (typeof DEMO_TABLES)[number]) =>
      fillEmpty || ((await tx.select({ n: count() }).from(table))[0]?.n ?? 0) === 0;

    const counts: SeedCounts = { properties: listings.length, propertyMedia: media.length };
    const team = demoTeamMembers();
    counts.teamMembers = (await isEmpty(teamMembers))
      ? (await tx.insert(teamMembers).values(team).returning({ id: teamMembers.id })).length
      : 0;
    const slides = demoSlides();
    counts.slideshowItems = (await isEmpty(slideshowItems))
      ? (await tx.insert(slideshowItems).values(slides).returning({ id: slideshowItems.id })).length
      : 0;
    const videoRows = demoVideos();
    counts.videos = (await isEmpty(videos))
      ? (await tx.insert(videos).values(videoRows).returning({ id: videos.id })).length
      : 0;
    counts.socialLinks = (await isEmpty(socialLinks))
      ? (await tx.insert(socialLinks).values(demoSocialLinks()).returning({ id: socialLinks.id }))
          .length
      : 0;
    counts.contactInfo = (
      await tx
        .insert(contactInfo)
        .values(demoContactInfo())
        .onConflictDoNothing()
        .returning({ id: contactInfo.id })
    ).length;
    counts.officialChannels = (
      await tx
        .insert(officialChannels)
        .values(demoOfficialChannels())
        .onConflictDoNothing()
        .returning({ id: officialChannels.id })
    ).length;
    counts.websiteContent = (
      await tx
        .insert(websiteContent)
        .values(demoWebsiteContent())
        .onConflictDoNothing()
        .returning({ id: websiteContent.id })
    ).length;
    return counts;
  });
  // Outside the content transaction: the auth library hashes and writes through its own
  // queries. `users` appears in the counts only when the demo accounts were created.
  const users = await seedDemoUsers();
  if (users.length === 0) return counts;
  return { ...counts, users: users.length };
}
