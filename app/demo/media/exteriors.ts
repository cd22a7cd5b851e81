// Outdoor pictures: a building in its setting, as a listing photographer would frame it.

import { text } from "./building-parts";
import {
  apartmentBlock,
  constructionSite,
  distantHouse,
  officeTower,
  type Placement,
  residence,
  shoppingPlaza,
  terraceRow,
  truck,
  villa,
  warehouse,
} from "./buildings";
import type { Canvas } from "./canvas";
import {
  bush,
  car,
  clouds,
  compoundWall,
  distantSkyline,
  ground,
  haze,
  palm,
  paving,
  road,
  sky,
  streetLight,
  sun,
  tree,
  treeLine,
  vignette,
} from "./scenery";
import { ellipse, group, line, mix, polygon, rect, shade } from "./svg";

export type ResidentialKind = "house" | "duplex" | "bungalow" | "terrace" | "villa" | "apartment";

function backdrop(c: Canvas, horizonY: number, city: boolean) {
  return [
    sky(c, horizonY),
    sun(c),
    clouds(c, horizonY),
    city ? distantSkyline(c, horizonY, { density: c.r.range(0.6, 1.1) }) : "",
    haze(c, horizonY),
    city ? "" : treeLine(c, horizonY),
  ];
}

/** The building itself draws from its own stream: every shot of a property shows one house. */
function drawBuilding(c: Canvas, kind: ResidentialKind, at: Placement) {
  return c.withRandom(c.building(), () => {
    switch (kind) {
      case "terrace":
        return terraceRow(c, at);
      case "apartment":
        return apartmentBlock(c, at);
      case "villa":
        return villa(c, at);
      default:
        return residence(c, at, kind);
    }
  });
}

/** Plants on either side and in front of a building. */
function planting(c: Canvas, groundY: number, spread: number) {
  const r = c.r;
  const back: string[] = [];
  const front: string[] = [];
  for (let i = 0; i < r.int(1, 3); i++) {
    const x = r.chance(0.5) ? r.range(0, c.width * 0.18) : r.range(c.width * 0.82, c.width);
    back.push(
      r.chance(0.6)
        ? palm(c, x, groundY - 8, r.range(220, 320))
        : tree(c, x, groundY - 6, r.range(180, 260)),
    );
  }
  for (let i = 0; i < r.int(2, 4); i++) {
    const x = c.width / 2 + r.range(-spread, spread);
    front.push(bush(c, x - 40, groundY + r.range(4, 14), r.range(60, 120), r.range(20, 30)));
  }
  for (let i = 0; i < r.int(1, 2); i++) {
    const x = r.chance(0.5) ? r.range(-20, c.width * 0.14) : r.range(c.width * 0.86, c.width + 20);
    front.push(palm(c, x, c.height - r.range(10, 60), r.range(360, 480)));
  }
  return { back, front };
}

/** The house from inside its compound: lawn or interlocking forecourt, cars, palms. */
export function residentialExterior(c: Canvas, kind: ResidentialKind, buildingScale?: number) {
  const r = c.r;
  const horizonY = c.height * r.range(0.56, 0.62);
  const groundY = horizonY + r.range(70, 100);
  const city = kind === "apartment" && r.chance(0.6);
  const parts = [...backdrop(c, horizonY, city), ground(c, horizonY, "lawn")];
  const { back, front } = planting(c, groundY, 260);
  parts.push(...back);
  const scale = buildingScale ?? (kind === "apartment" ? r.range(0.85, 0.95) : 1);
  parts.push(drawBuilding(c, kind, { cx: c.width / 2 + r.range(-50, 30), groundY, scale }));
  const forecourt = kind === "apartment" || kind === "terrace" || r.chance(0.6);
  if (forecourt) {
    parts.push(
      paving(
        c,
        0,
        groundY + 2,
        c.width,
        c.height - groundY,
        r.pick(["#a89a8a", "#b0a08c", "#9e9488", "#b5a48e"]),
      ),
    );
  } else {
    const x = c.width * r.range(0.55, 0.7);
    parts.push(
      polygon(
        [
          [x, groundY + 2],
          [x + 150, groundY + 2],
          [x + 330, c.height],
          [x - 60, c.height],
        ],
        c.lit("#a89a8a"),
      ),
    );
  }
  const cars = kind === "apartment" ? r.int(2, 4) : r.int(0, 2);
  for (let i = 0; i < cars; i++) {
    const x = c.width * (0.1 + (0.8 * (i + r.range(0.1, 0.6))) / Math.max(cars, 1));
    parts.push(
      car(c, x - 80, groundY + r.range(70, 110), r.range(0.95, 1.1), r.chance(0.5) ? 1 : -1),
    );
  }
  parts.push(...front, vignette(c));
  return parts;
}

/** The view from the street: compound wall and gate, the house rising behind it. */
export function residentialStreet(c: Canvas, kind: ResidentialKind) {
  const r = c.r;
  const horizonY = c.height * r.range(0.5, 0.56);
  const wallBase = c.height * r.range(0.8, 0.84);
  const parts = [...backdrop(c, horizonY, false), ground(c, horizonY, "lawn")];
  parts.push(tree(c, r.range(40, 200), wallBase - 40, r.range(260, 340)));
  parts.push(
    drawBuilding(c, kind, {
      cx: c.width / 2 + r.range(-80, 80),
      groundY: wallBase - 40,
      scale: 0.9,
    }),
  );
  for (let i = 0; i < r.int(1, 3); i++) {
    parts.push(
      palm(
        c,
        r.chance(0.5) ? r.range(60, 260) : r.range(940, 1160),
        wallBase - 20,
        r.range(300, 420),
      ),
    );
  }
  const gateAt = c.width * r.range(0.3, 0.7);
  parts.push(
    compoundWall(c, -20, c.width + 20, wallBase, r.range(120, 150), {
      gateAt,
      gateWidth: r.range(200, 260),
    }),
  );
  parts.push(rect(0, wallBase, c.width, 22, c.lit("#b9b2a6")));
  parts.push(road(c, wallBase + 22, c.height - wallBase - 22));
  if (r.chance(0.6)) parts.push(car(c, gateAt - 95, c.height - 20, 1.15, r.chance(0.5) ? 1 : -1));
  parts.push(streetLight(c, r.range(60, 120), wallBase + 18, 280, 1));
  parts.push(vignette(c));
  return parts;
}

/** A villa across its swimming pool, loungers on the deck. */
export function villaPool(c: Canvas) {
  const r = c.r;
  // The pool and deck are laid out on the 1200-unit wide frame and scaled across to a tall one
  // (a phone hero), where the villa is a little smaller and kept centred, the sky above it.
  const tall = c.height > c.width;
  const sx = c.width / 1200;
  const horizonY = c.height * (tall ? r.range(0.5, 0.54) : r.range(0.48, 0.54));
  const groundY = horizonY + r.range(60, 80);
  const parts = [...backdrop(c, horizonY, false), ground(c, horizonY, "lawn")];
  parts.push(
    palm(c, r.range(40, 160) * sx, groundY, r.range(260, 330)),
    palm(c, r.range(1040, 1160) * sx, groundY, r.range(260, 330)),
  );
  parts.push(
    c.withRandom(c.building(), () =>
      villa(c, {
        cx: c.width / 2 + r.range(-60, 60) * (tall ? 0.25 : 1),
        groundY,
        scale: tall ? 0.8 : 0.9,
      }),
    ),
  );
  parts.push(
    rect(0, groundY, c.width, c.height - groundY, c.lit(r.pick(["#e8e2d6", "#ddd6c8", "#efe9df"]))),
  );
  for (let x = 0; x < c.width; x += 60)
    parts.push(line(x, groundY, x + (x - c.width / 2) * 0.5, c.height, c.lit("#cfc7b8"), 1));
  const top = groundY + 40;
  const bottom = c.height - r.range(70, 110);
  const skyTop = c.light.sky[0]?.[1] ?? "#5d9fd8";
  const water = c.linear([
    [0, mix("#5cc6d8", skyTop, 0.3)],
    [1, "#1f8fb5"],
  ]);
  const pool: [number, number][] = [
    [120 * sx, top],
    [1080 * sx, top],
    [1160 * sx, bottom],
    [40 * sx, bottom],
  ];
  parts.push(
    polygon(
      [
        [110 * sx, top - 8],
        [1090 * sx, top - 8],
        [1172 * sx, bottom + 10],
        [28 * sx, bottom + 10],
      ],
      c.lit("#f4f1ea"),
    ),
  );
  parts.push(polygon(pool, water));
  for (let i = 0; i < 18; i++) {
    const y = r.range(top + 10, bottom - 10);
    const x = r.range(150, 1050) * sx;
    parts.push(ellipse(x, y, r.range(30, 90), r.range(2, 4), "#ffffff", { opacity: 0.35 }));
  }
  // Reflection of the building.
  parts.push(
    polygon(
      [
        [300 * sx, top],
        [900 * sx, top],
        [880 * sx, top + 60],
        [320 * sx, top + 60],
      ],
      "#ffffff",
      { opacity: 0.12 },
    ),
  );
  for (let i = 0; i < r.int(2, tall ? 2 : 3); i++) {
    const x = (200 + i * 170 + r.range(-20, 20)) * sx;
    const y = bottom + 40;
    parts.push(
      group([
        polygon(
          [
            [x, y],
            [x + 120, y],
            [x + 120, y - 14],
            [x + 20, y - 14],
          ],
          c.lit("#f7f7f5"),
        ),
        polygon(
          [
            [x + 100, y - 14],
            [x + 124, y - 46],
            [x + 132, y - 44],
            [x + 118, y - 14],
          ],
          c.lit("#f7f7f5"),
        ),
        rect(x + 10, y, 6, 12, c.lit("#6b4a32")),
        rect(x + 108, y, 6, 12, c.lit("#6b4a32")),
      ]),
    );
  }
  parts.push(palm(c, r.range(900, 1180) * sx, c.height + 20, r.range(460, 540)));
  parts.push(vignette(c));
  return parts;
}

export function officeExterior(c: Canvas) {
  const r = c.r;
  const horizonY = c.height * r.range(0.6, 0.66);
  const groundY = horizonY + 90;
  const parts = [...backdrop(c, horizonY, true), ground(c, horizonY, "concrete")];
  parts.push(
    c.withRandom(c.building(), () =>
      officeTower(c, { cx: c.width / 2 + r.range(-120, 120), groundY, scale: 1 }),
    ),
  );
  parts.push(paving(c, 0, groundY, c.width, 50, "#bdb6aa"));
  parts.push(road(c, groundY + 50, c.height - groundY - 50));
  for (let i = 0; i < r.int(1, 3); i++)
    parts.push(
      car(c, r.range(0, c.width - 200), c.height - r.range(10, 40), 1.1, r.chance(0.5) ? 1 : -1),
    );
  parts.push(
    streetLight(c, r.range(80, 200), groundY + 46, 300, 1),
    streetLight(c, r.range(1000, 1120), groundY + 46, 300, -1),
  );
  parts.push(
    tree(c, r.range(0, 120), groundY + 40, 240),
    palm(c, r.range(1080, 1200), groundY + 44, 320),
  );
  parts.push(vignette(c));
  return parts;
}

export function shopExterior(c: Canvas, wide: boolean) {
  const r = c.r;
  const horizonY = c.height * r.range(0.56, 0.62);
  const groundY = horizonY + (wide ? 50 : 80);
  const parts = [...backdrop(c, horizonY, r.chance(0.5)), ground(c, horizonY, "concrete")];
  parts.push(palm(c, r.range(20, 120), groundY, 280));
  parts.push(
    c.withRandom(c.building(), () =>
      shoppingPlaza(c, { cx: c.width / 2, groundY, scale: wide ? 0.78 : 0.92 }),
    ),
  );
  parts.push(paving(c, 0, groundY, c.width, c.height - groundY - 70, "#b5a894"));
  const cars = wide ? r.int(3, 5) : r.int(1, 3);
  for (let i = 0; i < cars; i++) {
    parts.push(
      car(
        c,
        40 + (i * (c.width - 240)) / Math.max(1, cars - 1) + r.range(-20, 20),
        groundY + r.range(90, 140),
        wide ? 0.85 : 1,
        r.chance(0.5) ? 1 : -1,
      ),
    );
  }
  parts.push(road(c, c.height - 70, 70));
  parts.push(streetLight(c, c.width - r.range(60, 140), c.height - 74, 300, -1));
  parts.push(vignette(c));
  return parts;
}

function container(c: Canvas, x: number, baseY: number, scale: number) {
  const color = c.lit(c.r.pick(["#b03a2e", "#1f5f8b", "#2e7d4f", "#d68910", "#6d6e70"]));
  const w = 240 * scale;
  const h = 100 * scale;
  const ribs = [];
  for (let xx = x + 8 * scale; xx < x + w; xx += 9 * scale)
    ribs.push(line(xx, baseY - h + 4, xx, baseY - 4, shade(color, -0.22), 1.4));
  return group([
    rect(x, baseY - h, w, h, color),
    ...ribs,
    rect(x, baseY - h, w, 5 * scale, shade(color, 0.15)),
  ]);
}

export function warehouseExterior(c: Canvas, yard: boolean) {
  const r = c.r;
  const horizonY = c.height * r.range(0.56, 0.62);
  const groundY = horizonY + (yard ? 50 : 80);
  const parts = [...backdrop(c, horizonY, false), ground(c, horizonY, "concrete")];
  parts.push(
    c.withRandom(c.building(), () =>
      warehouse(c, { cx: c.width / 2 + (yard ? -160 : 0), groundY, scale: yard ? 0.8 : 1 }),
    ),
  );
  parts.push(
    rect(
      0,
      groundY,
      c.width,
      c.height - groundY,
      c.linear([
        [0, c.lit("#b9b5ac")],
        [1, c.lit("#9d998f")],
      ]),
    ),
  );
  for (let i = 0; i < 6; i++)
    parts.push(
      line(i * 220 + r.range(0, 60), groundY, i * 260 - 200, c.height, c.lit("#a8a498"), 1.2),
    );
  if (yard) {
    parts.push(container(c, 760, groundY + 60, 1.1), container(c, 780, groundY - 50, 0.95));
    parts.push(truck(c, 160, c.height - 50, 1.3));
  } else {
    parts.push(truck(c, c.width * r.range(0.45, 0.6), groundY + 120, 1));
    const fenceY = c.height - 24;
    const fence = [line(0, fenceY - 110, c.width, fenceY - 110, "#5b5e62", 2)];
    for (let x = 0; x < c.width; x += 90)
      fence.push(line(x, fenceY, x, fenceY - 124, "#5b5e62", 4));
    for (let x = 0; x < c.width; x += 12)
      fence.push(
        line(x, fenceY, x + 30, fenceY - 110, "#7a7d80", 0.8),
        line(x + 30, fenceY, x, fenceY - 110, "#7a7d80", 0.8),
      );
    parts.push(group(fence, { opacity: 0.55 }));
  }
  parts.push(vignette(c));
  return parts;
}

/** A signboard on two posts: FOR SALE in red, and the agent's number. */
function saleSign(c: Canvas, x: number, baseY: number, scale: number) {
  const r = c.r;
  const s = scale;
  const line2 = r.pick(["PLOTS AVAILABLE", "DIRECT FROM OWNER", "INSPECTION DAILY", "DRY LAND"]);
  return group([
    rect(x + 20 * s, baseY - 220 * s, 10 * s, 220 * s, c.lit("#5a4633")),
    rect(x + 230 * s, baseY - 220 * s, 10 * s, 220 * s, c.lit("#5a4633")),
    rect(x, baseY - 250 * s, 260 * s, 130 * s, c.lit("#fbfaf6")),
    rect(x, baseY - 250 * s, 260 * s, 130 * s, "none", {
      stroke: c.lit("#c0392b"),
      "stroke-width": 6 * s,
    }),
    text(x + 130 * s, baseY - 198 * s, "FOR SALE", 44 * s, c.lit("#c0392b"), { weight: 800 }),
    text(x + 130 * s, baseY - 165 * s, line2, 20 * s, c.lit("#1f2a36")),
    text(x + 130 * s, baseY - 136 * s, "CALL 0803 123 4567", 17 * s, c.lit("#1f2a36"), {
      weight: 600,
    }),
  ]);
}

function beacon(c: Canvas, x: number, baseY: number, scale: number) {
  const concrete = c.lit("#c9c5bb");
  return group([
    rect(x, baseY - 40 * scale, 24 * scale, 40 * scale, concrete),
    polygon(
      [
        [x, baseY - 40 * scale],
        [x + 12 * scale, baseY - 48 * scale],
        [x + 24 * scale, baseY - 40 * scale],
      ],
      shade(concrete, 0.1),
    ),
    rect(x + 4 * scale, baseY - 30 * scale, 16 * scale, 8 * scale, c.lit("#c0392b")),
  ]);
}

/** A plot of land: laterite and grass, neighbours in the distance, a fence, a sign, beacons. */
export function landScene(c: Canvas, shot: "plot" | "fence" | "survey") {
  const r = c.r;
  const horizonY = c.height * r.range(0.5, 0.58);
  const parts = [
    sky(c, horizonY),
    sun(c),
    clouds(c, horizonY, 1.3),
    haze(c, horizonY),
    treeLine(c, horizonY),
  ];
  for (let i = 0; i < r.int(2, 4); i++)
    parts.push(distantHouse(c, r.range(0, c.width - 180), horizonY + 8, r.range(0.5, 0.8)));
  parts.push(ground(c, horizonY + 4, "laterite"));
  // Tufts of grass and shrubs across the plot.
  for (let i = 0; i < 60; i++) {
    const y = r.range(horizonY + 20, c.height);
    const depth = (y - horizonY) / (c.height - horizonY);
    const x = r.range(0, c.width);
    const h = (8 + 30 * depth) * r.range(0.6, 1.3);
    const grass = c.lit(r.pick(["#7c8f45", "#6b7f3a", "#8fa050", "#5f7335"]));
    parts.push(
      polygon(
        [
          [x - h * 0.6, y],
          [x - h * 0.3, y - h],
          [x, y - h * 0.3],
          [x + h * 0.2, y - h * 1.1],
          [x + h * 0.4, y - h * 0.2],
          [x + h * 0.7, y - h * 0.8],
          [x + h * 0.8, y],
        ],
        grass,
      ),
    );
  }
  if (shot === "plot") {
    parts.push(tree(c, r.range(900, 1100), horizonY + 60, r.range(200, 260)));
    parts.push(saleSign(c, r.range(380, 620), c.height - r.range(60, 100), 1.1));
    parts.push(beacon(c, r.range(80, 200), horizonY + 120, 1));
  } else if (shot === "fence") {
    const wallBase = horizonY + r.range(120, 160);
    parts.push(
      compoundWall(c, -20, c.width * r.range(0.7, 1.05), wallBase, 110, {
        razorWire: false,
        gateAt: c.width * r.range(0.3, 0.5),
        gateWidth: 180,
      }),
    );
    parts.push(rect(0, wallBase + 30, c.width, 36, c.lit("#c08a5e"), { opacity: 0.55 }));
    parts.push(saleSign(c, r.range(760, 900), c.height - 50, 0.8));
  } else {
    for (let i = 0; i < 4; i++)
      parts.push(
        beacon(
          c,
          120 + i * 280 + r.range(-40, 40),
          horizonY + 60 + i * 50 + r.range(0, 40),
          1 + i * 0.25,
        ),
      );
    parts.push(tree(c, r.range(40, 200), horizonY + 40, r.range(180, 240)));
    parts.push(palm(c, r.range(980, 1160), horizonY + 50, r.range(240, 300)));
    parts.push(
      polygon(
        [
          [c.width * 0.55, horizonY + 10],
          [c.width * 0.62, horizonY + 10],
          [c.width * 0.95, c.height],
          [c.width * 0.65, c.height],
        ],
        c.lit("#c98a5a"),
        { opacity: 0.8 },
      ),
    );
  }
  parts.push(vignette(c, 0.22));
  return parts;
}

export function constructionScene(c: Canvas) {
  const r = c.r;
  const horizonY = c.height * r.range(0.6, 0.66);
  const groundY = horizonY + 70;
  const parts = [...backdrop(c, horizonY, r.chance(0.4)), ground(c, horizonY, "laterite")];
  parts.push(constructionSite(c, { cx: c.width * r.range(0.4, 0.55), groundY, scale: 1.1 }));
  const hoarding = [rect(0, c.height - 90, c.width, 70, c.lit("#2e6f4f"))];
  for (let x = 0; x < c.width; x += 120)
    hoarding.push(line(x, c.height - 90, x, c.height - 20, c.lit("#1f4f38"), 3));
  parts.push(group(hoarding));
  parts.push(rect(0, c.height - 20, c.width, 20, c.lit("#9a6a48")));
  parts.push(vignette(c));
  return parts;
}
