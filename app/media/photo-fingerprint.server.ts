import sharp, { type Sharp } from "sharp";
import { FINGERPRINT_SIDE, fingerprintOfPixels } from "~/lib/photo-fingerprint";
import { type MediaGenerator, parseMediaKey, readMediaFile } from "./media-store.server";

// The perceptual fingerprint of a photo (~/lib/photo-fingerprint): sharp reduces it to the grey
// square the hash is taken from. The aspect ratio is ignored on purpose: a copy resized to
// other proportions is still the same picture.

/** The fingerprint of a sharp pipeline's picture (orientation applied by the caller). */
export async function fingerprintOfImage(image: Sharp): Promise<string> {
  const pixels = await image
    .clone()
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize(FINGERPRINT_SIDE, FINGERPRINT_SIDE, { fit: "fill" })
    .raw()
    .toBuffer();
  return fingerprintOfPixels(pixels);
}

/** The fingerprint of an encoded photo (JPEG, PNG, WebP, ... or an SVG drawing). */
export function fingerprintOfPhoto(data: Buffer): Promise<string> {
  return fingerprintOfImage(sharp(data, { limitInputPixels: 40_000_000 }).rotate());
}

/** Width the fingerprint job draws a generated (demo) picture at: plenty for a 32×32 hash. */
const DRAWN_WIDTH = 256;

/**
 * The fingerprint of a photo the site shows at `url` (/media/<key>): its stored file, else a
 * picture `generator` draws (the demo's, drawn small and not stored). Undefined when there is
 * nothing to read: another site's address, a missing file, a video.
 */
export async function fingerprintOfMedia(
  url: string,
  generator?: MediaGenerator,
): Promise<string | undefined> {
  if (!url.startsWith("/media/")) return undefined;
  const parsed = parseMediaKey(url.slice("/media/".length));
  if (!parsed) return undefined;
  try {
    const stored = await readMediaFile(parsed.key);
    if (stored) return await fingerprintOfPhoto(stored);
    const drawn = generator?.knows(parsed.key)
      ? generator.draw(parsed.key, DRAWN_WIDTH)
      : undefined;
    return drawn ? await fingerprintOfPhoto(Buffer.from(drawn.svg)) : undefined;
  } catch {
    // Not a picture sharp can read (a video, a damaged file).
    return undefined;
  }
}
