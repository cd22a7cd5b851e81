// Building parts in an oblique view: the front face square on, the right-hand side receding up
// and to the right. Walls, roofs, windows, doors, railings and the small things Nigerian
// buildings carry (air-conditioner units, satellite dishes, water tanks).

import type { Canvas } from "./canvas";
import { circle, ellipse, group, line, mix, n, polygon, rect, shade, tag } from "./svg";

export type Depth = { dx: number; dy: number };

export function depthOf(d: number): Depth {
  return { dx: d * 0.55, dy: -d * 0.3 };
}

/** A wall block: front face, receding right side and (for flat roofs) the top. */
export function block(
  c: Canvas,
  x: number,
  top: number,
  width: number,
  height: number,
  depth: Depth,
  color: string,
  options: { side?: boolean; top?: boolean; topColor?: string } = {},
) {
  const front = c.lit(color);
  const parts = [
    rect(
      x,
      top,
      width,
      height,
      c.linear([
        [0, shade(front, 0.04)],
        [1, shade(front, -0.06)],
      ]),
    ),
  ];
  if (options.side ?? true) {
    parts.push(
      polygon(
        [
          [x + width, top],
          [x + width + depth.dx, top + depth.dy],
          [x + width + depth.dx, top + height + depth.dy],
          [x + width, top + height],
        ],
        c.shadowed(color, 0.2),
      ),
    );
  }
  if (options.top) {
    parts.push(
      polygon(
        [
          [x, top],
          [x + depth.dx, top + depth.dy],
          [x + width + depth.dx, top + depth.dy],
          [x + width, top],
        ],
        c.lit(options.topColor ?? shade(color, -0.1)),
      ),
    );
  }
  return group(parts);
}

/** Parallel lines across a roof plane, clipped to it: the courses of stone-coated tiles. */
function roofCourses(c: Canvas, points: [number, number][], color: string, spacing: number) {
  const ys = points.map(([, y]) => y);
  const xs = points.map(([x]) => x);
  const minY = Math.min(...ys);
  const maxY = Math.max(...ys);
  const clip = c.clip(polygon(points, "#000"));
  const lines: string[] = [];
  for (let y = maxY - 2; y > minY; y -= spacing) {
    lines.push(line(Math.min(...xs), y, Math.max(...xs), y, shade(color, -0.22), 1.4));
  }
  return group(lines, { "clip-path": clip, opacity: 0.55 });
}

export type RoofOptions = { overhang?: number; courses?: boolean };

/** A hipped roof: front trapezoid and the right hip, ridge along the width. */
export function hipRoof(
  c: Canvas,
  x: number,
  top: number,
  width: number,
  depth: Depth,
  rise: number,
  color: string,
  options: RoofOptions = {},
) {
  const oh = options.overhang ?? 16;
  const inset = Math.min(width * 0.32, rise * 1.1);
  const ridgeL: [number, number] = [x + inset + depth.dx / 2, top - rise + depth.dy / 2];
  const ridgeR: [number, number] = [x + width - inset + depth.dx / 2, top - rise + depth.dy / 2];
  const eaveY = top + 4;
  const front: [number, number][] = [[x - oh, eaveY], [x + width + oh, eaveY], ridgeR, ridgeL];
  const hip: [number, number][] = [
    [x + width + oh, eaveY],
    [x + width + oh + depth.dx, eaveY + depth.dy],
    ridgeR,
  ];
  const roof = c.lit(color);
  return group([
    polygon(
      [[x - oh, eaveY], [x + width + oh + depth.dx, eaveY + depth.dy], ridgeR, ridgeL],
      shade(roof, -0.2),
    ),
    polygon(
      front,
      c.linear([
        [0, shade(roof, 0.12)],
        [1, shade(roof, -0.08)],
      ]),
    ),
    options.courses === false ? "" : roofCourses(c, front, roof, 7),
    polygon(hip, shade(roof, -0.28)),
    options.courses === false ? "" : roofCourses(c, hip, shade(roof, -0.28), 7),
    rect(x - oh, eaveY - 1, width + oh * 2, 5, shade(roof, -0.35)),
    line(ridgeL[0], ridgeL[1], ridgeR[0], ridgeR[1], shade(roof, -0.3), 3),
  ]);
}

/** A gable facing the street: a triangle of wall, with the right roof slope receding. */
export function frontGable(
  c: Canvas,
  x: number,
  top: number,
  width: number,
  depth: Depth,
  rise: number,
  wall: string,
  roofColor: string,
  options: RoofOptions = {},
) {
  const oh = options.overhang ?? 14;
  const apex: [number, number] = [x + width / 2, top - rise];
  const roof = c.lit(roofColor);
  const slope = rise / (width / 2);
  const rightPlane: [number, number][] = [
    [apex[0], apex[1] - 4],
    [apex[0] + depth.dx, apex[1] - 4 + depth.dy],
    [x + width + oh + depth.dx, top + oh * slope + depth.dy],
    [x + width + oh, top + oh * slope],
  ];
  return group([
    polygon(rightPlane, shade(roof, -0.18)),
    options.courses === false ? "" : roofCourses(c, rightPlane, shade(roof, -0.18), 7),
    polygon([[x, top], [x + width, top], apex], c.lit(wall)),
    // Barge boards along both slopes.
    polygon(
      [
        [x - oh, top + oh * slope],
        [apex[0], apex[1] - 6],
        [x + width + oh, top + oh * slope],
        [x + width + oh, top + oh * slope + 8],
        [apex[0], apex[1] + 3],
        [x - oh, top + oh * slope + 8],
      ],
      shade(roof, -0.05),
    ),
  ]);
}

/** A flat roof with a parapet and coping. */
export function parapet(
  c: Canvas,
  x: number,
  top: number,
  width: number,
  depth: Depth,
  color: string,
  height = 14,
) {
  return group([
    block(c, x - 4, top - height, width + 8, height, depth, shade(color, 0.05), {
      top: true,
      topColor: shade(color, -0.15),
    }),
  ]);
}

export type WindowOptions = {
  frame?: string;
  cols?: number;
  rows?: number;
  bars?: boolean;
  lit?: boolean;
  sill?: boolean;
  curtain?: string;
};

/** Tinted glass in an aluminium frame, with the sky reflected in it. */
export function windowPane(
  c: Canvas,
  x: number,
  y: number,
  width: number,
  height: number,
  options: WindowOptions = {},
) {
  const frame = c.lit(options.frame ?? "#2d2d2d");
  const skyTop = c.light.sky[0]?.[1] ?? "#5d8fc0";
  const lit = options.lit ?? (c.light.night && c.r.chance(0.6));
  const glass = lit
    ? c.linear([
        [0, "#ffe2a0"],
        [1, "#e89b4c"],
      ])
    : c.linear([
        [0, mix(skyTop, "#1b2733", 0.35)],
        [0.6, mix(skyTop, "#18222c", 0.65)],
        [1, "#1a232b"],
      ]);
  const cols = options.cols ?? Math.max(1, Math.round(width / 38));
  const rows = options.rows ?? (height > width * 1.6 ? 2 : 1);
  const inset = Math.max(2.5, width * 0.05);
  const parts = [
    rect(x, y, width, height, frame),
    rect(x + inset, y + inset, width - inset * 2, height - inset * 2, glass),
  ];
  if (options.curtain && !lit) {
    parts.push(
      rect(x + inset, y + inset, (width - inset * 2) * 0.22, height - inset * 2, options.curtain, {
        opacity: 0.75,
      }),
    );
  }
  if (!lit) {
    parts.push(
      polygon(
        [
          [x + inset, y + height * 0.55],
          [x + width * 0.45, y + inset],
          [x + width * 0.65, y + inset],
          [x + inset, y + height * 0.85],
        ],
        "#ffffff",
        { opacity: 0.12 },
      ),
    );
  }
  for (let i = 1; i < cols; i++) {
    const xx = x + (width * i) / cols;
    parts.push(rect(xx - 1.5, y, 3, height, frame));
  }
  for (let i = 1; i < rows; i++) {
    const yy = y + (height * i) / rows;
    parts.push(rect(x, yy - 1.5, width, 3, frame));
  }
  if (options.bars) {
    for (let xx = x + 8; xx < x + width - 4; xx += 9) {
      parts.push(line(xx, y + 3, xx, y + height - 3, shade(frame, -0.2), 1.4, { opacity: 0.8 }));
    }
  }
  if (options.sill ?? true) {
    parts.push(rect(x - 5, y + height, width + 10, 5, c.lit("#f2efe8")));
    parts.push(rect(x - 5, y + height + 5, width + 10, 2, "#000000", { opacity: 0.15 }));
  }
  return group(parts);
}

/** A panelled front door, single or double, with a frame and an overhead light. */
export function door(
  c: Canvas,
  x: number,
  y: number,
  width: number,
  height: number,
  color: string,
  double = true,
) {
  const wood = c.lit(color);
  const parts = [
    rect(x - 6, y - 6, width + 12, height + 6, c.lit("#f0ebe2")),
    rect(x, y, width, height, wood),
  ];
  const leaves = double ? 2 : 1;
  for (let i = 0; i < leaves; i++) {
    const lx = x + (width / leaves) * i;
    const lw = width / leaves;
    parts.push(
      rect(lx + lw * 0.15, y + height * 0.08, lw * 0.7, height * 0.36, shade(wood, -0.15)),
    );
    parts.push(
      rect(lx + lw * 0.15, y + height * 0.52, lw * 0.7, height * 0.38, shade(wood, -0.15)),
    );
    parts.push(
      rect(lx + lw * (i === 0 && double ? 0.82 : 0.12), y + height * 0.5, 3, 12, "#c8a85a"),
    );
  }
  if (double)
    parts.push(line(x + width / 2, y, x + width / 2, y + height, shade(wood, -0.35), 1.5));
  if (c.light.night) {
    parts.push(
      circle(
        x + width / 2,
        y - 14,
        30,
        c.radial([
          [0, "#ffe2a0", 0.6],
          [1, "#ffe2a0", 0],
        ]),
      ),
    );
  }
  return group(parts);
}

/** A roller-shutter door (shops, garages, warehouses). */
export function rollerShutter(
  c: Canvas,
  x: number,
  y: number,
  width: number,
  height: number,
  open = 0,
) {
  const metal = c.lit("#a7abb0");
  const parts = [rect(x, y, width, height, "#2a2c30")];
  const shutterH = height * (1 - open);
  parts.push(rect(x, y, width, shutterH, metal));
  for (let yy = y + 5; yy < y + shutterH; yy += 6) {
    parts.push(line(x, yy, x + width, yy, shade(metal, -0.2), 1));
  }
  parts.push(rect(x - 4, y - 10, width + 8, 10, shade(metal, -0.15)));
  return group(parts);
}

/** Balusters between two rails: the balcony railing of most Nigerian duplexes. */
export function balustrade(
  c: Canvas,
  x: number,
  y: number,
  width: number,
  height: number,
  color: string,
) {
  const col = c.lit(color);
  const parts = [rect(x, y, width, 6, col), rect(x, y + height - 5, width, 5, col)];
  for (let xx = x + 6; xx < x + width - 4; xx += 11) {
    parts.push(rect(xx, y + 6, 5, height - 11, shade(col, -0.06)));
    parts.push(ellipse(xx + 2.5, y + height / 2, 4, height * 0.18, shade(col, -0.02)));
  }
  return group(parts);
}

/** A glass balustrade with a steel handrail (modern apartments and villas). */
export function glassRail(c: Canvas, x: number, y: number, width: number, height: number) {
  return group([
    rect(x, y, width, height, "#bfe0ea", { opacity: 0.35 }),
    rect(x, y, width, 3, c.lit("#d6d9dc")),
    ...Array.from({ length: Math.max(1, Math.floor(width / 60)) }, (_, i) =>
      line(x + 30 + i * 60, y, x + 30 + i * 60, y + height, c.lit("#c0c4c8"), 1.2),
    ),
  ]);
}

/** A round column with base and capital. */
export function column(
  c: Canvas,
  x: number,
  top: number,
  height: number,
  width: number,
  color: string,
) {
  const col = c.lit(color);
  return group([
    rect(x - width * 0.2, top, width * 1.4, 8, shade(col, -0.05)),
    rect(
      x,
      top + 8,
      width,
      height - 16,
      c.linear(
        [
          [0, shade(col, -0.12)],
          [0.35, shade(col, 0.1)],
          [1, shade(col, -0.18)],
        ],
        { x1: 0, y1: 0, x2: 1, y2: 0 },
      ),
    ),
    rect(x - width * 0.25, top + height - 8, width * 1.5, 8, shade(col, -0.08)),
  ]);
}

/** The outdoor unit of a split air conditioner, fixed to a wall. */
export function acUnit(c: Canvas, x: number, y: number, size = 28) {
  const body = c.lit("#e9eaec");
  return group([
    rect(x, y, size * 1.3, size, body),
    circle(x + size * 0.5, y + size * 0.5, size * 0.36, shade(body, -0.25)),
    circle(x + size * 0.5, y + size * 0.5, size * 0.08, shade(body, -0.45)),
    rect(x, y + size, size * 1.3, 2, "#000000", { opacity: 0.2 }),
  ]);
}

export function satelliteDish(c: Canvas, x: number, y: number, size = 26) {
  const body = c.lit("#dcdde0");
  return group([
    line(x, y, x + size * 0.3, y + size * 0.7, c.lit("#6a6d72"), 2),
    ellipse(x, y, size * 0.55, size * 0.42, body, { transform: `rotate(-25 ${n(x)} ${n(y)})` }),
    line(x, y, x + size * 0.35, y - size * 0.2, c.lit("#6a6d72"), 1.5),
  ]);
}

/** A plastic water tank on a roof or stand: black or blue cylinders are everywhere. */
export function waterTank(c: Canvas, x: number, baseY: number, width: number, height: number) {
  const color = c.lit(c.r.pick(["#1e2124", "#2a4f8a", "#1e2124", "#2b6a9e"]));
  return group([
    rect(
      x,
      baseY - height,
      width,
      height,
      c.linear(
        [
          [0, shade(color, 0.15)],
          [0.4, shade(color, 0.3)],
          [1, shade(color, -0.2)],
        ],
        { x1: 0, y1: 0, x2: 1, y2: 0 },
      ),
    ),
    ellipse(x + width / 2, baseY - height, width / 2, width * 0.14, shade(color, 0.2)),
    ellipse(x + width / 2, baseY - height - 3, width * 0.15, width * 0.05, shade(color, -0.2)),
    ...[0.33, 0.66].map((t) =>
      line(x, baseY - height * t, x + width, baseY - height * t, shade(color, -0.3), 1.2),
    ),
  ]);
}

/** A stone-cladding feature panel: irregular horizontal stones. */
export function stoneCladding(
  c: Canvas,
  x: number,
  y: number,
  width: number,
  height: number,
  color = "#b9a98f",
) {
  const base = c.lit(color);
  const parts = [rect(x, y, width, height, base)];
  for (let yy = y; yy < y + height; yy += 9) {
    let xx = x - c.r.range(0, 20);
    while (xx < x + width) {
      const w = c.r.range(14, 34);
      parts.push(
        rect(
          Math.max(x, xx),
          yy + 1,
          Math.min(w - 2, x + width - Math.max(x, xx)),
          7,
          shade(base, c.r.range(-0.12, 0.1)),
        ),
      );
      xx += w;
    }
  }
  return group(parts);
}

/** Vertical timber battens. */
export function timberCladding(c: Canvas, x: number, y: number, width: number, height: number) {
  const wood = c.lit(c.r.pick(["#8a5a3a", "#9b6a45", "#7a4e33"]));
  const parts = [rect(x, y, width, height, wood)];
  for (let xx = x + 6; xx < x + width; xx += 7) {
    parts.push(line(xx, y, xx, y + height, shade(wood, -0.2), 1.2));
  }
  return group(parts);
}

export function text(
  x: number,
  y: number,
  value: string,
  size: number,
  fill: string,
  options: {
    weight?: number | string;
    anchor?: "start" | "middle" | "end";
    spacing?: number;
    family?: string;
  } = {},
) {
  return tag(
    "text",
    {
      x,
      y,
      fill,
      "font-size": size,
      "font-family": options.family ?? "sans-serif",
      "font-weight": options.weight ?? 700,
      "text-anchor": options.anchor ?? "middle",
      "letter-spacing": options.spacing,
    },
    value.replace(/&/g, "&amp;").replace(/</g, "&lt;"),
  );
}
