import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { HERO_IMAGES, HERO_PORTRAIT_MEDIA, HOME_CONTENT_DEFAULTS } from "~/lib/home-content";
import { HERO_SLIDES, Hero, heroVariant } from "./hero";

function HomeHero() {
  return <Hero content={HOME_CONTENT_DEFAULTS} />;
}

function renderHero() {
  const Stub = createRoutesStub([{ path: "/", Component: HomeHero }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

const widthsOf = (srcSet: string | undefined) =>
  (srcSet ?? "").split(", ").map((candidate) => Number(/ (\d+)w$/.exec(candidate)?.[1]));

describe("HERO_SLIDES", () => {
  it("pairs each wide picture with its tall version, up to the tall original's width", () => {
    expect(HERO_SLIDES).toHaveLength(HERO_IMAGES.length);
    HERO_SLIDES.forEach(({ landscape, portrait }, index) => {
      expect(landscape.src).toBe(`/media/generated/hero/${index + 1}.webp?w=640`);
      expect(widthsOf(landscape.srcSet)).toEqual([160, 320, 480, 640, 800, 960, 1080, 1280, 1920]);
      expect(portrait.srcSet).toContain(`/media/generated/hero/${index + 1}-portrait.webp?w=960`);
      // Nothing wider than the 1280 px original: a 1920 request would answer the same pixels.
      expect(widthsOf(portrait.srcSet)).toEqual([160, 320, 480, 640, 800, 960, 1080, 1280]);
      expect(portrait.sizes).toBe("100vw");
    });
  });
});

describe("heroVariant", () => {
  it("picks what the <picture> shows, from the same media query as its <source>", () => {
    const slide = HERO_SLIDES[1];
    if (!slide) throw new Error("no second hero slide");
    const asked: string[] = [];
    const phone = (query: string) => {
      asked.push(query);
      return { matches: true };
    };
    expect(heroVariant(slide, phone)).toBe(slide.portrait);
    expect(asked).toEqual([HERO_PORTRAIT_MEDIA]);
    expect(heroVariant(slide, () => ({ matches: false }))).toBe(slide.landscape);
  });
});

describe("<Hero> server HTML", () => {
  const html = renderHero();

  it("has one hero picture: a portrait <source> for upright phones and the wide <img>", () => {
    expect(html.match(/<picture>/g)).toHaveLength(1);
    const picture = /<picture>(.*?)<\/picture>/.exec(html)?.[1] ?? "";
    const source = /<source [^>]*>/.exec(picture)?.[0] ?? "";
    expect(source).toContain(`media="${HERO_PORTRAIT_MEDIA}"`);
    expect(source).toContain('sizes="100vw"');
    expect(source).toContain("/media/generated/hero/1-portrait.webp?w=640 640w");
    expect(source).toContain("/media/generated/hero/1-portrait.webp?w=960 960w");
    expect(source).toContain("/media/generated/hero/1-portrait.webp?w=1280 1280w");
    expect(source).not.toContain("1920w");
    expect(source).toMatch(/width="1280" height="2276"/);
    const img = /<img [^>]*>/.exec(picture)?.[0] ?? "";
    expect(img).toContain('src="/media/generated/hero/1.webp?w=640"');
    expect(img).toContain("/media/generated/hero/1.webp?w=1920 1920w");
    expect(img).toContain('loading="eager"');
    expect(img).toContain('fetchPriority="high"');
    expect(img).toMatch(/width="1920" height="1080"/);
    // The <source> comes first, or the browser would never consider it.
    expect(picture.indexOf("<source")).toBeLessThan(picture.indexOf("<img"));
  });

  it("preloads the first picture once per variant, each only where the <picture> shows it", () => {
    const preloads = html.match(/<link rel="preload"[^>]*as="image"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(2);
    const tall = preloads.find((link) => link.includes("1-portrait.webp"));
    const wide = preloads.find((link) => !link.includes("1-portrait.webp"));
    expect(tall).toContain(`media="${HERO_PORTRAIT_MEDIA}"`);
    expect(wide).toContain(`media="not all and ${HERO_PORTRAIT_MEDIA}"`);
    expect(wide).toContain("/media/generated/hero/1.webp?w=960 960w");
    for (const link of preloads) expect(link).toContain('fetchPriority="high"');
    // No other hero picture is fetched on the first paint.
    expect(html).not.toMatch(/hero\/[234](-portrait)?\.webp/);
  });
});
