import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";

// Uploaded photos are accepted by content, cleaned and stored; everything else is refused with
// a message and nothing stays behind.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "photos-"));
process.env.DATA_DIR = dataDir;
const { acceptPhoto, acceptPhotos, MAX_PHOTO_BYTES, PHOTO_MESSAGES } = await import(
  "./images.server"
);

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const stored = () => {
  const folder = path.join(dataDir, "media", "uploads");
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
};

async function jpegWithGps() {
  return sharp({ create: { width: 640, height: 480, channels: 3, background: "#3a7" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "Tecno", Model: "Camon 20" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "6/1 27/1 0/1",
        GPSLongitudeRef: "E",
        GPSLongitude: "3/1 24/1 0/1",
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

function crc32(bytes: Uint8Array) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real JPEG cut off half-way: the header reads, the picture does not. */
async function truncatedJpeg() {
  const noise = Buffer.alloc(200 * 200 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  const jpeg = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}

/** A tiny PNG whose header claims huge dimensions: a decompression bomb's opening. */
async function pngClaiming(width: number, height: number) {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

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
    const png = await sharp({ create: { width: 50, height: 40, channels: 4, background: "#fff" } })
      .png()
      .toBuffer();
    const a = await acceptPhoto(png);
    const b = await acceptPhoto(png);
    expect(a.ok && b.ok && a.photo.key === b.photo.key).toBe(true);
  });

  it("refuses text, SVG, a truncated JPEG, an oversized file and a decompression bomb", async () => {
    const before = stored().length;
    const cases: [Buffer, string][] = [
      [Buffer.from("just some text, named photo.jpg"), PHOTO_MESSAGES.notImage],
      [
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
        ),
        PHOTO_MESSAGES.notImage,
      ],
      [await truncatedJpeg(), PHOTO_MESSAGES.broken],
      [Buffer.alloc(MAX_PHOTO_BYTES + 1), PHOTO_MESSAGES.tooBig],
      [await pngClaiming(20_000, 20_000), PHOTO_MESSAGES.tooLarge],
    ];
    for (const [data, message] of cases) {
      expect(await acceptPhoto(data)).toEqual({ ok: false, message });
    }
    expect(stored().length).toBe(before);
  });

  it("accepts several photos or none: a bad one removes those already stored", async () => {
    const good = await sharp({
      create: { width: 30, height: 30, channels: 3, background: "#123456" },
    })
      .jpeg()
      .toBuffer();
    const before = stored().length;
    const answer = await acceptPhotos([
      { name: "front.jpg", data: good },
      { name: "notes.jpg", data: Buffer.from("not a photo") },
    ]);
    expect(answer).toEqual({ ok: false, message: `notes.jpg: ${PHOTO_MESSAGES.notImage}` });
    expect(stored().length).toBe(before);
    expect(await acceptPhotos([])).toEqual({ ok: false, message: PHOTO_MESSAGES.none });
  });
});
