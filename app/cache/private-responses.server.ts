import type { NextFunction, Request, Response } from "express";
import { hasSessionCookie } from "~/auth/session-cookie";

// A signed-in visitor's pages (their name in the header, their bookings, an admin screen) must
// not be kept by a shared cache or shown again from the browser's cache after sign-out: every
// response to a request carrying a session cookie is `Cache-Control: private, no-store`,
// whatever the route set. Photos (/media/*) are the exception: the same bytes for everybody,
// cached for a year under their hash, and a phone on a slow network should not fetch them again
// on every page. So is the member copy of a public page from the page cache (ADR 19,
// app/cache/page-cache.server.ts: `res.locals.sharedPage`), rendered for no one in particular:
// the page cache sends it `private, no-cache`.

export const PRIVATE_CACHE_CONTROL = "private, no-store";

const SHARED_PATHS = /^\/media\//;

export function markPrivateResponses(req: Request, res: Response, next: NextFunction) {
  if (!hasSessionCookie(req.headers.cookie) || SHARED_PATHS.test(req.path)) {
    next();
    return;
  }
  // Set just before the headers go out, so it wins over whatever the route answered.
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadPrivately(this: Response, ...args: unknown[]) {
    if (this.locals.sharedPage !== true) {
      this.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
      this.removeHeader("Expires");
    }
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as Response["writeHead"];
  next();
}
