import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { getEnv } from "~/env.server";
import { IMAGE_WIDTHS, SHARE_IMAGE } from "~/lib/images";
import { logger } from "~/log/logger.server";
import {
  getMediaStorage,
  isSafeKey,
  resolveInside,
  statFile,
  writeFileAtomically,
} from "./storage.server";

// Files stored by the site live in the media storage (./storage.server.ts: DATA_DIR/media, or a
// bucket) under <key> and are answered at /media/<key>. `?w=<width>` answers a WebP of that
// width, made once and kept in this instance's DATA_DIR/media-cache (derived copies are never
// written to the bucket: any instance rebuilds them from the original).
// `?format=jpeg` answers a 1200x630 JPEG for sharing cards (og:image): WhatsApp and Facebook
// previews want JPEG or PNG, and that frame is the one they show.
// A MediaGenerator (the demo photos, app/demo/media) may draw pictures that are not stored yet:
// the first request renders and stores them, so nothing is pre-rendered at start-up or while
// seeding. Uploaded files never depend on it.

export const MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable";

/** WebP quality of drawn originals and resized variants: small files, no visible banding. */
export const WEBP_QUALITY = 80;

const CONTENT_TYPES: Record<string, string> = {
  webp: "image/webp",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  avif: "image/avif",
  svg: "image/svg+xml",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  pdf: "application/pdf",
};

/** Raster images sharp can resize; others (SVG, video, PDF) are always answered as stored. */
const RESIZABLE = new Set(["webp", "jpg", "jpeg", "png", "gif", "avif"]);

const SHARE_JPEG_QUALITY = 82;

/** Most renders or resizes at once: the rest wait, so a burst of new images cannot starve pages. */
const MAX_CONCURRENT_JOBS = 2;

export function mediaCacheRoot() {
  return path.join(getEnv().dataDir, "media-cache");
}

/**
 * Keys under this first segment are the storage's private files (title documents, issue 46):
 * stored beside the media so backups and the bucket carry them, never answered at /media.
 */
export const PRIVATE_MEDIA_PREFIX = "private";

/** Whether `key` is one of the private files (any spelling of the segment: a bucket may fold case). */
export function isPrivateMediaKey(key: string) {
  return key.split("/")[0]?.toLowerCase() === PRIVATE_MEDIA_PREFIX;
}

/** The key if it is a safe relative path of plain segments with a known file type. */
export function parseMediaKey(raw: string): { key: string; extension: string } | undefined {
  if (!isSafeKey(raw) || isPrivateMediaKey(raw)) return undefined;
  const extension = path.extname(raw).slice(1).toLowerCase();
  if (!(extension in CONTENT_TYPES)) return undefined;
  return { key: raw, extension };
}

function contentTypeOf(key: string) {
  return CONTENT_TYPES[path.extname(key).slice(1).toLowerCase()] ?? "application/octet-stream";
}

/** Stores a file under a media key (for uploads) and drops any resized copies of an older one. */
export async function saveMediaFile(key: string, data: Buffer) {
  if (!parseMediaKey(key)) throw new Error(`Not a valid media key: ${key}`);
  await getMediaStorage().put(key, data, contentTypeOf(key));
  await removeCachedVariants(key);
}

/** Removes a stored file and this instance's resized copies of it. */
export async function removeMediaFile(key: string) {
  if (!parseMediaKey(key)) throw new Error(`Not a valid media key: ${key}`);
  await getMediaStorage().remove(key);
  await removeCachedVariants(key);
}

/** Whether a file is stored under `key` (a drawn picture not drawn yet is not). */
export async function isMediaStored(key: string) {
  return parseMediaKey(key) ? Boolean(await getMediaStorage().stat(key)) : false;
}

/** The stored bytes of `key`, or undefined. */
export async function readMediaFile(key: string) {
  return parseMediaKey(key) ? getMediaStorage().read(key) : undefined;
}

async function removeCachedVariants(key: string) {
  await Promise.all(
    [...IMAGE_WIDTHS.map((width) => variantPath(width, key)), shareVariantPath(key)].map(
      (relative) => {
        const file = resolveInside(mediaCacheRoot(), relative);
        return file ? fs.promises.rm(file, { force: true }) : undefined;
      },
    ),
  );
}

function variantPath(width: number, key: string) {
  return `${width}/${key}.webp`;
}

function shareVariantPath(key: string) {
  return `share/${key}.jpg`;
}

// ---------------------------------------------------------------------------
// One render or resize per target at a time in this process (later callers share the first
// one's promise), and at most MAX_CONCURRENT_JOBS of them running at once.

const inFlight = new Map<string, Promise<void>>();
let running = 0;
const waiting: (() => void)[] = [];

async function withJobSlot<T>(job: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT_JOBS) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await job();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function produceOnce(target: string, produce: () => Promise<void>) {
  let pending = inFlight.get(target);
  if (!pending) {
    pending = withJobSlot(produce).finally(() => inFlight.delete(target));
    inFlight.set(target, pending);
  }
  return pending;
}

/** Something to answer: its size and time, and its bytes on demand. */
type Found = {
  size: number;
  modifiedMs: number;
  open(start: number, end: number): Promise<ReadableStream<Uint8Array> | undefined>;
};

function cachedFile(file: string, stat: fs.Stats): Found {
  return {
    size: stat.size,
    modifiedMs: stat.mtimeMs,
    open: async (start, end) =>
      Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>,
  };
}

async function findStored(key: string): Promise<Found | undefined> {
  const storage = getMediaStorage();
  const info = await storage.stat(key);
  return info && { ...info, open: (start, end) => storage.stream(key, start, end) };
}

/** A picture drawn on request: an SVG at a pixel size. */
export type DrawnPicture = { svg: string; width: number; height: number };

/**
 * Draws pictures that are not stored yet. `draw` answers undefined for keys it may not draw:
 * each drawn key stays stored, so an open-ended set would let anyone fill the storage.
 */
export type MediaGenerator = {
  /** Whether `key` is a picture it draws (cheap: no drawing). */
  knows(key: string): boolean;
  /** The picture of `key`, `width` pixels wide (its natural size when omitted). */
  draw(key: string, width?: number): DrawnPicture | undefined;
};

function toWebp(svg: string) {
  return sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer();
}

/** The stored original of a key, rendering a generated picture (and storing it) on its first request. */
async function findOriginal(
  key: string,
  generator: MediaGenerator | undefined,
): Promise<Found | undefined> {
  const stored = await findStored(key);
  if (stored) return stored;
  const drawn = generator?.draw(key);
  if (!drawn) return undefined;
  await produceOnce(`original:${key}`, async () =>
    getMediaStorage().put(key, await toWebp(drawn.svg), "image/webp"),
  );
  return findStored(key);
}

/**
 * A derived file in this instance's cache (a width, a sharing card): used while it is newer than
 * the stored original; made again when the original changed; dropped when the original is gone
 * (removed on another instance) unless the generator draws the key without storing it.
 */
async function findDerived(
  key: string,
  relative: string,
  generator: MediaGenerator | undefined,
  fromOriginal: (original: Buffer) => Promise<Buffer>,
  /** How to draw it when nothing is stored, or undefined when the key is not drawn. */
  fromDrawing: () => (() => Promise<Buffer>) | undefined,
): Promise<Found | undefined> {
  const file = resolveInside(mediaCacheRoot(), relative);
  if (!file) return undefined;
  const [original, cached] = await Promise.all([getMediaStorage().stat(key), statFile(file)]);
  if (cached && (original ? cached.mtimeMs >= original.modifiedMs : generator?.knows(key))) {
    return cachedFile(file, cached);
  }
  if (original) {
    await produceOnce(file, async () => {
      const bytes = await getMediaStorage().read(key);
      if (!bytes) throw new Error(`Stored media vanished while resizing: ${key}`);
      await writeFileAtomically(file, await fromOriginal(bytes));
    });
  } else {
    if (cached) await fs.promises.rm(file, { force: true });
    const drawing = fromDrawing();
    if (!drawing) return undefined;
    await produceOnce(file, async () => writeFileAtomically(file, await drawing()));
  }
  const made = await statFile(file);
  return made && cachedFile(file, made);
}

/**
 * The WebP of a key at a width, made on first request (and again if the original changes).
 * A stored original is resized; a picture not yet stored is drawn straight at that width, which
 * is sharper and several times faster than drawing it full size first.
 */
function findVariant(key: string, width: number, generator: MediaGenerator | undefined) {
  return findDerived(
    key,
    variantPath(width, key),
    generator,
    (original) =>
      sharp(original)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: 4 })
        .toBuffer(),
    () => {
      const drawn = generator?.draw(key, width);
      return drawn && (() => toWebp(drawn.svg));
    },
  );
}

/**
 * The sharing-card JPEG of a key (1200x630, cropped to fill), made on first request and again
 * if the original changes. A picture not yet stored is drawn at 1200 wide first.
 */
function findShareVariant(key: string, generator: MediaGenerator | undefined) {
  const { width, height } = SHARE_IMAGE;
  const toJpeg = (input: Buffer) =>
    sharp(input)
      .rotate()
      .resize({ width, height, fit: "cover" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: SHARE_JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
  return findDerived(key, shareVariantPath(key), generator, toJpeg, () => {
    const drawn = generator?.draw(key, width);
    return drawn && (() => toJpeg(Buffer.from(drawn.svg)));
  });
}

// ---------------------------------------------------------------------------
// HTTP

function plain(status: number, message: string) {
  return new Response(message, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** The width asked for: undefined for the original, null when the parameter is not allowed. */
function parseWidth(url: URL): number | undefined | null {
  const values = url.searchParams.getAll("w");
  if (values.length === 0) return undefined;
  const [value] = values;
  if (values.length > 1 || value === undefined || !/^[1-9]\d{0,4}$/.test(value)) return null;
  const width = Number(value);
  return (IMAGE_WIDTHS as readonly number[]).includes(width) ? width : null;
}

/** The format asked for: undefined for the stored one, null when the parameter is not allowed. */
function parseFormat(url: URL): typeof SHARE_IMAGE.format | undefined | null {
  const values = url.searchParams.getAll("format");
  if (values.length === 0) return undefined;
  return values.length === 1 && values[0] === SHARE_IMAGE.format ? SHARE_IMAGE.format : null;
}

function etagOf(found: Found) {
  return `"${found.size.toString(16)}-${Math.floor(found.modifiedMs).toString(16)}"`;
}

function matchesEtag(header: string | null, etag: string) {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** A single `bytes=` range, or null if the header is present but unusable. */
function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | undefined | null {
  if (!header) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  let start: number;
  let end: number;
  if (!match[1]) {
    const suffix = Number(match[2]);
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] ? Math.min(Number(match[2]), size - 1) : size - 1;
  }
  return start <= end && start < size ? { start, end } : null;
}

async function fileResponse(request: Request, found: Found, contentType: string) {
  const { size } = found;
  const etag = etagOf(found);
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": MEDIA_CACHE_CONTROL,
    ETag: etag,
    "Last-Modified": new Date(found.modifiedMs).toUTCString(),
    "Accept-Ranges": "bytes",
    "X-Content-Type-Options": "nosniff",
  });
  // An uploaded SVG can hold script: never let it run as a page of this site.
  if (contentType === "image/svg+xml") {
    headers.set(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; sandbox",
    );
  }
  if (matchesEtag(request.headers.get("If-None-Match"), etag)) {
    return new Response(null, { status: 304, headers });
  }
  const range = parseRange(request.headers.get("Range"), size);
  if (range === null) {
    headers.set("Content-Range", `bytes */${size}`);
    return new Response(null, { status: 416, headers });
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? size - 1;
  headers.set("Content-Length", String(size === 0 ? 0 : end - start + 1));
  if (range) headers.set("Content-Range", `bytes ${start}-${end}/${size}`);
  let body: ReadableStream<Uint8Array> | null = null;
  if (request.method !== "HEAD" && size > 0) {
    body = (await found.open(start, end)) ?? null;
    if (!body) return plain(404, "Not found");
  }
  return new Response(body, { status: range ? 206 : 200, headers });
}

/**
 * Answers GET /media/<key>[?w=<width>]. `rawKey` is the route's splat parameter. Keys not on
 * disk are drawn by `generator` when it knows them, else answered 404.
 */
export async function serveMedia(
  request: Request,
  rawKey: string,
  generator?: MediaGenerator,
): Promise<Response> {
  const parsed = parseMediaKey(rawKey);
  if (!parsed) return plain(404, "Not found");
  const url = new URL(request.url);
  const width = parseWidth(url);
  if (width === null) {
    return plain(400, `Unsupported width: use one of ${IMAGE_WIDTHS.join(", ")}`);
  }
  const format = parseFormat(url);
  if (format === null || (format && (width !== undefined || !RESIZABLE.has(parsed.extension)))) {
    return plain(400, `Unsupported format: use format=${SHARE_IMAGE.format} alone, on a photo`);
  }
  try {
    if (format) {
      const share = await findShareVariant(parsed.key, generator);
      if (!share) return plain(404, "Not found");
      return await fileResponse(request, share, "image/jpeg");
    }
    if (width === undefined || !RESIZABLE.has(parsed.extension)) {
      const original = await findOriginal(parsed.key, generator);
      if (!original) return plain(404, "Not found");
      return await fileResponse(request, original, contentTypeOf(parsed.key));
    }
    const variant = await findVariant(parsed.key, width, generator);
    if (!variant) return plain(404, "Not found");
    return await fileResponse(request, variant, "image/webp");
  } catch (error) {
    logger.error({ err: error, key: parsed.key, width }, "Failed to serve media");
    return plain(500, "Could not produce this image");
  }
}
