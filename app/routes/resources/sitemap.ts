import { getEnv } from "~/env.server";
import { logger } from "~/log/logger.server";
import { buildSitemap } from "~/models/sitemap.server";
import type { Route } from "./+types/sitemap";

export const SITEMAP_CACHE_CONTROL = "public, max-age=3600";

/** ?page=N as a whole number; NaN for anything else (answered 404). */
function parsePage(url: URL): number | undefined {
  const raw = url.searchParams.get("page");
  if (raw === null) return undefined;
  return /^[1-9]\d{0,5}$/.test(raw) ? Number(raw) : Number.NaN;
}

// /sitemap.xml: every public page and property, for search engines (robots.txt points here).
export async function loader({ request }: Route.LoaderArgs) {
  const page = parsePage(new URL(request.url));
  try {
    const xml = Number.isNaN(page) ? undefined : await buildSitemap(getEnv().siteUrl, page);
    if (xml === undefined) {
      return new Response("Not found", {
        status: 404,
        headers: { "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    return new Response(xml, {
      headers: {
        "Content-Type": "application/xml; charset=utf-8",
        "Cache-Control": SITEMAP_CACHE_CONTROL,
      },
    });
  } catch (error) {
    logger.error({ err: error }, "Failed to build the sitemap");
    // Never cached: a crawler should come back for the real one.
    return new Response("Sitemap temporarily unavailable", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
}
