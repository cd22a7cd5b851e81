// Video links as admins paste them (a YouTube page, a short link, a Vimeo page, a whole
// <iframe> embed code, a video file) turned into something the site can show. Pure: used by
// the home page's lite embeds and by the admin video screens.

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);
const VIDEO_FILE = /\.(mp4|webm|ogv|ogg|mov|m4v)$/i;
const IFRAME_SRC = /<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

export type VideoSource =
  /** A YouTube video; embedUrl is the privacy-enhanced (no cookies) player. */
  | { kind: "youtube"; id: string; embedUrl: string; watchUrl: string }
  | { kind: "vimeo"; id: string; embedUrl: string; watchUrl: string }
  /** A video file the browser plays itself (<video>). */
  | { kind: "file"; src: string }
  /** Some other http(s) player URL or site path, shown in an iframe as it is. */
  | { kind: "embed"; embedUrl: string }
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

function youtubeId(url: URL): string | undefined {
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split("/").filter(Boolean);
  let candidate: string | undefined;
  if (host === "youtu.be" || host === "www.youtu.be") {
    candidate = segments[0];
  } else if (YOUTUBE_HOSTS.has(host)) {
    if (segments[0] === "watch") candidate = url.searchParams.get("v") ?? undefined;
    else if (["embed", "shorts", "live", "v", "e"].includes(segments[0] ?? "")) {
      candidate = segments[1];
    }
  }
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : undefined;
}

function vimeoVideo(url: URL): { id: string; hash?: string } | undefined {
  const host = url.hostname.toLowerCase();
  if (!VIMEO_HOSTS.has(host)) return undefined;
  const segments = url.pathname.split("/").filter(Boolean);
  if (host === "player.vimeo.com") {
    const id = segments[0] === "video" ? segments[1] : undefined;
    if (!id || !/^\d+$/.test(id)) return undefined;
    return { id, hash: url.searchParams.get("h") ?? undefined };
  }
  // vimeo.com/ID, vimeo.com/ID/HASH (unlisted), vimeo.com/channels/x/ID, vimeo.com/groups/x/videos/ID
  const index = segments.findIndex((s) => /^\d+$/.test(s));
  if (index < 0) return undefined;
  const id = segments[index] as string;
  const next = segments[index + 1];
  return { id, hash: next && /^[0-9a-f]{6,}$/i.test(next) ? next : undefined };
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
  // Protocol-relative embed codes (src="//player.vimeo.com/...") are common.
  // A path on this site (an uploaded clip under /media/) is fine as it is.
  if (/^\/(?!\/)/.test(candidate)) {
    const path = candidate.split(/[?#]/)[0] ?? "";
    return VIDEO_FILE.test(path)
      ? { kind: "file", src: candidate }
      : { kind: "embed", embedUrl: candidate };
  }
  const absolute = candidate.startsWith("//") ? `https:${candidate}` : candidate;
  const url = parseHttpUrl(absolute);
  if (!url) return { kind: "invalid", raw };

  const yt = youtubeId(url);
  if (yt) {
    return {
      kind: "youtube",
      id: yt,
      embedUrl: `https://www.youtube-nocookie.com/embed/${yt}`,
      watchUrl: `https://www.youtube.com/watch?v=${yt}`,
    };
  }
  const vimeo = vimeoVideo(url);
  if (vimeo) {
    const hash = vimeo.hash ? `?h=${encodeURIComponent(vimeo.hash)}` : "";
    return {
      kind: "vimeo",
      id: vimeo.id,
      embedUrl: `https://player.vimeo.com/video/${vimeo.id}${hash}`,
      watchUrl: `https://vimeo.com/${vimeo.id}${vimeo.hash ? `/${vimeo.hash}` : ""}`,
    };
  }
  // Anything else is kept exactly as written.
  if (VIDEO_FILE.test(url.pathname)) return { kind: "file", src: absolute };
  return { kind: "embed", embedUrl: absolute };
}

/**
 * The URL to put in an iframe: YouTube (watch, short, shorts, embed) becomes the no-cookie
 * player, Vimeo pages become the Vimeo player, an `<iframe>` embed code gives its src, and any
 * other URL is returned as it is.
 */
export function toEmbedUrl(input: string): string {
  const video = describeVideo(input);
  switch (video.kind) {
    case "youtube":
    case "vimeo":
    case "embed":
      return video.embedUrl;
    case "file":
      return video.src;
    case "invalid":
      return unwrapEmbedCode(video.raw);
  }
}

/** The embed URL asked to start playing at once (used after the visitor pressed play). */
export function withAutoplay(embedUrl: string): string {
  const url = parseHttpUrl(embedUrl);
  if (!url) return embedUrl;
  url.searchParams.set("autoplay", "1");
  return url.toString();
}
