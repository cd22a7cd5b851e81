import crypto from "node:crypto";

/** Sites the pages may frame: the home-page video players and the contact-page map. */
export const FRAME_SOURCES = [
  "https://www.youtube-nocookie.com",
  "https://player.vimeo.com",
  "https://www.openstreetmap.org",
] as const;

/** A fresh nonce for one response's inline scripts (128 random bits, base64). */
export function createCspNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

export type SecurityHeaderOptions = {
  /** This response's nonce; only inline scripts carrying it run. */
  nonce: string;
  /** The Vite dev server: allow its hot-reload WebSocket. */
  development: boolean;
  /** Production served over https (SITE_URL): HSTS and upgrade-insecure-requests. */
  httpsProduction: boolean;
};

/**
 * The Content-Security-Policy. Scripts: our own files and inline scripts with this response's
 * nonce (React Router's hydration data and module loader, ScrollRestoration), nothing else; no
 * 'strict-dynamic' because every script the pages load comes from our origin. Styles allow inline
 * because React style attributes and Radix/sonner set them.
 */
export function contentSecurityPolicy(options: SecurityHeaderOptions): string {
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    ["script-src", "'self'", `'nonce-${options.nonce}'`],
    ["style-src", "'self'", "'unsafe-inline'"],
    // Every photo and clip is served from /media/* on this site (uploads, generated pictures);
    // the video players come in frames (frame-src). data: for inline placeholders, blob: for
    // an upload's preview. An image or clip host added later must be listed here.
    ["img-src", "'self'", "data:", "blob:"],
    ["media-src", "'self'", "blob:"],
    ["frame-src", ...FRAME_SOURCES],
    ["connect-src", "'self'", ...(options.development ? ["ws:", "wss:"] : [])],
    ["font-src", "'self'"],
    ["object-src", "'none'"],
    ["base-uri", "'self'"],
    ["form-action", "'self'"],
    ["frame-ancestors", "'none'"],
  ];
  if (options.httpsProduction) directives.push(["upgrade-insecure-requests"]);
  return directives.map((directive) => directive.join(" ")).join("; ");
}

/** Every security header of an HTML or data response, CSP included. */
export function securityHeaders(options: SecurityHeaderOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    // frame-ancestors says the same to current browsers; this is for older ones.
    "X-Frame-Options": "DENY",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  if (options.httpsProduction) {
    headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  }
  return headers;
}
