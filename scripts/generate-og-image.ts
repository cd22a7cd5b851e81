// npm run og-image: draws public/og-image.png, the sharing card (og:image) of every page that
// has no picture of its own. 1200x630 PNG, made offline from the first hero scene and the
// company name; commit the result. Rerun after changing the name, the tagline or the scenes.
import path from "node:path";
import sharp from "sharp";
import { parseGeneratedKey } from "~/demo/media/scene-spec";
import { renderScene } from "~/demo/media/scenes";
import { SHARE_IMAGE } from "~/lib/images";
import { COMPANY_NAME, COMPANY_TAGLINE } from "~/lib/site";
import { escapeXml } from "~/lib/sitemap";

const { width, height } = SHARE_IMAGE;
const output = path.resolve(import.meta.dirname, "../public/og-image.png");

const hero = parseGeneratedKey("generated/hero/1.webp");
if (!hero) throw new Error("the first hero scene is missing");
const scene = renderScene({
  ...hero,
  width,
  height: Math.round((hero.height * width) / hero.width),
});

// The favicon's house mark, the name and the tagline over a dark band, readable when a chat
// app shows the card at a quarter of its size.
const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs>
    <linearGradient id="shade" x1="0" x2="1" y1="0" y2="0">
      <stop offset="0" stop-color="#064e3b" stop-opacity="0.95"/>
      <stop offset="0.6" stop-color="#064e3b" stop-opacity="0.75"/>
      <stop offset="1" stop-color="#064e3b" stop-opacity="0.2"/>
    </linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#shade)"/>
  <g transform="translate(80 150)">
    <rect width="96" height="96" rx="21" fill="#065f46" stroke="#fbbf24" stroke-width="3"/>
    <path d="M21 48 48 24l27 24v27H57V57H39v18H21z" fill="#fbbf24"/>
  </g>
  <text x="80" y="340" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-weight="bold"
    font-size="76" fill="#ffffff">${escapeXml(COMPANY_NAME)}</text>
  <text x="80" y="400" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="30"
    fill="#d1fae5">${escapeXml(COMPANY_TAGLINE)}</text>
  <rect x="80" y="440" width="120" height="6" rx="3" fill="#fbbf24"/>
  <text x="80" y="510" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="28"
    fill="#ffffff">Buy · Rent · Manage · Build</text>
</svg>`;

const background = await sharp(Buffer.from(scene))
  .resize({ width, height, fit: "cover" })
  .png()
  .toBuffer();
await sharp(background)
  .composite([{ input: Buffer.from(overlay) }])
  .png({ compressionLevel: 9, palette: true, quality: 90 })
  .toFile(output);
console.log(`Wrote ${path.relative(process.cwd(), output)} (${width}x${height})`);
