import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { demoMediaGenerator } from "~/demo/media/generator.server";
import { fingerprintDistance, MATCH_MAX_DISTANCE } from "~/lib/photo-fingerprint";
import { createThrowawayDataDir } from "../../tests/setup/data-dir";
import {
  croppedCopy,
  plainJpeg,
  reencodedCopy,
  scenePhoto,
} from "../../tests/setup/photo-fixtures";
import { acceptPhoto } from "./images.server";
import { saveMediaFile } from "./media-store.server";
import { fingerprintOfMedia, fingerprintOfPhoto } from "./photo-fingerprint.server";

// The perceptual fingerprint that catches a photo copied from another listing: a copy resized
// and saved again matches its original; another photo, even a room drawn from the same
// template (the demo's closest pairs), does not.

createThrowawayDataDir("fingerprints-");

const KITCHEN = "generated/property/house/582-kitchen.webp";
/** The demo's closest pairs of distinct photos: the same room template, other colours and things. */
const LOOKALIKES = [
  ["generated/property/house/212-bathroom.webp", "generated/property/villa/1840-bathroom.webp"],
  [KITCHEN, "generated/property/bungalow/1248-kitchen.webp"],
  [
    "generated/property/apartment/841-bathroom.webp",
    "generated/property/duplex/1174-bathroom.webp",
  ],
] as const;

async function distanceBetween(a: Buffer, b: Buffer) {
  return fingerprintDistance(await fingerprintOfPhoto(a), await fingerprintOfPhoto(b));
}

describe("the fingerprint of a photo", () => {
  it("matches a copy resized and saved again as a JPEG, or as a PNG half the size", async () => {
    for (const key of [KITCHEN, "generated/property/duplex/1581-exterior.webp"]) {
      const original = await scenePhoto(key);
      const small = await reencodedCopy(original, 480, 45);
      expect(await distanceBetween(original, small)).toBeLessThanOrEqual(MATCH_MAX_DISTANCE);
      const png = await sharp(original).resize({ width: 600 }).png().toBuffer();
      expect(await distanceBetween(original, png)).toBeLessThanOrEqual(MATCH_MAX_DISTANCE);
    }
  });

  it("matches a copy with a sliver cropped from each side", async () => {
    const original = await scenePhoto("generated/property/apartment/101-living.webp");
    const cropped = await croppedCopy(original, 0.005);
    expect(await distanceBetween(original, cropped)).toBeLessThanOrEqual(MATCH_MAX_DISTANCE);
  });

  it("tells different photos apart, even the demo's rooms drawn from one template", async () => {
    for (const [a, b] of LOOKALIKES) {
      const distance = await distanceBetween(await scenePhoto(a, 400), await scenePhoto(b, 400));
      expect(distance, `${a} and ${b}`).toBeGreaterThan(MATCH_MAX_DISTANCE);
    }
    const house = await scenePhoto("generated/property/duplex/1581-exterior.webp", 400);
    expect(await distanceBetween(house, await scenePhoto(KITCHEN, 400))).toBeGreaterThan(80);
  });

  it("is 256 bits, half of them set, as PostgreSQL's bit(256) takes them", async () => {
    const fingerprint = await fingerprintOfPhoto(await scenePhoto(KITCHEN, 400));
    expect(fingerprint).toMatch(/^[01]{256}$/);
    expect(fingerprint.replaceAll("0", "")).toHaveLength(128);
    expect(fingerprintDistance(fingerprint, fingerprint)).toBe(0);
    expect(fingerprintDistance("0011", "0101")).toBe(2);
  });

  it("is given to an accepted upload, the same as its copy's", async () => {
    const original = await scenePhoto(KITCHEN);
    const first = await acceptPhoto(original);
    const copy = await acceptPhoto(await reencodedCopy(original));
    if (!first.ok || !copy.ok) throw new Error("should accept both");
    expect(first.photo.key).not.toBe(copy.photo.key);
    expect(
      fingerprintDistance(first.photo.fingerprint, copy.photo.fingerprint),
    ).toBeLessThanOrEqual(MATCH_MAX_DISTANCE);
  });
});

describe("the fingerprint of a photo the site shows", () => {
  it("reads a stored file, draws a demo photo not stored yet, and has none for the rest", async () => {
    const stored = await scenePhoto(KITCHEN, 800);
    await saveMediaFile("uploads/kitchen.webp", await sharp(stored).webp().toBuffer());
    const fromFile = await fingerprintOfMedia("/media/uploads/kitchen.webp");
    const drawn = await fingerprintOfMedia(`/media/${KITCHEN}`, demoMediaGenerator);
    if (fromFile === undefined || drawn === undefined) throw new Error("should read both");
    // The demo photo drawn small for the job is the photo a visitor sees (and could copy).
    expect(fingerprintDistance(fromFile, drawn)).toBeLessThanOrEqual(MATCH_MAX_DISTANCE);
    expect(await fingerprintOfMedia(`/media/${KITCHEN}`)).toBeUndefined();
    expect(await fingerprintOfMedia("/media/uploads/missing.webp")).toBeUndefined();
    expect(await fingerprintOfMedia("https://example.com/photo.jpg")).toBeUndefined();
    await saveMediaFile("uploads/clip.mp4", Buffer.from("not a picture"));
    expect(await fingerprintOfMedia("/media/uploads/clip.mp4")).toBeUndefined();
    await saveMediaFile("uploads/plain.jpg", await plainJpeg("#36c"));
    expect(await fingerprintOfMedia("/media/uploads/plain.jpg")).toMatch(/^[01]{256}$/);
  });
});
