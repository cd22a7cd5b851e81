import {
  createReadableStreamFromReadable,
  writeReadableStreamToWritable,
} from "@react-router/node";
import type { NextFunction, Request, Response } from "express";
import {
  createRequestHandler as createReactRouterHandler,
  type RouterContextProvider,
  type ServerBuild,
} from "react-router";
import { limitedBody } from "./body-limit";
import { coalesceChunks } from "./coalesce-chunks";

// React Router's Express adapter (@react-router/express 7.18, MIT), with four changes: the body
// the actions read is counted and cut off past its limit (server/body-limit.ts), where the
// library would hand them the whole socket; a request the Origin check accepted is handed over
// under the origin it came from (server/origin-check.ts: one rule for both checks); a 405
// is answered plainly, since React Router's own text names the route modules; and the body's
// small pieces are joined per turn of the event loop before they are written and compressed
// (server/coalesce-chunks.ts).

type Options = {
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: Request, res: Response) => RouterContextProvider;
  mode?: string;
};

export function createRequestHandler({
  build,
  getLoadContext,
  mode = process.env.NODE_ENV,
}: Options) {
  const handleRequest = createReactRouterHandler(build, mode);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const request = createFetchRequest(req, res);
      const response = await handleRequest(request, getLoadContext(req, res));
      await sendFetchResponse(res, response);
    } catch (error) {
      next(error);
    }
  };
}

function createFetchHeaders(source: Request["headers"]) {
  const headers = new Headers();
  for (const [key, values] of Object.entries(source)) {
    if (!values) continue;
    if (Array.isArray(values)) for (const value of values) headers.append(key, value);
    else headers.set(key, values);
  }
  return headers;
}

function createFetchRequest(req: Request, res: Response): globalThis.Request {
  const [, forwardedPort] = req.app?.enabled("trust proxy")
    ? (req.get("X-Forwarded-Host")?.split(":") ?? [])
    : [];
  const [, hostPort] = req.get("host")?.split(":") ?? [];
  const portOf = (value: string | undefined) => Number.parseInt(value ?? "", 10);
  const port = Number.isSafeInteger(portOf(forwardedPort))
    ? portOf(forwardedPort)
    : Number.isSafeInteger(portOf(hostPort))
      ? portOf(hostPort)
      : "";
  const hostname = req.hostname.split(/[\\/?#@]/)[0] || "localhost";
  const accepted = res.locals.requestOrigin as string | undefined;
  const url = new URL(
    `${accepted ?? `${req.protocol}://${hostname}${port ? `:${port}` : ""}`}${req.originalUrl}`,
  );

  let controller: AbortController | null = new AbortController();
  res.on("finish", () => {
    controller = null;
  });
  res.on("close", () => controller?.abort());

  const init: RequestInit & { duplex?: "half" } = {
    method: req.method,
    headers: createFetchHeaders(req.headers),
    signal: controller.signal,
  };
  if (req.method !== "GET" && req.method !== "HEAD") {
    init.body = createReadableStreamFromReadable(limitedBody(req, res));
    init.duplex = "half";
  }
  return new globalThis.Request(url.href, init);
}

/** What a 405 says: React Router's text names the route module that has no action. */
export const METHOD_NOT_ALLOWED_MESSAGE = "Method Not Allowed: this address only accepts GET.";

async function sendFetchResponse(res: Response, response: globalThis.Response) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  if (response.status === 405) {
    // Only React Router answers 405 here (a method a route has no handler for).
    await response.body?.cancel();
    res.status(405).set({
      Allow: "GET, HEAD",
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    });
    res.end(METHOD_NOT_ALLOWED_MESSAGE);
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [key, value] of response.headers.entries()) res.append(key, value);
  if (response.headers.get("Content-Type")?.match(/text\/event-stream/i)) res.flushHeaders();
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body.pipeThrough(coalesceChunks()), res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}
