import { DURATION_BUCKETS_SECONDS, Registry } from "./registry";

// What this process counts as it serves (the /metrics route adds what it reads at scrape time:
// scrape.server.ts). Per process: with WEB_CONCURRENCY > 1 each worker counts its own requests,
// and whichever worker answers a scrape reports its own; Prometheus' rate() over many scrapes
// still shows the trend. Reset by a restart, as Prometheus counters may be.

/** Methods kept as they are; anything else an odd client sends is counted as "other". */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

const PAGE_CACHE_RESULTS = ["hit", "miss", "bypass", "private-hit", "private-miss"] as const;
export type PageCacheResult = (typeof PAGE_CACHE_RESULTS)[number];

const registry = new Registry();

const httpRequests = registry.counter(
  "http_requests_total",
  "HTTP requests answered, by route pattern (app/routes.ts), method and status.",
  ["route", "method", "status"],
);

const httpDuration = registry.histogram(
  "http_request_duration_seconds",
  "Time from the request's arrival to the last byte of its answer, by route pattern and method.",
  ["route", "method"],
  DURATION_BUCKETS_SECONDS,
);

const pageCacheRequests = registry.counter(
  "page_cache_requests_total",
  "Page requests by what the page caches did: hit (a public page served from memory), miss (rendered), bypass (a visitor with a cookie gets a page of their own); private-hit and private-miss: a signed-in person's own page (the dashboard, an admin list) from the per-session cache, or rendered.",
  ["result"],
);
for (const result of PAGE_CACHE_RESULTS) pageCacheRequests.inc({ result }, 0);

/** One answered request (server/http-app.ts calls it when the response has finished). */
export function recordRequest(request: {
  route: string;
  method: string;
  status: number;
  seconds: number;
}) {
  const method = METHODS.has(request.method) ? request.method : "other";
  httpRequests.inc({ route: request.route, method, status: String(request.status) });
  httpDuration.observe({ route: request.route, method }, request.seconds);
}

/**
 * One page request, by what a page cache did with it (app/cache/page-cache.server.ts,
 * private-page-cache.server.ts).
 */
export function countPageCache(result: PageCacheResult) {
  pageCacheRequests.inc({ result });
}

/** The counters above, in the text format. */
export function renderRequestMetrics(): string {
  return registry.render();
}
