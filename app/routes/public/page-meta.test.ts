import type { MetaDescriptor } from "react-router";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { properties, propertyMedia } from "~/db/schema";
import { parseListingFilters } from "~/lib/listing-filters";
import { DEFAULT_CONTACT, DEFAULT_SOCIAL_LINKS } from "~/lib/site";
import { routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { meta as contactMeta } from "./contact";
import { meta as homeMeta } from "./home";
import { meta as notFoundMeta } from "./not-found";
import { meta as propertiesMeta } from "./properties";
import { loader as propertyLoader, meta as propertyMeta } from "./property";

// The metadata of the public pages, built from real loader data where the page has some.

await setupTestDatabase();

const SITE = "https://naijahomes.example";
const root = { id: "root", data: { siteUrl: SITE } };

function tag(meta: MetaDescriptor[], key: "name" | "property", value: string) {
  const found = meta.find((m) => (m as Record<string, unknown>)[key] === value) as
    | { content: string }
    | undefined;
  return found?.content;
}
const canonicalOf = (meta: MetaDescriptor[]) =>
  (meta.find((m) => "rel" in m && m.rel === "canonical") as { href: string } | undefined)?.href;
const jsonLdOf = (meta: MetaDescriptor[]) =>
  meta
    .filter((m) => "script:ld+json" in m)
    .map((m) => (m as Record<string, unknown>)["script:ld+json"]);

describe("property page metadata", () => {
  it("shares the first photo as an absolute JPEG, with price and city, and an NGN offer", async () => {
    const [row] = await db
      .insert(properties)
      .values({
        title: "4 Bedroom Detached Duplex",
        description: "A detached duplex with a boys' quarters on a quiet close.",
        purpose: "sale",
        price: 185_000_000,
        propertyType: "duplex",
        category: "residential",
        city: "Abuja",
        address: "Gwarinpa Estate",
        addressPublic: true,
        imageUrl: "/media/generated/property/duplex/7-exterior.webp",
      })
      .returning({ id: properties.id });
    if (!row) throw new Error("insert failed");
    await db.insert(propertyMedia).values([
      { propertyId: row.id, mediaUrl: "/media/second.webp", sortOrder: 1 },
      { propertyId: row.id, mediaUrl: "/media/first.webp", sortOrder: 0 },
    ]);
    const loaderData = await propertyLoader(
      routeArgs(`/property/${row.id}`, { params: { id: row.id } }),
    );

    const meta = propertyMeta({
      loaderData,
      params: { id: row.id },
      matches: [root],
    } as unknown as Parameters<typeof propertyMeta>[0]);

    const title = (meta.find((m) => "title" in m) as { title: string }).title;
    expect(title).toContain("4 Bedroom Detached Duplex");
    expect(title).toContain("Abuja");
    expect(title).toContain("₦185,000,000");
    expect(tag(meta, "name", "description")).toContain("Gwarinpa Estate, Abuja");
    expect(canonicalOf(meta)).toBe(`${SITE}/property/${row.id}`);
    expect(tag(meta, "property", "og:type")).toBe("product");
    expect(tag(meta, "property", "og:image")).toBe(`${SITE}/media/first.webp?format=jpeg`);
    expect(tag(meta, "name", "twitter:card")).toBe("summary_large_image");

    const [offer] = jsonLdOf(meta) as Record<string, unknown>[];
    expect(offer?.offers).toMatchObject({
      price: 185_000_000,
      priceCurrency: "NGN",
      availableAtOrFrom: { address: { addressLocality: "Abuja", addressCountry: "NG" } },
    });
    expect(offer?.image).toEqual([
      `${SITE}/media/first.webp?w=1280`,
      `${SITE}/media/second.webp?w=1280`,
      `${SITE}/media/generated/property/duplex/7-exterior.webp?w=1280`,
    ]);
  });

  it("is noindex when the property is not found", () => {
    const meta = propertyMeta({
      loaderData: undefined,
      params: { id: "x" },
      matches: [root],
    } as unknown as Parameters<typeof propertyMeta>[0]);
    expect(tag(meta, "name", "robots")).toBe("noindex");
  });
});

describe("listing metadata", () => {
  const listing = (search: string, page = 1) =>
    propertiesMeta({
      loaderData: {
        filters: parseListingFilters(new URLSearchParams(search)),
        total: 42,
        totalIsExact: true,
        page,
      },
      matches: [root],
    } as unknown as Parameters<typeof propertiesMeta>[0]);

  it("is canonical at /properties, keeping only the property type and the page", () => {
    expect(canonicalOf(listing("page=3", 3))).toBe(`${SITE}/properties?page=3`);
    expect(canonicalOf(listing("type=commercial&beds=2&page=2", 2))).toBe(
      `${SITE}/properties?type=commercial&page=2`,
    );
    expect(canonicalOf(listing("bedrooms=3&location=abuja"))).toBe(`${SITE}/properties`);
    const residential = listing("type=residential&bedrooms=2");
    expect(canonicalOf(residential)).toBe(`${SITE}/properties?type=residential`);
    expect((residential.find((m) => "title" in m) as { title: string }).title).toMatch(
      /^Residential properties/,
    );
  });
});

describe("home page metadata", () => {
  it("describes the company as a RealEstateAgent from the layout's contact details", () => {
    const layout = {
      id: "routes/public/layout",
      loaderData: {
        contact: { ...DEFAULT_CONTACT, phones: [...DEFAULT_CONTACT.phones], hours: [] },
        social: DEFAULT_SOCIAL_LINKS,
      },
    };
    const meta = homeMeta({
      matches: [root, layout],
    } as unknown as Parameters<typeof homeMeta>[0]);
    expect(canonicalOf(meta)).toBe(`${SITE}/`);
    const [agent] = jsonLdOf(meta) as Record<string, unknown>[];
    expect(agent).toMatchObject({
      "@type": "RealEstateAgent",
      telephone: DEFAULT_CONTACT.phones[0],
      email: DEFAULT_CONTACT.email,
    });
  });
});

describe("not-found metadata", () => {
  it("is noindex", () => {
    const meta = notFoundMeta({
      matches: [root],
      location: { pathname: "/nowhere" },
    } as unknown as Parameters<typeof notFoundMeta>[0]);
    expect(tag(meta, "name", "robots")).toBe("noindex");
  });

  it("describes the company on the contact page too, from the page's own contact details", () => {
    const meta = contactMeta({
      matches: [root],
      loaderData: {
        contact: { ...DEFAULT_CONTACT, email: "office@naijahomes.example" },
        social: DEFAULT_SOCIAL_LINKS,
      },
    } as unknown as Parameters<typeof contactMeta>[0]);
    expect(canonicalOf(meta)).toBe(`${SITE}/contact`);
    const [agent] = jsonLdOf(meta) as Record<string, unknown>[];
    expect(agent).toMatchObject({ "@type": "RealEstateAgent", email: "office@naijahomes.example" });
  });
});
