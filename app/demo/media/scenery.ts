// Everything around a building: sky, sun and clouds, the land, trees and palms, cars, compound
// walls and gates, street lights. Each part is a function of the canvas and a few numbers, and
// draws with the canvas's seeded random source only.

import type { Canvas } from "./canvas";
import { circle, ellipse, group, line, mix, n, path, polygon, rect, shade, tag } from "./svg";

export function sky(c: Canvas, horizonY: number) {
  const fill = c.linear(
    c.light.sky.map(([offset, color]) => [offset, color] as const),
    { x2: 0, y2: 1 },
  );
  return rect(0, 0, c.width, Math.max(horizonY + 40, c.height * 0.7), fill);
}

export function sun(c: Canvas) {
  const { sun } = c.light;
  if (!sun.visible) return "";
  const x = sun.x * c.width;
  const y = sun.y * c.height;
  const glow = c.radial([
    [0, sun.glow, 0.75],
    [0.35, sun.glow, 0.25],
    [1, sun.glow, 0],
  ]);
  return group([
    circle(x, y, sun.radius * 7, glow),
    circle(x, y, sun.radius, sun.color, { opacity: 0.95 }),
  ]);
}

/** A soft cloud made of overlapping ellipses with a shaded underside. */
function cloud(c: Canvas, x: number, y: number, scale: number) {
  const r = c.r;
  const alpha = r.range(0.55, 0.9);
  const puffs: string[] = [];
  const count = r.int(4, 7);
  const width = 160 * scale;
  const under = mix(c.light.cloud, c.light.sky[0]?.[1] ?? "#8899bb", 0.25);
  puffs.push(
    ellipse(x, y + 8 * scale, width * 0.55, 16 * scale, under, { opacity: n(0.55 * alpha) }),
  );
  for (let i = 0; i < count; i++) {
    const px = x - width / 2 + (width * (i + 0.5)) / count + r.range(-10, 10) * scale;
    const radius = r.range(18, 38) * scale * (1 - Math.abs(i - count / 2) / count);
    puffs.push(
      circle(px, y - radius * 0.35, radius + 10 * scale, c.light.cloud, { opacity: n(alpha) }),
    );
  }
  return group(puffs);
}

export function clouds(c: Canvas, horizonY: number, density = 1) {
  const out: string[] = [];
  const count = Math.round(c.r.int(2, 5) * density);
  for (let i = 0; i < count; i++) {
    const x = c.r.range(-40, c.width + 40);
    const y = c.r.range(horizonY * 0.08, horizonY * 0.6);
    out.push(cloud(c, x, y, c.r.range(0.6, 1.3) * (c.width / 1200)));
  }
  return group(out);
}

/** A pale band near the horizon: distance. */
export function haze(c: Canvas, horizonY: number, depth = 140) {
  const fill = c.linear([
    [0, c.light.haze, 0],
    [0.7, c.light.haze, 0.55],
    [1, c.light.haze, 0.2],
  ]);
  return rect(0, horizonY - depth, c.width, depth + 20, fill);
}

/** Low hills or a bushy tree line on the horizon. */
export function treeLine(c: Canvas, horizonY: number, color = "#5f7f5a") {
  const base = mix(c.lit(color), c.light.haze, 0.35);
  const puffs: string[] = [rect(0, horizonY - 6, c.width, 40, base)];
  let x = -20;
  while (x < c.width + 20) {
    const radius = c.r.range(14, 34);
    puffs.push(circle(x, horizonY - radius * 0.4, radius, base));
    x += radius * c.r.range(0.9, 1.5);
  }
  // A few taller crowns, palms among them.
  for (let i = 0; i < c.r.int(2, 5); i++) {
    const px = c.r.range(0, c.width);
    puffs.push(palm(c, px, horizonY + 4, c.r.range(60, 100), { color: base, trunk: base }));
  }
  return group(puffs);
}

/** Distant towers for city scenes, faded by the haze. */
export function distantSkyline(c: Canvas, horizonY: number, options: { density?: number } = {}) {
  const towers: string[] = [];
  const density = options.density ?? 1;
  const far = mix(c.lit("#8fa3b8"), c.light.haze, 0.5);
  let x = c.r.range(-30, 0);
  while (x < c.width) {
    const w = c.r.range(30, 80);
    const h = c.r.range(40, 180) * density;
    towers.push(rect(x, horizonY - h, w, h + 10, shade(far, c.r.range(-0.08, 0.08))));
    if (c.light.night) {
      for (let wy = horizonY - h + 8; wy < horizonY - 6; wy += 10) {
        if (c.r.chance(0.35)) towers.push(rect(x + 5, wy, w - 10, 3, "#ffd98a", { opacity: 0.6 }));
      }
    }
    x += w + c.r.range(4, 40);
  }
  return group(towers);
}

export type GroundKind = "lawn" | "laterite" | "paving" | "concrete" | "sand";

const GROUND_COLORS: Record<GroundKind, [string, string]> = {
  lawn: ["#6f9a4c", "#4f7a35"],
  laterite: ["#b87448", "#965634"],
  paving: ["#b9aea0", "#988c7e"],
  concrete: ["#b8b4ac", "#9a958c"],
  sand: ["#d9c08f", "#bfa474"],
};

export function ground(c: Canvas, horizonY: number, kind: GroundKind) {
  const [far, near] = GROUND_COLORS[kind];
  const fill = c.linear([
    [0, mix(c.lit(far), c.light.haze, 0.3)],
    [1, c.lit(near)],
  ]);
  const parts = [rect(0, horizonY, c.width, c.height - horizonY, fill)];
  if (kind === "lawn" || kind === "laterite") {
    // Mowing stripes or patches of grass give the surface some texture.
    for (let i = 0; i < 26; i++) {
      const y = c.r.range(horizonY + 10, c.height);
      const depth = (y - horizonY) / (c.height - horizonY);
      parts.push(
        ellipse(
          c.r.range(0, c.width),
          y,
          c.r.range(40, 160) * (0.4 + depth),
          c.r.range(3, 10) * (0.4 + depth),
          kind === "lawn" ? shade(c.lit(near), c.r.range(-0.1, 0.12)) : c.lit("#7c8f45"),
          { opacity: kind === "lawn" ? 0.5 : 0.45 },
        ),
      );
    }
  }
  return group(parts);
}

/** Interlocking paving stones for a driveway or forecourt: a band with a brick pattern. */
export function paving(
  c: Canvas,
  x: number,
  y: number,
  width: number,
  height: number,
  color = "#a89a8a",
) {
  const base = c.lit(color);
  const parts = [rect(x, y, width, height, base)];
  const rows = Math.max(3, Math.round(height / 12));
  for (let i = 1; i < rows; i++) {
    const t = i / rows;
    // Rows get taller towards the viewer.
    const yy = y + height * t ** 1.35;
    parts.push(line(x, yy, x + width, yy, shade(base, -0.15), 1));
  }
  const stripes = Math.round(width / 26);
  for (let i = 0; i <= stripes; i++) {
    const xx = x + (width * i) / stripes;
    parts.push(
      line(xx, y, xx + (xx - (x + width / 2)) * 0.3, y + height, shade(base, -0.12), 0.8, {
        opacity: 0.6,
      }),
    );
  }
  return group(parts);
}

/** A tarred road across the bottom of the picture, with kerbs and a centre line. */
export function road(c: Canvas, y: number, height: number) {
  const asphalt = c.lit("#55575c");
  return group([
    rect(0, y, c.width, height, asphalt),
    rect(0, y, c.width, 6, c.lit("#c9c3b6")),
    rect(0, y + 6, c.width, 3, shade(asphalt, -0.3), { opacity: 0.5 }),
    tag("line", {
      x1: 0,
      y1: y + height * 0.6,
      x2: c.width,
      y2: y + height * 0.6,
      stroke: c.lit("#e8e2c8"),
      "stroke-width": 4,
      "stroke-dasharray": "60 50",
    }),
  ]);
}

type PalmOptions = { color?: string; trunk?: string; fronds?: number; lean?: number };

/** A coconut or royal palm: a tapered curved trunk with rings and feathery fronds. */
export function palm(
  c: Canvas,
  x: number,
  baseY: number,
  height: number,
  options: PalmOptions = {},
) {
  const r = c.r;
  const lean = options.lean ?? r.range(-0.18, 0.18) * height;
  const topX = x + lean;
  const topY = baseY - height;
  const trunkColor = options.trunk ?? c.lit(r.pick(["#8a7560", "#9b8670", "#7d6a58"]));
  const leafColor = options.color ?? c.lit(r.pick(["#3f7a3a", "#4b8a3f", "#356b35", "#4e7f2f"]));
  const w0 = height * 0.045;
  const w1 = height * 0.028;
  const midX = x + lean * 0.3;
  const midY = baseY - height * 0.5;
  const trunk = path(
    `M${n(x - w0)},${n(baseY)} Q${n(midX - w0)},${n(midY)} ${n(topX - w1)},${n(topY)} ` +
      `L${n(topX + w1)},${n(topY)} Q${n(midX + w0)},${n(midY)} ${n(x + w0)},${n(baseY)} Z`,
    trunkColor,
  );
  const rings: string[] = [];
  for (let t = 0.08; t < 0.95; t += 0.07) {
    const px = (1 - t) ** 2 * x + 2 * (1 - t) * t * midX + t * t * topX;
    const py = (1 - t) ** 2 * baseY + 2 * (1 - t) * t * midY + t * t * topY;
    const w = w0 + (w1 - w0) * t;
    rings.push(line(px - w, py, px + w, py + 2, shade(trunkColor, -0.25), 1.2, { opacity: 0.7 }));
  }
  const fronds: string[] = [];
  const count = options.fronds ?? r.int(8, 11);
  for (let i = 0; i < count; i++) {
    const angle = -Math.PI / 2 + (i / (count - 1) - 0.5) * Math.PI * 1.7 + r.range(-0.15, 0.15);
    const length = height * r.range(0.38, 0.52);
    const droop = length * r.range(0.35, 0.6);
    const tipX = topX + Math.cos(angle) * length;
    const tipY = topY + Math.sin(angle) * length * 0.55 + droop;
    const ctrlX = topX + Math.cos(angle) * length * 0.5;
    const ctrlY = topY + Math.sin(angle) * length * 0.6 - length * 0.12;
    fronds.push(frond(c, topX, topY, ctrlX, ctrlY, tipX, tipY, length, leafColor, i));
  }
  const nuts = r.chance(0.6)
    ? group([
        circle(topX - 5, topY + 8, height * 0.018, c.lit("#6b5a2e")),
        circle(topX + 4, topY + 10, height * 0.018, c.lit("#7a6a34")),
      ])
    : "";
  return group([trunk, group(rings), nuts, group(fronds)]);
}

function frond(
  _c: Canvas,
  x0: number,
  y0: number,
  cx: number,
  cy: number,
  x1: number,
  y1: number,
  length: number,
  color: string,
  index: number,
) {
  // A spine with thin leaflets hanging from both sides: reads as a palm frond at any size.
  const steps = 18;
  const leaf = index % 2 ? color : shade(color, -0.12);
  const spine = `M${n(x0)},${n(y0)} Q${n(cx)},${n(cy)} ${n(x1)},${n(y1)}`;
  let leaflets = "";
  for (let i = 1; i <= steps; i++) {
    const t = i / steps;
    const px = (1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1;
    const py = (1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1;
    const dx = 2 * (1 - t) * (cx - x0) + 2 * t * (x1 - cx);
    const dy = 2 * (1 - t) * (cy - y0) + 2 * t * (y1 - cy);
    const len = Math.hypot(dx, dy) || 1;
    const ux = dx / len;
    const uy = dy / len;
    const size = length * 0.2 * Math.sin(Math.PI * Math.min(1, t * 1.05)) + length * 0.03;
    for (const side of [1, -1]) {
      // Leaflets point forward along the spine and hang down under their own weight.
      const ex = px + (ux * 0.55 - uy * side * 0.6) * size;
      const ey = py + (uy * 0.55 + ux * side * 0.6) * size + size * 0.55;
      leaflets += `M${n(px)},${n(py)} Q${n(px + ux * size * 0.4)},${n(py + uy * size * 0.4 - size * 0.1)} ${n(ex)},${n(ey)} `;
    }
  }
  return group([
    path(leaflets, "none", {
      stroke: leaf,
      "stroke-width": n(Math.max(1.5, length * 0.022)),
      "stroke-linecap": "round",
    }),
    path(spine, "none", {
      stroke: shade(leaf, -0.2),
      "stroke-width": n(Math.max(1.2, length * 0.012)),
    }),
  ]);
}

/** A broad-leaved tree (mango, almond, neem): trunk and a crown of overlapping circles. */
export function tree(c: Canvas, x: number, baseY: number, height: number, color?: string) {
  const r = c.r;
  const leaf = c.lit(color ?? r.pick(["#4c7d3a", "#5a8a3c", "#3f6e34", "#68914a"]));
  const trunk = c.lit("#6b5443");
  const crownY = baseY - height * 0.62;
  const crownR = height * r.range(0.3, 0.38);
  const parts = [
    path(
      `M${n(x - height * 0.035)},${n(baseY)} L${n(x - height * 0.02)},${n(crownY)} L${n(x + height * 0.02)},${n(crownY)} L${n(x + height * 0.035)},${n(baseY)} Z`,
      trunk,
    ),
  ];
  const sunSide = c.light.sun.x < 0.5 ? -1 : 1;
  for (let i = 0; i < 9; i++) {
    const a = (i / 9) * Math.PI * 2;
    const px = x + Math.cos(a) * crownR * 0.6 + r.range(-8, 8);
    const py = crownY + Math.sin(a) * crownR * 0.45 + r.range(-6, 6);
    const lightSide = Math.cos(a) * sunSide > 0.3;
    parts.push(
      circle(
        px,
        py,
        crownR * r.range(0.45, 0.62),
        lightSide ? shade(leaf, 0.1) : shade(leaf, -0.1),
      ),
    );
  }
  parts.push(circle(x, crownY, crownR * 0.6, leaf));
  return group(parts);
}

/** A clipped hedge or ornamental bush. */
export function bush(
  c: Canvas,
  x: number,
  baseY: number,
  width: number,
  height: number,
  color?: string,
) {
  const leaf = c.lit(color ?? c.r.pick(["#4f8a3e", "#3f7434", "#5c9645", "#6a9e3f"]));
  const parts: string[] = [];
  const count = Math.max(2, Math.round(width / (height * 0.8)));
  for (let i = 0; i < count; i++) {
    const px = x + (width * (i + 0.5)) / count;
    const radius = height * c.r.range(0.55, 0.7);
    parts.push(circle(px, baseY - radius * 0.8, radius, i % 2 ? leaf : shade(leaf, -0.08)));
  }
  parts.push(
    rect(
      x + height * 0.2,
      baseY - height * 0.5,
      width - height * 0.4,
      height * 0.5,
      shade(leaf, -0.05),
    ),
  );
  if (c.r.chance(0.35)) {
    // Flowering bougainvillea or ixora.
    const bloom = c.r.pick(["#d94f8a", "#e8608c", "#f08a3c", "#e23b4e"]);
    for (let i = 0; i < count * 3; i++) {
      parts.push(
        circle(
          x + c.r.range(0, width),
          baseY - c.r.range(height * 0.3, height * 1.2),
          height * 0.08,
          bloom,
        ),
      );
    }
  }
  return group(parts);
}

export const CAR_COLORS = [
  "#f2f2f0",
  "#1d1f24",
  "#9ea3a8",
  "#3b3f46",
  "#1f3558",
  "#8c1c22",
  "#c9b48a",
  "#e9e6df",
];

/** A car from the side, `facing` 1 to the right and -1 to the left. */
export function car(c: Canvas, x: number, baseY: number, scale: number, facing: 1 | -1 = 1) {
  const r = c.r;
  const body = c.lit(r.pick(CAR_COLORS));
  const suv = r.chance(0.5);
  const L = 190 * scale;
  const H = (suv ? 46 : 38) * scale;
  const cabinH = (suv ? 38 : 32) * scale;
  const wheelR = (suv ? 19 : 16) * scale;
  const y0 = baseY - wheelR * 0.7;
  const glass = c.light.night ? "#2a2f3d" : mix("#2b3a4a", c.light.sky[0]?.[1] ?? "#6a8bb0", 0.3);
  const cabin = suv
    ? `M${n(L * 0.12)},${n(-H)} L${n(L * 0.22)},${n(-H - cabinH)} L${n(L * 0.78)},${n(-H - cabinH)} L${n(L * 0.92)},${n(-H)} Z`
    : `M${n(L * 0.2)},${n(-H)} L${n(L * 0.32)},${n(-H - cabinH)} L${n(L * 0.68)},${n(-H - cabinH)} L${n(L * 0.84)},${n(-H)} Z`;
  const windows = suv
    ? `M${n(L * 0.17)},${n(-H - 2)} L${n(L * 0.25)},${n(-H - cabinH + 5)} L${n(L * 0.5)},${n(-H - cabinH + 5)} L${n(L * 0.5)},${n(-H - 2)} Z M${n(L * 0.53)},${n(-H - 2)} L${n(L * 0.53)},${n(-H - cabinH + 5)} L${n(L * 0.76)},${n(-H - cabinH + 5)} L${n(L * 0.86)},${n(-H - 2)} Z`
    : `M${n(L * 0.25)},${n(-H - 2)} L${n(L * 0.34)},${n(-H - cabinH + 5)} L${n(L * 0.49)},${n(-H - cabinH + 5)} L${n(L * 0.49)},${n(-H - 2)} Z M${n(L * 0.52)},${n(-H - 2)} L${n(L * 0.52)},${n(-H - cabinH + 5)} L${n(L * 0.66)},${n(-H - cabinH + 5)} L${n(L * 0.78)},${n(-H - 2)} Z`;
  const wheel = (wx: number) =>
    group([
      circle(wx, 0, wheelR, "#1a1a1c"),
      circle(wx, 0, wheelR * 0.55, c.lit("#b9bcc0")),
      circle(wx, 0, wheelR * 0.18, "#55585c"),
    ]);
  const parts = [
    ellipse(L / 2, wheelR * 0.75, L * 0.55, 7 * scale, "#000000", { opacity: c.light.shadow }),
    path(cabin, shade(body, -0.04)),
    path(windows, glass),
    path(
      `M0,${n(-H * 0.25)} Q0,${n(-H)} ${n(L * 0.12)},${n(-H)} L${n(L * 0.9)},${n(-H)} Q${n(L)},${n(-H * 0.9)} ${n(L)},${n(-H * 0.3)} L${n(L)},${n(-H * 0.05)} L0,${n(-H * 0.05)} Z`,
      body,
    ),
    rect(0, -H * 0.45, L, 2.5 * scale, shade(body, -0.25), { opacity: 0.6 }),
    rect(L * 0.96, -H * 0.8, L * 0.04, 6 * scale, c.light.night ? "#fff2c0" : "#f4f1e6"),
    rect(0, -H * 0.8, L * 0.03, 6 * scale, "#c0392b"),
    wheel(L * 0.2),
    wheel(L * 0.8),
  ];
  const flip = facing === -1 ? ` translate(${n(L)},0) scale(-1,1)` : "";
  return group(parts, { transform: `translate(${n(x)},${n(y0)})${flip}` });
}

/** A painted block wall with pillars, coping and (often) razor wire, as around every compound. */
export function compoundWall(
  c: Canvas,
  x0: number,
  x1: number,
  baseY: number,
  height: number,
  options: { color?: string; gateAt?: number; gateWidth?: number; razorWire?: boolean } = {},
) {
  const color = c.lit(
    options.color ?? c.r.pick(["#e9dfca", "#f1ece2", "#d9cdb4", "#e4d6c0", "#cfc6b8"]),
  );
  const cap = shade(color, -0.12);
  const parts: string[] = [];
  const gateAt = options.gateAt;
  const gateWidth = options.gateWidth ?? height * 2.2;
  const segments: [number, number][] =
    gateAt === undefined
      ? [[x0, x1]]
      : [
          [x0, gateAt - gateWidth / 2],
          [gateAt + gateWidth / 2, x1],
        ];
  for (const [a, b] of segments) {
    if (b <= a) continue;
    parts.push(rect(a, baseY - height, b - a, height, color));
    parts.push(rect(a, baseY - height * 0.14, b - a, height * 0.14, shade(color, -0.18)));
    parts.push(rect(a - 2, baseY - height - 6, b - a + 4, 8, cap));
    const pillarGap = height * 1.6;
    for (let px = a; px <= b + 1; px += pillarGap) {
      parts.push(rect(px - 7, baseY - height - 12, 14, height + 12, shade(color, -0.05)));
      parts.push(rect(px - 9, baseY - height - 16, 18, 6, cap));
    }
    // Faint block courses.
    for (let yy = baseY - height + 14; yy < baseY - height * 0.15; yy += 14) {
      parts.push(line(a, yy, b, yy, shade(color, -0.06), 0.8, { opacity: 0.7 }));
    }
  }
  if (options.razorWire ?? c.r.chance(0.5)) {
    const wire: string[] = [];
    for (let px = x0; px < x1; px += 9) {
      if (gateAt !== undefined && Math.abs(px - gateAt) < gateWidth / 2) continue;
      wire.push(
        circle(px, baseY - height - 16, 7, "none", { stroke: "#7a7d80", "stroke-width": 1.2 }),
      );
    }
    parts.push(group(wire, { opacity: 0.8 }));
  }
  if (gateAt !== undefined)
    parts.push(gate(c, gateAt - gateWidth / 2, baseY, gateWidth, height * 1.05));
  return group(parts);
}

/** A sliding or swing steel gate, painted black, brown or green, with decorative bars. */
export function gate(c: Canvas, x: number, baseY: number, width: number, height: number) {
  const color = c.lit(c.r.pick(["#1f2226", "#3a2a20", "#24343a", "#2b2f3a"]));
  const parts = [
    rect(x - 14, baseY - height - 18, 16, height + 18, c.lit("#d8cdb6")),
    rect(x + width - 2, baseY - height - 18, 16, height + 18, c.lit("#d8cdb6")),
    rect(x, baseY - height, width, height, color),
  ];
  const leaves = 2;
  for (let i = 0; i < leaves; i++) {
    const lx = x + (width / leaves) * i;
    parts.push(
      rect(lx + 4, baseY - height + 4, width / leaves - 8, height - 8, shade(color, 0.08)),
    );
    for (let bx = lx + 14; bx < lx + width / leaves - 8; bx += 12) {
      parts.push(line(bx, baseY - height + 8, bx, baseY - height * 0.4, shade(color, -0.3), 2));
    }
    parts.push(
      rect(lx + 10, baseY - height * 0.36, width / leaves - 20, height * 0.28, shade(color, -0.1)),
    );
  }
  // Spear tips along the top.
  for (let bx = x + 6; bx < x + width - 4; bx += 12) {
    parts.push(
      polygon(
        [
          [bx - 3, baseY - height],
          [bx, baseY - height - 9],
          [bx + 3, baseY - height],
        ],
        color,
      ),
    );
  }
  return group(parts);
}

export function streetLight(
  c: Canvas,
  x: number,
  baseY: number,
  height: number,
  facing: 1 | -1 = 1,
) {
  const pole = c.lit("#5b6068");
  const armX = x + facing * height * 0.22;
  const parts = [
    rect(x - 3, baseY - height, 6, height, pole),
    path(
      `M${n(x)},${n(baseY - height)} Q${n(x)},${n(baseY - height - 18)} ${n(armX)},${n(baseY - height - 14)}`,
      "none",
      { stroke: pole, "stroke-width": 5 },
    ),
    rect(armX - 14, baseY - height - 18, 28, 7, pole),
  ];
  if (c.light.night) {
    parts.push(
      circle(
        armX,
        baseY - height - 8,
        40,
        c.radial([
          [0, "#ffe7a8", 0.7],
          [1, "#ffe7a8", 0],
        ]),
      ),
    );
  }
  return group(parts);
}

/** Darkened corners, as a lens gives. */
export function vignette(c: Canvas, strength = 0.28) {
  const fill = c.radial(
    [
      [0.55, "#000000", 0],
      [1, "#000000", strength],
    ],
    { cx: 0.5, cy: 0.5, r: 0.75 },
  );
  return rect(0, 0, c.width, c.height, fill);
}

/** A soft shadow on the ground under a building or object. */
export function groundShadow(c: Canvas, x: number, y: number, width: number, fullDepth: number) {
  const depth = fullDepth * 0.35;
  const offset = (c.light.sun.x < 0.5 ? 1 : -1) * depth * 0.6;
  return polygon(
    [
      [x, y],
      [x + width, y],
      [x + width + offset, y + depth],
      [x + offset, y + depth],
    ],
    "#000000",
    { opacity: n(c.light.shadow * 0.6) },
  );
}
