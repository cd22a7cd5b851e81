import crypto from "node:crypto";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import {
  dataChanged,
  dataChangesHeard,
  dataGeneration,
  onDataChanged,
} from "~/cache/data-generation.server";
import { countPageCache } from "~/metrics/request-metrics.server";
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

// The per-session page cache (ADR 25, docs/decisions/0025-per-session-page-cache.md): a page of
// one signed-in person's own (the dashboard, an admin list) asked again with the same cookies is
// answered from memory while nothing it may show has changed.
//
// What: GET of the pages in PRIVATE_PAGES only, asked with a Cookie header whose session is live
// and needs no work (no renewal due, an active account, an admin within their hours: the
// `sessionUserId` check, which reads the session cache). Kept: a 200 HTML response that set no
// cookie. Key: a hash of the whole URL (host, path, query), whether the client is a crawler and
// the whole Cookie header, so a page is only ever given back to the exact cookies it was
// rendered for, and only while their session is still live (checked again on every use).
// Until: any committed change to an announced table on any instance (the data generation, moved
// by the database's own triggers: data-generation.server.ts), any form post or other write
// request on this instance (at its start and when it is answered), or PRIVATE_CACHE_TTL_MS:
// the backstop for what the database cannot announce (the time of day, a listing's view count).
// While no listener hears the database, nothing is kept or used.

/** The backstop for what changes without a write: "upcoming" turning into "past", view counts. */
export const PRIVATE_CACHE_TTL_MS = 30_000;
/** Memory for kept pages per instance; the least recently served go first. */
export const PRIVATE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** A page larger than this is not kept. */
const MAX_PAGE_BYTES = 1024 * 1024;

/**
 * The pages that may be kept: each renders from the URL, the database and the signed-in account
 * alone (no files, no other service), and its loaders write nothing (a page whose rendering wrote
 * would move the generation and not be kept anyway). Editing forms, the website editor, the
 * backups page (files on disk) and the account pages are rendered on every request.
 */
export const PRIVATE_PAGES: readonly RegExp[] = [
  /^\/dashboard$/,
  /^\/dashboard\/(?:properties|appointments|complaints|searches|listings)$/,
  /^\/admin\/(?:dashboard|properties|appointments|complaints|leads|submissions|users|audit)$/,
];

/** Response headers never replayed: the page's own caching headers (private, no-store) are. */
const NOT_STORED = new Set(PER_RESPONSE_HEADERS);

type Entry = {
  generation: number;
  expiresAt: number;
  /** The account the page was rendered for: the session must still be theirs. */
  userId: string;
  headers: [string, string | number | string[]][];
  template: PageTemplate;
};

function isPrivatePage(req: Request): boolean {
  return req.method === "GET" && PRIVATE_PAGES.some((pattern) => pattern.test(req.path));
}

function cacheKey(req: Request, cookie: string): string {
  return crypto
    .createHash("sha256")
    .update(`${pageKey(req)}\n${cookie}`)
    .digest("base64url");
}

/** The cache of one server process. Its middleware goes before the router. */
export function createPrivatePageCache(options: {
  enabled: boolean;
  /**
   * The id of the account whose live session the Cookie header carries, when using it needs no
   * work (given by server/app from ~/auth: http sits below auth); null otherwise.
   */
  sessionUserId: (cookie: string) => Promise<string | null>;
  ttlMs?: number;
  maxBytes?: number;
}) {
  const ttlMs = options.ttlMs ?? PRIVATE_CACHE_TTL_MS;
  const pages = createPageStore<Entry>({
    maxBytes: options.maxBytes ?? PRIVATE_CACHE_MAX_BYTES,
    isCurrent: (entry) => entry.generation === dataGeneration(),
  });
  const stats = { hits: 0, misses: 0, stored: 0 };
  const stopListening = options.enabled ? onDataChanged(() => pages.clear()) : () => false;

  function serve(req: Request, res: Response, entry: Entry) {
    stats.hits += 1;
    countPageCache("private-hit");
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("X-Page-Cache", "HIT");
    sendTemplate(req, res, entry.template);
  }

  function renderAndKeep(
    res: Response,
    next: NextFunction,
    key: string,
    userId: string,
    generation: number,
  ) {
    stats.misses += 1;
    countPageCache("private-miss");
    const nonce = String(res.locals.cspNonce ?? "");
    captureBody(res, {
      decide: () => isPlainHtmlPage(res),
      maxBytes: MAX_PAGE_BYTES,
      onFinish: (body) => {
        // Not kept: a page rendered while something changed may show what was before (a
        // listener lost meanwhile moved the generation too), and a cookie set late (after the
        // body started) would otherwise slip through.
        if (!body || res.hasHeader("Set-Cookie") || dataGeneration() !== generation) return;
        const template = createPageTemplate(body, nonce);
        pages.store(key, {
          generation,
          expiresAt: Date.now() + ttlMs,
          userId,
          headers: replayedHeaders(res, NOT_STORED),
          template,
        });
        stats.stored += 1;
      },
    });
    next();
  }

  const middleware: RequestHandler = (req, res, next) => {
    if (!options.enabled) return next();
    if (req.method !== "GET" && req.method !== "HEAD") {
      // A form post or another write: what this instance kept may be about to change. Forgotten
      // now and again once it is answered (the database's announcement follows the commit).
      dataChanged();
      res.once("close", dataChanged);
      return next();
    }
    const cookie = req.headers.cookie;
    if (!cookie || req.headers.authorization || !isPrivatePage(req)) return next();
    if (!dataChangesHeard()) return next();
    // Taken before the session check and the loaders: a change meanwhile keeps the page out.
    const generation = dataGeneration();
    const key = cacheKey(req, cookie);
    options.sessionUserId(cookie).then(
      (userId) => {
        if (!userId) return next();
        const entry = pages.lookup(key);
        if (entry && entry.userId === userId) return serve(req, res, entry);
        renderAndKeep(res, next, key, userId, generation);
      },
      // The database failing: the routes answer as they would (their error page), uncached.
      () => next(),
    );
  };

  return {
    middleware,
    stats: () => ({ ...stats, entries: pages.size(), bytes: pages.bytes() }),
    clear: () => pages.clear(),
    close: () => {
      stopListening();
      pages.clear();
    },
  };
}
