import sharp from "sharp";
import type { SceneSpec } from "./scene-spec";
import { renderScene } from "./scenes";

/** WebP quality of generated originals and resized variants: small files, no visible banding. */
export const WEBP_QUALITY = 80;

/** Draws a scene and encodes it as WebP at the spec's pixel size. */
export async function renderSceneToWebp(spec: SceneSpec): Promise<Buffer> {
  const svg = renderScene(spec);
  return sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer();
}
