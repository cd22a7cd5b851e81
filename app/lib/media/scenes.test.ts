import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PROPERTY_TYPES } from "~/lib/property-options";
import { createRandom } from "./random";
import {
  HERO_COUNT,
  heroImageUrl,
  parseGeneratedKey,
  portraitImageUrl,
  propertyImageUrl,
  type SceneSpec,
  SHOTS_BY_TYPE,
  slideImageUrl,
} from "./scene-spec";
import { renderScene } from "./scenes";

const keyOf = (url: string) => url.replace(/^\/media\//, "");

function specOf(url: string): SceneSpec {
  const spec = parseGeneratedKey(keyOf(url));
  if (!spec) throw new Error(`No scene for ${url}`);
  return spec;
}

describe("generated image keys", () => {
  it("round-trips every property type and shot", () => {
    for (const { value: type } of PROPERTY_TYPES) {
      for (const shot of SHOTS_BY_TYPE[type]) {
        const spec = specOf(propertyImageUrl(type, 4021, shot));
        expect(spec.subject).toEqual({ kind: "property", propertyType: type, shot });
        expect(spec.seed).toBe(4021);
        expect(spec.width).toBe(1920);
      }
    }
  });

  it("knows heroes, slides and portraits", () => {
    expect(specOf(heroImageUrl(1)).subject).toEqual({ kind: "hero", index: 1 });
    expect(specOf(heroImageUrl(HERO_COUNT)).subject).toEqual({ kind: "hero", index: HERO_COUNT });
    expect(specOf(slideImageUrl("construction", 3)).subject).toEqual({
      kind: "slide",
      stage: "construction",
    });
    expect(specOf(portraitImageUrl(7))).toMatchObject({
      subject: { kind: "portrait" },
      width: 800,
      height: 1000,
    });
  });

  it.each([
    "generated/property/castle/1-exterior.webp",
    "generated/property/land/1-kitchen.webp",
    "generated/property/duplex/01-exterior.webp",
    "generated/property/duplex/100000-exterior.webp",
    "generated/property/duplex/1-exterior.png",
    "generated/property/duplex/1-exterior.webp/extra",
    "generated/property/duplex/extra/1-exterior.webp",
    "generated/hero/0.webp",
    "generated/hero/5.webp",
    "generated/slide/done/1.webp",
    "generated/portrait/-1.webp",
    "uploads/hero/1.webp",
  ])("rejects %s", (key) => {
    expect(parseGeneratedKey(key)).toBeUndefined();
  });
});

describe("renderScene", () => {
  it("is deterministic: the same spec gives the same SVG", () => {
    const spec = specOf(propertyImageUrl("duplex", 17, "exterior"));
    expect(renderScene(spec)).toBe(renderScene(spec));
  });

  it("varies with the seed", () => {
    const a = renderScene(specOf(propertyImageUrl("duplex", 17, "exterior")));
    const b = renderScene(specOf(propertyImageUrl("duplex", 18, "exterior")));
    expect(a).not.toBe(b);
  });

  it("sizes the document to the spec", () => {
    const svg = renderScene({ ...specOf(heroImageUrl(2)), width: 640, height: 360 });
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="640" height="360"/);
  });

  it("draws every scene as an SVG that sharp can render, with no broken numbers", async () => {
    const urls = [
      ...PROPERTY_TYPES.flatMap(({ value }) =>
        SHOTS_BY_TYPE[value].map((shot) => propertyImageUrl(value, 233, shot)),
      ),
      ...[1, 2, 3, 4].map(heroImageUrl),
      slideImageUrl("finished", 2),
      slideImageUrl("construction", 2),
      portraitImageUrl(1),
      portraitImageUrl(2),
    ];
    for (const url of urls) {
      const spec = specOf(url);
      const svg = renderScene({ ...spec, width: spec.width / 8, height: spec.height / 8 });
      expect(svg, url).not.toMatch(/NaN|undefined|Infinity/);
      const { width } = await sharp(Buffer.from(svg))
        .png()
        .toBuffer({ resolveWithObject: true })
        .then((r) => r.info);
      expect(width, url).toBe(spec.width / 8);
    }
  });

  it("uses only generic font families (nothing to download)", () => {
    const svg = renderScene(specOf(propertyImageUrl("land", 5, "plot")));
    const families = [...svg.matchAll(/font-family="([^"]+)"/g)].map((m) => m[1]);
    expect(families.length).toBeGreaterThan(0);
    for (const family of families) expect(["sans-serif", "serif", "monospace"]).toContain(family);
    expect(svg).not.toMatch(/href=|url\((?!#)/);
  });
});

describe("createRandom", () => {
  it("repeats the same sequence for the same seed", () => {
    const a = createRandom("x");
    const b = createRandom("x");
    expect(Array.from({ length: 5 }, () => a.next())).toEqual(
      Array.from({ length: 5 }, () => b.next()),
    );
  });

  it("keeps ints in range and forks independently of later draws", () => {
    const r = createRandom(42);
    for (let i = 0; i < 200; i++) {
      const v = r.int(3, 6);
      expect(v).toBeGreaterThanOrEqual(3);
      expect(v).toBeLessThanOrEqual(6);
    }
    const first = createRandom(42).fork("a").next();
    const afterDraws = createRandom(42);
    afterDraws.next();
    expect(afterDraws.fork("a").next()).toBe(first);
  });
});
