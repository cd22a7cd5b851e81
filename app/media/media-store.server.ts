import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import sharp from "sharp";
import { getEnv } from "~/env.server";
import { IMAGE_WIDTHS, SHARE_IMAGE } from "~/lib/images";
import { logger } from "~/lib/logger.server";

// Files stored by the site live under DATA_DIR/media/<key> and are answered at /media/<key>.
// `?w=<width>` answers a WebP of that width, made once and kept under DATA_DIR/media-cache.
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

export function mediaRoot() {
  return path.join(getEnv().dataDir, "media");
}

export function mediaCacheRoot() {
  return path.join(getEnv().dataDir, "media-cache");
}

// A segment starts with a letter or digit (so never ".", ".." or a hidden temp file) and holds
// only letters, digits, dot, dash and underscore: no slashes, backslashes, percent signs or NULs.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const MAX_KEY_LENGTH = 512;

/** The key if it is a safe relative path of plain segments with a known file type. */
export function parseMediaKey(raw: string): { key: string; extension: string } | undefined {
  if (!raw || raw.length > MAX_KEY_LENGTH) return undefined;
  const segments = raw.split("/");
  if (!segments.every((segment) => SEGMENT.test(segment))) return undefined;
  const extension = path.extname(raw).slice(1).toLowerCase();
  if (!(extension in CONTENT_TYPES)) return undefined;
  return { key: raw, extension };
}

/** The absolute path of `relative` inside `root`, or undefined if it would leave the root. */
function resolveInside(root: string, relative: string) {
  const resolved = path.resolve(root, relative);
  return resolved.startsWith(root + path.sep) ? resolved : undefined;
}

/** Where a stored file lives on disk, for code that writes uploads. */
export function mediaPath(key: string) {
  const parsed = parseMediaKey(key);
  const file = parsed && resolveInside(mediaRoot(), parsed.key);
  if (!file) throw new Error(`Not a valid media key: ${key}`);
  return file;
}

/**
 * Writes a file so that no reader ever sees half of it: into a hidden temp file beside the
 * target, then renamed over it (atomic on one file system).
 */
export async function writeFileAtomically(file: string, data: Buffer) {
  const dir = path.dirname(file);
  await fs.promises.mkdir(dir, { recursive: true });
  const temp = path.join(
    dir,
    `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`,
  );
  try {
    await fs.promises.writeFile(temp, data);
    await fs.promises.rename(temp, file);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
}

/** Stores a file under a media key (for uploads) and drops any resized copies of an older one. */
export async function saveMediaFile(key: string, data: Buffer) {
  await writeFileAtomically(mediaPath(key), data);
  await removeCachedVariants(key);
}

export async function removeMediaFile(key: string) {
  await fs.promises.rm(mediaPath(key), { force: true });
  await removeCachedVariants(key);
}

async function removeCachedVariants(key: string) {
  await Promise.all(
    [...IMAGE_WIDTHS.map((width) => `${width}/${key}.webp`), shareVariantPath(key)].map(
      (relative) => {
        const file = resolveInside(mediaCacheRoot(), relative);
        return file ? fs.promises.rm(file, { force: true }) : undefined;
      },
    ),
  );
}

function shareVariantPath(key: string) {
  return `share/${key}.jpg`;
}

// ---------------------------------------------------------------------------
// One render or resize per target file at a time in this process (later callers share the
// first one's promise), and at most MAX_CONCURRENT_JOBS of them running at once.

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

function produceOnce(target: string, produce: () => Promise<Buffer>) {
  let pending = inFlight.get(target);
  if (!pending) {
    pending = withJobSlot(async () => writeFileAtomically(target, await produce())).finally(() =>
      inFlight.delete(target),
    );
    inFlight.set(target, pending);
  }
  return pending;
}

async function statFile(file: string) {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

type Found = { file: string; stat: fs.Stats };

async function findStored(key: string): Promise<Found | undefined> {
  const file = resolveInside(mediaRoot(), key);
  const stat = file && (await statFile(file));
  return file && stat ? { file, stat } : undefined;
}

/** A picture drawn on request: an SVG at a pixel size. */
export type DrawnPicture = { svg: string; width: number; height: number };

/**
 * Draws pictures that are not stored yet. `draw` answers undefined for keys it may not draw:
 * each drawn key stays on disk, so an open-ended set would let anyone fill it.
 */
export type MediaGenerator = {
  /** The picture of `key`, `width` pixels wide (its natural size when omitted). */
  draw(key: string, width?: number): DrawnPicture | undefined;
};

function toWebp(svg: string) {
  return sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY, effort: 4 }).toBuffer();
}

/** The stored original of a key, rendering a generated picture on its first request. */
async function findOriginal(
  key: string,
  generator: MediaGenerator | undefined,
): Promise<Found | undefined> {
  const stored = await findStored(key);
  if (stored) return stored;
  const drawn = generator?.draw(key);
  const file = resolveInside(mediaRoot(), key);
  if (!drawn || !file) return undefined;
  await produceOnce(file, () => toWebp(drawn.svg));
  return findStored(key);
}

/**
 * The WebP of a key at a width, made on first request (and again if the original changes).
 * A stored original is resized; a picture not yet stored is drawn straight at that width, which is sharper and several times faster than drawing it full size first.
 */
async function findVariant(
  key: string,
  width: number,
  generator: MediaGenerator | undefined,
): Promise<Found | undefined> {
  const file = resolveInside(mediaCacheRoot(), `${width}/${key}.webp`);
  if (!file) return undefined;
  const original = await findStored(key);
  const cached = await statFile(file);
  if (cached && (!original || cached.mtimeMs >= original.stat.mtimeMs))
    return { file, stat: cached };
  if (original) {
    await produceOnce(file, () =>
      sharp(original.file)
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY, effort: 4 })
        .toBuffer(),
    );
  } else {
    const drawn = generator?.draw(key, width);
    if (!drawn) return undefined;
    await produceOnce(file, () => toWebp(drawn.svg));
  }
  const made = await statFile(file);
  return made && { file, stat: made };
}

/**
 * The sharing-card JPEG of a key (1200x630, cropped to fill), made on first request and again
 * if the original changes. A picture not yet stored is drawn at 1200 wide first.
 */
async function findShareVariant(
  key: string,
  generator: MediaGenerator | undefined,
): Promise<Found | undefined> {
  const file = resolveInside(mediaCacheRoot(), shareVariantPath(key));
  if (!file) return undefined;
  const original = await findStored(key);
  const cached = await statFile(file);
  if (cached && (!original || cached.mtimeMs >= original.stat.mtimeMs))
    return { file, stat: cached };
  const { width, height } = SHARE_IMAGE;
  const toJpeg = (input: Buffer | string) =>
    sharp(input)
      .rotate()
      .resize({ width, height, fit: "cover" })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: SHARE_JPEG_QUALITY, mozjpeg: true })
      .toBuffer();
  if (original) {
    await produceOnce(file, () => toJpeg(original.file));
  } else {
    const drawn = generator?.draw(key, width);
    if (!drawn) return undefined;
    await produceOnce(file, () => toJpeg(Buffer.from(drawn.svg)));
  }
  const made = await statFile(file);
  return made && { file, stat: made };
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

function etagOf(stat: fs.Stats) {
  return `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
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

function fileResponse(
  request: Request,
  found: { file: string; stat: fs.Stats },
  contentType: string,
) {
  const { file, stat } = found;
  const etag = etagOf(stat);
  const headers = new Headers({
    "Content-Type": contentType,
    "Cache-Control": MEDIA_CACHE_CONTROL,
    ETag: etag,
    "Last-Modified": stat.mtime.toUTCString(),
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
  const range = parseRange(request.headers.get("Range"), stat.size);
  if (range === null) {
    headers.set("Content-Range", `bytes */${stat.size}`);
    return new Response(null, { status: 416, headers });
  }
  const start = range?.start ?? 0;
  const end = range?.end ?? stat.size - 1;
  headers.set("Content-Length", String(stat.size === 0 ? 0 : end - start + 1));
  if (range) headers.set("Content-Range", `bytes ${start}-${end}/${stat.size}`);
  const body =
    request.method === "HEAD" || stat.size === 0
      ? null
      : (Readable.toWeb(fs.createReadStream(file, { start, end })) as ReadableStream<Uint8Array>);
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
      return fileResponse(request, share, "image/jpeg");
    }
    if (width === undefined || !RESIZABLE.has(parsed.extension)) {
      const original = await findOriginal(parsed.key, generator);
      if (!original) return plain(404, "Not found");
      return fileResponse(
        request,
        original,
        CONTENT_TYPES[parsed.extension] ?? "application/octet-stream",
      );
    }
    const variant = await findVariant(parsed.key, width, generator);
    if (!variant) return plain(404, "Not found");
    return fileResponse(request, variant, "image/webp");
  } catch (error) {
    logger.error({ err: error, key: parsed.key, width }, "Failed to serve media");
    return plain(500, "Could not produce this image");
  }
}
