import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { properties, propertyMedia, submissionPhotos, users } from "~/db/schema";
import { FINGERPRINT_BITS, MATCH_MAX_DISTANCE } from "~/lib/photo-fingerprint";
import { createSignedInUser } from "../../tests/setup/accounts";
import { createSignedInAdmin, type SignedInAdmin } from "../../tests/setup/admin";
import { FLAT, inputOf } from "../../tests/setup/submissions";
import { setupTestDatabase } from "../../tests/setup/test-database";
import {
  findFlagsForProperty,
  findFlagsForSubmission,
  findFlagsForSubmissions,
} from "./photo-match.server";
import { requestListingChange, saveOwnerSubmission } from "./submission-owner.server";
import { approveSubmission } from "./submission-review.server";

// Copied photos and second listings of one unit, as the office's screens are told of them.

await setupTestDatabase();

/** A fingerprint: bits from a seed (a different seed is a different photo). */
function fingerprint(seed: number) {
  let state = seed;
  let bits = "";
  for (let i = 0; i < FINGERPRINT_BITS; i++) {
    state = (state * 1103515245 + 12345) % 2147483648;
    bits += state > 1073741824 ? "1" : "0";
  }
  return bits;
}

/** `bits` with its first `n` bits flipped: a copy `n` bits away. */
function flipped(bits: string, n: number) {
  const head = [...bits.slice(0, n)].map((b) => (b === "1" ? "0" : "1")).join("");
  return head + bits.slice(n);
}

const PHOTO = fingerprint(1);
const OTHER_PHOTO = fingerprint(2);

let owner: { id: string };
let admin: SignedInAdmin;

async function listing(
  title: string,
  photos: { url: string; fingerprint: string | null }[],
  more: Partial<typeof properties.$inferInsert> = {},
) {
  const [row] = await db
    .insert(properties)
    .values({
      title,
      propertyType: "apartment",
      category: "residential",
      city: "Lagos",
      address: "Flat 2, 14 Bourdillon Rd.",
      ...more,
    })
    .returning({ id: properties.id, code: properties.referenceCode });
  if (!row) throw new Error("no listing");
  if (photos.length) {
    await db.insert(propertyMedia).values(
      photos.map((photo, i) => ({
        propertyId: row.id,
        mediaUrl: photo.url,
        fingerprint: photo.fingerprint,
        sortOrder: i,
      })),
    );
  }
  return row;
}

async function submission(photos: { url: string; fingerprint?: string }[], values = FLAT) {
  const saved = await saveOwnerSubmission(owner.id, { values, photos, send: true });
  if (!saved.ok) throw new Error(saved.reason);
  return saved.id;
}

beforeEach(async () => {
  await db.delete(properties);
  await db.delete(users);
  owner = await createSignedInUser("owner@example.com", "Bola Owner");
  admin = await createSignedInAdmin("office@example.com");
});

describe("a submission's photos found on other listings", () => {
  it("flags a near copy of another listing's photo, naming that listing, and not a different photo", async () => {
    const live = await listing("Serviced flat, Ikoyi", [
      { url: "/media/uploads/ikoyi.webp", fingerprint: PHOTO },
      { url: "/media/uploads/ikoyi-2.webp", fingerprint: OTHER_PHOTO },
    ]);
    const id = await submission([
      { url: "/media/uploads/mine.webp", fingerprint: fingerprint(3) },
      { url: "/media/uploads/copy.webp", fingerprint: flipped(PHOTO, MATCH_MAX_DISTANCE) },
      { url: "/media/uploads/unknown.webp" },
    ]);
    const flags = await findFlagsForSubmission(admin.actor, id);
    expect(flags.photoMatches).toEqual([
      {
        photoUrl: "/media/uploads/copy.webp",
        otherPhotoUrl: "/media/uploads/ikoyi.webp",
        distance: MATCH_MAX_DISTANCE,
        listing: { id: live.id, code: live.code, title: "Serviced flat, Ikoyi", city: "Lagos" },
      },
    ]);
    // One bit further is another photo.
    await db
      .update(submissionPhotos)
      .set({ fingerprint: flipped(PHOTO, MATCH_MAX_DISTANCE + 1) })
      .where(eq(submissionPhotos.mediaUrl, "/media/uploads/copy.webp"));
    expect((await findFlagsForSubmission(admin.actor, id)).photoMatches).toEqual([]);
  });

  it("ignores listings in the trash, and a change's own listing", async () => {
    const live = await listing(
      "Mine, live",
      [{ url: "/media/uploads/a.webp", fingerprint: PHOTO }],
      {
        ownerId: owner.id,
      },
    );
    await listing("Trashed", [{ url: "/media/uploads/b.webp", fingerprint: OTHER_PHOTO }], {
      deletedAt: new Date(),
      address: "Somewhere else",
    });
    const asked = await requestListingChange(owner.id, live.id, {
      kind: "change",
      values: { ...FLAT, title: "Mine, new photos" },
      photos: [
        { url: "/media/uploads/a-again.webp", fingerprint: PHOTO },
        { url: "/media/uploads/b-again.webp", fingerprint: OTHER_PHOTO },
      ],
    });
    if (!asked.ok) throw new Error(asked.reason);
    expect(await findFlagsForSubmission(admin.actor, asked.id)).toEqual({
      photoMatches: [],
      sameUnit: [],
    });
  });

  it("keeps the fingerprints when approved, so the new listing is checked against later ones", async () => {
    const id = await submission([{ url: "/media/uploads/new.webp", fingerprint: PHOTO }]);
    const approved = await approveSubmission(admin.actor, id, inputOf(FLAT));
    if (!approved.ok) throw new Error(approved.reason);
    const [row] = await db
      .select({ fingerprint: propertyMedia.fingerprint })
      .from(propertyMedia)
      .where(eq(propertyMedia.propertyId, approved.propertyId ?? ""));
    expect(row?.fingerprint).toBe(PHOTO);
    // Its own photos are not a copy of itself.
    expect((await findFlagsForSubmission(admin.actor, id)).photoMatches).toEqual([]);
    const later = await submission([{ url: "/media/uploads/later.webp", fingerprint: PHOTO }], {
      ...FLAT,
      address: "9 Awolowo Road",
    });
    expect((await findFlagsForSubmission(admin.actor, later)).photoMatches).toMatchObject([
      { listing: { id: approved.propertyId } },
    ]);
  });
});

describe("one unit, one listing", () => {
  it("flags a listing on offer at the same address, however it is spelt", async () => {
    const live = await listing("Flat on Bourdillon", [], { address: "Flat 2, 14 Bourdillon Rd." });
    await listing("Sold one", [], { address: "Flat 2, 14 Bourdillon Road", status: "sold" });
    await listing("Let one", [], { address: "flat 2 14 bourdillon road", status: "let" });
    await listing("Next door", [], { address: "Flat 3, 14 Bourdillon Road" });
    await listing("Abuja namesake", [], { address: "Flat 2, 14 Bourdillon Road", city: "Abuja" });
    const id = await submission([], {
      ...FLAT,
      address: "FLAT 2 - 14, Bourdillon Road",
      city: " lagos",
    });
    const flags = await findFlagsForSubmission(admin.actor, id);
    expect(flags.sameUnit).toEqual([
      {
        id: live.id,
        code: live.code,
        title: "Flat on Bourdillon",
        city: "Lagos",
        address: "Flat 2, 14 Bourdillon Rd.",
      },
    ]);
    // The listing's own form: the twin, not itself.
    const twin = await listing("Twin", [], { address: "Flat 2, 14 Bourdillon Street" });
    expect(
      (
        await findFlagsForProperty(admin.actor, {
          ...twin,
          address: "Flat 2, 14 Bourdillon St",
          city: "Lagos",
        })
      ).sameUnit,
    ).toEqual([]);
    const own = await findFlagsForProperty(admin.actor, {
      id: live.id,
      address: "Flat 2, 14 Bourdillon Rd.",
      city: "Lagos",
    });
    expect(own.sameUnit).toEqual([]);
  });

  it("does not flag an empty address", async () => {
    await listing("No address", [], { address: "" });
    const id = await submission([], { ...FLAT, address: " , " });
    expect((await findFlagsForSubmission(admin.actor, id)).sameUnit).toEqual([]);
  });
});

describe("the admin property form's flags", () => {
  it("shows the listing's photos found on other listings, beside theirs", async () => {
    const first = await listing("First", [
      { url: "/media/uploads/one.webp", fingerprint: PHOTO },
      { url: "/media/uploads/unknown.webp", fingerprint: null },
    ]);
    const second = await listing(
      "Second",
      [
        { url: "/media/uploads/two.webp", fingerprint: flipped(PHOTO, 5) },
        { url: "/media/uploads/three.webp", fingerprint: OTHER_PHOTO },
      ],
      { address: "Plot 5, Admiralty Way" },
    );
    const flags = await findFlagsForProperty(admin.actor, {
      id: first.id,
      address: "Flat 2, 14 Bourdillon Rd.",
      city: "Lagos",
    });
    expect(flags.photoMatches).toEqual([
      {
        photoUrl: "/media/uploads/one.webp",
        otherPhotoUrl: "/media/uploads/two.webp",
        distance: 5,
        listing: { id: second.id, code: second.code, title: "Second", city: "Lagos" },
      },
    ]);
  });
});

describe("the queue's flags", () => {
  it("counts each submission's copied photos and listings at its address", async () => {
    await listing(
      "Live",
      [
        { url: "/media/uploads/live-1.webp", fingerprint: PHOTO },
        { url: "/media/uploads/live-2.webp", fingerprint: OTHER_PHOTO },
      ],
      { address: "4 Herbert Macaulay Way" },
    );
    const copied = await submission([
      { url: "/media/uploads/c1.webp", fingerprint: PHOTO },
      { url: "/media/uploads/c2.webp", fingerprint: flipped(OTHER_PHOTO, 3) },
    ]);
    const clean = await submission(
      [{ url: "/media/uploads/x.webp", fingerprint: fingerprint(9) }],
      {
        ...FLAT,
        address: "1 Other Street",
      },
    );
    const flags = await findFlagsForSubmissions(admin.actor, [copied, clean]);
    expect(flags.get(copied)).toEqual({ copiedPhotos: 2, sameUnit: 1 });
    expect(flags.has(clean)).toBe(false);
  });
});
