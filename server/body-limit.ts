import { Transform } from "node:stream";
import type { NextFunction, Request, Response } from "express";
import { BODY_TOO_LARGE_MESSAGE, bodyLimitFor } from "~/lib/body-limits";

// Request bodies are bounded before any action reads them (limits in app/lib/body-limits.ts):
// a Content-Length over the limit is answered 413 at once, without reading the body; a body
// sent without one (chunked) is counted as it streams to the action and cut off past the limit.

/** The error a counted body fails with once it passes its limit. */
export class BodyTooLargeError extends Error {
  readonly code = "BODY_TOO_LARGE";
  constructor(readonly limit: number) {
    super(`Request body over ${limit} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** The limit of this request's body (multipart uploads to the admin catalogue get more). */
export function requestBodyLimit(req: Request): number {
  return bodyLimitFor(req.path, req.get("content-type"));
}

/** 413, and the connection closed afterwards, so the rest of the body is never read. */
export function answerTooLarge(res: Response) {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(413).set({
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": "no-store",
    Connection: "close",
  });
  res.end(BODY_TOO_LARGE_MESSAGE);
}

/** Middleware: 413 for a declared Content-Length over the limit. */
export function refuseLargeBodies(req: Request, res: Response, next: NextFunction) {
  const declared = req.get("content-length");
  if (declared !== undefined && Number(declared) > requestBodyLimit(req)) {
    answerTooLarge(res);
    return;
  }
  next();
}

/**
 * The request body as the action will read it, cut off past the limit: the stream fails with
 * BodyTooLargeError, the client gets 413 and its connection is closed (Connection: close).
 * A body the route answered without reading (a redirect to sign in, a refused form) is read
 * to its end and thrown away, still counted, so the connection can serve the next request.
 */
export function limitedBody(req: Request, res: Response): Transform {
  const limit = requestBodyLimit(req);
  let received = 0;
  res.on("finish", () => {
    if (req.complete || req.destroyed) return;
    req.unpipe(counted);
    counted.destroy();
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) req.socket.destroy();
    });
    req.resume();
  });
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      received += chunk.length;
      if (received > limit) {
        req.unpipe(counted);
        answerTooLarge(res);
        callback(new BodyTooLargeError(limit));
        return;
      }
      callback(null, chunk);
    },
  });
  req.on("error", (error) => counted.destroy(error));
  req.pipe(counted);
  return counted;
}
