import { createHash } from "node:crypto";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PROPERTY_TYPES } from "~/lib/property-options";
import { createRandom } from "./random";
import {
  HERO_COUNT,
  heroImageSize,
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
    expect(specOf(heroImageUrl(1)).subject).toEqual({ kind: "hero", index: 1, frame: "landscape" });
    expect(specOf(heroImageUrl(HERO_COUNT)).subject).toEqual({
      kind: "hero",
      index: HERO_COUNT,
      frame: "landscape",
    });
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

  it("knows the tall hero frame, sized for a phone held upright", () => {
    expect(heroImageUrl(3, "portrait")).toBe("/media/generated/hero/3-portrait.webp");
    expect(heroImageUrl(3)).toBe("/media/generated/hero/3.webp");
    for (let index = 1; index <= HERO_COUNT; index++) {
      const spec = specOf(heroImageUrl(index, "portrait"));
      expect(spec).toEqual({
        subject: { kind: "hero", index, frame: "portrait" },
        seed: index,
        ...heroImageSize("portrait"),
      });
      expect(spec.height).toBeGreaterThan(spec.width);
      // The same picture as the wide one (same seed, so the same buildings and light).
      expect(spec.seed).toBe(specOf(heroImageUrl(index)).seed);
    }
    expect(heroImageSize("portrait")).toEqual({ width: 1280, height: 2276 });
    expect(heroImageSize("landscape")).toEqual({ width: 1920, height: 1080 });
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
    "generated/hero/0-portrait.webp",
    "generated/hero/5-portrait.webp",
    "generated/hero/01-portrait.webp",
    "generated/hero/1-landscape.webp",
    "generated/hero/1-portrait-portrait.webp",
    "generated/hero/-portrait.webp",
    "generated/hero/1-portrait.png",
    "generated/hero/1/portrait.webp",
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

  it("composes the tall hero frame on a tall canvas, not a crop of the wide one", () => {
    for (let index = 1; index <= HERO_COUNT; index++) {
      const tall = renderScene({
        ...specOf(heroImageUrl(index, "portrait")),
        width: 270,
        height: 480,
      });
      expect(tall).toMatch(/^<svg [^>]*width="270" height="480"[^>]*viewBox="0 0 810 1440"/);
      const wide = renderScene(specOf(heroImageUrl(index)));
      expect(wide).toMatch(/viewBox="0 0 1200 800"/);
    }
  });

  it("draws the wide hero and the listing villa-by-the-pool exactly as before the tall frame", () => {
    // The tall composition reads the canvas shape; on the wide canvas nothing may move, or the
    // pictures already cached (and seen) would change. SHA-256 prefixes of the SVG text, taken
    // before the tall frame was added.
    const fingerprint = (url: string) =>
      createHash("sha256")
        .update(renderScene(specOf(url)))
        .digest("hex")
        .slice(0, 16);
    expect([1, 2, 3, 4].map((index) => fingerprint(heroImageUrl(index)))).toEqual([
      "fbfe8f43fa26d097",
      "971262064bdd531b",
      "51f9b61f8757fbcc",
      "d9a5fc9151ac4897",
    ]);
    expect(fingerprint(propertyImageUrl("villa", 233, "pool"))).toBe("9f8634f7ae7a2279");
  });

  it("draws every scene as an SVG that sharp can render, with no broken numbers", async () => {
    const urls = [
      ...PROPERTY_TYPES.flatMap(({ value }) =>
        SHOTS_BY_TYPE[value].map((shot) => propertyImageUrl(value, 233, shot)),
      ),
      ...[1, 2, 3, 4].map((index) => heroImageUrl(index)),
      ...[1, 2, 3, 4].map((index) => heroImageUrl(index, "portrait")),
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
