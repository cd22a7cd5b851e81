import { and, asc, count, eq, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agentProfiles, properties, users } from "~/db/schema";
import { agentProfilePath } from "~/lib/agent-profile";
import { absoluteUrl } from "~/lib/seo";
import {
  MAX_SITEMAP_URLS,
  type SitemapEntry,
  STATIC_SITEMAP_PATHS,
  sitemapIndexXml,
  urlsetXml,
} from "~/lib/sitemap";
import { getAvailabilityRules, listedPublicly } from "./property-visibility.server";

/** The listings the search shows (issue 46: a listing being checked is noindex, so not here). */
async function listedNow() {
  return listedPublicly(await getAvailabilityRules(), new Date());
}

async function countProperties(listed: SQL) {
  const [row] = await db.select({ total: count() }).from(properties).where(listed);
  return row?.total ?? 0;
}

/** Property ids and last changes, a slice in id order (the primary key: stable pages). */
async function listPropertiesForSitemap(listed: SQL, offset: number, limit: number) {
  if (limit <= 0) return [];
  return db
    .select({ id: properties.id, updatedAt: properties.updatedAt })
    .from(properties)
    .where(listed)
    .orderBy(asc(properties.id))
    .offset(offset)
    .limit(limit);
}

/** The profile pages of the active agents (issue 45), by slug: a few dozen at most. */
async function listAgentProfilePaths() {
  const rows = await db
    .select({ slug: agentProfiles.slug })
    .from(agentProfiles)
    .innerJoin(users, eq(users.id, agentProfiles.userId))
    .where(and(eq(users.role, "agent"), eq(users.status, "active")))
    .orderBy(asc(agentProfiles.slug));
  return rows.map((row) => agentProfilePath(row.slug));
}

/**
 * The XML for /sitemap.xml[?page=N]: the public pages and agents' profiles, then every property. Up to `pageSize`
 * URLs it is one urlset (and `page` must be absent or 1); above that, without a page it is an
 * index of /sitemap.xml?page=1..N, each page a urlset of `pageSize` URLs. Undefined for a page
 * that does not exist.
 */
export async function buildSitemap(
  siteUrl: string,
  page: number | undefined,
  pageSize = MAX_SITEMAP_URLS,
): Promise<string | undefined> {
  const head = [...STATIC_SITEMAP_PATHS, ...(await listAgentProfilePaths())];
  const staticCount = head.length;
  const listed = await listedNow();
  const total = staticCount + (await countProperties(listed));
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  if (page === undefined && pageCount > 1) {
    return sitemapIndexXml(
      Array.from({ length: pageCount }, (_, index) => ({
        loc: absoluteUrl(siteUrl, `/sitemap.xml?page=${index + 1}`),
      })),
    );
  }
  const current = page ?? 1;
  if (current < 1 || current > pageCount) return undefined;

  const start = (current - 1) * pageSize;
  const end = Math.min(start + pageSize, total);
  const pages: SitemapEntry[] = head.slice(start, end).map((path) => ({
    loc: absoluteUrl(siteUrl, path),
  }));
  const propertyStart = Math.max(0, start - staticCount);
  const rows = await listPropertiesForSitemap(
    listed,
    propertyStart,
    end - staticCount - propertyStart,
  );
  const listings = rows.map((row) => ({
    loc: absoluteUrl(siteUrl, `/property/${row.id}`),
    lastmod: row.updatedAt,
  }));
  return urlsetXml([...pages, ...listings]);
}
