// renderScene: a scene description in, an SVG document out. Pure and deterministic: the same
// spec always gives byte-identical SVG, so a generated image can be re-made from its key alone.

import { Canvas, lightFor, pickTimeOfDay, type TimeOfDay } from "./canvas";
import {
  constructionScene,
  landScene,
  officeExterior,
  residentialExterior,
  residentialStreet,
  shopExterior,
  villaPool,
  warehouseExterior,
} from "./exteriors";
import { interiorScene } from "./interiors";
import { createRandom, hashString } from "./random";
import type { SceneSpec } from "./scene-spec";
import { gatedEstate, portrait, skylineAtDusk } from "./showcase";

/** Every scene is drawn on a canvas of this many units; the pixel size only scales it. */
const LANDSCAPE = { width: 1200, height: 800 };
const PORTRAIT = { width: 800, height: 1000 };
/** The tall hero frame (9:16). Hero scenes read `c.height > c.width` and compose for it. */
const HERO_TALL = { width: 810, height: 1440 };

const INTERIOR_SHOTS = new Set([
  "living",
  "kitchen",
  "bedroom",
  "bathroom",
  "dining",
  "balcony",
  "reception",
  "workspace",
  "boardroom",
  "shopfloor",
  "interior",
]);

/** The seed of the building: every shot of one property shows the same house. */
function buildingSeed(spec: SceneSpec) {
  const { subject } = spec;
  const label =
    subject.kind === "property" ? `${subject.kind}:${subject.propertyType}` : subject.kind;
  return hashString(`${label}:${spec.seed}`);
}

function draw(spec: SceneSpec): { canvas: Canvas; body: string[] } {
  const { subject } = spec;
  const base = createRandom(buildingSeed(spec));
  // Light varies per shot, the building does not: an exterior and a street view of one
  // property share their house but may be taken at different times of day.
  const shotRandom = base.fork(subject.kind === "property" ? subject.shot : "shot");
  const time: TimeOfDay = (() => {
    if (subject.kind === "hero")
      return (["dusk", "golden", "golden", "afternoon"] as const)[subject.index - 1] ?? "afternoon";
    if (subject.kind === "portrait") return "noon";
    return pickTimeOfDay(shotRandom);
  })();
  const light = lightFor(time, shotRandom);
  const size =
    subject.kind === "portrait"
      ? PORTRAIT
      : subject.kind === "hero" && subject.frame === "portrait"
        ? HERO_TALL
        : LANDSCAPE;
  const canvas = new Canvas(size.width, size.height, base, light);

  if (subject.kind === "hero") {
    switch (subject.index) {
      case 1:
        return { canvas, body: skylineAtDusk(canvas) };
      case 2:
        return { canvas, body: gatedEstate(canvas) };
      case 3:
        return { canvas, body: villaPool(canvas) };
      default:
        // Smaller than in a listing, so the roof stays inside the wide hero crop; the tall frame
        // has room above, so the block can be larger there (it still fits the narrow width).
        return {
          canvas,
          body: residentialExterior(canvas, "apartment", subject.frame === "portrait" ? 0.8 : 0.7),
        };
    }
  }
  if (subject.kind === "portrait") {
    return { canvas, body: portrait(canvas, spec.seed % 2 === 1) };
  }
  if (subject.kind === "slide") {
    if (subject.stage === "construction") return { canvas, body: constructionScene(canvas) };
    const kind = base.pick(["duplex", "villa", "apartment", "terrace", "house"] as const);
    return {
      canvas,
      body:
        kind === "villa" && base.chance(0.5)
          ? villaPool(canvas)
          : residentialExterior(canvas, kind),
    };
  }

  const { propertyType: type, shot } = subject;
  if (INTERIOR_SHOTS.has(shot)) {
    // Interiors use their own random stream so furnishing does not depend on the exterior.
    const inside = new Canvas(size.width, size.height, shotRandom, light);
    return {
      canvas: inside,
      body: interiorScene(inside, shot as Parameters<typeof interiorScene>[1]),
    };
  }
  switch (type) {
    case "land":
      return {
        canvas,
        body: landScene(canvas, shot === "fence" || shot === "survey" ? shot : "plot"),
      };
    case "office":
      return { canvas, body: officeExterior(canvas) };
    case "shop":
      return { canvas, body: shopExterior(canvas, shot === "forecourt") };
    case "warehouse":
      return { canvas, body: warehouseExterior(canvas, shot === "yard") };
    case "villa":
      return {
        canvas,
        body: shot === "pool" ? villaPool(canvas) : residentialExterior(canvas, "villa"),
      };
    default:
      return {
        canvas,
        body:
          shot === "street" && type !== "apartment"
            ? residentialStreet(canvas, type)
            : residentialExterior(canvas, type),
      };
  }
}

export function renderScene(spec: SceneSpec): string {
  const { canvas, body } = draw(spec);
  return canvas.document(body, { width: spec.width, height: spec.height });
}
