import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { setTestEnv } from "../../tests/setup/env";
import {
  jpegWithGps,
  pngClaiming,
  png as pngFixture,
  SVG_WITH_SCRIPT,
  truncatedJpeg,
} from "../../tests/setup/photo-fixtures";

// Uploaded photos are accepted by content, cleaned and stored; everything else is refused with
// a message and nothing stays behind.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "photos-"));
setTestEnv({ DATA_DIR: dataDir });
const { acceptPhoto, MAX_PHOTO_BYTES, PHOTO_MESSAGES } = await import("./images.server");

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const stored = () => {
  const folder = path.join(dataDir, "media", "uploads");
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

describe("accepting a photo", () => {
  it("re-encodes a phone JPEG to WebP without its EXIF and GPS, turned upright", async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.toString("latin1")).toContain("Tecno");
    expect(before.orientation).toBe(6);
    const result = await acceptPhoto(original);
    if (!result.ok) throw new Error(result.message);
    expect(result.photo.key).toMatch(/^uploads\/[0-9a-f]{64}\.webp$/);
    const file = fs.readFileSync(path.join(dataDir, "media", result.photo.key));
    const meta = await sharp(file).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    // Orientation 6 (rotated 90°) applied: the stored picture is portrait.
    expect([meta.width, meta.height]).toEqual([480, 640]);
  });

  it("takes a PNG named .jpg by its content, and stores the same photo once", async () => {
    const png = await pngFixture();
    const a = await acceptPhoto(png);
    const b = await acceptPhoto(png);
    expect(a.ok && b.ok && a.photo.key === b.photo.key).toBe(true);
  });

  it("refuses text, SVG, a truncated JPEG, an oversized file and a decompression bomb", async () => {
    const before = stored().length;
    const cases: [Buffer, string][] = [
      [Buffer.from("just some text, named photo.jpg"), PHOTO_MESSAGES.notImage],
      [SVG_WITH_SCRIPT, PHOTO_MESSAGES.notImage],
      [await truncatedJpeg(), PHOTO_MESSAGES.broken],
      [Buffer.alloc(MAX_PHOTO_BYTES + 1), PHOTO_MESSAGES.tooBig],
      [await pngClaiming(20_000, 20_000), PHOTO_MESSAGES.tooLarge],
    ];
    for (const [data, message] of cases) {
      expect(await acceptPhoto(data)).toEqual({ ok: false, message });
    }
    expect(stored().length).toBe(before);
  });
});
