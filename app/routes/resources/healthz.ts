import { getDatabase } from "~/db/client.server";
import { logger } from "~/log/logger.server";

const PING_TIMEOUT_MS = 2000;

// 200 when the database answers a query, 503 otherwise (for load balancers and monitors).
export async function loader() {
  try {
    await Promise.race([
      getDatabase().ping(),
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error("database ping timed out")), PING_TIMEOUT_MS).unref(),
      ),
    ]);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    logger.error({ err: error }, "Health check failed");
    return Response.json(
      { status: "unavailable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
