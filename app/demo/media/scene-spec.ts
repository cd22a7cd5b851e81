// What a generated picture shows, and the storage key (so the /media URL) that names it. The key
// holds everything needed to draw the picture again, so an image is rendered on its first request
// and never before: `generated/property/duplex/1042-exterior.webp` is always the same duplex.

import { PROPERTY_TYPES, type PropertyTypeValue } from "~/lib/property-options";

export const GENERATED_PREFIX = "generated/";

/** Seeds are small whole numbers: enough variety, and a bounded number of possible files. */
export const MAX_SCENE_SEED = 99_999;

export const SHOTS_BY_TYPE = {
  house: ["exterior", "street", "living", "kitchen", "bedroom", "bathroom", "dining"],
  duplex: ["exterior", "street", "living", "kitchen", "bedroom", "dining", "bathroom"],
  bungalow: ["exterior", "street", "living", "kitchen", "bedroom", "bathroom"],
  terrace: ["exterior", "street", "living", "kitchen", "bedroom", "bathroom"],
  villa: ["exterior", "pool", "living", "kitchen", "bedroom", "dining", "bathroom"],
  apartment: ["exterior", "living", "kitchen", "bedroom", "balcony", "bathroom"],
  land: ["plot", "fence", "survey"],
  office: ["exterior", "reception", "workspace", "boardroom"],
  shop: ["exterior", "shopfloor", "forecourt"],
  warehouse: ["exterior", "interior", "yard"],
} as const satisfies Record<PropertyTypeValue, readonly string[]>;

export type PropertyShot = (typeof SHOTS_BY_TYPE)[PropertyTypeValue][number];

export const SHOT_TITLES: Record<PropertyShot, string> = {
  exterior: "Front view",
  street: "Gate and street view",
  pool: "Swimming pool",
  living: "Living room",
  kitchen: "Kitchen",
  bedroom: "Master bedroom",
  bathroom: "Bathroom",
  dining: "Dining area",
  balcony: "Balcony view",
  plot: "The plot",
  fence: "Perimeter fence and access road",
  survey: "Survey beacons and surroundings",
  reception: "Reception",
  workspace: "Open-plan workspace",
  boardroom: "Boardroom",
  shopfloor: "Shop interior",
  forecourt: "Forecourt and parking",
  interior: "Warehouse interior",
  yard: "Loading yard",
};

export const HERO_COUNT = 4;
/**
 * A hero picture comes in two frames: the wide one for desktops and landscape screens, and a
 * tall one composed for a phone held upright (`generated/hero/<n>-portrait.webp`), where the
 * hero box is about twice as tall as it is wide and a wide picture would be cropped to a sliver.
 */
export type HeroFrame = "landscape" | "portrait";
export type SlideStage = "finished" | "construction";

export type SceneSubject =
  | { kind: "property"; propertyType: PropertyTypeValue; shot: PropertyShot }
  | { kind: "hero"; index: number; frame: HeroFrame }
  | { kind: "slide"; stage: SlideStage }
  | { kind: "portrait" };

export type SceneSpec = {
  subject: SceneSubject;
  seed: number;
  /** Pixel size of the stored original. */
  width: number;
  height: number;
};

const SIZES = {
  property: { width: 1920, height: 1280 },
  hero: { width: 1920, height: 1080 },
  // 9:16, for hero boxes of about 360-412x680 CSS px (cover crops a little off the sides): 1280
  // wide so the srcset reaches the 1280 file, which a 412 px phone at 2.6x needs.
  heroPortrait: { width: 1280, height: 2276 },
  slide: { width: 1920, height: 1080 },
  portrait: { width: 800, height: 1000 },
} as const;

function isPropertyType(value: string): value is PropertyTypeValue {
  return PROPERTY_TYPES.some((t) => t.value === value);
}

// A seed is written without leading zeros, so each picture has exactly one key.
const SEED = /^(0|[1-9]\d{0,4})$/;

function parseSeed(value: string | undefined) {
  if (!value || !SEED.test(value)) return undefined;
  const seed = Number(value);
  return seed <= MAX_SCENE_SEED ? seed : undefined;
}

/** The scene a generated key stands for, or undefined when the key names no picture. */
export function parseGeneratedKey(key: string): SceneSpec | undefined {
  if (!key.startsWith(GENERATED_PREFIX) || !key.endsWith(".webp")) return undefined;
  const parts = key.slice(GENERATED_PREFIX.length, -".webp".length).split("/");
  const [kind] = parts;

  if (kind === "property" && parts.length === 3) {
    const [, type = "", file = ""] = parts;
    const match = /^(\d+)-([a-z]+)$/.exec(file);
    const seed = parseSeed(match?.[1]);
    const shot = match?.[2];
    if (!isPropertyType(type) || seed === undefined || !shot) return undefined;
    const shots: readonly string[] = SHOTS_BY_TYPE[type];
    if (!shots.includes(shot)) return undefined;
    return {
      subject: { kind: "property", propertyType: type, shot: shot as PropertyShot },
      seed,
      ...SIZES.property,
    };
  }
  if (kind === "hero" && parts.length === 2) {
    const match = /^(\d+)(-portrait)?$/.exec(parts[1] ?? "");
    const index = parseSeed(match?.[1]);
    if (!match || index === undefined || index < 1 || index > HERO_COUNT) return undefined;
    const frame: HeroFrame = match[2] ? "portrait" : "landscape";
    return {
      subject: { kind: "hero", index, frame },
      seed: index,
      ...(frame === "portrait" ? SIZES.heroPortrait : SIZES.hero),
    };
  }
  if (kind === "slide" && parts.length === 3) {
    const stage = parts[1];
    const seed = parseSeed(parts[2]);
    if ((stage !== "finished" && stage !== "construction") || seed === undefined) return undefined;
    return { subject: { kind: "slide", stage }, seed, ...SIZES.slide };
  }
  if (kind === "portrait" && parts.length === 2) {
    const seed = parseSeed(parts[1]);
    if (seed === undefined) return undefined;
    return { subject: { kind: "portrait" }, seed, ...SIZES.portrait };
  }
  return undefined;
}

export function propertyImageUrl(type: PropertyTypeValue, seed: number, shot: PropertyShot) {
  return `/media/${GENERATED_PREFIX}property/${type}/${seed}-${shot}.webp`;
}

export function heroImageUrl(index: number, frame: HeroFrame = "landscape") {
  return `/media/${GENERATED_PREFIX}hero/${index}${frame === "portrait" ? "-portrait" : ""}.webp`;
}

/** Pixel size of a hero original, for the <img> width and height and the largest srcset width. */
export function heroImageSize(frame: HeroFrame) {
  return frame === "portrait" ? SIZES.heroPortrait : SIZES.hero;
}

export function slideImageUrl(stage: SlideStage, seed: number) {
  return `/media/${GENERATED_PREFIX}slide/${stage}/${seed}.webp`;
}

export function portraitImageUrl(seed: number) {
  return `/media/${GENERATED_PREFIX}portrait/${seed}.webp`;
}
