import crypto from "node:crypto";
import sharp, { type OutputInfo } from "sharp";
import { saveMediaFile } from "./media-store.server";
import { fingerprintOfImage } from "./photo-fingerprint.server";

// Photos staff upload: accepted by what they decode to, never by their name or declared type
// (JPEG, PNG, WebP, AVIF, HEIC; SVG and everything else refused), size- and pixel-capped so a
// decompression bomb is refused before it is decoded, then re-encoded to WebP with the
// orientation applied and every metadata block (EXIF, GPS, ICC comments) left out, and stored
// under the hash of the result (uploads/<sha256>.webp), so the same photo is stored once. The
// /media route serves the responsive widths from it. Each gets its perceptual fingerprint from the
// same decoding (./photo-fingerprint.server), stored with its row to catch copied photos.

export { MAX_PHOTOS_PER_UPLOAD } from "~/lib/admin-properties";
export { MAX_PHOTO_BYTES } from "~/lib/body-limits";

import { MAX_PHOTOS_PER_UPLOAD } from "~/lib/admin-properties";
import { MAX_PHOTO_BYTES } from "~/lib/body-limits";
/** 40 megapixels: above any phone camera, far below a bomb's billions. */
export const MAX_PHOTO_PIXELS = 40_000_000;
/** The longest side stored; the site never shows more. */
export const MAX_STORED_SIDE = 2560;

const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "avif", "heif"]);

export const PHOTO_MESSAGES = {
  tooBig: "Each photo must be 10 MB or smaller.",
  tooMany: `You can upload at most ${MAX_PHOTOS_PER_UPLOAD} photos at once.`,
  notImage: "This file is not a photo we can use (JPEG, PNG, WebP, AVIF or HEIC).",
  tooLarge: "This photo has too many pixels (40 megapixels at most).",
  broken: "This photo could not be read: it may be damaged or incomplete.",
  none: "Please choose at least one photo.",
} as const;

export type AcceptedPhoto = {
  key: string;
  url: string;
  width: number;
  height: number;
  /** The perceptual fingerprint (~/lib/photo-fingerprint). */
  fingerprint: string;
};

export type PhotoResult = { ok: true; photo: AcceptedPhoto } | { ok: false; message: string };

/** Checks one uploaded file by its content and stores its clean WebP. */
export async function acceptPhoto(data: Buffer): Promise<PhotoResult> {
  if (data.length > MAX_PHOTO_BYTES) return { ok: false, message: PHOTO_MESSAGES.tooBig };
  let format: string | undefined;
  let width = 0;
  let height = 0;
  try {
    // Reads the header only: the dimensions are known before any pixel is decoded.
    const meta = await sharp(data, { limitInputPixels: false }).metadata();
    format = meta.format;
    width = meta.width ?? 0;
    height = meta.height ?? 0;
  } catch {
    return { ok: false, message: PHOTO_MESSAGES.notImage };
  }
  if (!format || !ACCEPTED_FORMATS.has(format))
    return { ok: false, message: PHOTO_MESSAGES.notImage };
  if (width * height > MAX_PHOTO_PIXELS || width === 0 || height === 0) {
    return { ok: false, message: PHOTO_MESSAGES.tooLarge };
  }
  let output: { data: Buffer; info: OutputInfo };
  let fingerprint: string;
  try {
    const image = sharp(data, { limitInputPixels: MAX_PHOTO_PIXELS, failOn: "truncated" }).rotate();
    fingerprint = await fingerprintOfImage(image);
    output = await image
      .resize({
        width: MAX_STORED_SIDE,
        height: MAX_STORED_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
  } catch {
    return { ok: false, message: PHOTO_MESSAGES.broken };
  }
  const hash = crypto.createHash("sha256").update(output.data).digest("hex");
  const key = `uploads/${hash}.webp`;
  await saveMediaFile(key, output.data);
  return {
    ok: true,
    photo: {
      key,
      url: `/media/${key}`,
      width: output.info.width,
      height: output.info.height,
      fingerprint,
    },
  };
}
