import { getEnv } from "~/env.server";
import { CONTENT_TYPE } from "~/metrics/registry";
import { renderMetrics, scrapeAccess } from "~/metrics/scrape.server";
import type { Route } from "./+types/metrics";

// /metrics: the Prometheus text format for a scraper sending `Authorization: Bearer
// <METRICS_TOKEN>`. Without METRICS_TOKEN configured the address does not exist (404); a missing
// or wrong token gets 401. This process's numbers only (app/metrics/request-metrics.server.ts).

const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };

export async function loader({ request }: Route.LoaderArgs) {
  const access = scrapeAccess(request.headers.get("Authorization"), getEnv().metricsToken);
  if (access === "disabled") {
    throw new Response("Not Found", { status: 404, headers: NO_STORE });
  }
  if (access === "refused") {
    throw new Response("Unauthorized", {
      status: 401,
      headers: { ...NO_STORE, "WWW-Authenticate": 'Bearer realm="metrics"' },
    });
  }
  return new Response(await renderMetrics(), {
    headers: { ...NO_STORE, "Content-Type": CONTENT_TYPE },
  });
}
