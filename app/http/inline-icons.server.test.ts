import { readFileSync } from "node:fs";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Heart, MapPin, Search } from "~/components/icons";
import { INLINE_ICON_PREFIX } from "~/components/icons/id";
import { iconInliner } from "./inline-icons.server";

const sprite = readFileSync("app/components/icons/sprite.svg", "utf8");
const { iconSymbols, inlineIcons } = iconInliner(sprite, INLINE_ICON_PREFIX);

const icon = (draw: typeof Heart) => renderToStaticMarkup(createElement(draw));
const PAGE =
  '<!DOCTYPE html><html lang="en-NG"><head><title>Homes</title></head><body><header>' +
  `<a href="/">${icon(Search)} Search</a><a href="/favorites">${icon(Heart)}</a></header>` +
  `<main><p>${icon(MapPin)} Lekki, Lagos · ₦660,000/month in Ọ̀yọ́</p><p>${icon(Heart)}</p>` +
  '<a href="#i-nothing">not an icon</a></main>' +
  "<script>window.__reactRouterContext.streamController.close();</script></body></html>";

async function run(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(inlineIcons()));
}

function symbolIds(html: string): string[] {
  return [...html.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1] as string);
}

function expectInlined(html: string) {
  // The page before the symbols is the page as rendered, byte for byte.
  const at = html.indexOf('<svg xmlns="http://www.w3.org/2000/svg" hidden aria-hidden="true">');
  expect(at).toBeGreaterThan(0);
  expect(html.slice(0, at)).toBe(PAGE.slice(0, PAGE.indexOf("</body>")));
  expect(html.endsWith("</svg></body></html>")).toBe(true);
  // Each icon the page refers to, once, in the order met.
  expect(symbolIds(html)).toEqual(["i-search", "i-heart", "i-map-pin"]);
}

describe("inlineIcons", () => {
  it("writes the symbols of the icons a page uses before </body>", async () => {
    expectInlined(await run([Buffer.from(PAGE)]));
  });

  it("finds every reference and keeps every character however the stream is cut", async () => {
    const bytes = Buffer.from(PAGE);
    for (let at = 1; at < bytes.length; at += 5) {
      expectInlined(await run([bytes.subarray(0, at), bytes.subarray(at)]));
    }
    expectInlined(await run([...bytes].map((byte) => Buffer.from([byte]))));
  });

  it("draws each symbol as the sprite file does, under the page's id", () => {
    const heart = /<symbol id="heart"[\s\S]*?<\/symbol>/.exec(sprite)?.[0];
    expect(iconSymbols(["heart"])).toContain(heart?.replace('id="heart"', 'id="i-heart"'));
  });

  it("leaves a page without icons as it is", async () => {
    const plain = "<!DOCTYPE html><html><body><p>Not found</p></body></html>";
    expect(await run([Buffer.from(plain)])).toBe(plain);
  });
});
