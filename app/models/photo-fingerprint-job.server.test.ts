import { eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { properties, propertyMedia, submissionPhotos, users } from "~/db/schema";
import { demoMediaGenerator } from "~/demo/media/generator.server";
import { fingerprintDistance, MATCH_MAX_DISTANCE } from "~/lib/photo-fingerprint";
import { saveMediaFile } from "~/media/media-store.server";
import { fingerprintOfPhoto } from "~/media/photo-fingerprint.server";
import { createSignedInUser } from "../../tests/setup/accounts";
import { createThrowawayDataDir } from "../../tests/setup/data-dir";
import { reencodedCopy, scenePhoto } from "../../tests/setup/photo-fixtures";
import { FLAT } from "../../tests/setup/submissions";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { fingerprintMissingPhotos, forgetUnreadablePhotos } from "./photo-fingerprint-job.server";
import { saveOwnerSubmission } from "./submission-owner.server";

// The background job that fingerprints photos stored before fingerprints existed, the demo's
// drawn photos and linked ones.

await setupTestDatabase();
createThrowawayDataDir("fingerprint-job-");

const DEMO_KEY = "generated/property/duplex/1581-exterior.webp";

beforeEach(async () => {
  await db.delete(properties);
  await db.delete(users);
  forgetUnreadablePhotos();
});

describe("the photo fingerprint job", () => {
  it("fingerprints stored, drawn and submitted photos once, and leaves what it cannot read", async () => {
    const upload = await reencodedCopy(
      await scenePhoto("generated/property/house/582-kitchen.webp"),
    );
    await saveMediaFile("uploads/old.jpg", upload);
    const [listing] = await db
      .insert(properties)
      .values({
        title: "Old listing",
        propertyType: "duplex",
        category: "residential",
        city: "Lagos",
      })
      .returning({ id: properties.id });
    const propertyId = listing?.id ?? "";
    await db.insert(propertyMedia).values([
      { propertyId, mediaUrl: "/media/uploads/old.jpg", sortOrder: 0 },
      { propertyId, mediaUrl: `/media/${DEMO_KEY}`, sortOrder: 1 },
      { propertyId, mediaUrl: "https://example.com/elsewhere.jpg", sortOrder: 2 },
      { propertyId, mediaUrl: "/media/uploads/tour.mp4", mediaType: "video", sortOrder: 3 },
    ]);
    const owner = await createSignedInUser("owner@job.test", "Owner");
    const saved = await saveOwnerSubmission(owner.id, {
      values: FLAT,
      photos: [{ url: "/media/uploads/old.jpg" }],
      send: true,
    });
    expect(saved.ok).toBe(true);

    expect(await fingerprintMissingPhotos(demoMediaGenerator)).toEqual({
      fingerprinted: 2,
      unreadable: 1,
    });
    const rows = await db
      .select({ url: propertyMedia.mediaUrl, fingerprint: propertyMedia.fingerprint })
      .from(propertyMedia)
      .where(eq(propertyMedia.propertyId, propertyId))
      .orderBy(propertyMedia.sortOrder);
    const expected = await fingerprintOfPhoto(upload);
    expect(rows.map((r) => r.fingerprint)).toEqual([
      expected,
      expect.stringMatching(/^[01]{256}$/),
      null,
      null,
    ]);
    // The drawn demo photo's fingerprint is the one of the picture visitors see.
    const seen = await fingerprintOfPhoto(await scenePhoto(DEMO_KEY, 1200));
    expect(fingerprintDistance(rows[1]?.fingerprint ?? "", seen)).toBeLessThanOrEqual(
      MATCH_MAX_DISTANCE,
    );
    const [submitted] = await db
      .select({ fingerprint: submissionPhotos.fingerprint })
      .from(submissionPhotos);
    expect(submitted?.fingerprint).toBe(expected);
    // Nothing left to do: the unreadable address is not tried again.
    expect(await fingerprintMissingPhotos(demoMediaGenerator)).toEqual({
      fingerprinted: 0,
      unreadable: 0,
    });
    // Without the demo's generator, a drawn photo not stored is unreadable.
    await db.update(propertyMedia).set({ fingerprint: null });
    forgetUnreadablePhotos();
    expect(await fingerprintMissingPhotos()).toEqual({ fingerprinted: 1, unreadable: 2 });
  });

  it("stops between photos when asked", async () => {
    const [listing] = await db
      .insert(properties)
      .values({
        title: "Two photos",
        propertyType: "duplex",
        category: "residential",
        city: "Lagos",
      })
      .returning({ id: properties.id });
    await saveMediaFile(
      "uploads/a.png",
      await sharp({ create: { width: 40, height: 30, channels: 3, background: "#a33" } })
        .png()
        .toBuffer(),
    );
    await db.insert(propertyMedia).values([
      { propertyId: listing?.id ?? "", mediaUrl: "/media/uploads/a.png" },
      { propertyId: listing?.id ?? "", mediaUrl: `/media/${DEMO_KEY}` },
    ]);
    let asked = 0;
    const run = await fingerprintMissingPhotos(demoMediaGenerator, {
      shouldStop: () => ++asked > 1,
    });
    expect(run.fingerprinted).toBe(1);
  });
});
