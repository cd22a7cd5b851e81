import type { Request, Response } from "express";
import { isbot } from "isbot";
import { type PageTemplate, plainLength, renderGzip, renderPlain } from "./page-template.server";

// What the two page caches (page-cache.server.ts, private-page-cache.server.ts) share: the
// pages kept in memory, bounded in bytes with the least recently served out first, and the
// sending of a kept page with this response's nonce.

/** A kept page: at least the page itself and when it stops being used. */
export type StoredPage = { template: PageTemplate; expiresAt: number };

/** What an entry holds beside its page (headers, its key in the map), counted against the bound. */
const ENTRY_OVERHEAD_BYTES = 512;

const bytesOf = (entry: StoredPage) => entry.template.bytes + ENTRY_OVERHEAD_BYTES;

/** The page a request asks for: the whole URL (host, path, query), and whether a crawler asks. */
export function pageKey(req: Request): string {
  const crawler = isbot(req.headers["user-agent"] ?? "") ? "crawler" : "browser";
  return `${crawler} ${req.protocol}://${req.headers.host ?? ""}${req.originalUrl}`;
}

/**
 * Whether the response now going out is a page worth keeping at all: a 200 HTML page that sets
 * no cookie (a cookie is one visitor's, and a toast or a renewed session with it).
 */
export function isPlainHtmlPage(res: Response): boolean {
  return (
    res.statusCode === 200 &&
    !res.hasHeader("Set-Cookie") &&
    /^text\/html/i.test(String(res.getHeader("Content-Type") ?? ""))
  );
}

/** Pages by key, at most `maxBytes` in all; `isCurrent` says whether a page may still be used. */
export function createPageStore<Entry extends StoredPage>(options: {
  maxBytes: number;
  isCurrent: (entry: Entry) => boolean;
}) {
  const entries = new Map<string, Entry>();
  let totalBytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= bytesOf(entry);
  };

  return {
    /** The page under `key` while it is current (dropped otherwise), now the most recent. */
    lookup(key: string): Entry | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= Date.now() || !options.isCurrent(entry)) {
        drop(key);
        return undefined;
      }
      // Most recently used last: eviction takes from the front.
      entries.delete(key);
      entries.set(key, entry);
      return entry;
    },
    store(key: string, entry: Entry) {
      drop(key);
      entries.set(key, entry);
      totalBytes += bytesOf(entry);
      for (const [oldest] of entries) {
        if (totalBytes <= options.maxBytes) break;
        drop(oldest);
      }
    },
    drop,
    clear() {
      entries.clear();
      totalBytes = 0;
    },
    size: () => entries.size,
    bytes: () => totalBytes,
  };
}

/** Response headers never kept with a page: set per response, or per encoding (lower case). */
export const PER_RESPONSE_HEADERS: readonly string[] = [
  "set-cookie",
  "content-security-policy",
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "etag",
  "x-page-cache",
];

/** The response's headers worth keeping with a page: those not in `notStored` (lower case). */
export function replayedHeaders(
  res: Response,
  notStored: ReadonlySet<string>,
): [string, string | number | string[]][] {
  return Object.entries(res.getHeaders())
    .filter(([name, value]) => !notStored.has(name.toLowerCase()) && value !== undefined)
    .map(([name, value]) => [name, value as string | number | string[]]);
}

/** True when the Accept-Encoding header allows gzip (q > 0, directly or through *). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let wildcard = false;
  for (const part of header.toLowerCase().split(",")) {
    const [coding = "", ...params] = part.trim().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    const allowed = !q || Number(q.slice(2)) > 0;
    if (coding.trim() === "gzip") return allowed;
    if (coding.trim() === "*") wildcard = allowed;
  }
  return wildcard;
}

/**
 * Sends a kept page with a 200 and this response's CSP nonce written into it: gzip when the
 * client accepts it (no compression runs), plain HTML otherwise; headers only for HEAD.
 */
export function sendTemplate(req: Request, res: Response, template: PageTemplate) {
  const nonce = String(res.locals.cspNonce ?? "");
  const gzip = acceptsGzip(req.headers["accept-encoding"]);
  res.statusCode = 200;
  if (req.method === "HEAD") {
    if (gzip) res.setHeader("Content-Encoding", "gzip");
    else res.setHeader("Content-Length", plainLength(template));
    res.end();
    return;
  }
  const body = gzip ? renderGzip(template, nonce) : renderPlain(template, nonce);
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", body.length);
  res.end(body);
}
