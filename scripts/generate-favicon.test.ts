import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { FAVICON_DENSITY, FAVICON_PNG, FAVICON_SIZE, FAVICON_SVG } from "./generate-favicon";

/** RGBA bytes of an image at FAVICON_SIZE square. */
function pixels(input: Buffer | string, density?: number) {
  return sharp(input, density ? { density } : {})
    .resize(FAVICON_SIZE, FAVICON_SIZE)
    .ensureAlpha()
    .raw()
    .toBuffer();
}

describe("public/favicon.png", () => {
  it("is the house mark of favicon.svg, 96 px square (run `npm run favicon` after a change)", async () => {
    const png = readFileSync(FAVICON_PNG);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", FAVICON_SIZE, FAVICON_SIZE]);

    const drawn = await pixels(png);
    const expected = await pixels(FAVICON_SVG, FAVICON_DENSITY);
    // Compared premultiplied (a transparent corner's colour is anything). The palette may move a
    // channel by a few levels; a different picture moves many pixels by far more.
    const at = (data: Buffer, i: number, c: number) =>
      c === 3 ? (data[i + 3] ?? 0) : ((data[i + c] ?? 0) * (data[i + 3] ?? 0)) / 255;
    let far = 0;
    for (let i = 0; i < expected.length; i += 4) {
      for (let c = 0; c < 4; c++) {
        if (Math.abs(at(drawn, i, c) - at(expected, i, c)) > 24) far++;
      }
    }
    expect(far).toBeLessThan(expected.length / 200);
  });
});
