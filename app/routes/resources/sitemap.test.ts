import { describe, expect, it } from "vitest";
import { db, setDatabase } from "~/db/client.server";
import { agentProfiles, properties, users } from "~/db/schema";
import { getEnv } from "~/env.server";
import { escapeXml, STATIC_SITEMAP_PATHS, urlsetXml } from "~/lib/sitemap";
import { buildSitemap } from "~/models/sitemap.server";
import { routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader } from "./sitemap";

const database = await setupTestDatabase();
const SITE = getEnv().siteUrl;

function get(query = "") {
  return loader(routeArgs(`/sitemap.xml${query}`)) as Promise<Response>;
}

/** The <loc> values of a sitemap or index, unescaped. */
function locs(xml: string) {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) =>
    (m[1] ?? "").replaceAll("&amp;", "&"),
  );
}

async function insertProperty(title: string) {
  const [row] = await db
    .insert(properties)
    .values({ title, propertyType: "duplex", category: "residential", city: "Abuja" })
    .returning({ id: properties.id, updatedAt: properties.updatedAt });
  if (!row) throw new Error("insert failed");
  return row;
}

describe("/sitemap.xml", () => {
  it("lists every public page with absolute URLs, as cacheable XML", async () => {
    const response = await get();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/xml; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const xml = await response.text();
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual([
      `${SITE}/`,
      `${SITE}/properties`,
      `${SITE}/services`,
      `${SITE}/services/property-sales`,
      `${SITE}/services/property-rentals`,
      `${SITE}/services/property-management`,
      `${SITE}/services/real-estate-consultancy`,
      `${SITE}/services/infrastructure-development`,
      `${SITE}/services/project-management`,
      `${SITE}/about`,
      `${SITE}/team`,
      `${SITE}/contact`,
      `${SITE}/book-appointment`,
      `${SITE}/verify`,
    ]);
  });

  it("lists a newly added property with its last change", async () => {
    const before = locs(await (await get()).text());
    const added = await insertProperty("Newly listed terrace in Jabi");
    const xml = await (await get()).text();
    expect(before).not.toContain(`${SITE}/property/${added.id}`);
    expect(xml).toContain(
      `<url><loc>${SITE}/property/${added.id}</loc><lastmod>${added.updatedAt.toISOString()}</lastmod></url>`,
    );
  });

  it("lists active agents' profiles after the public pages, not an inactive agent's", async () => {
    await db.insert(users).values([
      { id: "s-agent", name: "Tunde Bakare", email: "tunde@s.test", role: "agent" },
      { id: "s-gone", name: "Gone Agent", email: "gone@s.test", role: "agent", status: "inactive" },
    ]);
    await db.insert(agentProfiles).values([
      { userId: "s-agent", slug: "tunde-bakare" },
      { userId: "s-gone", slug: "gone-agent" },
    ]);
    try {
      const listed = locs(await (await get()).text());
      expect(listed).toContain(`${SITE}/agents/tunde-bakare`);
      expect(listed).not.toContain(`${SITE}/agents/gone-agent`);
      expect(listed.indexOf(`${SITE}/agents/tunde-bakare`)).toBe(STATIC_SITEMAP_PATHS.length);
    } finally {
      await db.delete(agentProfiles);
      await db.delete(users);
    }
  });

  it("answers 404 to a page number that does not exist", async () => {
    expect((await get("?page=1")).status).toBe(200);
    for (const query of ["?page=2", "?page=0", "?page=abc", "?page=-1"]) {
      expect((await get(query)).status, query).toBe(404);
    }
  });

  it("answers 503, not cached, when the database cannot be read", async () => {
    setDatabase(undefined);
    try {
      const response = await get();
      expect(response.status).toBe(503);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
    } finally {
      setDatabase(database);
    }
  });
});

describe("buildSitemap above the per-file limit", () => {
  it("becomes an index of numbered files that together list every URL once", async () => {
    for (const n of [1, 2, 3, 4, 5]) await insertProperty(`Plot ${n}`);
    const all = locs((await buildSitemap(SITE, undefined)) ?? "");
    // The property inserted earlier in this file, and these five.
    expect(all).toHaveLength(STATIC_SITEMAP_PATHS.length + 6);

    const pageSize = 5;
    const index = (await buildSitemap(SITE, undefined, pageSize)) ?? "";
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const pageCount = Math.ceil(all.length / pageSize);
    expect(locs(index)).toEqual(
      Array.from({ length: pageCount }, (_, i) => `${SITE}/sitemap.xml?page=${i + 1}`),
    );

    const pages: string[][] = [];
    for (let page = 1; page <= pageCount; page++) {
      const xml = (await buildSitemap(SITE, page, pageSize)) ?? "";
      expect(xml).toContain("<urlset");
      pages.push(locs(xml));
    }
    expect(pages.every((urls) => urls.length <= pageSize)).toBe(true);
    expect(pages.flat()).toEqual(all);
    expect(await buildSitemap(SITE, pageCount + 1, pageSize)).toBeUndefined();
  });

  it("escapes URLs in the XML", () => {
    expect(escapeXml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&apos;");
    expect(urlsetXml([{ loc: "https://a.example/?x=1&y='2'" }])).toContain(
      "<loc>https://a.example/?x=1&amp;y=&apos;2&apos;</loc>",
    );
  });
});
