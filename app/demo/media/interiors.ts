// Indoor pictures in one-point perspective. Furniture is placed in metres in a room and
// projected through a pinhole camera, so every room has believable depth with little code.

import type { Canvas } from "./canvas";
import { clouds, haze, palm, sky, sun } from "./scenery";
import { circle, ellipse, group, line, mix, polygon, rect, shade } from "./svg";

type Vec = { x: number; y: number; z: number };
type Point = [number, number];

/** Camera at x = 0, height `eye`, looking down +z; `focal` in canvas units. */
class Camera {
  constructor(
    readonly focal: number,
    readonly eye: number,
    readonly cx: number,
    readonly cy: number,
  ) {}

  project(p: Vec): Point {
    const z = Math.max(p.z, 0.05);
    return [this.cx + (this.focal * p.x) / z, this.cy - (this.focal * (p.y - this.eye)) / z];
  }

  quad(a: Vec, b: Vec, c: Vec, d: Vec) {
    return [this.project(a), this.project(b), this.project(c), this.project(d)];
  }
}

type Room = {
  cam: Camera;
  /** Half-widths of the room left and right of the camera, ceiling height, back wall depth. */
  left: number;
  right: number;
  height: number;
  back: number;
};

type BoxColors = { front: string; top?: string; side?: string };

/** A box in room coordinates: front face, top when seen from above, the side facing the camera. */
function box(
  c: Canvas,
  room: Room,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  z0: number,
  z1: number,
  colors: BoxColors,
) {
  const { cam } = room;
  const front = c.lit(colors.front);
  const top = c.lit(colors.top ?? shade(colors.front, 0.1));
  const side = c.lit(colors.side ?? shade(colors.front, -0.15));
  const faces: string[] = [];
  if (x0 > 0) {
    faces.push(
      polygon(
        cam.quad(
          { x: x0, y: y0, z: z0 },
          { x: x0, y: y0, z: z1 },
          { x: x0, y: y1, z: z1 },
          { x: x0, y: y1, z: z0 },
        ),
        side,
      ),
    );
  } else if (x1 < 0) {
    faces.push(
      polygon(
        cam.quad(
          { x: x1, y: y0, z: z0 },
          { x: x1, y: y0, z: z1 },
          { x: x1, y: y1, z: z1 },
          { x: x1, y: y1, z: z0 },
        ),
        side,
      ),
    );
  }
  if (y1 < cam.eye) {
    faces.push(
      polygon(
        cam.quad(
          { x: x0, y: y1, z: z0 },
          { x: x1, y: y1, z: z0 },
          { x: x1, y: y1, z: z1 },
          { x: x0, y: y1, z: z1 },
        ),
        top,
      ),
    );
  } else if (y0 > cam.eye) {
    faces.push(
      polygon(
        cam.quad(
          { x: x0, y: y0, z: z0 },
          { x: x1, y: y0, z: z0 },
          { x: x1, y: y0, z: z1 },
          { x: x0, y: y0, z: z1 },
        ),
        shade(side, -0.1),
      ),
    );
  }
  faces.push(
    polygon(
      cam.quad(
        { x: x0, y: y0, z: z0 },
        { x: x1, y: y0, z: z0 },
        { x: x1, y: y1, z: z0 },
        { x: x0, y: y1, z: z0 },
      ),
      front,
    ),
  );
  return group(faces);
}

/** A flat rectangle on the back wall (pictures, screens, windows), `inset` metres in front of it. */
function onBackWall(
  _c: Canvas,
  room: Room,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  fill: string,
  inset = 0.01,
) {
  const z = room.back - inset;
  return polygon(
    room.cam.quad(
      { x: x0, y: y0, z },
      { x: x1, y: y0, z },
      { x: x1, y: y1, z },
      { x: x0, y: y1, z },
    ),
    fill,
  );
}

/** A rectangle on the left or right side wall between depths z0 and z1. */
function onSideWall(
  room: Room,
  side: "left" | "right",
  z0: number,
  z1: number,
  y0: number,
  y1: number,
  fill: string,
  extra = {},
) {
  const x = side === "left" ? -room.left + 0.01 : room.right - 0.01;
  return polygon(
    room.cam.quad(
      { x, y: y0, z: z0 },
      { x, y: y0, z: z1 },
      { x, y: y1, z: z1 },
      { x, y: y1, z: z0 },
    ),
    fill,
    extra,
  );
}

type Finish = {
  wall: string;
  accent: string;
  floor: string;
  floorKind: "tiles" | "wood";
  ceiling: string;
};

function pickFinish(c: Canvas): Finish {
  const r = c.r;
  const floorKind = r.chance(0.6) ? "tiles" : "wood";
  return {
    wall: r.pick(["#efe9df", "#f3f1ec", "#e6ddd0", "#e9e6e1", "#ede4d6", "#e2e6e3"]),
    accent: r.pick(["#2f4858", "#6b4f3a", "#8a9a8c", "#3d3a4b", "#a0715a", "#c7b299", "#1f3b4d"]),
    floor:
      floorKind === "tiles"
        ? r.pick(["#e3ddd3", "#d6d2cb", "#ece8e1", "#cfc6b8", "#bfb8ae"])
        : r.pick(["#a0714c", "#8a5f3e", "#b48a62", "#7a5236"]),
    floorKind,
    ceiling: "#f7f6f3",
  };
}

/** Walls, floor and ceiling with tiles or planks, a POP ceiling with downlights. */
function shell(c: Canvas, room: Room, finish: Finish, accentWall: boolean) {
  const { cam, left, right, height, back } = room;
  const near = 0.2;
  const parts: string[] = [];
  const wall = c.lit(finish.wall);
  // Ceiling, side walls, floor, back wall.
  parts.push(
    polygon(
      cam.quad(
        { x: -left, y: height, z: near },
        { x: right, y: height, z: near },
        { x: right, y: height, z: back },
        { x: -left, y: height, z: back },
      ),
      c.lit(finish.ceiling),
    ),
  );
  // Side walls darken towards the camera, away from the light of the room.
  parts.push(
    polygon(
      cam.quad(
        { x: -left, y: 0, z: near },
        { x: -left, y: 0, z: back },
        { x: -left, y: height, z: back },
        { x: -left, y: height, z: near },
      ),
      c.linear(
        [
          [0, shade(wall, -0.2)],
          [1, shade(wall, -0.04)],
        ],
        { x1: 0, y1: 0, x2: 1, y2: 0 },
      ),
    ),
  );
  parts.push(
    polygon(
      cam.quad(
        { x: right, y: 0, z: near },
        { x: right, y: 0, z: back },
        { x: right, y: height, z: back },
        { x: right, y: height, z: near },
      ),
      c.linear(
        [
          [0, shade(wall, -0.02)],
          [1, shade(wall, -0.16)],
        ],
        { x1: 0, y1: 0, x2: 1, y2: 0 },
      ),
    ),
  );
  for (const x of [-left + 0.005, right - 0.005]) {
    parts.push(
      polygon(
        cam.quad(
          { x, y: 0, z: near },
          { x, y: 0, z: back },
          { x, y: 0.1, z: back },
          { x, y: 0.1, z: near },
        ),
        shade(wall, -0.22),
      ),
    );
  }
  const floor = c.lit(finish.floor);
  parts.push(
    polygon(
      cam.quad(
        { x: -left, y: 0, z: near },
        { x: right, y: 0, z: near },
        { x: right, y: 0, z: back },
        { x: -left, y: 0, z: back },
      ),
      c.linear([
        [0, shade(floor, -0.08)],
        [1, shade(floor, 0.06)],
      ]),
    ),
  );
  const joints: string[] = [];
  const jointColor = shade(floor, finish.floorKind === "tiles" ? -0.12 : -0.22);
  const spacing = finish.floorKind === "tiles" ? 0.6 : 0.2;
  for (let x = -left; x <= right; x += spacing) {
    const [ax, ay] = cam.project({ x, y: 0, z: back });
    const [bx, by] = cam.project({ x, y: 0, z: near });
    joints.push(line(ax, ay, bx, by, jointColor, finish.floorKind === "tiles" ? 1.2 : 0.9));
  }
  if (finish.floorKind === "tiles") {
    for (let z = back; z > near; z -= 0.6) {
      const [ax, ay] = cam.project({ x: -left, y: 0, z });
      const [bx, by] = cam.project({ x: right, y: 0, z });
      joints.push(line(ax, ay, bx, by, jointColor, 1.2));
    }
  }
  parts.push(group(joints, { opacity: 0.6 }));
  parts.push(
    onBackWall(c, room, -left, right, 0, height, accentWall ? c.lit(finish.accent) : wall, 0),
  );
  // Skirting.
  parts.push(onBackWall(c, room, -left, right, 0, 0.1, shade(wall, -0.2), 0.005));
  // POP ceiling: a recessed tray and downlights.
  const tray = cam.quad(
    { x: -left + 0.6, y: height, z: 1.2 },
    { x: right - 0.6, y: height, z: 1.2 },
    { x: right - 0.6, y: height, z: back - 0.6 },
    { x: -left + 0.6, y: height, z: back - 0.6 },
  );
  parts.push(polygon(tray, "#ffffff", { opacity: 0.7 }));
  parts.push(
    polygon(tray, "none", { stroke: shade(c.lit(finish.ceiling), -0.15), "stroke-width": 2 }),
  );
  for (let z = 1.6; z < back - 0.4; z += 1.4) {
    for (const x of [-left + 0.35, right - 0.35]) {
      const [px, py] = cam.project({ x, y: height, z });
      parts.push(
        ellipse(px, py, (0.07 * cam.focal) / z, (0.022 * cam.focal) / z, "#fffaf0", {
          stroke: shade(c.lit(finish.ceiling), -0.2),
          "stroke-width": 1,
        }),
      );
    }
  }
  // Downlights wash the back wall with scallops of light.
  const wash = c.radial(
    [
      [0, "#fff8e6", 0.45],
      [1, "#fff8e6", 0],
    ],
    { cx: 0.5, cy: 0, r: 0.5 },
  );
  const span = left + right;
  for (let i = 0; i < 3; i++) {
    const x = -left + (span * (i + 0.5)) / 3;
    parts.push(onBackWall(c, room, x - 0.7, x + 0.7, height - 1.6, height - 0.02, wash, 0.004));
  }
  return parts;
}

/** A window on the back wall with daylight (or the night) beyond, and curtains. */
function backWindow(
  c: Canvas,
  room: Room,
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  curtain: string | undefined,
) {
  const r = c.r;
  const outside = c.light.night
    ? c.linear([
        [0, "#1c2450"],
        [1, "#6a4b8c"],
      ])
    : c.linear([
        [0, "#9fcbea"],
        [0.6, "#d8ecf6"],
        [1, "#b9d49a"],
      ]);
  const parts = [
    onBackWall(c, room, x0 - 0.06, x1 + 0.06, y0 - 0.06, y1 + 0.06, c.lit("#f4f4f2"), 0.02),
    onBackWall(c, room, x0, x1, y0, y1, outside, 0.03),
  ];
  if (!c.light.night) {
    // Greenery outside: a few treetops.
    for (let i = 0; i < 4; i++) {
      const tx = x0 + (x1 - x0) * r.range(0.1, 0.9);
      const [px, py] = room.cam.project({ x: tx, y: y0 + (y1 - y0) * 0.15, z: room.back - 0.03 });
      parts.push(
        circle(px, py, r.range(14, 30), c.lit(r.pick(["#6f9a4c", "#5a8a3c", "#7fae55"])), {
          opacity: 0.85,
        }),
      );
    }
  }
  const mullions = Math.max(1, Math.round((x1 - x0) / 0.8));
  for (let i = 1; i < mullions; i++) {
    const x = x0 + ((x1 - x0) * i) / mullions;
    parts.push(onBackWall(c, room, x - 0.02, x + 0.02, y0, y1, c.lit("#f4f4f2"), 0.035));
  }
  if (curtain) {
    parts.push(onBackWall(c, room, x0 - 0.35, x0 + 0.1, y0 - 0.15, 0.02, c.lit(curtain), 0.06));
    parts.push(onBackWall(c, room, x1 - 0.1, x1 + 0.35, y0 - 0.15, 0.02, c.lit(curtain), 0.06));
    parts.push(
      onBackWall(c, room, x0 - 0.4, x1 + 0.4, y1 + 0.12, y1 + 0.18, c.lit("#6b6b6b"), 0.07),
    );
  }
  return group(parts);
}

/** A tall window in a side wall, with light falling on the floor. */
function sideWindow(c: Canvas, room: Room, side: "left" | "right", z0: number, z1: number) {
  const light = c.light.night ? "#2a2f5a" : "#dff0fa";
  return group([
    onSideWall(room, side, z0 - 0.08, z1 + 0.08, 0.35, 2.45, c.lit("#f4f4f2")),
    onSideWall(
      room,
      side,
      z0,
      z1,
      0.4,
      2.4,
      c.linear([
        [0, light],
        [1, c.light.night ? "#4a3a78" : "#c9e3c0"],
      ]),
    ),
    c.light.night
      ? ""
      : polygon(
          room.cam.quad(
            { x: side === "left" ? -room.left : room.right, y: 0.001, z: z0 },
            { x: side === "left" ? -room.left : room.right, y: 0.001, z: z1 },
            { x: side === "left" ? -room.left + 1.8 : room.right - 1.8, y: 0.001, z: z1 - 0.6 },
            { x: side === "left" ? -room.left + 1.8 : room.right - 1.8, y: 0.001, z: z0 - 0.6 },
          ),
          "#fffbe8",
          { opacity: 0.22 },
        ),
  ]);
}

function plant(c: Canvas, room: Room, x: number, z: number, height: number) {
  const [px, py] = room.cam.project({ x, y: 0, z });
  const scale = room.cam.focal / z;
  const pot = c.lit(c.r.pick(["#e8e4dc", "#3a3d42", "#b5835a"]));
  const leaves: string[] = [];
  for (let i = 0; i < 9; i++) {
    const a = -Math.PI / 2 + (i - 4) * 0.32;
    const len = height * scale * c.r.range(0.5, 0.8);
    leaves.push(
      ellipse(
        px + Math.cos(a) * len * 0.5,
        py - 0.35 * scale + Math.sin(a) * len * 0.6,
        len * 0.16,
        len * 0.5,
        c.lit(i % 2 ? "#3f7434" : "#4f8a3e"),
        {
          transform: `rotate(${((a + Math.PI / 2) * 180) / Math.PI} ${px + Math.cos(a) * len * 0.5} ${py - 0.35 * scale + Math.sin(a) * len * 0.6})`,
        },
      ),
    );
  }
  return group([
    ...leaves,
    polygon(
      [
        [px - 0.18 * scale, py - 0.4 * scale],
        [px + 0.18 * scale, py - 0.4 * scale],
        [px + 0.13 * scale, py],
        [px - 0.13 * scale, py],
      ],
      pot,
    ),
  ]);
}

function pendant(c: Canvas, room: Room, x: number, z: number, drop: number, shadeColor: string) {
  const [tx, ty] = room.cam.project({ x, y: room.height, z });
  const [bx, by] = room.cam.project({ x, y: room.height - drop, z });
  const s = room.cam.focal / z;
  return group([
    line(tx, ty, bx, by, "#3a3a3a", 1.2),
    polygon(
      [
        [bx - 0.16 * s, by + 0.16 * s],
        [bx - 0.05 * s, by],
        [bx + 0.05 * s, by],
        [bx + 0.16 * s, by + 0.16 * s],
      ],
      c.lit(shadeColor),
    ),
    c.light.night || c.r.chance(0.5)
      ? circle(
          bx,
          by + 0.2 * s,
          0.5 * s,
          c.radial([
            [0, "#fff2c8", 0.6],
            [1, "#fff2c8", 0],
          ]),
        )
      : "",
  ]);
}

function artwork(c: Canvas, room: Room, x0: number, x1: number, y0: number, y1: number) {
  const r = c.r;
  const colors = r.shuffle([
    "#c96b3c",
    "#2f5d62",
    "#e0b04f",
    "#8c3b3b",
    "#3b5b8c",
    "#d9cbb3",
    "#1f1f1f",
  ]);
  const parts = [
    onBackWall(c, room, x0, x1, y0, y1, c.lit("#2a2a2a"), 0.02),
    onBackWall(c, room, x0 + 0.04, x1 - 0.04, y0 + 0.04, y1 - 0.04, c.lit("#f3efe6"), 0.025),
  ];
  for (let i = 0; i < 3; i++) {
    const a = x0 + 0.08 + (x1 - x0 - 0.16) * r.range(0, 0.6);
    const b = Math.min(x1 - 0.08, a + (x1 - x0) * r.range(0.2, 0.5));
    const ya = y0 + 0.08 + (y1 - y0 - 0.16) * r.range(0, 0.5);
    const yb = Math.min(y1 - 0.08, ya + (y1 - y0) * r.range(0.2, 0.5));
    parts.push(onBackWall(c, room, a, b, ya, yb, c.lit(colors[i] ?? "#888888"), 0.03));
  }
  return group(parts);
}

function makeRoom(c: Canvas, width: number, depth: number, height = 3): Room {
  const r = c.r;
  const offset = r.range(-0.4, 0.4);
  const eye = r.range(1.3, 1.55);
  const focal = r.range(620, 700);
  return {
    cam: new Camera(focal, eye, c.width / 2, c.height * r.range(0.46, 0.52)),
    left: width / 2 + offset,
    right: width / 2 - offset,
    height,
    back: depth,
  };
}

type Facing = "camera" | "away" | "left" | "right";

/** A dining or desk chair; its back is drawn before or after the seat depending on the view. */
function chair(
  c: Canvas,
  room: Room,
  x: number,
  z: number,
  facing: Facing,
  color: string,
  frame: string,
) {
  const w = 0.22;
  const legs: string[] = [];
  for (const dx of [-w + 0.02, w - 0.05]) {
    for (const dz of [w - 0.05, -w + 0.02]) {
      legs.push(
        box(c, room, x + dx, x + dx + 0.03, 0, 0.44, z + dz, z + dz + 0.03, { front: frame }),
      );
    }
  }
  const seat = box(c, room, x - w, x + w, 0.44, 0.5, z - w, z + w, {
    front: color,
    top: shade(color, 0.1),
  });
  const backBox = (() => {
    switch (facing) {
      case "camera":
        return box(c, room, x - w, x + w, 0.5, 1.0, z + w - 0.05, z + w, { front: color });
      case "away":
        return box(c, room, x - w, x + w, 0.5, 1.0, z - w, z - w + 0.05, { front: color });
      case "left":
        return box(c, room, x + w - 0.05, x + w, 0.5, 1.0, z - w, z + w, {
          front: color,
          side: shade(color, -0.1),
        });
      case "right":
        return box(c, room, x - w, x - w + 0.05, 0.5, 1.0, z - w, z + w, {
          front: color,
          side: shade(color, -0.1),
        });
    }
  })();
  const backInFront =
    facing === "away" || (facing === "left" && x < 0) || (facing === "right" && x > 0);
  return group(backInFront ? [...legs, seat, backBox] : [backBox, ...legs, seat]);
}

/** An upholstered armchair or sofa whose seat faces the middle of the room from a side wall. */
function sideSeat(
  c: Canvas,
  room: Room,
  side: "left" | "right",
  z0: number,
  z1: number,
  color: string,
  depth = 0.9,
) {
  const wall = side === "left" ? -room.left + 0.1 : room.right - 0.1;
  const dir = side === "left" ? 1 : -1;
  const xs = (a: number, b: number): [number, number] => {
    const p = wall + dir * a;
    const q = wall + dir * b;
    return [Math.min(p, q), Math.max(p, q)];
  };
  const cushion = shade(color, 0.08);
  const [bx0, bx1] = xs(0, 0.22);
  const [sx0, sx1] = xs(0, depth);
  const [ax0, ax1] = xs(0, depth);
  const pillow = c.r.pick(["#e0b04f", "#c96b3c", "#f3efe6", "#2f5d62", "#8c3b3b"]);
  const parts = [
    box(c, room, bx0, bx1, 0.05, 0.85, z0, z1, {
      front: shade(color, -0.05),
      side: shade(color, -0.12),
    }),
    box(c, room, ax0, ax1, 0.05, 0.62, z1 - 0.18, z1, { front: shade(color, -0.08) }),
    box(c, room, sx0, sx1, 0.05, 0.44, z0, z1, {
      front: color,
      top: cushion,
      side: shade(color, -0.1),
    }),
  ];
  for (let z = z1 - 0.6; z > z0 + 0.3; z -= 0.7) {
    const [px0, px1] = xs(0.2, 0.34);
    parts.push(
      box(c, room, px0, px1, 0.44, 0.82, z - 0.4, z, { front: pillow, side: shade(pillow, -0.1) }),
    );
  }
  parts.push(box(c, room, ax0, ax1, 0.05, 0.62, z0, z0 + 0.18, { front: shade(color, -0.08) }));
  return group(parts);
}

function floorLamp(c: Canvas, room: Room, x: number, z: number) {
  const [bx, by] = room.cam.project({ x, y: 0, z });
  const [tx, ty] = room.cam.project({ x, y: 1.55, z });
  const s = room.cam.focal / z;
  const on = c.light.night || c.r.chance(0.6);
  return group([
    line(bx, by, tx, ty, "#2d2d2d", Math.max(1.5, s * 0.025)),
    ellipse(bx, by, s * 0.14, s * 0.03, "#2d2d2d"),
    on
      ? circle(
          tx,
          ty + s * 0.1,
          s * 0.7,
          c.radial([
            [0, "#fff2c8", 0.5],
            [1, "#fff2c8", 0],
          ]),
        )
      : "",
    polygon(
      [
        [tx - s * 0.17, ty + s * 0.16],
        [tx - s * 0.11, ty - s * 0.12],
        [tx + s * 0.11, ty - s * 0.12],
        [tx + s * 0.17, ty + s * 0.16],
      ],
      c.lit(on ? "#f6e7c6" : "#ebe4d6"),
    ),
  ]);
}

/** A rug on the floor with a border. */
function rug(c: Canvas, room: Room, x0: number, x1: number, z0: number, z1: number, color: string) {
  const border = shade(color, -0.18);
  return group([
    polygon(
      room.cam.quad(
        { x: x0, y: 0.004, z: z0 },
        { x: x1, y: 0.004, z: z0 },
        { x: x1, y: 0.004, z: z1 },
        { x: x0, y: 0.004, z: z1 },
      ),
      c.lit(border),
    ),
    polygon(
      room.cam.quad(
        { x: x0 + 0.12, y: 0.005, z: z0 + 0.12 },
        { x: x1 - 0.12, y: 0.005, z: z0 + 0.12 },
        { x: x1 - 0.12, y: 0.005, z: z1 - 0.12 },
        { x: x0 + 0.12, y: 0.005, z: z1 - 0.12 },
      ),
      c.lit(color),
    ),
  ]);
}

function sideCurtains(
  c: Canvas,
  room: Room,
  side: "left" | "right",
  z0: number,
  z1: number,
  color: string,
) {
  return group([
    onSideWall(room, side, z0 - 0.45, z0 + 0.05, 0.02, 2.6, c.lit(color)),
    onSideWall(room, side, z1 - 0.05, z1 + 0.45, 0.02, 2.6, c.lit(shade(color, -0.06))),
  ]);
}

const CURTAINS = ["#d9cbb3", "#8a9a8c", "#c9c2b8", "#b59f84", "#3d4a5c", "#e8e2d6"];

function sofa(c: Canvas, room: Room, x0: number, x1: number, z: number, color: string) {
  const d = 0.9;
  const cushion = shade(color, 0.08);
  const parts = [
    box(c, room, x0, x1, 0.05, 0.75, z, z + 0.22, { front: shade(color, -0.05) }),
    box(c, room, x0, x1, 0.05, 0.42, z - d, z, { front: color, top: cushion }),
    box(c, room, x0 - 0.05, x0 + 0.18, 0.05, 0.6, z - d, z + 0.22, { front: shade(color, -0.08) }),
    box(c, room, x1 - 0.18, x1 + 0.05, 0.05, 0.6, z - d, z + 0.22, { front: shade(color, -0.08) }),
  ];
  // Scatter cushions.
  const pillow = c.r.pick(["#e0b04f", "#c96b3c", "#f3efe6", "#2f5d62", "#8c3b3b"]);
  for (let x = x0 + 0.3; x < x1 - 0.4; x += 0.7) {
    parts.push(box(c, room, x, x + 0.42, 0.42, 0.8, z - 0.05, z, { front: pillow }));
  }
  return group(parts);
}

function livingRoom(c: Canvas) {
  const r = c.r;
  const finish = pickFinish(c);
  const room = makeRoom(c, r.range(5.6, 6.6), r.range(5.6, 6.6));
  const parts = shell(c, room, finish, r.chance(0.45));
  const back = room.back;
  const sofaColor = r.pick([
    "#8c8d8f",
    "#3d4a5c",
    "#b59f84",
    "#5a6b5d",
    "#e3ddd2",
    "#7a3e3e",
    "#c9b89e",
  ]);
  const windowSide = r.chance(0.5) ? "left" : "right";
  const seatSide = windowSide === "left" ? "right" : "left";
  parts.push(
    sideWindow(c, room, windowSide, 1.9, 3.9),
    sideCurtains(c, room, windowSide, 1.9, 3.9, r.pick(CURTAINS)),
  );
  const tvWall = r.chance(0.55);
  if (tvWall) {
    // A panelled TV wall with a low console.
    parts.push(
      onBackWall(
        c,
        room,
        -1.5,
        1.5,
        0.1,
        2.7,
        c.lit(r.pick(["#6b4f3a", "#3a3d42", "#8a6f5a", "#d8d2c8"])),
        0.05,
      ),
    );
    parts.push(onBackWall(c, room, -1.0, 1.0, 1.1, 2.2, "#121418", 0.07));
    parts.push(
      onBackWall(
        c,
        room,
        -0.96,
        0.96,
        1.14,
        2.16,
        c.linear(
          [
            [0, "#1d222b"],
            [1, "#0d0f12"],
          ],
          { x1: 0, y1: 0, x2: 1, y2: 1 },
        ),
        0.075,
      ),
    );
    parts.push(
      box(c, room, -1.4, 1.4, 0.2, 0.55, back - 0.5, back - 0.05, {
        front: r.pick(["#e8e4dc", "#2d2d2d", "#6b4f3a"]),
      }),
    );
    parts.push(plant(c, room, room.right - 0.5, back - 0.5, 1.5));
  } else {
    parts.push(artwork(c, room, -1.0, 1.0, 1.35, 2.35));
    parts.push(sofa(c, room, -1.5, 1.5, back - 0.25, sofaColor));
    parts.push(
      box(c, room, 1.75, 2.25, 0, 0.55, back - 0.6, back - 0.1, {
        front: r.pick(["#6b4f3a", "#2d2d2d"]),
      }),
    );
    parts.push(plant(c, room, -room.left + 0.5, back - 0.5, 1.5));
  }
  parts.push(
    floorLamp(c, room, seatSide === "left" ? -room.left + 0.45 : room.right - 0.45, back - 0.7),
  );
  parts.push(sideSeat(c, room, seatSide, 2.3, tvWall ? 4.6 : 3.6, sofaColor, 0.95));
  parts.push(
    rug(
      c,
      room,
      -1.3,
      1.5,
      2.4,
      4.4,
      r.pick(["#d9cbb3", "#b8a48c", "#c9c2b8", "#9a8a7a", "#a46a4c"]),
    ),
  );
  const tableTop = r.pick(["#e8e2d6", "#6b4f3a", "#f4f1ea", "#2d2d2d"]);
  parts.push(
    box(c, room, -0.55, 0.75, 0.05, 0.42, 3.0, 3.7, {
      front: shade(tableTop, -0.15),
      top: tableTop,
    }),
  );
  const [vx, vy] = room.cam.project({ x: 0.2, y: 0.42, z: 3.3 });
  const vs = room.cam.focal / 3.3;
  parts.push(
    ellipse(
      vx,
      vy - vs * 0.08,
      vs * 0.08,
      vs * 0.12,
      c.lit(r.pick(["#f4f1ea", "#2f5d62", "#c96b3c"])),
    ),
  );
  parts.push(
    box(c, room, -0.4, -0.05, 0.42, 0.47, 3.2, 3.45, {
      front: r.pick(["#8c3b3b", "#2f5d62", "#e0b04f"]),
    }),
  );
  parts.push(pendant(c, room, 0, 3.3, 0.7, r.pick(["#2d2d2d", "#c8a85a", "#f4f1ea"])));
  return parts;
}

function kitchen(c: Canvas) {
  const r = c.r;
  const finish = pickFinish(c);
  const room = makeRoom(c, r.range(4.6, 5.4), r.range(4.2, 5));
  const parts = shell(c, room, finish, false);
  const cabinet = r.pick(["#f4f2ee", "#2f3b45", "#6b4f3a", "#8a9a8c", "#d8d2c8", "#3d3a4b"]);
  const counter = r.pick(["#f2f0ec", "#2a2a2a", "#e6e1d8", "#bfb8ae"]);
  const back = room.back;
  // Backsplash tiles.
  parts.push(
    onBackWall(
      c,
      room,
      -room.left,
      room.right,
      0.9,
      1.5,
      c.lit(r.pick(["#e9e6e1", "#d8e2e6", "#f0ebe0", "#cfd6d2"])),
      0.005,
    ),
  );
  parts.push(backWindow(c, room, -0.6, 0.6, 1.05, 1.95, undefined));
  parts.push(box(c, room, -room.left, room.right, 0, 0.88, back - 0.6, back, { front: cabinet }));
  parts.push(
    box(c, room, -room.left, room.right, 0.88, 0.93, back - 0.63, back, {
      front: counter,
      top: counter,
    }),
  );
  for (let x = -room.left + 0.6; x < room.right; x += 0.6) {
    const [ax, ay] = room.cam.project({ x, y: 0.1, z: back - 0.6 });
    const [bx, by] = room.cam.project({ x, y: 0.85, z: back - 0.6 });
    parts.push(line(ax, ay, bx, by, shade(c.lit(cabinet), -0.25), 1.2));
  }
  // Upper cabinets either side of the window, a hood and a hob.
  parts.push(box(c, room, -room.left, -0.8, 1.6, 2.4, back - 0.35, back, { front: cabinet }));
  parts.push(box(c, room, 0.8, room.right, 1.6, 2.4, back - 0.35, back, { front: cabinet }));
  const hobX = r.chance(0.5) ? -1.6 : 1.3;
  parts.push(box(c, room, hobX, hobX + 0.6, 1.6, 1.75, back - 0.5, back, { front: "#b9bcc0" }));
  parts.push(
    box(c, room, hobX + 0.2, hobX + 0.4, 1.75, 2.4, back - 0.3, back, { front: "#c9ccd0" }),
  );
  // Tall fridge at one end.
  parts.push(
    box(c, room, room.right - 0.75, room.right, 0, 1.9, back - 0.7, back, {
      front: r.pick(["#c9ccd0", "#2a2a2a", "#e8e8e8"]),
    }),
  );
  // Island with stools.
  const islandColor = r.chance(0.5)
    ? shade(cabinet, -0.05)
    : r.pick(["#6b4f3a", "#2f3b45", "#e8e4dc"]);
  parts.push(box(c, room, -1.0, 1.0, 0, 0.88, 2.7, 3.3, { front: islandColor }));
  parts.push(box(c, room, -1.1, 1.1, 0.88, 0.94, 2.62, 3.35, { front: counter, top: counter }));
  const [fx, fy] = room.cam.project({ x: 0.45, y: 0.94, z: 3.0 });
  const fs = room.cam.focal / 3;
  parts.push(ellipse(fx, fy - fs * 0.04, fs * 0.16, fs * 0.05, c.lit("#e8e4dc")));
  for (let i = 0; i < 4; i++)
    parts.push(
      circle(
        fx - fs * 0.09 + i * fs * 0.06,
        fy - fs * 0.08,
        fs * 0.04,
        c.lit(r.pick(["#e67e22", "#f1c40f", "#c0392b", "#7fae55"])),
      ),
    );
  const stool = r.pick(["#2d2d2d", "#8a5f3e", "#c8a85a"]);
  for (const x of [-0.65, 0, 0.65]) {
    parts.push(box(c, room, x - 0.02, x + 0.02, 0, 0.64, 2.24, 2.28, { front: "#3a3a3a" }));
    parts.push(
      box(c, room, x - 0.2, x + 0.2, 0.64, 0.7, 2.06, 2.46, {
        front: stool,
        top: shade(stool, 0.12),
      }),
    );
  }
  for (const x of [-0.6, 0.6])
    parts.push(pendant(c, room, x, 3.0, 1.0, r.pick(["#2d2d2d", "#c8a85a", "#f4f1ea"])));
  return parts;
}

function bedroom(c: Canvas) {
  const r = c.r;
  const finish = pickFinish(c);
  const room = makeRoom(c, r.range(5, 5.8), r.range(5.6, 6.4));
  const parts = shell(c, room, finish, r.chance(0.5));
  const back = room.back;
  const headboard = r.pick(["#6b5b4b", "#2f3b45", "#b59f84", "#e3ddd2", "#5a4a5c", "#8a6f5a"]);
  const linen = r.pick(["#f7f6f2", "#efe9df", "#e8ecef"]);
  const throwColor = r.pick(["#c96b3c", "#2f5d62", "#8c3b3b", "#e0b04f", "#3b5b8c", "#7a6a8a"]);
  const windowSide = r.chance(0.5) ? "left" : "right";
  parts.push(
    sideWindow(c, room, windowSide, 2.2, 3.8),
    sideCurtains(c, room, windowSide, 2.2, 3.8, r.pick(CURTAINS)),
  );
  parts.push(artwork(c, room, -0.8, 0.8, 1.55, 2.25));
  parts.push(box(c, room, -1.05, 1.05, 0, 1.35, back - 0.12, back - 0.02, { front: headboard }));
  parts.push(
    box(c, room, -0.95, 0.95, 0, 0.3, back - 2.2, back - 0.12, { front: shade(headboard, -0.1) }),
  );
  parts.push(
    box(c, room, -0.95, 0.95, 0.3, 0.58, back - 2.2, back - 0.12, {
      front: linen,
      top: shade(linen, 0.04),
    }),
  );
  parts.push(
    box(c, room, -0.97, 0.97, 0.28, 0.61, back - 2.22, back - 1.5, {
      front: throwColor,
      top: shade(throwColor, 0.1),
    }),
  );
  for (const x of [-0.8, 0.1])
    parts.push(box(c, room, x, x + 0.7, 0.58, 0.8, back - 0.45, back - 0.15, { front: "#ffffff" }));
  for (const x of [-0.6, 0.05])
    parts.push(
      box(c, room, x, x + 0.55, 0.58, 0.76, back - 0.6, back - 0.45, { front: throwColor }),
    );
  for (const x of [-1.6, 1.1]) {
    parts.push(
      box(c, room, x, x + 0.5, 0, 0.55, back - 0.5, back - 0.05, {
        front: r.pick(["#6b4f3a", "#2d2d2d", "#e8e4dc"]),
      }),
    );
    parts.push(
      box(c, room, x + 0.15, x + 0.35, 0.55, 0.95, back - 0.35, back - 0.2, { front: "#f3e2c0" }),
    );
    if (c.light.night || r.chance(0.5)) {
      const [lx, ly] = room.cam.project({ x: x + 0.25, y: 0.85, z: back - 0.3 });
      parts.push(
        circle(
          lx,
          ly,
          70,
          c.radial([
            [0, "#fff2c8", 0.55],
            [1, "#fff2c8", 0],
          ]),
        ),
      );
    }
  }
  // Wardrobe along one side.
  const wx = windowSide === "right" ? -room.left + 0.02 : room.right - 0.62;
  parts.push(
    box(c, room, wx, wx + 0.6, 0, 2.5, 2.6, 4.2, {
      front: r.pick(["#e8e4dc", "#6b4f3a", "#d8d2c8"]),
    }),
  );
  parts.push(
    rug(
      c,
      room,
      -1.5,
      1.5,
      back - 3.0,
      back - 1.0,
      r.pick(["#d9cbb3", "#c9c2b8", "#9a8a7a", "#b8a48c"]),
    ),
  );
  // Redraw the bed's foot over the rug, then a bench at the foot of the bed.
  parts.push(
    box(c, room, -0.95, 0.95, 0, 0.3, back - 2.2, back - 2.18, { front: shade(headboard, -0.1) }),
  );
  parts.push(box(c, room, -0.97, 0.97, 0.28, 0.61, back - 2.22, back - 2.2, { front: throwColor }));
  parts.push(pendant(c, room, 0, back - 1.4, 0.6, r.pick(["#2d2d2d", "#c8a85a", "#f4f1ea"])));
  return parts;
}

function bathroom(c: Canvas) {
  const r = c.r;
  const finish: Finish = {
    ...pickFinish(c),
    floorKind: "tiles",
    floor: r.pick(["#d6d2cb", "#bfb8ae", "#9a958f", "#e3ddd3", "#5f5b57"]),
    wall: r.pick(["#e9e6e1", "#d8d4cc", "#e6e9ea", "#cfc8bc"]),
  };
  const room = makeRoom(c, r.range(3.4, 4), r.range(3.4, 4), 2.8);
  const parts = shell(c, room, finish, false);
  const back = room.back;
  // Wall tiles.
  const grid: string[] = [];
  for (let x = -room.left; x < room.right; x += 0.6) {
    const [ax, ay] = room.cam.project({ x, y: 0, z: back - 0.005 });
    const [bx, by] = room.cam.project({ x, y: 2.4, z: back - 0.005 });
    grid.push(line(ax, ay, bx, by, "#b9b4ac", 1));
  }
  for (let y = 0.3; y < 2.4; y += 0.3) {
    const [ax, ay] = room.cam.project({ x: -room.left, y, z: back - 0.005 });
    const [bx, by] = room.cam.project({ x: room.right, y, z: back - 0.005 });
    grid.push(line(ax, ay, bx, by, "#b9b4ac", 1));
  }
  parts.push(group(grid, { opacity: 0.6 }));
  const vanity = r.pick(["#6b4f3a", "#2f3b45", "#f4f2ee", "#8a9a8c"]);
  parts.push(box(c, room, -1.2, 0.2, 0.2, 0.8, back - 0.5, back, { front: vanity }));
  parts.push(box(c, room, -1.25, 0.25, 0.8, 0.86, back - 0.52, back, { front: "#f4f4f2" }));
  parts.push(
    onBackWall(
      c,
      room,
      -1.1,
      0.1,
      1.1,
      2.1,
      c.linear([
        [0, "#e6eef2"],
        [1, "#b8c6cc"],
      ]),
      0.02,
    ),
  );
  parts.push(ellipse(...room.cam.project({ x: -0.5, y: 0.87, z: back - 0.28 }), 36, 8, "#e9e9e9"));
  // Glass shower on the right with a rain head.
  parts.push(
    polygon(
      room.cam.quad(
        { x: 0.6, y: 0, z: back - 1.1 },
        { x: room.right, y: 0, z: back - 1.1 },
        { x: room.right, y: 2.1, z: back - 1.1 },
        { x: 0.6, y: 2.1, z: back - 1.1 },
      ),
      "#cfe6ee",
      { opacity: 0.3 },
    ),
  );
  parts.push(
    polygon(
      room.cam.quad(
        { x: 0.6, y: 0, z: back - 1.1 },
        { x: 0.6, y: 0, z: back },
        { x: 0.6, y: 2.1, z: back },
        { x: 0.6, y: 2.1, z: back - 1.1 },
      ),
      "#cfe6ee",
      { opacity: 0.25 },
    ),
  );
  parts.push(box(c, room, 1.0, 1.3, 2.05, 2.08, back - 0.6, back - 0.3, { front: "#c9ccd0" }));
  parts.push(box(c, room, 1.13, 1.17, 2.08, 2.6, back - 0.05, back - 0.01, { front: "#c9ccd0" }));
  // A towel on a rail.
  parts.push(
    box(c, room, -room.left + 0.02, -room.left + 0.06, 1.0, 1.6, 1.4, 2.0, {
      front: r.pick(["#f4f1ea", "#2f5d62", "#c96b3c", "#d9cbb3"]),
    }),
  );
  // Toilet beside the vanity.
  const wc = "#f7f7f5";
  parts.push(
    box(c, room, -room.left + 0.25, -room.left + 0.65, 0.4, 0.8, back - 0.25, back - 0.05, {
      front: wc,
    }),
  );
  parts.push(
    box(c, room, -room.left + 0.28, -room.left + 0.62, 0, 0.4, back - 0.75, back - 0.2, {
      front: shade(wc, -0.04),
      top: wc,
    }),
  );
  parts.push(
    box(c, room, -room.left + 0.25, -room.left + 0.65, 0.4, 0.44, back - 0.8, back - 0.2, {
      front: wc,
      top: shade(wc, -0.06),
    }),
  );
  parts.push(plant(c, room, 0.45, back - 0.3, 0.5));
  return parts;
}

function dining(c: Canvas) {
  const r = c.r;
  const finish = pickFinish(c);
  const room = makeRoom(c, r.range(5, 6), r.range(5, 6));
  const parts = shell(c, room, finish, r.chance(0.4));
  const _back = room.back;
  parts.push(
    backWindow(c, room, -1.3, 1.3, 0.8, 2.4, r.pick(["#d9cbb3", "#8a9a8c", "#c9c2b8", "#b59f84"])),
  );
  parts.push(
    box(c, room, room.right - 0.5, room.right, 0, 0.85, 2.2, 4, {
      front: r.pick(["#6b4f3a", "#2d2d2d"]),
    }),
  );
  const wood = r.pick(["#6b4f3a", "#8a5f3e", "#3a2d24", "#e8e2d6"]);
  const chairColor = r.pick(["#e3ddd2", "#3d4a5c", "#b59f84", "#2d2d2d", "#7a3e3e", "#8a9a8c"]);
  const tz0 = 2.6;
  const tz1 = 4.0;
  // Chairs behind the table, then the table, then chairs in front.
  const frame = shade(wood, -0.2);
  for (const x of [-0.8, 0, 0.8])
    parts.push(chair(c, room, x, tz1 + 0.15, "camera", chairColor, frame));
  for (const x of [-1.05, 1.0])
    parts.push(box(c, room, x, x + 0.06, 0, 0.7, tz1 - 0.1, tz1 - 0.05, { front: frame }));
  parts.push(chair(c, room, -1.55, (tz0 + tz1) / 2, "right", chairColor, frame));
  parts.push(chair(c, room, 1.55, (tz0 + tz1) / 2, "left", chairColor, frame));
  parts.push(box(c, room, -1.2, 1.2, 0.7, 0.76, tz0, tz1, { front: wood, top: shade(wood, 0.12) }));
  for (const x of [-1.05, 1.0])
    parts.push(box(c, room, x, x + 0.06, 0, 0.7, tz0 + 0.05, tz0 + 0.1, { front: frame }));
  for (const x of [-0.75, 0.25]) {
    const [px, py] = room.cam.project({ x: x + 0.1, y: 0.76, z: 3.2 });
    const ps = room.cam.focal / 3.2;
    parts.push(
      ellipse(px, py, ps * 0.14, ps * 0.05, "#f7f7f5", { stroke: "#d8d4cc", "stroke-width": 1 }),
    );
  }
  parts.push(chair(c, room, 0.3, tz0 - 0.3, "away", chairColor, frame));
  // Chandelier.
  const [cx, cy] = room.cam.project({ x: 0, y: 2.2, z: 3.3 });
  const [tx, ty] = room.cam.project({ x: 0, y: room.height, z: 3.3 });
  parts.push(line(tx, ty, cx, cy, "#555555", 1.2));
  for (let i = 0; i < 7; i++)
    parts.push(circle(cx - 60 + i * 20, cy + 10 + Math.abs(i - 3) * -3, 7, "#fff0c8"));
  parts.push(
    circle(
      cx,
      cy + 10,
      90,
      c.radial([
        [0, "#fff2c8", 0.45],
        [1, "#fff2c8", 0],
      ]),
    ),
  );
  return parts;
}

/** On an apartment balcony: railing, chairs, and the city beyond. */
function balcony(c: Canvas) {
  const r = c.r;
  const horizonY = c.height * 0.5;
  const parts = [sky(c, horizonY), sun(c), clouds(c, horizonY)];
  const far = mix(c.lit("#8fa3b8"), c.light.haze, 0.35);
  for (let x = -20; x < c.width; x += r.range(40, 90)) {
    const w = r.range(30, 70);
    const h = r.range(40, 220);
    const tower = shade(far, r.range(-0.12, 0.06));
    parts.push(rect(x, horizonY - h, w, h + 40, tower));
    for (let wy = horizonY - h + 8; wy < horizonY + 20; wy += 9) {
      parts.push(
        rect(
          x + 4,
          wy,
          w - 8,
          3,
          c.light.night && r.chance(0.5) ? "#ffd98a" : shade(tower, -0.12),
          { opacity: 0.7 },
        ),
      );
    }
  }
  parts.push(haze(c, horizonY + 40, 120));
  parts.push(rect(0, horizonY + 30, c.width, 60, c.lit(r.pick(["#5f8fa8", "#6b9a8a", "#4f7f9a"]))));
  const floorY = c.height * 0.72;
  parts.push(rect(0, horizonY + 80, c.width, floorY - horizonY - 80, c.lit("#7a8b6a")));
  for (let i = 0; i < 12; i++)
    parts.push(
      circle(
        r.range(0, c.width),
        horizonY + r.range(90, 140),
        r.range(12, 30),
        c.lit(r.pick(["#5a7a4a", "#6b8a55"])),
      ),
    );
  const tile = c.lit(r.pick(["#d6d0c4", "#c9bca8", "#b8b0a4", "#a89a8a"]));
  parts.push(
    rect(
      0,
      floorY,
      c.width,
      c.height - floorY,
      c.linear([
        [0, shade(tile, 0.05)],
        [1, shade(tile, -0.1)],
      ]),
    ),
  );
  for (let x = -600; x < c.width + 600; x += 110)
    parts.push(
      line(c.width / 2 + (x - c.width / 2) * 0.5, floorY, x, c.height, "#000000", 1, {
        opacity: 0.08,
      }),
    );
  for (let y = floorY + 12, step = 14; y < c.height; y += step, step *= 1.35)
    parts.push(line(0, y, c.width, y, "#000000", 1, { opacity: 0.07 }));
  // Glass railing with a steel top rail.
  parts.push(rect(0, floorY - 190, c.width, 190, "#cfe6ee", { opacity: 0.28 }));
  parts.push(rect(0, floorY - 196, c.width, 8, c.lit("#cfd2d6")));
  for (let x = 80; x < c.width; x += 260)
    parts.push(rect(x, floorY - 196, 6, 196, c.lit("#b9bcc0")));
  // Two lounge chairs and a round table.
  const frame = c.lit(r.pick(["#2d2d2d", "#f4f1ea", "#8a5f3e"]));
  const cushion = c.lit(r.pick(["#e0b04f", "#f4f1ea", "#2f5d62", "#c96b3c"]));
  for (const [x, dir] of [
    [250, 1],
    [950, -1],
  ] as const) {
    const backX = dir === 1 ? x - 70 : x + 70;
    parts.push(ellipse(x, c.height - 56, 120, 14, "#000000", { opacity: 0.15 }));
    parts.push(
      polygon(
        [
          [backX, c.height - 330],
          [backX + dir * 24, c.height - 330],
          [backX + dir * 40, c.height - 200],
          [backX + dir * 16, c.height - 200],
        ],
        frame,
      ),
    );
    parts.push(
      polygon(
        [
          [backX + dir * 8, c.height - 320],
          [backX + dir * 28, c.height - 320],
          [backX + dir * 40, c.height - 215],
          [backX + dir * 22, c.height - 215],
        ],
        cushion,
      ),
    );
    parts.push(
      rect(x - 90, c.height - 210, 180, 26, frame),
      rect(x - 84, c.height - 232, 168, 24, cushion),
    );
    parts.push(
      rect(x - 80, c.height - 184, 10, 126, frame),
      rect(x + 70, c.height - 184, 10, 126, frame),
    );
  }
  parts.push(ellipse(600, c.height - 60, 70, 10, "#000000", { opacity: 0.15 }));
  parts.push(
    rect(594, c.height - 190, 12, 130, c.lit("#555555")),
    ellipse(600, c.height - 190, 90, 18, c.lit("#f4f1ea")),
  );
  parts.push(
    rect(580, c.height - 222, 16, 30, c.lit("#ffffff"), { opacity: 0.6 }),
    rect(606, c.height - 214, 18, 22, c.lit("#c96b3c")),
  );
  // A potted palm in the corner.
  parts.push(palm(c, 90, c.height - 90, 300, { fronds: 9 }));
  parts.push(
    polygon(
      [
        [40, c.height - 130],
        [140, c.height - 130],
        [125, c.height - 30],
        [55, c.height - 30],
      ],
      c.lit(r.pick(["#e8e4dc", "#3a3d42", "#b5835a"])),
    ),
  );
  return parts;
}

function officeRoom(c: Canvas, kind: "reception" | "workspace" | "boardroom") {
  const r = c.r;
  const finish: Finish = {
    ...pickFinish(c),
    floorKind: r.chance(0.5) ? "tiles" : "wood",
    wall: r.pick(["#eceae6", "#e2e4e6", "#f1efea"]),
  };
  const room = makeRoom(c, kind === "workspace" ? 8 : 6, kind === "workspace" ? 8 : 6);
  const parts = shell(c, room, finish, kind === "reception");
  const back = room.back;
  const accent = r.pick(["#1f5f8b", "#2e7d4f", "#9b2c2c", "#c0641c", "#3d3a4b"]);
  if (kind !== "reception") {
    // A glazed back wall with the city beyond.
    const city: string[] = [
      onBackWall(
        c,
        room,
        -room.left,
        room.right,
        0.3,
        2.8,
        c.linear([
          [0, c.light.sky[0]?.[1] ?? "#7fbbe8"],
          [1, c.light.haze],
        ]),
        0.01,
      ),
    ];
    for (let x = -room.left; x < room.right; x += r.range(0.4, 0.9)) {
      const h = r.range(0.6, 1.8);
      city.push(
        onBackWall(
          c,
          room,
          x,
          x + r.range(0.25, 0.6),
          0.3,
          0.3 + h,
          mix(c.lit("#8fa3b8"), c.light.haze, 0.3),
          0.015,
        ),
      );
    }
    for (let x = -room.left; x < room.right; x += 1.2)
      city.push(onBackWall(c, room, x - 0.03, x + 0.03, 0.3, 2.8, "#3a3d42", 0.02));
    parts.push(group(city));
  }
  if (kind === "reception") {
    parts.push(onBackWall(c, room, -1.2, 1.2, 1.5, 2.2, c.lit(accent), 0.02));
    parts.push(onBackWall(c, room, -0.9, 0.9, 1.75, 1.95, "#ffffff", 0.03));
    parts.push(
      box(c, room, -1.6, 1.6, 0, 1.05, back - 2.2, back - 1.6, {
        front: r.pick(["#f4f2ee", "#2d2d2d", "#6b4f3a"]),
        top: "#e8e4dc",
      }),
    );
    parts.push(
      box(c, room, -1.6, 1.6, 0.05, 0.25, back - 2.25, back - 2.2, { front: c.lit(accent) }),
    );
    parts.push(
      box(c, room, -room.left + 0.4, -room.left + 1.2, 0, 0.45, 1.8, 2.6, {
        front: r.pick(["#3d4a5c", "#b59f84", "#5a6b5d"]),
      }),
    );
    parts.push(
      box(c, room, room.right - 1.2, room.right - 0.4, 0, 0.45, 1.8, 2.6, {
        front: r.pick(["#3d4a5c", "#b59f84", "#5a6b5d"]),
      }),
    );
    parts.push(
      plant(c, room, room.right - 0.5, back - 0.5, 1.6),
      plant(c, room, -room.left + 0.5, back - 0.5, 1.6),
    );
  } else if (kind === "workspace") {
    for (const z of [back - 2.2, back - 4]) {
      for (const x of [-2.6, -0.9, 0.8, 2.5]) {
        if (x + 1.4 > room.right || x < -room.left) continue;
        parts.push(
          box(c, room, x, x + 1.4, 0.72, 0.76, z - 0.8, z, { front: "#f4f2ee", top: "#ebe7df" }),
        );
        parts.push(
          box(c, room, x + 0.05, x + 0.1, 0, 0.72, z - 0.1, z - 0.05, { front: "#777777" }),
        );
        parts.push(
          box(c, room, x + 0.45, x + 0.95, 0.85, 1.15, z - 0.25, z - 0.22, { front: "#1d1f24" }),
        );
        parts.push(
          box(c, room, x + 0.5, x + 0.9, 0.45, 1.0, z - 1.3, z - 1.2, {
            front: r.pick(["#2d2d2d", accent]),
          }),
        );
      }
    }
  } else {
    parts.push(onBackWall(c, room, -1, 1, 1.1, 2.2, "#15171a", 0.2));
    const seat = r.pick(["#2d2d2d", accent, "#6b6e72"]);
    // Chairs far to near, then the table over them.
    for (let z = back - 1.4; z > 3.0; z -= 0.8) {
      parts.push(chair(c, room, -1.3, z, "right", seat, "#3a3a3a"));
      parts.push(chair(c, room, 1.3, z, "left", seat, "#3a3a3a"));
    }
    parts.push(box(c, room, -0.1, 0.1, 0, 0.72, 3.2, back - 1.2, { front: "#3a3a3a" }));
    parts.push(
      box(c, room, -1, 1, 0.72, 0.78, 2.8, back - 0.8, {
        front: r.pick(["#3a2d24", "#f4f2ee", "#6b4f3a"]),
        top: r.pick(["#4a3a2e", "#ebe7df", "#7a5a44"]),
      }),
    );
  }
  return parts;
}

function shopInterior(c: Canvas) {
  const r = c.r;
  const finish: Finish = { ...pickFinish(c), floorKind: "tiles" };
  const room = makeRoom(c, 6, 7);
  const parts = shell(c, room, finish, false);
  const back = room.back;
  const goods = ["#e74c3c", "#f1c40f", "#3498db", "#ecf0f1", "#2ecc71", "#e67e22", "#9b59b6"];
  for (const [side, x0] of [
    ["left", -room.left + 0.02],
    ["right", room.right - 0.52],
  ] as const) {
    parts.push(box(c, room, x0, x0 + 0.5, 0, 2.2, 1.6, back - 0.2, { front: "#e8e4dc" }));
    for (let y = 0.3; y < 2.1; y += 0.45) {
      for (let z = 1.7; z < back - 0.3; z += 0.28) {
        const x = side === "left" ? x0 + 0.5 : x0;
        parts.push(
          onSideWall(
            { ...room, left: -x + 0.01, right: x + 0.01 },
            side,
            z,
            z + 0.2,
            y,
            y + 0.3,
            c.lit(r.pick(goods)),
          ),
        );
      }
    }
  }
  for (let y = 0.3; y < 2.1; y += 0.45) {
    for (let x = -room.left + 0.8; x < room.right - 0.9; x += 0.26) {
      parts.push(onBackWall(c, room, x, x + 0.2, y, y + 0.3, c.lit(r.pick(goods)), 0.3));
    }
  }
  parts.push(
    box(c, room, 0.3, 1.9, 0, 1.0, 3.6, 4.2, {
      front: r.pick(["#2d2d2d", "#6b4f3a", "#1f5f8b"]),
      top: "#f4f2ee",
    }),
  );
  return parts;
}

function warehouseInterior(c: Canvas) {
  const r = c.r;
  const finish: Finish = {
    wall: "#d9dcdf",
    accent: "#1f5f8b",
    floor: "#a9a9a4",
    floorKind: "tiles",
    ceiling: "#c9ccd0",
  };
  const room = makeRoom(c, 18, 30, 9);
  const parts = shell(c, room, finish, false);
  // Trusses.
  for (let z = 4; z < room.back; z += 4) {
    const [ax, ay] = room.cam.project({ x: -room.left, y: 8.2, z });
    const [bx, by] = room.cam.project({ x: room.right, y: 8.2, z });
    parts.push(line(ax, ay, bx, by, "#6b6e72", 3));
    const [sx, sy] = room.cam.project({ x: -2, y: 8.99, z });
    const [ex, ey] = room.cam.project({ x: 2, y: 8.99, z: z + 2 });
    parts.push(
      rect(sx, sy, Math.max(4, ex - sx), Math.max(3, ey - sy), "#f4f8fa", { opacity: 0.7 }),
    );
  }
  const pallet = ["#c8a26a", "#b58c54", "#d9b77a", "#8fa3b8", "#e8e4dc"];
  for (const side of [-1, 1]) {
    for (let z = 5; z < room.back - 1; z += 2.4) {
      const x0 = side < 0 ? -room.left + 1 : room.right - 3;
      for (let level = 0; level < 3; level++) {
        const y = level * 2.2;
        parts.push(box(c, room, x0, x0 + 2, y, y + 0.12, z, z + 2.2, { front: c.lit("#d9771f") }));
        parts.push(
          box(c, room, x0 + 0.1, x0 + 1.9, y + 0.12, y + 1.6, z + 0.1, z + 2.1, {
            front: r.pick(pallet),
          }),
        );
      }
      parts.push(box(c, room, x0, x0 + 0.1, 0, 6.6, z, z + 0.1, { front: c.lit("#1f5f8b") }));
    }
  }
  // Yellow lane markings.
  for (const x of [-3, 3]) {
    parts.push(
      polygon(
        room.cam.quad(
          { x, y: 0.01, z: 2 },
          { x: x + 0.15, y: 0.01, z: 2 },
          { x: x + 0.15, y: 0.01, z: room.back },
          { x, y: 0.01, z: room.back },
        ),
        "#f2c40f",
      ),
    );
  }
  return parts;
}

export type InteriorKind =
  | "living"
  | "kitchen"
  | "bedroom"
  | "bathroom"
  | "dining"
  | "balcony"
  | "reception"
  | "workspace"
  | "boardroom"
  | "shopfloor"
  | "interior";

export function interiorScene(c: Canvas, kind: InteriorKind) {
  const parts = (() => {
    switch (kind) {
      case "living":
        return livingRoom(c);
      case "kitchen":
        return kitchen(c);
      case "bedroom":
        return bedroom(c);
      case "bathroom":
        return bathroom(c);
      case "dining":
        return dining(c);
      case "balcony":
        return balcony(c);
      case "reception":
      case "workspace":
      case "boardroom":
        return officeRoom(c, kind);
      case "shopfloor":
        return shopInterior(c);
      case "interior":
        return warehouseInterior(c);
    }
  })();
  // Soft light falloff towards the corners.
  parts.push(
    rect(
      0,
      0,
      c.width,
      c.height,
      c.radial(
        [
          [0.5, "#000000", 0],
          [1, "#000000", 0.3],
        ],
        { r: 0.75 },
      ),
    ),
  );
  return parts;
}
