import type { NextFunction, Request, Response } from "express";

// Cross-site request forgery: a request that can change something (any method but GET, HEAD
// and OPTIONS) is refused when a browser says it comes from another site. This runs in front
// of every route, resource routes (/favorites, /signout) included; React Router's own check
// only covers page actions. The session cookie's SameSite=Lax is the other half.
//
// One rule: React Router refuses an action whose Origin is not the origin of the request URL it
// is handed (with a logged stack and a bare 400). So a request this check lets through with an
// Origin is handed to React Router under that origin (res.locals.requestOrigin, read by
// server/request-handler.ts): an Origin equal to SITE_URL behind a proxy that rewrites the Host,
// or https at a proxy that ends TLS, is then the same origin to both checks.

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const FOREIGN_ORIGIN_MESSAGE =
  "This request came from another website and was refused. Please use the form on our site.";

/**
 * True when the request comes from another site. The Origin header is compared by host with
 * the Host the browser sent (the scheme can differ behind a proxy that ends TLS) and with
 * SITE_URL. Without an Origin (old browsers, scripts), a Sec-Fetch-Site other than same-origin
 * or none counts as foreign; without either, the request is not a browser's and is let through.
 */
export function isForeignOrigin(
  request: { method: string; headers: Record<string, string | string[] | undefined> },
  siteUrl: string,
): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const origin = header(request.headers.origin);
  if (origin === undefined) {
    const site = header(request.headers["sec-fetch-site"]);
    return site !== undefined && site !== "same-origin" && site !== "none";
  }
  let originUrl: URL;
  try {
    // "null" (a sandboxed frame, a redirect from elsewhere) is not a URL: foreign.
    originUrl = new URL(origin);
  } catch {
    return true;
  }
  const host = header(request.headers.host)?.toLowerCase();
  if (host && originUrl.host === host) return false;
  try {
    return originUrl.origin !== new URL(siteUrl).origin;
  } catch {
    return true;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The origin a state-changing request that passed isForeignOrigin says it comes from (its
 * Origin header, normalised), or undefined when it sent none or is a safe method.
 */
export function acceptedOrigin(request: {
  method: string;
  headers: Record<string, string | string[] | undefined>;
}): string | undefined {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return undefined;
  const origin = header(request.headers.origin);
  if (origin === undefined) return undefined;
  try {
    const url = new URL(origin);
    return url.protocol === "https:" || url.protocol === "http:" ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

/** Middleware: 403 for a state-changing request from another site. */
export function refuseForeignOrigins(siteUrl: () => string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!isForeignOrigin(req, siteUrl())) {
      res.locals.requestOrigin = acceptedOrigin(req);
      next();
      return;
    }
    res.status(403).set({
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    });
    res.end(FOREIGN_ORIGIN_MESSAGE);
  };
}
