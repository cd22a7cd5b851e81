import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createContext } from "react-router";
import { contentGeneration, onContentChanged } from "~/cache/content-generation.server";
import type { PageNotes } from "~/http/request-context.server";
import { countPageCache } from "~/metrics/request-metrics.server";
import { countPropertyView } from "~/models/property-stats.server";
import { clientIp } from "~/rate-limit/rate-limit.server";
import { captureBody } from "./capture-body.server";
import {
  createPageStore,
  isPlainHtmlPage,
  PER_RESPONSE_HEADERS,
  pageKey,
  replayedHeaders,
  sendTemplate,
} from "./page-store.server";
import { createPageTemplate, type PageTemplate } from "./page-template.server";

// The page cache for public pages (ADR 15, docs/decisions/0015-anonymous-page-cache.md; signed-in
// visitors: ADR 19).
//
// What: GET and HEAD of the public pages in PUBLIC_PAGES; only a 200 HTML response that sets no
// cookie and that the route did not mark private or no-store. Two copies of a page at most, never
// anyone's own: the "guest" copy, for requests without a session cookie, and for the pages in
// MEMBER_PAGES the "member" copy, for requests with one (the header's Dashboard and Sign Out
// instead of Sign In). Both are rendered from a request stripped of every cookie: what is the
// visitor's own (the account, the saved hearts) comes from GET /api/me once the page has loaded.
// A request with a toast cookie, an Authorization header, or a session cookie on a page outside
// MEMBER_PAGES (its form is filled with the visitor's name) gets a page of its own.
// Kept in memory, per instance, keyed by the copy, the whole URL (host, path, query) and by
// whether the visitor is a crawler (crawlers get the page in one piece).
// Until: the content generation changes (any admin write, the seed: content-generation.server)
// or CACHE_TTL_MS passes, whichever is first.
// Served: with this response's CSP nonce written into it (page-template.server), as gzip when
// the visitor accepts it and as plain HTML otherwise, with an ETag so a browser (or a CDN,
// which must revalidate: `no-cache`) gets a 304 while the page is unchanged.

/** The backstop for changes nothing announces (the time of day, a missed notification). */
export const CACHE_TTL_MS = 60_000;
/** Memory for cached pages per instance; the least recently served go first. */
export const CACHE_MAX_BYTES = 64 * 1024 * 1024;
/** A page larger than this is not kept. */
const MAX_PAGE_BYTES = 2 * 1024 * 1024;
/** How long a request waits for the same page that another request is rendering. */
const COALESCE_WAIT_MS = 5_000;

/**
 * The pages that may be cached: the same for every anonymous visitor. Everything else (the
 * dashboard, the admin area, the website editor, sign-in and the other account pages, resource
 * routes, data requests) is never in this cache, whatever it answers (a signed-in person's own
 * dashboard and admin lists may be kept for their cookies alone: private-page-cache.server.ts).
 */
export const PUBLIC_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/properties$/,
  /^\/property\/[^/]+$/,
  /^\/services$/,
  /^\/services\/[^/]+$/,
  /^\/about$/,
  /^\/team$/,
  /^\/agents\/[^/]+$/,
  /^\/contact$/,
  /^\/book-appointment$/,
];

/**
 * The public pages a signed-in visitor gets from the cache too: nothing on them is the visitor's
 * own once the header's account and the hearts come from /api/me. Contact, book-appointment and
 * each service page fill their forms with the visitor's name and e-mail: rendered per request.
 */
export const MEMBER_PAGES: readonly RegExp[] = [
  /^\/$/,
  /^\/properties$/,
  /^\/property\/[^/]+$/,
  /^\/services$/,
  /^\/about$/,
  /^\/team$/,
  /^\/agents\/[^/]+$/,
];

/** Which shared copy of a page a request gets: see the header comment. */
export type PageVariant = "guest" | "member";

/**
 * The copy being rendered for the cache (null: a page of the visitor's own, or the cache is off).
 * server/http-app puts it in the load context; the public layout renders the header from it.
 */
export const pageVariantContext = createContext<PageVariant | null>(null);

export const CACHEABLE_CACHE_CONTROL = "public, no-cache";
/**
 * The member copy: the same for every signed-in visitor, but no shared cache (a CDN that ignores
 * `Vary: Cookie`) may hand it to a signed-out one. The browser keeps it and revalidates (a 304).
 */
export const MEMBER_PAGE_CACHE_CONTROL = "private, no-cache";
/**
 * A public page asked with a toast cookie: the visitor's own, kept by their browser only. A
 * signed-in visitor's gets `private, no-store` instead (private-responses.server.ts).
 */
export const OWN_PAGE_CACHE_CONTROL = "private, no-cache";

/** The toast a redirect left (app/http/flash.server.ts): shown and cleared by a page's render. */
const FLASH_COOKIE = /(?:^|;)\s*flash=/;

/** Response headers never replayed from a cached page: the shared copy sets its own caching. */
const NOT_STORED = new Set([...PER_RESPONSE_HEADERS, "cache-control", "vary"]);

type Entry = {
  generation: number;
  expiresAt: number;
  etag: string;
  headers: [string, string | number | string[]][];
  template: PageTemplate;
  notes: PageNotes;
};

export function isPublicPagePath(path: string): boolean {
  return PUBLIC_PAGES.some((pattern) => pattern.test(path));
}

function isCacheableRequest(req: Request): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  // A client navigation's data request (/property/<id>.data) is the visitor's own: never looked
  // up, and never stripped of its cookies (the property pattern would otherwise take it).
  if (req.path.endsWith(".data")) return false;
  return isPublicPagePath(req.path);
}

/**
 * The copy this request gets, or null for a page of its own. Cookies other than the session and
 * the toast (the compare list, which only /compare reads) change no public page: the render
 * never sees them.
 */
function variantOf(
  req: Request,
  hasSessionCookie: ((cookie: string) => boolean) | undefined,
): PageVariant | null {
  if (req.headers.authorization) return null;
  const cookie = req.headers.cookie;
  if (!cookie) return "guest";
  if (!hasSessionCookie || FLASH_COOKIE.test(cookie)) return null;
  if (!hasSessionCookie(cookie)) return "guest";
  return MEMBER_PAGES.some((pattern) => pattern.test(req.path)) ? "member" : null;
}

function cacheKey(req: Request, variant: PageVariant): string {
  return `${variant} ${pageKey(req)}`;
}

function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

function appendVary(res: Response, field: string) {
  const current = String(res.getHeader("Vary") ?? "");
  const fields = current.split(",").map((f) => f.trim().toLowerCase());
  if (!fields.includes(field.toLowerCase())) {
    res.setHeader("Vary", current ? `${current}, ${field}` : field);
  }
}

/**
 * A shared copy's caching headers. `res.locals.sharedPage` tells private-responses.server.ts that
 * this answer to a signed-in visitor is the member copy, not their own page: the browser may keep
 * it (and get a 304), a shared cache may not.
 */
function markShared(res: Response, variant: PageVariant) {
  res.locals.sharedPage = true;
  res.setHeader(
    "Cache-Control",
    variant === "member" ? MEMBER_PAGE_CACHE_CONTROL : CACHEABLE_CACHE_CONTROL,
  );
  appendVary(res, "Cookie");
}

/** The cache of one server process. `createPageCache().middleware` goes before the router. */
export function createPageCache(options: {
  enabled: boolean;
  /**
   * Whether a Cookie header carries a session cookie (~/auth/session-cookie, given by server/app:
   * http sits below auth). Without it, any cookie gets a page of its own, as before ADR 19.
   */
  hasSessionCookie?: (cookie: string) => boolean;
  ttlMs?: number;
  maxBytes?: number;
}) {
  const ttlMs = options.ttlMs ?? CACHE_TTL_MS;
  const maxBytes = options.maxBytes ?? CACHE_MAX_BYTES;
  const pages = createPageStore<Entry>({
    maxBytes,
    isCurrent: (entry) => entry.generation === contentGeneration(),
  });
  const rendering = new Map<string, Promise<void>>();
  const stats = { hits: 0, misses: 0, stored: 0, notModified: 0 };
  const clear = () => pages.clear();
  const stopListening = options.enabled ? onContentChanged(clear) : () => false;
  const store = (key: string, entry: Entry) => {
    pages.store(key, entry);
    stats.stored += 1;
  };

  function serve(req: Request, res: Response, entry: Entry, variant: PageVariant) {
    stats.hits += 1;
    countPageCache("hit");
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    markShared(res, variant);
    res.setHeader("ETag", entry.etag);
    appendVary(res, "Accept-Encoding");
    res.setHeader("X-Page-Cache", "HIT");
    if (entry.notes.propertyView) {
      countPropertyView({
        propertyId: entry.notes.propertyView,
        clientAddress: clientIp(
          {
            headers: { get: (name: string) => req.get(name) ?? null },
          } as unknown as globalThis.Request,
          req.socket.remoteAddress,
        ),
        userAgent: req.headers["user-agent"] ?? null,
      });
    }
    if (matchesEtag(req.headers["if-none-match"], entry.etag)) {
      stats.notModified += 1;
      // The browser keeps the page it has, nonce included: a new policy here would replace
      // the stored one and block that page's scripts.
      res.removeHeader("Content-Security-Policy");
      res.removeHeader("Content-Type");
      res.statusCode = 304;
      res.end();
      return;
    }
    sendTemplate(req, res, entry.template);
  }

  function renderAndKeep(
    req: Request,
    res: Response,
    next: NextFunction,
    key: string,
    variant: PageVariant,
  ) {
    stats.misses += 1;
    countPageCache("miss");
    // Rendered as no one in particular: the session, the compare list, whatever else the
    // browser sent is not seen by any loader (the layout renders the copy: res.locals).
    delete req.headers.cookie;
    res.locals.pageVariant = variant;
    const generation = contentGeneration();
    const nonce = String(res.locals.cspNonce ?? "");
    const notes: PageNotes = {};
    res.locals.pageNotes = notes;
    let finished: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      finished = resolve;
    });
    // HEAD answers carry no page to keep; they do not hold other requests back.
    const keep = req.method === "GET";
    if (keep) rendering.set(key, done);

    const settle = () => {
      if (keep && rendering.get(key) === done) rendering.delete(key);
      finished();
    };
    captureBody(res, {
      decide: () => {
        const cacheControl = String(res.getHeader("Cache-Control") ?? "");
        const storable = keep && isPlainHtmlPage(res) && !/private|no-store/i.test(cacheControl);
        if (storable) {
          markShared(res, variant);
          res.setHeader("X-Page-Cache", "MISS");
        }
        return storable;
      },
      maxBytes: MAX_PAGE_BYTES,
      onFinish: (body) => {
        try {
          // Not kept: a page rendered while the content changed may show the old content, and a
          // cookie set late (after the body started) would otherwise slip through.
          if (body && !res.hasHeader("Set-Cookie") && contentGeneration() === generation) {
            const template = createPageTemplate(body, nonce);
            store(key, {
              generation,
              expiresAt: Date.now() + ttlMs,
              etag: `W/"${template.hash}"`,
              headers: replayedHeaders(res, NOT_STORED),
              template,
              notes,
            });
          }
        } finally {
          settle();
        }
      },
    });
    res.once("close", settle);
    next();
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (!options.enabled || !isCacheableRequest(req)) return next();
    const variant = variantOf(req, options.hasSessionCookie);
    if (!variant) {
      // A page of the visitor's own: no shared cache may keep it or give it to someone else.
      countPageCache("bypass");
      res.setHeader("Cache-Control", OWN_PAGE_CACHE_CONTROL);
      appendVary(res, "Cookie");
      return next();
    }
    const key = cacheKey(req, variant);
    const entry = pages.lookup(key);
    if (entry) return serve(req, res, entry, variant);
    const pending = rendering.get(key);
    if (!pending) return renderAndKeep(req, res, next, key, variant);
    // The same page is being rendered: wait for it rather than render it again (a shared link
    // opened by many at once right after a change).
    const timeout = new Promise<void>((resolve) => setTimeout(resolve, COALESCE_WAIT_MS).unref());
    void Promise.race([pending, timeout]).then(() => {
      if (res.writableEnded || res.destroyed) return;
      const ready = pages.lookup(key);
      if (ready) serve(req, res, ready, variant);
      else renderAndKeep(req, res, next, key, variant);
    });
  };

  return {
    middleware,
    stats: () => ({ ...stats, entries: pages.size(), bytes: pages.bytes() }),
    clear,
    close: () => {
      stopListening();
      clear();
    },
  };
}
