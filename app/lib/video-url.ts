// Video links as admins paste them (a YouTube page, a short link, a Vimeo page, a whole
// <iframe> embed code, a video file) turned into something the site can show. Pure: used by
// the home page's lite embeds, the gallery, and the admin video and slide forms.
//
// The rule that keeps pasted text harmless: only players this module builds itself, from a
// video id it parsed (YouTube's no-cookie player, Vimeo's player), ever go into an <iframe>.
// Anything else is a link out or a <video> file, never a frame, and nothing pasted is ever
// rendered as HTML: an embed code only gives up its src.

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const YOUTU_BE_HOSTS = new Set(["youtu.be", "www.youtu.be"]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);
const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|mov|m4v)$/i;
const IFRAME_SRC = /<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** The hosts whose players the site frames (the CSP's frame-src allows exactly these). */
export const YOUTUBE_EMBED_ORIGIN = "https://www.youtube-nocookie.com";
export const VIMEO_EMBED_ORIGIN = "https://player.vimeo.com";

/** The longest text the forms take for a video link or embed code. */
export const VIDEO_INPUT_MAX_LENGTH = 4000;

export type VideoSource =
  /** A YouTube video; embedUrl is the privacy-enhanced (no cookies) player. */
  | { kind: "youtube"; id: string; embedUrl: string; watchUrl: string }
  | { kind: "vimeo"; id: string; embedUrl: string; watchUrl: string }
  /** A video file the browser plays itself (<video>). */
  | { kind: "file"; src: string }
  /** Some other http(s) page or site path: shown as a link out, never framed. */
  | { kind: "link"; href: string }
  /** Nothing usable (empty, not http(s) or a site path, unparseable). */
  | { kind: "invalid"; raw: string };

function parseHttpUrl(value: string): URL | undefined {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
  } catch {
    return undefined;
  }
}

/** "90", "90s", "1m30s", "1h2m3s" as whole seconds; undefined for anything else or 0. */
function startSeconds(value: string | null): number | undefined {
  if (!value) return undefined;
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,4})m)?(?:(\d{1,6})s?)?$/.exec(value.trim());
  if (!match || value.trim() === "") return undefined;
  const [, h = "0", m = "0", s = "0"] = match;
  const seconds = Number(h) * 3600 + Number(m) * 60 + Number(s);
  return seconds > 0 ? seconds : undefined;
}

function youtubeVideo(url: URL): { id: string; start?: number } | undefined {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let candidate: string | undefined;
  if (YOUTU_BE_HOSTS.has(host)) {
    candidate = segments[0];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === "watch") candidate = url.searchParams.get("v") ?? undefined;
    else if (["embed", "shorts", "live", "v", "e"].includes(segments[0] ?? "")) {
      candidate = segments[1];
    }
  }
  if (!candidate || !YOUTUBE_ID.test(candidate)) return undefined;
  const start = startSeconds(url.searchParams.get("start") ?? url.searchParams.get("t"));
  return { id: candidate, start };
}

function vimeoVideo(url: URL): { id: string; hash?: string } | undefined {
  const host = url.hostname.toLowerCase();
  if (!VIMEO_HOSTS.has(host)) return undefined;
  const segments = url.pathname.split("/").filter(Boolean);
  const hashParam = url.searchParams.get("h") ?? undefined;
  const hash = hashParam && /^[0-9a-f]{6,}$/i.test(hashParam) ? hashParam : undefined;
  if (host === "player.vimeo.com") {
    const id = segments[0] === "video" ? segments[1] : undefined;
    if (!id || !/^\d+$/.test(id)) return undefined;
    return { id, hash };
  }
  // vimeo.com/ID, vimeo.com/ID/HASH (unlisted), vimeo.com/channels/x/ID, vimeo.com/groups/x/videos/ID
  const index = segments.findIndex((s) => /^\d+$/.test(s));
  if (index < 0) return undefined;
  const id = segments[index] as string;
  const next = segments[index + 1];
  return { id, hash: next && /^[0-9a-f]{6,}$/i.test(next) ? next : hash };
}

/** The src of a pasted `<iframe ...>` embed code, or the input itself. */
function unwrapEmbedCode(input: string) {
  const match = IFRAME_SRC.exec(input);
  if (!match) return input;
  const src = match[1] ?? match[2] ?? match[3] ?? "";
  return src.replaceAll("&amp;", "&").trim();
}

export function describeVideo(input: string | null | undefined): VideoSource {
  const raw = (input ?? "").trim();
  const candidate = unwrapEmbedCode(raw);
  // A path on this site (an uploaded clip under /media/) is fine as it is.
  if (/^\/(?!\/)/.test(candidate) && !candidate.includes("\\")) {
    const path = candidate.split(/[?#]/)[0] ?? "";
    return VIDEO_FILE.test(path)
      ? { kind: "file", src: candidate }
      : { kind: "link", href: candidate };
  }
  // Protocol-relative embed codes (src="//player.vimeo.com/...") are common.
  const absolute = candidate.startsWith("//") ? `https:${candidate}` : candidate;
  const url = parseHttpUrl(absolute);
  if (!url) return { kind: "invalid", raw };

  const yt = youtubeVideo(url);
  if (yt) {
    const start = yt.start ? `?start=${yt.start}` : "";
    return {
      kind: "youtube",
      id: yt.id,
      embedUrl: `${YOUTUBE_EMBED_ORIGIN}/embed/${yt.id}${start}`,
      watchUrl: `https://www.youtube.com/watch?v=${yt.id}${yt.start ? `&t=${yt.start}s` : ""}`,
    };
  }
  const vimeo = vimeoVideo(url);
  if (vimeo) {
    const hash = vimeo.hash ? `?h=${encodeURIComponent(vimeo.hash)}` : "";
    return {
      kind: "vimeo",
      id: vimeo.id,
      embedUrl: `${VIMEO_EMBED_ORIGIN}/video/${vimeo.id}${hash}`,
      watchUrl: `https://vimeo.com/${vimeo.id}${vimeo.hash ? `/${vimeo.hash}` : ""}`,
    };
  }
  if (VIDEO_FILE.test(url.pathname)) return { kind: "file", src: url.toString() };
  return { kind: "link", href: url.toString() };
}

export type NormalizedVideo =
  | { ok: true; provider: "youtube" | "vimeo"; embedUrl: string; watchUrl: string }
  | { ok: false; reason: "empty" | "unsupported" };

/**
 * The Featured Videos rule (dashboard-and-admin §5, tightened): YouTube watch, short
 * (youtu.be, /shorts/, /live/) and embed links, Vimeo pages and player links, and a pasted
 * <iframe> embed code of either, become the player's embed URL (YouTube's no-cookie player, with
 * a start time kept; Vimeo's player, with an unlisted video's hash kept). Anything else (another
 * site's player, javascript:, data:, a page without a video id) is refused.
 */
export function normalizeVideoUrl(input: string | null | undefined): NormalizedVideo {
  const raw = (input ?? "").trim();
  if (raw === "") return { ok: false, reason: "empty" };
  if (raw.length > VIDEO_INPUT_MAX_LENGTH) return { ok: false, reason: "unsupported" };
  const video = describeVideo(raw);
  if (video.kind === "youtube" || video.kind === "vimeo") {
    return { ok: true, provider: video.kind, embedUrl: video.embedUrl, watchUrl: video.watchUrl };
  }
  return { ok: false, reason: "unsupported" };
}

/** The embed URL asked to start playing at once (used after the visitor pressed play). */
export function withAutoplay(embedUrl: string): string {
  const url = parseHttpUrl(embedUrl);
  if (!url) return embedUrl;
  url.searchParams.set("autoplay", "1");
  return url.toString();
}
