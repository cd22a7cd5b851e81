import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { properties } from "~/db/schema";
import { parseListingFilters } from "~/lib/listing-filters";
import { createProperty } from "../../tests/setup/accounts";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { setFavorite } from "./favorite.server";
import { getPropertyWithMedia, listFeaturedProperties } from "./property.server";
import { searchProperties } from "./property-search.server";
import { buildSitemap } from "./sitemap.server";

// A listing in the trash is gone from the site at once; a sold or let one leaves the search and
// the home page but keeps its own page (with its badge).

await setupTestDatabase();

async function titlesFound() {
  const result = await searchProperties(parseListingFilters(new URLSearchParams()));
  return result.items.map((item) => item.title).sort();
}

describe("what the public site shows", () => {
  it("hides trashed listings everywhere, and sold or let ones from the search", async () => {
    const open = await createProperty("Open house");
    const sold = await createProperty("Sold house");
    const trashed = await createProperty("Trashed house");
    await db.update(properties).set({ featured: true });
    await db.update(properties).set({ status: "sold" }).where(eq(properties.id, sold));
    await db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, trashed));

    expect(await titlesFound()).toEqual(["Open house"]);
    expect((await listFeaturedProperties()).map((p) => p.title)).toEqual(["Open house"]);
    expect((await getPropertyWithMedia(sold))?.status).toBe("sold");
    expect(await getPropertyWithMedia(trashed)).toBeUndefined();
    expect(await getPropertyWithMedia(open)).toBeDefined();
    const sitemap = await buildSitemap("https://example.ng", undefined);
    expect(sitemap).toContain(sold);
    expect(sitemap).not.toContain(trashed);
  });

  it("does not let a customer save a trashed listing", async () => {
    const trashed = await createProperty("Gone house");
    await db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, trashed));
    expect(await setFavorite("nobody", trashed, true)).toEqual({ ok: false, reason: "not-found" });
  });
});

describe("the Nigerian facts as search filters", () => {
  it("narrows by title document and furnishing, and shows sold and let when asked", async () => {
    await db.delete(properties);
    const cofo = await createProperty("C of O house");
    const consent = await createProperty("Consent flat");
    const let_ = await createProperty("Let flat");
    await db
      .update(properties)
      .set({ titleDocument: "c-of-o", furnishing: "furnished" })
      .where(eq(properties.id, cofo));
    await db
      .update(properties)
      .set({ titleDocument: "governors-consent" })
      .where(eq(properties.id, consent));
    await db
      .update(properties)
      .set({ status: "let", furnishing: "furnished" })
      .where(eq(properties.id, let_));
    const found = async (query: string) =>
      (await searchProperties(parseListingFilters(new URLSearchParams(query)))).items
        .map((item) => item.title)
        .sort();
    expect(await found("title=c-of-o")).toEqual(["C of O house"]);
    expect(await found("title=c-of-o&title=governors-consent")).toEqual([
      "C of O house",
      "Consent flat",
    ]);
    expect(await found("furnish=furnished")).toEqual(["C of O house"]);
    expect(await found("furnish=furnished&closed=1")).toEqual(["C of O house", "Let flat"]);
  });
});
