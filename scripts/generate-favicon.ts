// npm run favicon: draws public/favicon.png, the tab icon, from public/favicon.svg (48x48, the
// size search engines ask for). Pages link the PNG: Chromium decodes an SVG icon by building a
// whole SVG document on the page's main thread (~10 ms here, four times that on a phone, in the
// middle of the first load); a PNG costs a fraction of that. Commit the result; rerun after
// changing the SVG (brand-mark.test.ts compares them).
import path from "node:path";
import sharp from "sharp";

const root = path.resolve(import.meta.dirname, "..");
const output = path.join(root, "public/favicon.png");
await sharp(path.join(root, "public/favicon.svg"), { density: 72 * (48 / 64) * 4 })
  .resize(48, 48)
  .png({ compressionLevel: 9, palette: true })
  .toFile(output);
console.log(`Wrote ${path.relative(process.cwd(), output)} (48x48)`);
