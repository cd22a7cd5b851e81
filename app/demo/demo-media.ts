import { DEFAULT_SLIDES, HERO_IMAGES, HERO_PORTRAIT_IMAGES } from "~/lib/home-content";
import { demoSlides, demoTeamMembers } from "./demo-content";
import { buildDemoProperties } from "./demo-properties";

let known: ReadonlySet<string> | undefined;

/**
 * Every generated picture the site can show: the demo catalogue's photos, its gallery and team
 * portraits, the hero backgrounds (wide and tall) and the built-in fallback slides, as media keys
 * ("generated/..."). The media route draws only these, so a visitor cannot fill the disk by
 * asking for the millions of other keys the generator would accept.
 */
export function knownGeneratedKeys(): ReadonlySet<string> {
  if (!known) {
    const urls = [
      ...buildDemoProperties().flatMap((p) => [p.imageUrl, ...p.media.map((m) => m.mediaUrl)]),
      ...demoSlides().map((s) => s.mediaUrl),
      ...demoTeamMembers().map((t) => t.imageUrl),
      ...HERO_IMAGES,
      ...HERO_PORTRAIT_IMAGES,
      ...DEFAULT_SLIDES.map((s) => s.mediaUrl),
    ];
    known = new Set(
      urls
        .filter((u): u is string => typeof u === "string")
        .map((u) => u.replace(/^\/media\//, "")),
    );
  }
  return known;
}
