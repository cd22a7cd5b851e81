import { checkReadiness } from "~/metrics/readiness.server";

// /readyz: whether this instance is fit to serve, check by check (app/metrics/readiness.server):
// the database answers, its migrations are applied, the disk holding DATA_DIR has room, and the
// mail outbox is moving. 200 `ready` or 503 `unready`, with the reasons; never a 500. /healthz
// stays the cheap "the process and its database are alive" probe.

export async function loader() {
  const readiness = await checkReadiness();
  return Response.json(readiness, {
    status: readiness.status === "ready" ? 200 : 503,
    headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" },
  });
}
