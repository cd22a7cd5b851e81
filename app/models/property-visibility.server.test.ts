import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { officeSettings, properties } from "~/db/schema";
import { parseListingFilters } from "~/lib/listing-filters";
import { createProperty } from "../../tests/setup/accounts";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { setFavorite } from "./favorite.server";
import { getPropertyWithMedia, listFeaturedProperties } from "./property.server";
import { searchProperties } from "./property-search.server";
import { buildSitemap } from "./sitemap.server";

// A listing in the trash is gone from the site at once; a sold or let one leaves the home page at
// once and the search after its badge's days (issue 46), but keeps its own page (with its badge).

await setupTestDatabase();

const DAY_MS = 24 * 60 * 60 * 1000;

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
    // Sold 15 days ago: past the 14 days its badge shows in the search.
    await db
      .update(properties)
      .set({ status: "sold", closedAt: new Date(Date.now() - 15 * DAY_MS) })
      .where(eq(properties.id, sold));
    await db.update(properties).set({ deletedAt: new Date() }).where(eq(properties.id, trashed));

    expect(await titlesFound()).toEqual(["Open house"]);
    expect((await listFeaturedProperties()).map((p) => p.title)).toEqual(["Open house"]);
    expect((await getPropertyWithMedia(sold))?.status).toBe("sold");
    expect(await getPropertyWithMedia(trashed)).toBeUndefined();
    expect(await getPropertyWithMedia(open)).toBeDefined();
    const sitemap = await buildSitemap("https://example.ng", undefined);
    expect(sitemap).toContain(open);
    expect(sitemap).not.toContain(sold);
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
      .set({ status: "let", furnishing: "furnished", closedAt: new Date(Date.now() - 30 * DAY_MS) })
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

describe("dated availability (issue 46)", () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

  async function listing(title: string, purpose: "sale" | "rent", confirmedDaysAgo: number) {
    const id = await createProperty(title);
    await db
      .update(properties)
      .set({ purpose, featured: true, availabilityConfirmedAt: daysAgo(confirmedDaysAgo) })
      .where(eq(properties.id, id));
    return id;
  }

  it("takes a listing past its period out of the search, the home page and the sitemap, not off its page", async () => {
    await db.delete(properties);
    const freshRent = await listing("Rent 13 days", "rent", 13);
    const staleRent = await listing("Rent 15 days", "rent", 15);
    const freshSale = await listing("Sale 29 days", "sale", 29);
    const staleSale = await listing("Sale 31 days", "sale", 31);

    expect(await titlesFound()).toEqual(["Rent 13 days", "Sale 29 days"]);
    expect((await listFeaturedProperties()).map((p) => p.title).sort()).toEqual([
      "Rent 13 days",
      "Sale 29 days",
    ]);
    const sitemap = await buildSitemap("https://example.ng", undefined);
    for (const id of [freshRent, freshSale]) expect(sitemap).toContain(id);
    for (const id of [staleRent, staleSale]) expect(sitemap).not.toContain(id);
    // Its page stays (the route says "Availability being checked" and noindex: property.test.ts).
    expect((await getPropertyWithMedia(staleRent))?.title).toBe("Rent 15 days");
    // "Include sold and let" does not bring back a listing being checked.
    const withClosed = await searchProperties(parseListingFilters(new URLSearchParams("closed=1")));
    expect(withClosed.items.map((i) => i.title).sort()).toEqual(["Rent 13 days", "Sale 29 days"]);
  });

  it("keeps a let or sold listing in the search with its badge for 14 days, then not", async () => {
    await db.delete(properties);
    const recent = await listing("Let 13 days ago", "rent", 40);
    const old = await listing("Sold 15 days ago", "sale", 40);
    await db
      .update(properties)
      .set({ status: "let", closedAt: daysAgo(13) })
      .where(eq(properties.id, recent));
    await db
      .update(properties)
      .set({ status: "sold", closedAt: daysAgo(15) })
      .where(eq(properties.id, old));
    expect(await titlesFound()).toEqual(["Let 13 days ago"]);
    // Never on the home page: it is not on offer.
    expect(await listFeaturedProperties()).toEqual([]);
  });

  it("stamps the moment a listing becomes let or sold, whoever writes it, and clears it back on offer", async () => {
    const id = await createProperty("Stamped house");
    const read = async () =>
      (await db.select().from(properties).where(eq(properties.id, id)))[0]?.closedAt ?? null;
    expect(await read()).toBeNull();
    await db.update(properties).set({ status: "let" }).where(eq(properties.id, id));
    const stamped = await read();
    expect(stamped).toBeInstanceOf(Date);
    // Let to sold keeps the first moment; back on offer clears it.
    await db.update(properties).set({ status: "sold" }).where(eq(properties.id, id));
    expect(await read()).toEqual(stamped);
    await db.update(properties).set({ status: "available" }).where(eq(properties.id, id));
    expect(await read()).toBeNull();
  });

  it("applies the periods the office set", async () => {
    await db.delete(properties);
    await listing("Rent 10 days", "rent", 10);
    await db
      .insert(officeSettings)
      .values({ id: 1, availabilityRentDays: 7 })
      .onConflictDoUpdate({ target: officeSettings.id, set: { availabilityRentDays: 7 } });
    try {
      expect(await titlesFound()).toEqual([]);
    } finally {
      await db.update(officeSettings).set({ availabilityRentDays: 14 });
    }
    expect(await titlesFound()).toEqual(["Rent 10 days"]);
  });
});
