import { readFileSync } from "node:fs";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { BrandMark } from "./brand-mark";

// One mark, three forms: the header's inline SVG, public/favicon.svg (the logo search engines
// read) and public/favicon.png (the tab icon, drawn from the SVG by `npm run favicon`).
describe("the brand mark", () => {
  it("draws in the header what the favicon draws", () => {
    const favicon = readFileSync("public/favicon.svg", "utf8");
    const inner = (svg: string) => /<svg[^>]*>(.*)<\/svg>/s.exec(svg)?.[1]?.replace(/\/>/g, ">");
    const markup = renderToStaticMarkup(createElement(BrandMark, { size: 32 }));
    expect(inner(markup)?.replace(/><\/(rect|path)>/g, ">")).toBe(inner(favicon.trim()));
    expect(markup).toContain('viewBox="0 0 64 64"');
    expect(markup).toContain('aria-hidden="true"');
  });

  it("has a tab icon that is the SVG drawn at 48 px (run `npm run favicon` after a change)", async () => {
    const pixels = async (image: ReturnType<typeof sharp>) =>
      image.resize(48, 48).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const png = await pixels(sharp("public/favicon.png"));
    const svg = await pixels(sharp("public/favicon.svg", { density: 216 }));
    expect(png.info.width).toBe(48);
    let total = 0;
    for (let i = 0; i < png.data.length; i++) {
      total += Math.abs((png.data[i] ?? 0) - (svg.data[i] ?? 0));
    }
    // The PNG's palette rounds colours a little (mean 1-2 of 255); another drawing, or the
    // same one in other colours, differs by tens.
    expect(total / png.data.length).toBeLessThan(4);
  });
});
