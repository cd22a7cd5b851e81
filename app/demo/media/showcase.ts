// The four home-page hero pictures and the team portraits.

import { residence } from "./buildings";
import type { Canvas } from "./canvas";
import {
  bush,
  car,
  clouds,
  distantSkyline,
  ground,
  haze,
  palm,
  paving,
  road,
  sky,
  streetLight,
  sun,
  treeLine,
  vignette,
} from "./scenery";
import { circle, ellipse, group, mix, path, polygon, rect, shade } from "./svg";

/** A city skyline at dusk across the lagoon, lights coming on and reflected in the water. */
export function skylineAtDusk(c: Canvas) {
  const r = c.r;
  // The tall frame (a phone hero) puts the water line a little higher and the towers taller,
  // so the skyline still fills the middle of the picture with the dusk sky above it.
  const tall = c.height > c.width;
  const towerScale = tall ? 1.35 : 1;
  const horizonY = c.height * (tall ? 0.58 : 0.62);
  const parts = [
    sky(c, horizonY),
    sun(c),
    clouds(c, horizonY, 0.7),
    distantSkyline(c, horizonY, { density: 1.3 }),
  ];
  const towers: string[] = [];
  const reflections: string[] = [];
  let x = r.range(-20, 20);
  while (x < c.width) {
    const w = r.range(50, 120);
    const h = r.range(120, 380) * towerScale * (1 - Math.abs(x + w / 2 - c.width * 0.55) / c.width);
    const body = mix(c.lit(r.pick(["#2c3b55", "#34425e", "#263349", "#3b4a66"])), "#1a2238", 0.2);
    towers.push(rect(x, horizonY - h, w, h, body));
    towers.push(rect(x + w * 0.8, horizonY - h, w * 0.2, h, shade(body, -0.2)));
    if (r.chance(0.3))
      towers.push(
        polygon(
          [
            [x, horizonY - h],
            [x + w / 2, horizonY - h - r.range(20, 60)],
            [x + w, horizonY - h],
          ],
          body,
        ),
      );
    for (let wy = horizonY - h + 8; wy < horizonY - 8; wy += 11) {
      for (let wx = x + 5; wx < x + w * 0.8 - 6; wx += 10) {
        if (r.chance(0.42))
          towers.push(
            rect(wx, wy, 6, 5, r.pick(["#ffd98a", "#fff0c0", "#ffc870"]), { opacity: 0.9 }),
          );
      }
    }
    reflections.push(rect(x, horizonY, w, h * 0.6, body, { opacity: 0.5 }));
    x += w + r.range(-10, 30);
  }
  parts.push(group(towers));
  const water = c.linear([
    [0, mix(c.light.sky.at(-1)?.[1] ?? "#f7b27a", "#1f2a5a", 0.4)],
    [1, "#141b38"],
  ]);
  parts.push(rect(0, horizonY, c.width, c.height - horizonY, water));
  parts.push(group(reflections));
  // As many glints per area of water in either frame.
  const glints = Math.round((70 * (c.width * (c.height - horizonY))) / (1200 * 800 * 0.38));
  for (let i = 0; i < glints; i++) {
    const y = r.range(horizonY + 4, c.height);
    parts.push(
      rect(r.range(0, c.width), y, r.range(10, 60), 2, r.pick(["#ffd98a", "#f7b27a", "#ffffff"]), {
        opacity: 0.35,
      }),
    );
  }
  // A long low bridge across the water, its lamps lit.
  const bridgeY = horizonY + r.range(40, 70);
  parts.push(rect(0, bridgeY, c.width, 10, "#1c2238"));
  for (let bx = 10; bx < c.width; bx += 60) {
    parts.push(rect(bx, bridgeY + 10, 6, 26, "#1c2238"));
    parts.push(circle(bx + 3, bridgeY - 6, 3, "#ffe2a0"));
  }
  parts.push(vignette(c, 0.35));
  return parts;
}

/** A gated estate: a row of new duplexes behind a palm-lined road. */
export function gatedEstate(c: Canvas) {
  const r = c.r;
  // The wide frame shows four houses along the road; the tall one two, a little larger, with
  // the sky above them and the palms and street light framing them.
  const tall = c.height > c.width;
  const horizonY = c.height * (tall ? 0.52 : 0.5);
  const groundY = c.height * (tall ? 0.68 : 0.7);
  const parts = [
    sky(c, horizonY),
    sun(c),
    clouds(c, horizonY),
    haze(c, horizonY),
    treeLine(c, horizonY),
    ground(c, horizonY, "lawn"),
  ];
  const houses = tall ? 2 : 4;
  const spacing = tall ? 395 : 310;
  const first = tall ? c.width / 2 - spacing / 2 : 150;
  for (let i = 0; i < houses; i++) {
    parts.push(
      residence(
        c,
        {
          cx: first + i * spacing + r.range(-20, 20) * (tall ? 0.5 : 1),
          groundY: groundY - 10,
          scale: tall ? 0.6 : 0.52,
        },
        i % 2 ? "duplex" : "house",
      ),
    );
  }
  parts.push(paving(c, 0, groundY, c.width, 40, "#b0a08c"));
  parts.push(road(c, groundY + 40, c.height - groundY - 40));
  for (let x = 40; x < c.width; x += 260) {
    parts.push(bush(c, x, groundY + 2, 90, 18));
  }
  if (tall) {
    parts.push(palm(c, r.range(10, 50), groundY + 30, r.range(360, 420)));
    parts.push(palm(c, c.width - r.range(10, 50), groundY + 30, r.range(360, 420)));
  } else {
    for (let i = 0; i < 4; i++) {
      parts.push(palm(c, 40 + i * 370 + r.range(-20, 20), groundY + 30, r.range(320, 380)));
    }
  }
  parts.push(streetLight(c, tall ? c.width / 2 + 10 : 560, groundY + 36, 300, 1));
  parts.push(
    car(c, tall ? r.range(120, 420) : r.range(200, 700), c.height - (tall ? 60 : 30), 1.1, 1),
  );
  parts.push(vignette(c));
  return parts;
}

const SKIN = ["#5a3825", "#6b4430", "#7a4e36", "#4a2e1e", "#8a5a3c", "#3f2718"];
const SUITS = ["#1f2a3a", "#2b2f36", "#1c1c1f", "#3a3f4a", "#2f3b45", "#4a3b30"];
const NATIVE = ["#f2efe6", "#1f5f8b", "#7a1f2b", "#2e7d4f", "#c49a3a", "#5a3a6a"];
const BACKDROPS = [
  ["#dfe8ef", "#b9cad8"],
  ["#efe6da", "#d6c6b0"],
  ["#e4ece4", "#c2d3c4"],
  ["#ece4ee", "#cfc0d4"],
] as const;

/** A studio portrait for the team page: simple, flat and friendly, without a face to misjudge. */
export function portrait(c: Canvas, woman: boolean) {
  const r = c.r;
  const [bgTop, bgBottom] = r.pick(BACKDROPS);
  const skin = r.pick(SKIN);
  const cx = c.width / 2;
  const headY = c.height * 0.4;
  const headR = c.width * 0.15;
  const parts = [
    rect(
      0,
      0,
      c.width,
      c.height,
      c.linear([
        [0, bgTop],
        [1, bgBottom],
      ]),
    ),
  ];
  parts.push(
    circle(
      cx,
      headY + headR * 0.2,
      headR * 3,
      c.radial([
        [0, "#ffffff", 0.5],
        [1, "#ffffff", 0],
      ]),
    ),
  );
  const native = r.chance(0.35);
  const cloth = native ? r.pick(NATIVE) : r.pick(SUITS);
  const shoulderY = headY + headR * 1.65;
  // Body.
  parts.push(
    path(
      `M${cx - c.width * 0.42},${c.height} C${cx - c.width * 0.42},${shoulderY + 40} ${cx - c.width * 0.3},${shoulderY} ${cx - headR * 0.9},${shoulderY - 6} L${cx + headR * 0.9},${shoulderY - 6} C${cx + c.width * 0.3},${shoulderY} ${cx + c.width * 0.42},${shoulderY + 40} ${cx + c.width * 0.42},${c.height} Z`,
      cloth,
    ),
  );
  // Neck.
  parts.push(
    rect(cx - headR * 0.36, headY + headR * 0.6, headR * 0.72, headR * 1.1, shade(skin, -0.12)),
  );
  if (native) {
    parts.push(
      path(
        `M${cx - headR * 0.5},${shoulderY - 6} Q${cx},${shoulderY + headR * 0.8} ${cx + headR * 0.5},${shoulderY - 6} Z`,
        shade(skin, -0.12),
      ),
    );
    for (let i = 0; i < 6; i++) {
      parts.push(
        path(
          `M${cx - headR * 0.5 + i * 4},${shoulderY + i * 14} Q${cx},${shoulderY + headR * 0.9 + i * 14} ${cx + headR * 0.5 - i * 4},${shoulderY + i * 14}`,
          "none",
          { stroke: shade(cloth, r.chance(0.5) ? 0.3 : -0.3), "stroke-width": 3 },
        ),
      );
    }
  } else {
    // Shirt, collar and tie or open neck, lapels.
    parts.push(
      polygon(
        [
          [cx - headR * 0.6, shoulderY - 6],
          [cx + headR * 0.6, shoulderY - 6],
          [cx, c.height * 0.9],
        ],
        woman ? shade(skin, -0.1) : "#f6f6f4",
      ),
    );
    if (!woman && r.chance(0.7))
      parts.push(
        polygon(
          [
            [cx - 10, shoulderY + 10],
            [cx + 10, shoulderY + 10],
            [cx + 16, c.height * 0.82],
            [cx, c.height * 0.86],
            [cx - 16, c.height * 0.82],
          ],
          r.pick(["#7a1f2b", "#1f3b4d", "#3a5a40", "#4a4a4a"]),
        ),
      );
    parts.push(
      polygon(
        [
          [cx - headR * 0.65, shoulderY - 8],
          [cx - 4, c.height * 0.92],
          [cx - headR * 1.1, c.height],
        ],
        shade(cloth, -0.15),
      ),
    );
    parts.push(
      polygon(
        [
          [cx + headR * 0.65, shoulderY - 8],
          [cx + 4, c.height * 0.92],
          [cx + headR * 1.1, c.height],
        ],
        shade(cloth, -0.15),
      ),
    );
    if (woman && r.chance(0.6)) {
      for (let i = 0; i < 9; i++)
        parts.push(
          circle(
            cx - headR * 0.5 + i * headR * 0.125,
            shoulderY + 16 + Math.sin((i / 8) * Math.PI) * 26,
            6,
            "#f3ead8",
          ),
        );
    }
  }
  // Head and ears.
  parts.push(
    ellipse(cx - headR * 0.95, headY + headR * 0.1, headR * 0.16, headR * 0.24, shade(skin, -0.08)),
  );
  parts.push(
    ellipse(cx + headR * 0.95, headY + headR * 0.1, headR * 0.16, headR * 0.24, shade(skin, -0.08)),
  );
  parts.push(
    ellipse(
      cx,
      headY,
      headR * 0.95,
      headR * 1.15,
      c.linear(
        [
          [0, shade(skin, 0.08)],
          [1, shade(skin, -0.08)],
        ],
        { x1: 0, y1: 0, x2: 1, y2: 1 },
      ),
    ),
  );
  if (woman) {
    const style = r.weighted([
      [0, 4],
      [1, 4],
      [2, 2],
    ] as const);
    const hair = r.pick(["#1a1412", "#2a1c16", "#3a2418"]);
    if (style === 0) {
      // A gele (head-tie).
      const gele = r.pick(["#c49a3a", "#7a1f2b", "#1f5f8b", "#2e7d4f", "#b03a8a"]);
      parts.push(
        path(
          `M${cx - headR * 1.25},${headY - headR * 0.35} C${cx - headR * 1.4},${headY - headR * 1.9} ${cx + headR * 1.4},${headY - headR * 2.1} ${cx + headR * 1.35},${headY - headR * 0.4} C${cx + headR * 0.6},${headY - headR * 0.7} ${cx - headR * 0.6},${headY - headR * 0.7} ${cx - headR * 1.25},${headY - headR * 0.35} Z`,
          gele,
        ),
      );
      parts.push(
        path(
          `M${cx - headR * 0.9},${headY - headR * 1.1} Q${cx},${headY - headR * 1.6} ${cx + headR * 0.95},${headY - headR * 1.0}`,
          "none",
          { stroke: shade(gele, -0.25), "stroke-width": 5 },
        ),
      );
    } else if (style === 1) {
      // Braids gathered at the back, falling to the shoulders.
      parts.push(
        path(
          `M${cx - headR * 1.05},${headY + headR * 1.4} C${cx - headR * 1.3},${headY - headR * 1.5} ${cx + headR * 1.3},${headY - headR * 1.5} ${cx + headR * 1.05},${headY + headR * 1.4} L${cx + headR * 0.8},${headY} C${cx + headR * 0.7},${headY - headR * 0.9} ${cx - headR * 0.7},${headY - headR * 0.9} ${cx - headR * 0.8},${headY} Z`,
          hair,
        ),
      );
    } else {
      // A full natural afro.
      parts.push(
        path(
          `M${cx - headR * 1.0},${headY + headR * 0.2} C${cx - headR * 1.75},${headY - headR * 2.0} ${cx + headR * 1.75},${headY - headR * 2.0} ${cx + headR * 1.0},${headY + headR * 0.2} C${cx + headR * 0.75},${headY - headR * 0.75} ${cx - headR * 0.75},${headY - headR * 0.75} ${cx - headR * 1.0},${headY + headR * 0.2} Z`,
          hair,
        ),
      );
    }
    if (r.chance(0.6)) {
      parts.push(
        circle(cx - headR * 0.95, headY + headR * 0.42, 5, "#d4af37"),
        circle(cx + headR * 0.95, headY + headR * 0.42, 5, "#d4af37"),
      );
    }
  } else {
    const hair = r.pick(["#1a1412", "#241a15", "#2e2e2e"]);
    parts.push(
      path(
        `M${cx - headR * 0.97},${headY - headR * 0.2} C${cx - headR * 1.02},${headY - headR * 1.62} ${cx + headR * 1.02},${headY - headR * 1.62} ${cx + headR * 0.97},${headY - headR * 0.2} C${cx + headR * 0.85},${headY - headR * 0.72} ${cx - headR * 0.85},${headY - headR * 0.72} ${cx - headR * 0.97},${headY - headR * 0.2} Z`,
        hair,
      ),
    );
    if (r.chance(0.4))
      parts.push(
        path(
          `M${cx - headR * 0.8},${headY + headR * 0.45} Q${cx},${headY + headR * 1.45} ${cx + headR * 0.8},${headY + headR * 0.45} Q${cx},${headY + headR * 1.05} ${cx - headR * 0.8},${headY + headR * 0.45} Z`,
          hair,
          { opacity: 0.85 },
        ),
      );
    if (native && r.chance(0.6)) {
      // A fila cap.
      const cap = r.pick(["#7a1f2b", "#1f3b4d", "#c49a3a", "#2e7d4f"]);
      parts.push(
        path(
          `M${cx - headR * 1.0},${headY - headR * 0.35} L${cx - headR * 0.9},${headY - headR * 1.35} Q${cx + headR * 0.2},${headY - headR * 1.7} ${cx + headR * 1.25},${headY - headR * 1.05} L${cx + headR * 1.0},${headY - headR * 0.35} Z`,
          cap,
        ),
      );
    }
  }
  return parts;
}
