import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTestEnv } from "../../../tests/setup/env";

// The storage root comes from DATA_DIR: a throw-away folder.
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "media-route-"));
setTestEnv({ DATA_DIR: dataDir });
const { loader } = await import("./media");
const { knownGeneratedKeys } = await import("~/demo/demo-media");
const { routeArgs } = await import("../../../tests/setup/route-calls");

function knownKey(pattern: RegExp) {
  const key = [...knownGeneratedKeys()].find((k) => pattern.test(k));
  if (!key) throw new Error(`no demo picture matches ${pattern}`);
  return key;
}

function get(key: string, query = "", headers: Record<string, string> = {}) {
  const request = new Request(`http://localhost/media/${key}${query}`, { headers });
  return loader(routeArgs(request, { params: { "*": key } })) as Promise<Response>;
}

async function body(response: Response) {
  return Buffer.from(await response.arrayBuffer());
}

const HERO = "generated/hero/2.webp";
const DUPLEX = knownKey(/^generated\/property\/duplex\/\d+-exterior\.webp$/);
const VILLA_POOL = knownKey(/^generated\/property\/villa\/\d+-pool\.webp$/);
const cacheFile = (width: number, key: string) =>
  path.join(dataDir, "media-cache", String(width), `${key}.webp`);

beforeAll(async () => {
  // An uploaded photo 800 px wide, and a file outside the media folder that must never be served.
  const upload = path.join(dataDir, "media", "uploads", "photo.png");
  fs.mkdirSync(path.dirname(upload), { recursive: true });
  await sharp({ create: { width: 800, height: 600, channels: 3, background: "#3a7" } })
    .png()
    .toFile(upload);
  fs.writeFileSync(path.join(dataDir, "secret.webp"), "top secret");
});

afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("/media/* generated images", () => {
  it("renders a generated key as a WebP of the requested width and caches it", async () => {
    const response = await get(DUPLEX, "?w=640");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
    const meta = await sharp(await body(response)).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(640);
    expect(meta.height).toBe(427);
    expect(fs.existsSync(cacheFile(640, DUPLEX))).toBe(true);
  });

  it("draws the tall hero pictures for phones, at the srcset widths the hero asks for", async () => {
    for (let index = 1; index <= 4; index++) {
      expect(knownGeneratedKeys().has(`generated/hero/${index}-portrait.webp`)).toBe(true);
    }
    const key = "generated/hero/1-portrait.webp";
    const response = await get(key, "?w=640");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    const meta = await sharp(await body(response)).metadata();
    expect([meta.width, meta.height]).toEqual([640, 1138]);
    // The original is 1280 wide: a larger width is not enlarged.
    const original = await sharp(await body(await get(key, "?w=1920"))).metadata();
    expect([original.width, original.height]).toEqual([1280, 2276]);
  });

  it("serves the second request from the cache without redrawing", async () => {
    const before = fs.statSync(cacheFile(640, DUPLEX));
    const response = await get(DUPLEX, "?w=640");
    expect(response.status).toBe(200);
    await body(response);
    const after = fs.statSync(cacheFile(640, DUPLEX));
    expect(after.mtimeMs).toBe(before.mtimeMs);
    expect(after.ino).toBe(before.ino);
  });

  it("answers 304 to a matching If-None-Match", async () => {
    const first = await get(DUPLEX, "?w=640");
    await body(first);
    const etag = first.headers.get("ETag");
    expect(etag).toBeTruthy();
    const second = await get(DUPLEX, "?w=640", { "If-None-Match": etag ?? "" });
    expect(second.status).toBe(304);
  });

  it("stores and serves the full-size original when no width is asked for", async () => {
    const response = await get(HERO);
    expect(response.status).toBe(200);
    const meta = await sharp(await body(response)).metadata();
    expect([meta.width, meta.height]).toEqual([1920, 1080]);
    expect(fs.existsSync(path.join(dataDir, "media", HERO))).toBe(true);
    // Widths are then made from the stored original.
    const small = await get(HERO, "?w=320");
    expect((await sharp(await body(small)).metadata()).width).toBe(320);
  });

  it("renders concurrent first requests once, leaving one whole file and no temp files", async () => {
    const key = VILLA_POOL;
    const responses = await Promise.all(Array.from({ length: 5 }, () => get(key, "?w=480")));
    const bodies = await Promise.all(responses.map(body));
    for (const response of responses) expect(response.status).toBe(200);
    for (const b of bodies) expect(b.equals(bodies[0] as Buffer)).toBe(true);
    const dir = path.dirname(cacheFile(480, key));
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    expect((await sharp(cacheFile(480, key)).metadata()).width).toBe(480);
  });

  it("answers a byte range", async () => {
    const response = await get(HERO, "", { Range: "bytes=0-99" });
    expect(response.status).toBe(206);
    expect(response.headers.get("Content-Range")).toMatch(/^bytes 0-99\/\d+$/);
    expect((await body(response)).length).toBe(100);
  });
});

describe("/media/* stored files", () => {
  it("serves a stored upload with its own type", async () => {
    const response = await get("uploads/photo.png");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/png");
  });

  it("never upscales past the original", async () => {
    const response = await get("uploads/photo.png", "?w=1920");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect((await sharp(await body(response)).metadata()).width).toBe(800);
  });
});

describe("/media/* refusals", () => {
  it.each(["?w=500", "?w=abc", "?w=0640", "?w=", "?w=640&w=320", "?w=99999999"])(
    "answers 400 to an unsupported width (%s)",
    async (query) => {
      expect((await get(DUPLEX, query)).status).toBe(400);
    },
  );

  it.each([
    "../secret.webp",
    "generated/../../secret.webp",
    "generated/hero/../../../secret.webp",
    "..%2Fsecret.webp",
    "generated%2F..%2F..%2Fsecret.webp",
    "%2e%2e/secret.webp",
    "/etc/passwd",
    "uploads\\..\\..\\secret.webp",
    ".hidden.webp",
    "uploads//photo.png",
    `${dataDir}/secret.webp`,
  ])("answers 404 to a path outside the media folder (%s)", async (key) => {
    const response = await get(key);
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain("top secret");
  });

  it("answers 404 to an unknown stored key", async () => {
    expect((await get("uploads/missing.webp")).status).toBe(404);
    expect((await get("uploads/missing.webp", "?w=640")).status).toBe(404);
  });

  it("answers 404 to a generated key that names no picture, and writes nothing", async () => {
    expect((await get("generated/hero/9.webp")).status).toBe(404);
    expect((await get("generated/hero/9-portrait.webp", "?w=640")).status).toBe(404);
    expect((await get("generated/property/land/1-kitchen.webp", "?w=640")).status).toBe(404);
    expect(fs.existsSync(path.join(dataDir, "media", "generated", "hero", "9.webp"))).toBe(false);
  });

  it("draws only pictures the site refers to: a well-formed unused key is 404 and writes nothing", async () => {
    const unused = "generated/property/duplex/99999-exterior.webp";
    expect(knownGeneratedKeys().has(unused)).toBe(false);
    expect((await get(unused)).status).toBe(404);
    expect((await get(unused, "?w=640")).status).toBe(404);
    expect(fs.existsSync(path.join(dataDir, "media", unused))).toBe(false);
    expect(fs.existsSync(cacheFile(640, unused))).toBe(false);
  });

  it("answers 404 to an unknown file type", async () => {
    fs.writeFileSync(path.join(dataDir, "media", "uploads", "notes.txt"), "hello");
    expect((await get("uploads/notes.txt")).status).toBe(404);
  });
});

describe("/media/*?format=jpeg sharing cards", () => {
  const shareFile = (key: string) => path.join(dataDir, "media-cache", "share", `${key}.jpg`);

  it("draws a generated picture as a 1200x630 JPEG and caches it", async () => {
    const response = await get(VILLA_POOL, "?format=jpeg");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    const meta = await sharp(await body(response)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    expect(fs.existsSync(shareFile(VILLA_POOL))).toBe(true);
    // The WebP original was not needed for it, and the WebP answers are unchanged.
    expect((await get(VILLA_POOL, "?w=320")).headers.get("Content-Type")).toBe("image/webp");
  });

  it("crops a stored upload to the card frame", async () => {
    const response = await get("uploads/photo.png", "?format=jpeg");
    expect(response.status).toBe(200);
    const meta = await sharp(await body(response)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
  });

  it("refuses other formats, a width beside it, and pictures it cannot convert", async () => {
    expect((await get(HERO, "?format=png")).status).toBe(400);
    expect((await get(HERO, "?format=jpeg&format=jpeg")).status).toBe(400);
    expect((await get(HERO, "?format=jpeg&w=640")).status).toBe(400);
    expect((await get("uploads/missing.webp", "?format=jpeg")).status).toBe(404);
    const unused = "generated/property/duplex/99999-exterior.webp";
    expect((await get(unused, "?format=jpeg")).status).toBe(404);
    expect(fs.existsSync(shareFile(unused))).toBe(false);
  });
});
