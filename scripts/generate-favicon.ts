// npm run favicon: draws public/favicon.png, the tab icon, from public/favicon.svg (the house
// mark the header draws too); commit the result. Rerun after changing favicon.svg.
//
// Why a PNG: the browser draws an SVG favicon in the page's own renderer, as a separate SVG
// document built on the main thread after the page loads (25-30 ms on a fast machine, four times
// that on Lighthouse's phone, just as the scripts start). A 96 px PNG is decoded off that thread.
// favicon.svg stays for what wants the vector (the structured data's logo).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

export const FAVICON_SVG = fileURLToPath(new URL("../public/favicon.svg", import.meta.url));
export const FAVICON_PNG = fileURLToPath(new URL("../public/favicon.png", import.meta.url));
/** Large enough for a high-density phone's tab strip and switcher (32 css px at 3x). */
export const FAVICON_SIZE = 96;
/** 72 dpi is the SVG's own 64 px: the SVG is drawn at FAVICON_SIZE, so the edges stay sharp. */
export const FAVICON_DENSITY = (72 * FAVICON_SIZE) / 64;

/** The favicon, drawn from the SVG: a palette PNG of FAVICON_SIZE square. */
export function drawFavicon(): Promise<Buffer> {
  return sharp(FAVICON_SVG, { density: FAVICON_DENSITY })
    .resize(FAVICON_SIZE, FAVICON_SIZE)
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(FAVICON_PNG, await drawFavicon());
  console.log(`Wrote ${FAVICON_PNG} (${FAVICON_SIZE}x${FAVICON_SIZE})`);
}
