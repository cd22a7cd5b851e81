import { getEnv } from "~/env.server";
import {
  currentReadiness,
  type ReadinessStatus,
  readinessHttpStatus,
} from "~/metrics/readiness.server";
import { scrapeAccess } from "~/metrics/scrape.server";
import type { Route } from "./+types/readyz";

// /readyz: whether this instance is fit to serve, check by check (app/metrics/readiness.server):
// the database answers, its migrations are applied, the disk holding DATA_DIR has room, and the
// mail outbox is moving. 200 or 503, never a 500. /healthz stays the cheap "the process and its
// database are alive" probe.
//
// Anyone gets the status only: 200 `ready`, 200 `degraded` (fit to serve, but mail is late) or
// 503 `not ready` (issue 42: the reasons told anyone
// the database's kind, the migrations, the free disk and the outbox's counts). The checks and the
// reasons, as JSON, need what /metrics needs (`Authorization: Bearer <METRICS_TOKEN>`), or the
// control socket in DATA_DIR (`curl --unix-socket DATA_DIR/control.sock http://site/readyz`).
//
// From SIGTERM on, 503 `draining` at once, without the checks (issue 44, item 5): the server is
// finishing its requests before it stops (server/drain.js), and a proxy should send no more.

const HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
const PUBLIC_TEXT: Record<ReadinessStatus | "draining", string> = {
  ready: "ready",
  degraded: "degraded",
  unready: "not ready",
  draining: "draining",
};

export async function loader({ request }: Route.LoaderArgs) {
  const readiness = await currentReadiness();
  const status = readiness.status === "draining" ? 503 : readinessHttpStatus(readiness.status);
  const access = scrapeAccess(request.headers.get("Authorization"), getEnv().metricsToken);
  if (access === "allowed") return Response.json(readiness, { status, headers: HEADERS });
  return new Response(PUBLIC_TEXT[readiness.status], {
    status,
    headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}
