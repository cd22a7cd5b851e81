// One drawing per kind of property, each varied by the seeded random source: proportions,
// colours, roofs, windows and the details that make a catalogue look lived in.

import {
  acUnit,
  balustrade,
  block,
  column,
  type Depth,
  depthOf,
  door,
  frontGable,
  glassRail,
  hipRoof,
  parapet,
  rollerShutter,
  satelliteDish,
  stoneCladding,
  text,
  timberCladding,
  waterTank,
  windowPane,
} from "./building-parts";
import type { Canvas } from "./canvas";
import { groundShadow } from "./scenery";
import { circle, ellipse, group, line, mix, polygon, rect, shade } from "./svg";

export const WALL_COLORS = [
  "#f3ede1",
  "#efe6d2",
  "#e8dcc4",
  "#f5f2ec",
  "#e6e2da",
  "#ead8bd",
  "#dfe3e0",
  "#f0e0c8",
  "#d9c6a5",
  "#e9e4f0",
];
export const ROOF_COLORS = [
  "#5a2e24",
  "#3a3d42",
  "#7a3b2a",
  "#2f3f5a",
  "#4b3a30",
  "#8a4a2c",
  "#2d2f33",
  "#6b2a2a",
];
const FRAME_COLORS = ["#2d2d2d", "#2d2d2d", "#f4f4f2", "#5a4030", "#3b4450"];
const DOOR_COLORS = ["#5a3520", "#6e4326", "#3a2a22", "#7d4b2a", "#2e2e30"];
const TRIM_COLORS = ["#ffffff", "#f6f1e6", "#c8b59a", "#a48d70", "#7a8590"];

export type Placement = { cx: number; groundY: number; scale: number };

type Style = {
  wall: string;
  roof: string;
  frame: string;
  trim: string;
  door: string;
  accent: string;
};

function pickStyle(c: Canvas): Style {
  const r = c.r;
  const wall = r.pick(WALL_COLORS);
  return {
    wall,
    roof: r.pick(ROOF_COLORS),
    frame: r.pick(FRAME_COLORS),
    trim: r.pick(TRIM_COLORS),
    door: r.pick(DOOR_COLORS),
    accent: r.pick(["#b9a98f", "#a89780", "#8f8a84", "#c2a98a"]),
  };
}

function windowRow(
  c: Canvas,
  x0: number,
  x1: number,
  y: number,
  count: number,
  width: number,
  height: number,
  style: Style,
  bars: boolean,
  skip?: (i: number) => boolean,
) {
  const out: string[] = [];
  const gap = (x1 - x0 - count * width) / (count + 1);
  for (let i = 0; i < count; i++) {
    if (skip?.(i)) continue;
    const x = x0 + gap + i * (width + gap);
    out.push(windowPane(c, x, y, width, height, { frame: style.frame, bars }));
  }
  return out;
}

/**
 * Detached houses, duplexes and bungalows: a main block with a hipped roof, often a wing with a
 * gable to the street, a columned porch, a balcony and a boys' quarters.
 */
export function residence(c: Canvas, at: Placement, kind: "house" | "duplex" | "bungalow") {
  const r = c.r;
  const s = at.scale;
  const style = pickStyle(c);
  const floors = kind === "bungalow" ? 1 : 2;
  const floorH = r.range(96, 112) * s;
  const plinth = 14 * s;
  const mainW =
    (kind === "bungalow"
      ? r.range(400, 480)
      : kind === "duplex"
        ? r.range(330, 400)
        : r.range(280, 340)) * s;
  const depth: Depth = depthOf(r.range(90, 130) * s);
  const wing = kind === "duplex" ? true : r.chance(0.6);
  const wingW = r.range(150, 200) * s;
  const wingFloors = kind === "bungalow" ? 1 : r.chance(0.5) ? 2 : 1;
  const wingRight = r.chance(0.5);
  const total = mainW + (wing ? wingW : 0);
  const left = at.cx - total / 2 - depth.dx / 2;
  const mainX = wing && !wingRight ? left + wingW : left;
  const wingX = wingRight ? mainX + mainW : left;
  const bodyH = floors * floorH + plinth;
  const top = at.groundY - bodyH;
  const bars = r.chance(0.35);
  const roofRise = r.range(62, 92) * s;
  const parts: string[] = [groundShadow(c, left, at.groundY, total + depth.dx, 40 * s)];

  const drawWing = () => {
    const wingH = wingFloors * floorH + plinth;
    const wingTop = at.groundY - wingH;
    const out = [block(c, wingX, wingTop, wingW, wingH, depth, style.wall, { side: wingRight })];
    out.push(rect(wingX, at.groundY - plinth, wingW, plinth, c.lit(shade(style.accent, -0.1))));
    if (wingFloors === 1 && kind !== "bungalow" && r.chance(0.5)) {
      // A garage with a roller door under a flat roof with a balustrade.
      out.push(
        rollerShutter(
          c,
          wingX + wingW * 0.12,
          at.groundY - floorH * 0.78,
          wingW * 0.76,
          floorH * 0.78 - plinth,
        ),
      );
      out.push(parapet(c, wingX, wingTop, wingW, depth, style.wall, 8 * s));
      out.push(balustrade(c, wingX, wingTop - 34 * s, wingW, 30 * s, style.trim));
    } else {
      out.push(frontGable(c, wingX, wingTop, wingW, depth, roofRise * 0.9, style.wall, style.roof));
      for (let f = 0; f < wingFloors; f++) {
        const fy = at.groundY - plinth - (f + 1) * floorH + floorH * 0.22;
        out.push(
          windowPane(c, wingX + wingW * 0.24, fy, wingW * 0.52, floorH * 0.6, {
            frame: style.frame,
            bars,
            cols: 3,
          }),
        );
      }
      // A small round or square vent in the gable.
      out.push(
        circle(
          wingX + wingW / 2,
          wingTop - roofRise * 0.42,
          10 * s,
          c.lit(shade(style.wall, -0.25)),
        ),
      );
    }
    return group(out);
  };

  if (wing && !wingRight) parts.push(drawWing());

  // Main block.
  parts.push(block(c, mainX, top, mainW, bodyH, depth, style.wall));
  parts.push(rect(mainX, at.groundY - plinth, mainW, plinth, c.lit(shade(style.accent, -0.1))));
  if (floors === 2)
    parts.push(rect(mainX - 3, top + floorH - 4 * s, mainW + 6, 8 * s, c.lit(style.trim)));
  parts.push(rect(mainX - 4, top - 4, mainW + 8, 10 * s, c.lit(style.trim)));
  parts.push(hipRoof(c, mainX, top, mainW, depth, roofRise, style.roof, { overhang: 18 * s }));

  // Windows, leaving the middle bay for the entrance.
  const perFloor = Math.max(3, Math.round(mainW / (95 * s)));
  const winW = r.range(56, 74) * s;
  const winH = floorH * r.range(0.55, 0.65);
  const middle = Math.floor(perFloor / 2);
  for (let f = 0; f < floors; f++) {
    const y = at.groundY - plinth - (f + 1) * floorH + floorH * 0.2;
    parts.push(
      ...windowRow(
        c,
        mainX,
        mainX + mainW,
        y,
        perFloor,
        winW,
        winH,
        style,
        bars,
        (i) => f === 0 && i === middle,
      ),
    );
  }
  if (r.chance(0.7))
    parts.push(
      acUnit(c, mainX + mainW * r.range(0.05, 0.2), at.groundY - plinth - floorH * 0.25, 24 * s),
    );
  if (r.chance(0.4)) parts.push(satelliteDish(c, mainX + mainW * 0.85, top - 6 * s, 26 * s));

  // Entrance: a porch with columns, a pediment or a flat slab, and a balcony above.
  const gap = (mainW - perFloor * winW) / (perFloor + 1);
  const doorX = mainX + gap + middle * (winW + gap) + winW / 2;
  const porchW = r.range(110, 150) * s;
  const doorW = 62 * s;
  const doorH = floorH * 0.78;
  parts.push(
    door(c, doorX - doorW / 2, at.groundY - plinth - doorH, doorW, doorH, style.door, true),
  );
  const porchTop = at.groundY - plinth - floorH * 0.95;
  const columnW = 13 * s;
  parts.push(column(c, doorX - porchW / 2, porchTop, at.groundY - porchTop, columnW, style.trim));
  parts.push(
    column(c, doorX + porchW / 2 - columnW, porchTop, at.groundY - porchTop, columnW, style.trim),
  );
  if (floors === 2 && r.chance(0.75)) {
    parts.push(
      block(
        c,
        doorX - porchW / 2 - 8,
        porchTop - 10 * s,
        porchW + 16,
        12 * s,
        depthOf(30 * s),
        style.trim,
        { top: true },
      ),
    );
    parts.push(
      balustrade(c, doorX - porchW / 2 - 6, porchTop - 44 * s, porchW + 12, 34 * s, style.trim),
    );
  } else {
    parts.push(
      block(
        c,
        doorX - porchW / 2 - 8,
        porchTop - 8 * s,
        porchW + 16,
        10 * s,
        depthOf(26 * s),
        style.trim,
        { top: true },
      ),
    );
    parts.push(
      frontGable(
        c,
        doorX - porchW / 2 - 8,
        porchTop - 8 * s,
        porchW + 16,
        depthOf(26 * s),
        40 * s,
        style.wall,
        style.roof,
        { overhang: 8 * s, courses: false },
      ),
    );
  }
  // Steps.
  for (let i = 0; i < 3; i++) {
    const w = porchW + 30 * s + i * 14 * s;
    parts.push(
      rect(
        doorX - w / 2,
        at.groundY - (3 - i) * 5 * s,
        w,
        5 * s,
        c.lit(shade("#e5e1da", -i * 0.04)),
      ),
    );
  }

  if (wing && wingRight) parts.push(drawWing());
  return group(parts);
}

/** A row of terraced houses sharing walls, each with its own gable or parapet and entrance. */
export function terraceRow(c: Canvas, at: Placement) {
  const r = c.r;
  const s = at.scale;
  const units = r.int(3, 5);
  const unitW = r.range(130, 160) * s;
  const floors = r.chance(0.3) ? 3 : 2;
  const floorH = r.range(86, 98) * s;
  const plinth = 12 * s;
  const depth = depthOf(r.range(90, 120) * s);
  const total = units * unitW;
  const left = at.cx - total / 2 - depth.dx / 2;
  const bodyH = floors * floorH + plinth;
  const top = at.groundY - bodyH;
  const style = pickStyle(c);
  const accents = [style.wall, r.pick(["#6f7c86", "#8a6f5a", "#c2b59b", "#5c6b63", "#9b5f4c"])];
  const gables = r.chance(0.55);
  const parts: string[] = [groundShadow(c, left, at.groundY, total + depth.dx, 36 * s)];
  for (let u = 0; u < units; u++) {
    const x = left + u * unitW;
    const last = u === units - 1;
    parts.push(block(c, x, top, unitW, bodyH, depth, style.wall, { side: last }));
    // Accent panel around the upper windows.
    const accent = accents[u % 2] ?? style.wall;
    parts.push(
      rect(
        x + unitW * 0.1,
        top + 8 * s,
        unitW * 0.45,
        bodyH - floorH - plinth - 8 * s,
        c.lit(accent),
      ),
    );
    parts.push(line(x, top, x, at.groundY, c.lit(shade(style.wall, -0.2)), 2));
    if (gables) {
      parts.push(
        frontGable(c, x, top, unitW, depth, r.range(48, 60) * s, style.wall, style.roof, {
          overhang: 6 * s,
        }),
      );
    } else {
      parts.push(parapet(c, x, top, unitW, depth, style.trim, 14 * s));
    }
    for (let f = 1; f < floors; f++) {
      const fy = at.groundY - plinth - (f + 1) * floorH + floorH * 0.2;
      parts.push(
        windowPane(c, x + unitW * 0.14, fy, unitW * 0.36, floorH * 0.6, {
          frame: style.frame,
          cols: 2,
        }),
      );
      parts.push(
        windowPane(c, x + unitW * 0.62, fy, unitW * 0.26, floorH * 0.6, {
          frame: style.frame,
          cols: 1,
        }),
      );
      if (f === 1)
        parts.push(glassRail(c, x + unitW * 0.12, fy + floorH * 0.38, unitW * 0.4, floorH * 0.24));
    }
    const doorW = unitW * 0.22;
    const doorH = floorH * 0.75;
    parts.push(
      door(c, x + unitW * 0.66, at.groundY - plinth - doorH, doorW, doorH, style.door, false),
    );
    parts.push(
      windowPane(
        c,
        x + unitW * 0.12,
        at.groundY - plinth - floorH * 0.78,
        unitW * 0.4,
        floorH * 0.55,
        { frame: style.frame, cols: 2 },
      ),
    );
    parts.push(
      block(
        c,
        x + unitW * 0.58,
        at.groundY - plinth - doorH - 14 * s,
        unitW * 0.38,
        8 * s,
        depthOf(24 * s),
        style.trim,
        { top: true },
      ),
    );
    parts.push(rect(x, at.groundY - plinth, unitW, plinth, c.lit(shade(style.accent, -0.1))));
    if (r.chance(0.5)) parts.push(acUnit(c, x + unitW * 0.7, top + floorH * 0.6, 20 * s));
  }
  return group(parts);
}

/** A block of flats: repeated floors of balconies and windows, water tanks on the roof. */
export function apartmentBlock(c: Canvas, at: Placement) {
  const r = c.r;
  const s = at.scale;
  const floors = r.int(4, 7);
  const bays = r.int(4, 7);
  const bayW = r.range(82, 100) * s;
  const floorH = r.range(60, 70) * s;
  const width = bays * bayW;
  const depth = depthOf(r.range(110, 150) * s);
  const x = at.cx - width / 2 - depth.dx / 2;
  const height = floors * floorH + 16 * s;
  const top = at.groundY - height;
  const wall = r.pick(["#f2f0ec", "#e9e4dc", "#dcd9d4", "#efe7da", "#e4e8ec"]);
  const accent = r.pick(["#5d6770", "#8a6a50", "#3f5566", "#a88b6a", "#6d7f72", "#b0553a"]);
  const frame = r.pick(["#2d2d2d", "#3b4450", "#f4f4f2"]);
  const modern = r.chance(0.6);
  const parts: string[] = [groundShadow(c, x, at.groundY, width + depth.dx, 46 * s)];
  parts.push(block(c, x, top, width, height, depth, wall));
  // Stair core in a contrasting colour.
  const coreBay = r.int(1, bays - 2);
  parts.push(
    rect(
      x + coreBay * bayW + bayW * 0.15,
      top - 30 * s,
      bayW * 0.7,
      height + 30 * s,
      c.lit(accent),
    ),
  );
  parts.push(
    block(
      c,
      x + coreBay * bayW + bayW * 0.15,
      top - 30 * s,
      bayW * 0.7,
      30 * s,
      depthOf(40 * s),
      accent,
      { top: true },
    ),
  );
  for (let f = 0; f < floors; f++) {
    const fy = at.groundY - 16 * s - (f + 1) * floorH;
    parts.push(rect(x - 2, fy + floorH - 5 * s, width + 4, 5 * s, c.lit(shade(wall, -0.1))));
    for (let b = 0; b < bays; b++) {
      const bx = x + b * bayW;
      if (b === coreBay) {
        // Vertical strip windows of the stairwell.
        parts.push(
          windowPane(c, bx + bayW * 0.38, fy + floorH * 0.15, bayW * 0.24, floorH * 0.6, {
            frame,
            sill: false,
            cols: 1,
          }),
        );
        continue;
      }
      if (f === 0 && modern) {
        parts.push(
          windowPane(c, bx + bayW * 0.08, fy + floorH * 0.12, bayW * 0.84, floorH * 0.78, {
            frame,
            sill: false,
          }),
        );
        continue;
      }
      const balcony = (b + (modern ? 0 : f)) % 2 === 0;
      parts.push(
        windowPane(c, bx + bayW * 0.12, fy + floorH * 0.14, bayW * 0.76, floorH * 0.66, {
          frame,
          sill: !balcony,
          cols: 2,
        }),
      );
      if (balcony) {
        parts.push(rect(bx + 2, fy + floorH - 9 * s, bayW - 4, 7 * s, c.lit(shade(wall, 0.05))));
        if (modern) parts.push(glassRail(c, bx + 4, fy + floorH * 0.5, bayW - 8, floorH * 0.42));
        else
          parts.push(balustrade(c, bx + 4, fy + floorH * 0.52, bayW - 8, floorH * 0.4, "#f4f1ea"));
      }
      if (r.chance(0.12)) parts.push(acUnit(c, bx + bayW * 0.62, fy + floorH * 0.55, 16 * s));
    }
  }
  if (modern) {
    // Vertical fins break up the facade.
    for (let b = 0; b <= bays; b += r.int(2, 3)) {
      parts.push(
        rect(x + b * bayW - 5 * s, top, 10 * s, height - 16 * s, c.lit(accent), { opacity: 0.92 }),
      );
    }
  }
  parts.push(parapet(c, x, top, width, depth, wall, 12 * s));
  const tanks = r.int(2, 5);
  for (let i = 0; i < tanks; i++) {
    const tx = x + width * 0.1 + i * 46 * s + depth.dx * 0.4;
    parts.push(waterTank(c, tx, top - 10 * s + depth.dy * 0.4, 34 * s, 40 * s));
  }
  // Ground floor: entrance canopy.
  const entranceX = x + coreBay * bayW;
  parts.push(
    block(
      c,
      entranceX - 10 * s,
      at.groundY - floorH * 0.95,
      bayW + 20 * s,
      8 * s,
      depthOf(40 * s),
      frame === "#f4f4f2" ? "#3b4450" : "#e8e8e8",
      { top: true },
    ),
  );
  parts.push(rect(x, at.groundY - 16 * s, width, 16 * s, c.lit(shade(wall, -0.2))));
  return group(parts);
}

/** A contemporary villa: stacked white boxes, timber and stone, walls of glass. */
export function villa(c: Canvas, at: Placement) {
  const r = c.r;
  const s = at.scale;
  const lowW = r.range(460, 560) * s;
  const lowH = r.range(110, 125) * s;
  const upW = lowW * r.range(0.55, 0.75);
  const upH = r.range(100, 115) * s;
  const depth = depthOf(r.range(110, 150) * s);
  const x = at.cx - lowW / 2 - depth.dx / 2;
  const upShift = r.chance(0.5) ? -lowW * 0.12 : lowW - upW + lowW * 0.1;
  const upX = x + upShift;
  const lowTop = at.groundY - lowH;
  const upTop = lowTop - upH;
  const white = r.pick(["#f6f5f2", "#f2efe9", "#ecebe8", "#efe6d6"]);
  const dark = r.pick(["#2f3236", "#3b3530", "#45484c"]);
  // The upper box is often a contrasting colour: charcoal, sand or the same white.
  const upper = r.weighted([
    [white, 3],
    ["#3a3d42", 2],
    ["#d8cbb5", 1.5],
    ["#c9c4bc", 1],
  ] as const);
  const glassFirst = r.chance(0.5);
  const parts: string[] = [groundShadow(c, x, at.groundY, lowW + depth.dx, 44 * s)];
  parts.push(block(c, x, lowTop, lowW, lowH, depth, white));
  // Floor-to-ceiling glass across most of the ground floor, a clad feature wall at one end.
  const featureW = lowW * r.range(0.2, 0.26);
  const glassX = glassFirst ? x + 10 * s : x + featureW + lowW * r.range(0.06, 0.12);
  const featureX = glassFirst ? x + lowW - featureW - 8 * s : x + 8 * s;
  parts.push(
    windowPane(c, glassX, lowTop + 14 * s, lowW * 0.6, lowH - 14 * s, {
      frame: dark,
      cols: r.int(4, 6),
      sill: false,
    }),
  );
  if (r.chance(0.5))
    parts.push(stoneCladding(c, featureX, lowTop + 10 * s, featureW, lowH - 10 * s));
  else parts.push(timberCladding(c, featureX, lowTop + 10 * s, featureW, lowH - 10 * s));
  // Thin projecting slab between floors.
  parts.push(
    block(c, x - 20 * s, lowTop - 10 * s, lowW + 40 * s, 12 * s, depth, white, { top: true }),
  );
  parts.push(rect(x - 20 * s, lowTop + 2 * s, lowW + 40 * s, 3 * s, "#000000", { opacity: 0.15 }));
  // Upper box.
  parts.push(block(c, upX, upTop - 10 * s, upW, upH, depth, upper));
  parts.push(
    windowPane(c, upX + upW * 0.08, upTop + 6 * s, upW * 0.55, upH * 0.72, {
      frame: dark,
      cols: 3,
      sill: false,
    }),
  );
  parts.push(timberCladding(c, upX + upW * 0.7, upTop, upW * 0.24, upH * 0.8));
  parts.push(glassRail(c, upX + upW * 0.06, upTop + upH * 0.45, upW * 0.6, upH * 0.32));
  parts.push(
    block(c, upX - 26 * s, upTop - 22 * s, upW + 52 * s, 12 * s, depth, white, { top: true }),
  );
  parts.push(rect(upX - 26 * s, upTop - 10 * s, upW + 52 * s, 3 * s, "#000000", { opacity: 0.15 }));
  if (c.light.night) {
    parts.push(rect(x - 20 * s, lowTop + 3 * s, lowW + 40 * s, 4 * s, "#ffe0a0", { opacity: 0.8 }));
  }
  return group(parts);
}

/** A glass office tower with a stone podium and lobby canopy. */
export function officeTower(c: Canvas, at: Placement) {
  const r = c.r;
  const s = at.scale;
  const width = r.range(280, 380) * s;
  const height = r.range(460, 620) * s;
  const depth = depthOf(r.range(150, 200) * s);
  const x = at.cx - width / 2 - depth.dx / 2;
  const top = at.groundY - height;
  const skyTop = c.light.sky[0]?.[1] ?? "#4a7fb5";
  const skyBottom = c.light.sky.at(-1)?.[1] ?? "#cfe3f0";
  const tint = r.pick(["#2a4a66", "#1f3a4f", "#33505e", "#2b3f58", "#3a4a3e"]);
  const glass = c.linear([
    [0, mix(skyTop, tint, 0.45)],
    [0.55, mix(skyBottom, tint, 0.55)],
    [1, mix(skyTop, tint, 0.7)],
  ]);
  const sideGlass = c.linear([
    [0, mix(skyTop, tint, 0.7)],
    [1, mix("#0f1a24", tint, 0.5)],
  ]);
  const floorH = 30 * s;
  const parts: string[] = [groundShadow(c, x, at.groundY, width + depth.dx, 50 * s)];
  parts.push(rect(x, top, width, height, glass));
  parts.push(
    polygon(
      [
        [x + width, top],
        [x + width + depth.dx, top + depth.dy],
        [x + width + depth.dx, at.groundY + depth.dy],
        [x + width, at.groundY],
      ],
      sideGlass,
    ),
  );
  const mullion = c.lit(r.pick(["#c9ced3", "#8a9199", "#e4e6e8"]));
  for (let y = top + floorH; y < at.groundY - 60 * s; y += floorH) {
    parts.push(rect(x, y - 3 * s, width, 5 * s, mullion, { opacity: 0.75 }));
    parts.push(
      polygon(
        [
          [x + width, y - 3 * s],
          [x + width + depth.dx, y - 3 * s + depth.dy],
          [x + width + depth.dx, y + 2 * s + depth.dy],
          [x + width, y + 2 * s],
        ],
        shade(mullion, -0.3),
        { opacity: 0.6 },
      ),
    );
    if (c.light.night) {
      for (let xx = x + 4; xx < x + width - 20; xx += 24 * s) {
        if (r.chance(0.4))
          parts.push(rect(xx, y + 4 * s, 20 * s, floorH - 10 * s, "#ffe2a0", { opacity: 0.75 }));
      }
    }
  }
  for (let xx = x + 24 * s; xx < x + width; xx += 24 * s) {
    parts.push(line(xx, top, xx, at.groundY - 60 * s, mullion, 1.2, { opacity: 0.5 }));
  }
  // Reflection streak.
  parts.push(
    polygon(
      [
        [x + width * 0.15, top],
        [x + width * 0.35, top],
        [x + width * 0.05, at.groundY - 60 * s],
        [x, at.groundY - 60 * s],
        [x, top + height * 0.3],
      ],
      "#ffffff",
      { opacity: 0.08 },
    ),
  );
  // Crown.
  parts.push(
    block(
      c,
      x + width * 0.1,
      top - 36 * s,
      width * 0.8,
      36 * s,
      depthOf(120 * s),
      r.pick(["#d8dadc", "#b9bec3"]),
      { top: true },
    ),
  );
  // Podium and lobby.
  const podH = 60 * s;
  parts.push(
    block(
      c,
      x - 30 * s,
      at.groundY - podH,
      width + 60 * s,
      podH,
      depth,
      r.pick(["#cfc4b4", "#b8b2aa", "#d9d2c6"]),
      { top: true },
    ),
  );
  parts.push(
    windowPane(c, x + width * 0.15, at.groundY - podH + 10 * s, width * 0.7, podH - 10 * s, {
      frame: "#2d2d2d",
      cols: 6,
      sill: false,
    }),
  );
  parts.push(
    block(
      c,
      x + width * 0.25,
      at.groundY - podH - 4 * s,
      width * 0.5,
      8 * s,
      depthOf(60 * s),
      "#3a3d42",
      { top: true },
    ),
  );
  return group(parts);
}

const PLAZA_NAMES = [
  "UNITY",
  "GRACE",
  "ROYAL",
  "CENTRAL",
  "GOLDEN GATE",
  "PRESTIGE",
  "CROWN",
  "FAITH",
  "DIAMOND",
  "ADEOLA",
];
const AWNING_COLORS = [
  "#c0392b",
  "#1f6f8b",
  "#2e8b57",
  "#d68910",
  "#6c3483",
  "#1b4f72",
  "#b03a2e",
  "#117a65",
];

/** A two-storey shopping plaza: shop fronts with signboards, offices above, a name on top. */
export function shoppingPlaza(c: Canvas, at: Placement) {
  const r = c.r;
  const s = at.scale;
  const shops = r.int(4, 6);
  const shopW = r.range(120, 150) * s;
  const width = shops * shopW;
  const floorH = r.range(100, 116) * s;
  const depth = depthOf(r.range(100, 140) * s);
  const x = at.cx - width / 2 - depth.dx / 2;
  const height = floorH * 2 + 20 * s;
  const top = at.groundY - height;
  const wall = r.pick(["#e9e4da", "#f0ede6", "#d8d4cc", "#efe2cc"]);
  const cladding = r.pick(["#2f4f6f", "#7a1f2b", "#1f5f4a", "#3a3d42", "#b5651d"]);
  const parts: string[] = [groundShadow(c, x, at.groundY, width + depth.dx, 40 * s)];
  parts.push(block(c, x, top, width, height, depth, wall));
  // Upper floor: a band of offices behind continuous glazing.
  parts.push(rect(x, top + 20 * s, width, floorH - 8 * s, c.lit(cladding)));
  parts.push(
    windowPane(c, x + 14 * s, top + 34 * s, width - 28 * s, floorH - 44 * s, {
      frame: "#d8dadc",
      cols: shops * 2,
      sill: false,
    }),
  );
  // Name board on the parapet.
  const name = `${r.pick(PLAZA_NAMES)} PLAZA`;
  const boardW = Math.min(width * 0.6, name.length * 24 * s);
  parts.push(
    rect(at.cx - boardW / 2 - depth.dx / 2, top - 34 * s, boardW, 40 * s, c.lit("#f8f6f0")),
  );
  parts.push(
    text(at.cx - depth.dx / 2, top - 6 * s, name, 26 * s, c.lit(cladding), { spacing: 2 }),
  );
  for (let i = 0; i < shops; i++) {
    const sx = x + i * shopW;
    const sign = r.pick(AWNING_COLORS);
    const frontTop = at.groundY - floorH + 16 * s;
    parts.push(rect(sx + 4, frontTop - 26 * s, shopW - 8, 24 * s, c.lit(sign)));
    parts.push(rect(sx + 12, frontTop - 18 * s, shopW * 0.5, 4 * s, "#ffffff", { opacity: 0.85 }));
    parts.push(rect(sx + 12, frontTop - 11 * s, shopW * 0.3, 3 * s, "#ffffff", { opacity: 0.6 }));
    if (r.chance(0.25)) {
      parts.push(rollerShutter(c, sx + 8, frontTop, shopW - 16, floorH - 16 * s, r.range(0, 0.6)));
    } else {
      parts.push(
        windowPane(c, sx + 8, frontTop, shopW - 16, floorH - 16 * s, {
          frame: "#3a3d42",
          cols: 2,
          sill: false,
          lit: c.light.night,
        }),
      );
      // Goods on shelves behind the glass.
      for (let shelf = 0; shelf < 3; shelf++) {
        const sy = frontTop + 16 * s + shelf * 24 * s;
        for (let gx = sx + 16; gx < sx + shopW - 24; gx += 10 * s) {
          parts.push(
            rect(
              gx,
              sy,
              7 * s,
              14 * s,
              r.pick(["#e74c3c", "#f1c40f", "#3498db", "#ecf0f1", "#2ecc71", "#e67e22"]),
              { opacity: 0.75 },
            ),
          );
        }
      }
    }
    parts.push(line(sx, frontTop - 30 * s, sx, at.groundY, c.lit(shade(wall, -0.25)), 3));
  }
  // Canopy along the ground floor.
  parts.push(
    block(c, x - 8, at.groundY - floorH - 18 * s, width + 16, 8 * s, depthOf(50 * s), "#d9dadc", {
      top: true,
    }),
  );
  return group(parts);
}

/** A warehouse: clad walls, low-pitched roof, roller doors, an office annex and a fence. */
export function warehouse(c: Canvas, at: Placement) {
  const r = c.r;
  const s = at.scale;
  const width = r.range(620, 760) * s;
  const wallH = r.range(150, 190) * s;
  const depth = depthOf(r.range(220, 300) * s);
  const x = at.cx - width / 2 - depth.dx / 2;
  const top = at.groundY - wallH;
  const clad = r.pick(["#d9dcdf", "#e6e0d2", "#c9d3da", "#dfe2e4"]);
  const band = r.pick(["#1f5f8b", "#2e7d4f", "#9b2c2c", "#3a3d42", "#c0641c"]);
  const rise = r.range(50, 80) * s;
  const parts: string[] = [groundShadow(c, x, at.groundY, width + depth.dx, 50 * s)];
  // Roof: a shallow gable running front to back.
  const roof = c.lit(r.pick(["#9aa3ab", "#b3b8bc", "#7f8a94"]));
  parts.push(
    polygon(
      [
        [x + width / 2, top - rise],
        [x + width / 2 + depth.dx, top - rise + depth.dy],
        [x + width + 10 + depth.dx, top + 4 + depth.dy],
        [x + width + 10, top + 4],
      ],
      shade(roof, -0.12),
    ),
  );
  parts.push(block(c, x, top, width, wallH, depth, clad));
  parts.push(
    polygon(
      [
        [x, top],
        [x + width, top],
        [x + width / 2, top - rise],
      ],
      c.lit(clad),
    ),
  );
  parts.push(
    polygon(
      [
        [x - 10, top + 4],
        [x + width / 2, top - rise - 4],
        [x + width + 10, top + 4],
        [x + width + 10, top + 10],
        [x + width / 2, top - rise + 4],
        [x - 10, top + 10],
      ],
      shade(roof, -0.2),
    ),
  );
  // Vertical profile lines of the cladding.
  const lines: string[] = [];
  for (let xx = x + 6; xx < x + width; xx += 9 * s) {
    const yTop =
      top + Math.abs(xx - (x + width / 2)) < width / 2
        ? top - rise * (1 - Math.abs(xx - (x + width / 2)) / (width / 2))
        : top;
    lines.push(line(xx, yTop + 4, xx, at.groundY, shade(c.lit(clad), -0.1), 1.2));
  }
  parts.push(group(lines, { opacity: 0.7 }));
  parts.push(rect(x, top + 16 * s, width, 18 * s, c.lit(band)));
  const doors = r.int(2, 4);
  const doorW = r.range(90, 120) * s;
  const doorH = wallH * 0.7;
  const annexW = r.range(130, 170) * s;
  const gap = (width - annexW - doors * doorW) / (doors + 1);
  for (let i = 0; i < doors; i++) {
    parts.push(
      rollerShutter(
        c,
        x + annexW + gap + i * (doorW + gap),
        at.groundY - doorH,
        doorW,
        doorH,
        r.chance(0.3) ? 0.5 : 0,
      ),
    );
  }
  // Office annex with windows.
  parts.push(
    block(
      c,
      x,
      at.groundY - wallH * 0.72,
      annexW,
      wallH * 0.72,
      depthOf(40 * s),
      r.pick(["#f2efe8", "#e8e4dc"]),
      { top: true },
    ),
  );
  parts.push(
    windowPane(c, x + 14 * s, at.groundY - wallH * 0.62, annexW - 28 * s, wallH * 0.22, {
      frame: "#2d2d2d",
      cols: 3,
    }),
  );
  parts.push(
    door(
      c,
      x + annexW * 0.35,
      at.groundY - wallH * 0.32,
      annexW * 0.3,
      wallH * 0.32,
      "#3a3d42",
      true,
    ),
  );
  // Translucent roof lights.
  for (let i = 0; i < 4; i++) {
    const t = 0.15 + i * 0.2;
    parts.push(
      polygon(
        [
          [x + width / 2 + depth.dx * t, top - rise + depth.dy * t],
          [x + width / 2 + depth.dx * (t + 0.08), top - rise + depth.dy * (t + 0.08)],
          [x + width * 0.75 + depth.dx * (t + 0.08), top - rise / 2 + depth.dy * (t + 0.08)],
          [x + width * 0.75 + depth.dx * t, top - rise / 2 + depth.dy * t],
        ],
        "#e8eef2",
        { opacity: 0.6 },
      ),
    );
  }
  return group(parts);
}

/** A box truck, for warehouse yards. */
export function truck(c: Canvas, x: number, baseY: number, scale: number) {
  const r = c.r;
  const box = c.lit(r.pick(["#f2f2f0", "#e8e2d0", "#d9dde0"]));
  const cab = c.lit(r.pick(["#c0392b", "#1f5f8b", "#f2f2f0", "#2e7d4f"]));
  const s = scale;
  const wheel = (wx: number) =>
    group([
      circle(wx, baseY - 20 * s, 20 * s, "#1a1a1c"),
      circle(wx, baseY - 20 * s, 9 * s, "#9a9da0"),
    ]);
  return group([
    ellipse(x + 150 * s, baseY, 170 * s, 8 * s, "#000000", { opacity: c.light.shadow }),
    rect(x, baseY - 150 * s, 220 * s, 120 * s, box),
    rect(x, baseY - 150 * s, 220 * s, 6 * s, shade(box, -0.15)),
    rect(x + 224 * s, baseY - 110 * s, 76 * s, 82 * s, cab),
    polygon(
      [
        [x + 250 * s, baseY - 106 * s],
        [x + 294 * s, baseY - 106 * s],
        [x + 298 * s, baseY - 70 * s],
        [x + 250 * s, baseY - 70 * s],
      ],
      "#2b3a4a",
    ),
    rect(x - 4, baseY - 34 * s, 308 * s, 8 * s, "#2a2c30"),
    wheel(x + 50 * s),
    wheel(x + 90 * s),
    wheel(x + 260 * s),
  ]);
}

/** A building under construction: concrete frame, block infill, scaffolding and a tower crane. */
export function constructionSite(c: Canvas, at: Placement) {
  const r = c.r;
  const s = at.scale;
  const floors = r.int(3, 6);
  const bays = r.int(4, 6);
  const bayW = r.range(90, 110) * s;
  const floorH = r.range(64, 72) * s;
  const width = bays * bayW;
  const depth = depthOf(r.range(110, 140) * s);
  const x = at.cx - width / 2 - depth.dx / 2;
  const concrete = c.lit("#a9a9a4");
  const block = c.lit("#8f8f8a");
  const built = r.int(Math.max(1, floors - 3), floors - 1);
  const parts: string[] = [groundShadow(c, x, at.groundY, width + depth.dx, 40 * s)];
  for (let f = 0; f < floors; f++) {
    const fy = at.groundY - (f + 1) * floorH;
    // Dark interior behind the frame.
    parts.push(rect(x, fy, width, floorH, "#3b3a38"));
    parts.push(
      polygon(
        [
          [x + width, fy],
          [x + width + depth.dx, fy + depth.dy],
          [x + width + depth.dx, fy + floorH + depth.dy],
          [x + width, fy + floorH],
        ],
        shade(concrete, -0.3),
      ),
    );
    if (f < built) {
      for (let b = 0; b < bays; b++) {
        const bx = x + b * bayW;
        parts.push(rect(bx + 8 * s, fy + 6 * s, bayW - 16 * s, floorH - 6 * s, block));
        for (let yy = fy + 12 * s; yy < fy + floorH; yy += 9 * s) {
          parts.push(line(bx + 8 * s, yy, bx + bayW - 8 * s, yy, shade(block, -0.15), 0.8));
        }
        if (b % 2 === 0 && f > 0)
          parts.push(
            rect(bx + bayW * 0.3, fy + floorH * 0.25, bayW * 0.4, floorH * 0.5, "#2a2927"),
          );
      }
    }
    parts.push(
      polygon(
        [
          [x - 6, fy],
          [x + width + 6, fy],
          [x + width + 6 + depth.dx, fy + depth.dy],
          [x - 6 + depth.dx, fy + depth.dy],
        ],
        shade(concrete, 0.1),
      ),
    );
    parts.push(rect(x - 6, fy, width + 12, 9 * s, concrete));
    for (let b = 0; b <= bays; b++)
      parts.push(rect(x + b * bayW - 6 * s, fy, 12 * s, floorH, concrete));
  }
  // Starter bars sticking up from the top slab.
  const topY = at.groundY - floors * floorH;
  for (let b = 0; b <= bays; b++) {
    for (let k = -1; k <= 1; k++)
      parts.push(
        line(
          x + b * bayW + k * 3 * s,
          topY,
          x + b * bayW + k * 3 * s,
          topY - 26 * s,
          "#6b4a32",
          1.5,
        ),
      );
  }
  // Scaffolding on the front.
  const scaffold: string[] = [];
  const sx0 = x - 20 * s;
  const sx1 = x + width * r.range(0.4, 0.7);
  for (let xx = sx0; xx <= sx1; xx += 36 * s)
    scaffold.push(line(xx, at.groundY, xx, topY - 10 * s, "#7b7f84", 2.2));
  for (let yy = at.groundY; yy > topY - 10 * s; yy -= floorH / 2)
    scaffold.push(line(sx0, yy, sx1, yy, "#7b7f84", 2));
  for (let xx = sx0; xx < sx1; xx += 72 * s)
    scaffold.push(line(xx, at.groundY, xx + 36 * s, at.groundY - floorH, "#7b7f84", 1.4));
  parts.push(group(scaffold, { opacity: 0.9 }));
  // Tower crane.
  const craneX = x + width + depth.dx + r.range(20, 80) * s;
  const craneTop = Math.max(40 * s, topY - r.range(140, 220) * s);
  const yellow = c.lit("#f2b705");
  const mast: string[] = [
    rect(craneX - 8 * s, craneTop, 16 * s, at.groundY - craneTop, "none", {
      stroke: yellow,
      "stroke-width": 2.5,
    }),
  ];
  for (let yy = at.groundY; yy > craneTop; yy -= 16 * s)
    mast.push(line(craneX - 8 * s, yy, craneX + 8 * s, yy - 16 * s, yellow, 1.5));
  const jibLeft = craneX - r.range(300, 420) * s;
  const jibRight = craneX + 110 * s;
  mast.push(
    rect(jibLeft, craneTop - 10 * s, jibRight - jibLeft, 10 * s, "none", {
      stroke: yellow,
      "stroke-width": 2.5,
    }),
  );
  for (let xx = jibLeft; xx < jibRight; xx += 14 * s)
    mast.push(line(xx, craneTop, xx + 7 * s, craneTop - 10 * s, yellow, 1.2));
  mast.push(
    polygon(
      [
        [craneX - 6 * s, craneTop - 10 * s],
        [craneX, craneTop - 50 * s],
        [craneX + 6 * s, craneTop - 10 * s],
      ],
      yellow,
    ),
  );
  mast.push(line(craneX, craneTop - 50 * s, jibLeft + 20 * s, craneTop - 10 * s, "#5a5d60", 1));
  mast.push(line(craneX, craneTop - 50 * s, jibRight, craneTop - 10 * s, "#5a5d60", 1));
  mast.push(rect(jibRight - 40 * s, craneTop, 34 * s, 22 * s, c.lit("#8a8d90")));
  mast.push(rect(craneX - 14 * s, craneTop, 22 * s, 20 * s, c.lit("#e8e8e8")));
  const hookX = jibLeft + (craneX - jibLeft) * r.range(0.2, 0.6);
  const hookY = topY - r.range(10, 80) * s;
  mast.push(line(hookX, craneTop, hookX, hookY, "#3a3d42", 1.2));
  mast.push(rect(hookX - 30 * s, hookY, 60 * s, 10 * s, c.lit("#6b4a32")));
  parts.push(group(mast));
  // Sand heap and blocks on site.
  parts.push(ellipse(x - 60 * s, at.groundY + 10 * s, 80 * s, 30 * s, c.lit("#d9b77a")));
  for (let i = 0; i < 3; i++)
    parts.push(
      rect(
        x + width * 0.7 + i * 26 * s,
        at.groundY - (3 - i) * 12 * s + 16 * s,
        24 * s,
        12 * s,
        block,
      ),
    );
  return group(parts);
}

/** A neighbour's house in the distance (behind a plot, down a street). */
export function distantHouse(c: Canvas, x: number, groundY: number, scale: number) {
  const r = c.r;
  const wall = mix(c.lit(r.pick(WALL_COLORS)), c.light.haze, 0.35);
  const roof = mix(c.lit(r.pick(ROOF_COLORS)), c.light.haze, 0.35);
  const w = r.range(120, 180) * scale;
  const h = r.range(70, 120) * scale;
  return group([
    rect(x, groundY - h, w, h, wall),
    polygon(
      [
        [x - 8 * scale, groundY - h],
        [x + w + 8 * scale, groundY - h],
        [x + w - 20 * scale, groundY - h - 36 * scale],
        [x + 20 * scale, groundY - h - 36 * scale],
      ],
      roof,
    ),
    ...Array.from({ length: Math.max(2, Math.floor(w / (40 * scale))) }, (_, i) =>
      rect(
        x + 12 * scale + i * 40 * scale,
        groundY - h * 0.7,
        20 * scale,
        h * 0.3,
        mix("#2b3a4a", c.light.haze, 0.3),
      ),
    ),
  ]);
}
