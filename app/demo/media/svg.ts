// Tiny helpers for writing SVG as strings: numbers rounded so files stay small, attributes
// escaped, colours shaded for lit and shadowed faces.

type AttributeValue = string | number | undefined | null | false;
export type Attributes = Record<string, AttributeValue>;

/** Rounds to one decimal: plenty for a 1200-unit canvas, and keeps the markup short. */
export function n(value: number) {
  return Math.round(value * 10) / 10;
}

export function escapeXml(value: string) {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function attributes(attrs: Attributes) {
  let out = "";
  for (const [key, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    out += ` ${key}="${typeof value === "number" ? n(value) : escapeXml(value)}"`;
  }
  return out;
}

/**
 * One element: `tag("rect", { x: 0, width: 10 })`, or with children (already SVG strings).
 * `opacity` is written as fill- and stroke-opacity: librsvg paints those directly, while
 * `opacity` makes it composite every element through an off-screen layer (three times slower).
 * On a group they are inherited by the children that do not set their own.
 */
export function tag(name: string, attrs: Attributes = {}, children?: string | string[]) {
  if (attrs.opacity !== undefined && name !== "stop") {
    const { opacity, ...rest } = attrs;
    attrs = { "fill-opacity": opacity, "stroke-opacity": opacity, ...rest };
  }
  const inner = Array.isArray(children) ? children.join("") : children;
  return inner === undefined || inner === ""
    ? `<${name}${attributes(attrs)}/>`
    : `<${name}${attributes(attrs)}>${inner}</${name}>`;
}

export function rect(
  x: number,
  y: number,
  width: number,
  height: number,
  fill: string,
  extra: Attributes = {},
) {
  return tag("rect", {
    x,
    y,
    width: Math.max(0, width),
    height: Math.max(0, height),
    fill,
    ...extra,
  });
}

export function polygon(
  points: readonly (readonly [number, number])[],
  fill: string,
  extra: Attributes = {},
) {
  return tag("polygon", {
    points: points.map(([x, y]) => `${n(x)},${n(y)}`).join(" "),
    fill,
    ...extra,
  });
}

export function line(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  stroke: string,
  width = 1,
  extra: Attributes = {},
) {
  return tag("line", { x1, y1, x2, y2, stroke, "stroke-width": width, ...extra });
}

export function ellipse(
  cx: number,
  cy: number,
  rx: number,
  ry: number,
  fill: string,
  extra: Attributes = {},
) {
  return tag("ellipse", { cx, cy, rx, ry, fill, ...extra });
}

export function circle(cx: number, cy: number, r: number, fill: string, extra: Attributes = {}) {
  return tag("circle", { cx, cy, r, fill, ...extra });
}

export function path(d: string, fill: string, extra: Attributes = {}) {
  return tag("path", { d, fill, ...extra });
}

export function group(children: string | string[], extra: Attributes = {}) {
  return tag("g", extra, children);
}

export type GradientStop = readonly [offset: number, color: string, opacity?: number];

export function linearGradient(
  id: string,
  stops: readonly GradientStop[],
  direction: { x1?: number; y1?: number; x2?: number; y2?: number } = { x2: 0, y2: 1 },
) {
  return tag(
    "linearGradient",
    {
      id,
      x1: direction.x1 ?? 0,
      y1: direction.y1 ?? 0,
      x2: direction.x2 ?? 0,
      y2: direction.y2 ?? 1,
    },
    stops.map(([offset, color, opacity]) =>
      tag("stop", { offset, "stop-color": color, "stop-opacity": opacity }),
    ),
  );
}

export function radialGradient(
  id: string,
  stops: readonly GradientStop[],
  geometry: { cx?: number; cy?: number; r?: number; fx?: number; fy?: number } = {},
) {
  return tag(
    "radialGradient",
    {
      id,
      cx: geometry.cx ?? 0.5,
      cy: geometry.cy ?? 0.5,
      r: geometry.r ?? 0.5,
      fx: geometry.fx,
      fy: geometry.fy,
    },
    stops.map(([offset, color, opacity]) =>
      tag("stop", { offset, "stop-color": color, "stop-opacity": opacity }),
    ),
  );
}

function parseHex(hex: string): [number, number, number] {
  const value = hex.replace("#", "");
  const full = value.length === 3 ? value.replace(/./g, (c) => c + c) : value;
  const number = Number.parseInt(full, 16);
  return [(number >> 16) & 255, (number >> 8) & 255, number & 255];
}

function toHex(r: number, g: number, b: number) {
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  return `#${((1 << 24) | (clamp(r) << 16) | (clamp(g) << 8) | clamp(b)).toString(16).slice(1)}`;
}

/** Mixes two hex colours: t = 0 gives `a`, t = 1 gives `b`. */
export function mix(a: string, b: string, t: number) {
  const [r1, g1, b1] = parseHex(a);
  const [r2, g2, b2] = parseHex(b);
  return toHex(r1 + (r2 - r1) * t, g1 + (g2 - g1) * t, b1 + (b2 - b1) * t);
}

/** Darkens (amount < 0) towards black or lightens (amount > 0) towards white. */
export function shade(color: string, amount: number) {
  return amount < 0 ? mix(color, "#000000", -amount) : mix(color, "#ffffff", amount);
}

/** A whole SVG document with its own coordinate space, rendered at the given pixel size. */
export function svgDocument(
  viewBox: { width: number; height: number },
  size: { width: number; height: number },
  defs: string[],
  body: string[],
) {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size.width}" height="${size.height}" ` +
    `viewBox="0 0 ${viewBox.width} ${viewBox.height}" preserveAspectRatio="xMidYMid slice">` +
    `<defs>${defs.join("")}</defs>${body.join("")}</svg>`
  );
}
