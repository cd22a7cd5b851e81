import crypto from "node:crypto";
import sharp from "sharp";
import { parseGeneratedKey } from "~/demo/media/scene-spec";
import { renderScene } from "~/demo/media/scenes";

// Files an admin might upload, real and hostile: the upload tests' fixtures.

/** A phone photo: JPEG with the maker, the model and a GPS position in Lagos, turned 90°. */
export function jpegWithGps(width = 640, height = 480) {
  return sharp({ create: { width, height, channels: 3, background: "#3a7" } })
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

export function plainJpeg(colour: string, width = 64, height = 48) {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

export function png(colour = "#fff", width = 50, height = 40) {
  return sharp({ create: { width, height, channels: 4, background: colour } })
    .png()
    .toBuffer();
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>',
);

function crc32(bytes: Uint8Array) {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A real JPEG cut off half-way: the header reads, the picture does not. */
export async function truncatedJpeg() {
  const noise = Buffer.alloc(200 * 200 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919) % 251;
  const jpeg = await sharp(noise, { raw: { width: 200, height: 200, channels: 3 } })
    .jpeg()
    .toBuffer();
  return jpeg.subarray(0, Math.floor(jpeg.length / 2));
}

/** A tiny PNG whose header claims huge dimensions: a decompression bomb's opening. */
export async function pngClaiming(width: number, height: number) {
  const bytes = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
      .png()
      .toBuffer(),
  );
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  bytes.writeUInt32BE(crc32(bytes.subarray(12, 29)), 29);
  return bytes;
}

/**
 * A real JPEG of about `bytes` bytes (within 3 % below it): random noise at quality 95, which
 * no encoder can shrink, so its size is a phone photo's, not a few kilobytes of one colour.
 */
export async function noisyJpeg(bytes: number): Promise<Buffer> {
  // Noise at this quality costs about one byte a pixel; measured, then corrected once or twice.
  let pixels = bytes * 0.97;
  for (let attempt = 0; attempt < 4; attempt++) {
    const width = Math.round(Math.sqrt((pixels * 4) / 3));
    const height = Math.round((width * 3) / 4);
    const noise = crypto.randomBytes(width * height * 3);
    const jpeg = await sharp(noise, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    if (jpeg.length <= bytes && jpeg.length >= bytes * 0.97) return jpeg;
    pixels *= (bytes * 0.985) / jpeg.length;
  }
  throw new Error(`Could not make a JPEG of about ${bytes} bytes`);
}

/**
 * A photo of a room or a house as the demo draws it (app/demo/media): a real, detailed picture
 * (walls, furniture, light), `width` pixels wide, as a JPEG. `key` names the scene, e.g.
 * "generated/property/house/212-bathroom.webp".
 */
export async function scenePhoto(key: string, width = 1200): Promise<Buffer> {
  const spec = parseGeneratedKey(key);
  if (!spec) throw new Error(`Not a generated picture: ${key}`);
  const height = Math.round((spec.height * width) / spec.width);
  return sharp(Buffer.from(renderScene({ ...spec, width, height })))
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** What a copier does: the photo resized to `width` and saved again as a JPEG of `quality`. */
export function reencodedCopy(photo: Buffer, width = 640, quality = 60): Promise<Buffer> {
  return sharp(photo).resize({ width }).jpeg({ quality }).toBuffer();
}

/** The photo with `fraction` of its width and height cut from each side, saved as a JPEG. */
export async function croppedCopy(photo: Buffer, fraction: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(photo).metadata();
  const left = Math.round(width * fraction);
  const top = Math.round(height * fraction);
  return sharp(photo)
    .extract({ left, top, width: width - 2 * left, height: height - 2 * top })
    .jpeg({ quality: 80 })
    .toBuffer();
}
