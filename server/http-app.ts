import express, { type RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { type PageVariant, pageVariantContext } from "~/cache/page-cache.server";
import { markPrivateResponses } from "~/cache/private-responses.server";
import { getEnv } from "~/env.server";
import { createRequestContext } from "~/http/request-context.server";
import { createCspNonce, securityHeaders } from "~/http/security-headers.server";
import { logger } from "~/log/logger.server";
import { recordRequest } from "~/metrics/request-metrics.server";
import { type RouteTable, routePatternOf, UNMATCHED_ROUTE } from "~/metrics/route-pattern";
import { refuseLargeBodies } from "./body-limit";
import { refuseForeignOrigins } from "./origin-check";
import { createRequestHandler } from "./request-handler";

/**
 * The HTTP app in front of React Router: security headers, the request log and metrics, the Origin check,
 * body limits and the no-store rule, the page cache when given, then the routes. server/app.ts
 * serves it with the built routes; the tests (tests/setup/http-app.ts) with the route modules
 * themselves.
 */
export function createHttpApp(
  build: ServerBuild | (() => Promise<ServerBuild>),
  options: { pageCaches?: RequestHandler[] } = {},
) {
  const app = express();
  app.disable("x-powered-by");

  app.use((_req, res, next) => {
    // A new nonce per response: entry.server and root put it on every inline script they render.
    const nonce = createCspNonce();
    res.locals.cspNonce = nonce;
    const env = getEnv();
    const headers = securityHeaders({
      nonce,
      development: env.nodeEnv === "development",
      httpsProduction: env.nodeEnv === "production" && env.siteUrl.startsWith("https://"),
    });
    for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    next();
  });

  // The request log and the request metrics (app/metrics/), labelled by the route's pattern:
  // the raw path would make a series per listing.
  const withRouteTable = (use: (table: RouteTable | undefined) => void) => {
    if (typeof build !== "function") return use(build.routes);
    // The dev server's build, loaded again for each request (cheap: Vite keeps the module).
    build().then(
      (loaded) => use(loaded.routes),
      () => use(undefined),
    );
  };
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      logger.info(
        {
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ms: Math.round(seconds * 10_000) / 10,
        },
        "request",
      );
      withRouteTable((table) =>
        recordRequest({
          route: table ? routePatternOf(table, req.path) : UNMATCHED_ROUTE,
          method: req.method,
          status: res.statusCode,
          seconds,
        }),
      );
    });
    next();
  });

  app.use(markPrivateResponses);
  app.use(refuseForeignOrigins(() => getEnv().siteUrl));
  app.use(refuseLargeBodies);
  // Pages from memory (app/cache/page-cache.server.ts: public pages; private-page-cache.server.ts:
  // a signed-in person's own): after the nonce, which they splice into a kept page, and before
  // the router.
  for (const cache of options.pageCaches ?? []) app.use(cache);

  app.use(
    createRequestHandler({
      build,
      // What routes cannot read from the Request: the peer address (getClientIp) and the nonce.
      getLoadContext: (req, res) => {
        const context = createRequestContext({
          socketAddress: req.socket.remoteAddress,
          cspNonce: String(res.locals.cspNonce ?? ""),
          pageNotes: res.locals.pageNotes,
        });
        // The page cache's shared copy being rendered, if any (ADR 19).
        context.set(pageVariantContext, (res.locals.pageVariant as PageVariant) ?? null);
        return context;
      },
    }),
  );
  return app;
}
