// The drawing context every scene part receives: its size, the light of the moment, a seeded
// random source, and a place to declare gradients and clip paths once.

import type { Random } from "./random";
import {
  type GradientStop,
  linearGradient,
  mix,
  radialGradient,
  shade,
  svgDocument,
  tag,
} from "./svg";

export type TimeOfDay = "morning" | "noon" | "afternoon" | "golden" | "dusk";

export type Light = {
  time: TimeOfDay;
  sky: readonly GradientStop[];
  /** Sun position as a fraction of the canvas, its colour and glow. */
  sun: { x: number; y: number; radius: number; color: string; glow: string; visible: boolean };
  /** Colour every surface leans towards (warm at golden hour, violet at dusk). */
  tint: string;
  tintAmount: number;
  /** Opacity of cast shadows. */
  shadow: number;
  /** Lit windows and lamps. */
  night: boolean;
  cloud: string;
  haze: string;
};

export const LIGHTS: Record<TimeOfDay, Omit<Light, "sun"> & { sunColor: string; sunGlow: string }> =
  {
    morning: {
      time: "morning",
      sky: [
        [0, "#5d9fd8"],
        [0.55, "#a9d0ee"],
        [1, "#f3e6cf"],
      ],
      tint: "#fff3dc",
      tintAmount: 0.06,
      shadow: 0.22,
      night: false,
      cloud: "#ffffff",
      haze: "#f6ead6",
      sunColor: "#fff6d8",
      sunGlow: "#ffe9b0",
    },
    noon: {
      time: "noon",
      sky: [
        [0, "#2f7fd0"],
        [0.6, "#7fbbe8"],
        [1, "#d9ecf7"],
      ],
      tint: "#ffffff",
      tintAmount: 0,
      shadow: 0.3,
      night: false,
      cloud: "#ffffff",
      haze: "#e3f0f8",
      sunColor: "#fffbe8",
      sunGlow: "#fff4c2",
    },
    afternoon: {
      time: "afternoon",
      sky: [
        [0, "#3d84c9"],
        [0.6, "#94c3e6"],
        [1, "#f0e2c4"],
      ],
      tint: "#ffe9c4",
      tintAmount: 0.07,
      shadow: 0.28,
      night: false,
      cloud: "#fffaf0",
      haze: "#f2e4c8",
      sunColor: "#fff1c8",
      sunGlow: "#ffd98a",
    },
    golden: {
      time: "golden",
      sky: [
        [0, "#4a6fa8"],
        [0.45, "#e9a86a"],
        [0.8, "#f6c27a"],
        [1, "#fde2a8"],
      ],
      tint: "#ffb870",
      tintAmount: 0.16,
      shadow: 0.32,
      night: false,
      cloud: "#ffd7b0",
      haze: "#f8cf98",
      sunColor: "#fff0c0",
      sunGlow: "#ffb347",
    },
    dusk: {
      time: "dusk",
      sky: [
        [0, "#1f2a5a"],
        [0.45, "#6a4b8c"],
        [0.75, "#e0786a"],
        [1, "#f7b27a"],
      ],
      tint: "#4a3a78",
      tintAmount: 0.32,
      shadow: 0.18,
      night: true,
      cloud: "#c98aa0",
      haze: "#e89a86",
      sunColor: "#ffd4a0",
      sunGlow: "#ff8a5c",
    },
  };

export function pickTimeOfDay(r: Random, weights: Partial<Record<TimeOfDay, number>> = {}) {
  const defaults: Record<TimeOfDay, number> = {
    morning: 3,
    noon: 3,
    afternoon: 4,
    golden: 2,
    dusk: 1,
  };
  return r.weighted(
    (Object.keys(defaults) as TimeOfDay[]).map((t) => [t, weights[t] ?? defaults[t]] as const),
  );
}

export function lightFor(time: TimeOfDay, r: Random): Light {
  const base = LIGHTS[time];
  const side = r.chance(0.5) ? 1 : -1;
  const sunY = { morning: 0.2, noon: 0.06, afternoon: 0.16, golden: 0.42, dusk: 0.56 }[time];
  const sunX = 0.5 + side * r.range(0.18, 0.4);
  return {
    ...base,
    sun: {
      x: sunX,
      y: sunY + r.range(-0.04, 0.04),
      radius: time === "golden" || time === "dusk" ? r.range(30, 44) : r.range(22, 32),
      color: base.sunColor,
      glow: base.sunGlow,
      visible: time !== "noon" || r.chance(0.4),
    },
  };
}

export class Canvas {
  readonly defs: string[] = [];
  private ids = 0;
  private gradients = new Map<string, string>();

  constructor(
    readonly width: number,
    readonly height: number,
    private random: Random,
    readonly light: Light,
  ) {
    this.base = random;
  }

  private readonly base: Random;

  /** The same stream on every call: the building of a property, whatever the shot. */
  building() {
    return this.base.fork("building");
  }

  /** The seeded random source every part draws from. */
  get r() {
    return this.random;
  }

  /** Runs `draw` with another random stream, so one part's draws do not shift another's. */
  withRandom<T>(random: Random, draw: () => T): T {
    const previous = this.random;
    this.random = random;
    try {
      return draw();
    } finally {
      this.random = previous;
    }
  }

  id(prefix: string) {
    this.ids += 1;
    return `${prefix}${this.ids}`;
  }

  /** A surface colour under this scene's light. */
  lit(color: string) {
    return this.light.tintAmount ? mix(color, this.light.tint, this.light.tintAmount) : color;
  }

  /** A face turned away from the sun. */
  shadowed(color: string, amount = 0.22) {
    return shade(this.lit(color), -amount);
  }

  /** A vertical (or given direction) gradient, declared once, as a `url(#...)` fill. */
  linear(
    stops: readonly GradientStop[],
    direction: { x1?: number; y1?: number; x2?: number; y2?: number } = { x2: 0, y2: 1 },
  ) {
    const key = `l${JSON.stringify([stops, direction])}`;
    let id = this.gradients.get(key);
    if (!id) {
      id = this.id("g");
      this.gradients.set(key, id);
      this.defs.push(linearGradient(id, stops, direction));
    }
    return `url(#${id})`;
  }

  radial(
    stops: readonly GradientStop[],
    geometry: { cx?: number; cy?: number; r?: number; fx?: number; fy?: number } = {},
  ) {
    const key = `r${JSON.stringify([stops, geometry])}`;
    let id = this.gradients.get(key);
    if (!id) {
      id = this.id("g");
      this.gradients.set(key, id);
      this.defs.push(radialGradient(id, stops, geometry));
    }
    return `url(#${id})`;
  }

  /** Declares a clip path from SVG shapes and answers its `url(#...)`. */
  clip(shapes: string) {
    const id = this.id("c");
    this.defs.push(tag("clipPath", { id }, shapes));
    return `url(#${id})`;
  }

  document(body: string[], pixelSize: { width: number; height: number }) {
    return svgDocument({ width: this.width, height: this.height }, pixelSize, this.defs, body);
  }
}
