import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { properties, slideshowItems, videos, websiteContent } from "~/db/schema";
import { DEFAULT_SLIDES, HOME_CONTENT_DEFAULTS } from "~/lib/home-content";
import { routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader } from "./home";

await setupTestDatabase();

const base = { propertyType: "apartment", category: "residential", city: "Abuja" } as const;

describe("home loader", () => {
  it("renders from defaults on an empty database", async () => {
    const data = await loader(routeArgs("/"));
    expect(data.content).toEqual(HOME_CONTENT_DEFAULTS);
    expect(data.slides).toEqual(DEFAULT_SLIDES);
    expect(data.videos).toEqual([]);
    expect(data.properties).toEqual([]);
    expect(data.featured).toBe("all");
  });

  it("returns only rent properties for ?featured=rent, with the stored texts", async () => {
    await db.insert(properties).values([
      { ...base, title: "Sale featured", purpose: "sale", price: 90_000_000, featured: true },
      { ...base, title: "Rent featured", purpose: "rent", price: 3_000_000, featured: true },
      { ...base, title: "Rent plain", purpose: "rent", price: 1_500_000 },
      { ...base, title: "Rent featured 2", purpose: "rent", price: 2_000_000, featured: true },
    ]);
    await db.insert(websiteContent).values([
      { section: "home", key: "hero_title", value: "Homes for every Nigerian family" },
      { section: "home", key: "about_description", value: "Twenty years in Abuja." },
      { section: "home", key: "services_title", value: "   " },
      { section: "contact", key: "hero_title", value: "Not the home section" },
    ]);
    await db.insert(slideshowItems).values([
      { title: "Second", mediaUrl: "/media/b.webp", sortOrder: 2 },
      { title: "First", mediaUrl: "/media/a.webp", sortOrder: 1, category: "under_construction" },
      { title: "Off", mediaUrl: "/media/c.webp", sortOrder: 0, isActive: false },
    ]);
    await db.insert(videos).values([
      { title: "Tour", videoUrl: "https://youtu.be/dQw4w9WgXcQ", sortOrder: 1 },
      { title: "Hidden", videoUrl: "https://vimeo.com/1", isActive: false },
      { title: "Unplayable", videoUrl: "javascript:alert(1)", sortOrder: 2 },
    ]);

    const data = await loader(routeArgs("/?featured=rent"));

    expect(data.featured).toBe("rent");
    expect(data.properties.map((p) => p.title).sort()).toEqual([
      "Rent featured",
      "Rent featured 2",
    ]);
    expect(data.properties.every((p) => p.purpose === "rent")).toBe(true);
    expect(data.content.hero_title).toBe("Homes for every Nigerian family");
    expect(data.content.about_description).toBe("Twenty years in Abuja.");
    // Blank and missing keys keep their defaults.
    expect(data.content.services_title).toBe(HOME_CONTENT_DEFAULTS.services_title);
    expect(data.content.hero_subtitle).toBe(HOME_CONTENT_DEFAULTS.hero_subtitle);
    expect(data.slides.map((s) => s.title)).toEqual(["First", "Second"]);
    expect(data.videos.map((v) => v.title)).toEqual(["Tour"]);
  });

  it("shows sale properties for ?featured=sale and everything for an unknown filter", async () => {
    const sale = await loader(routeArgs("/?featured=sale"));
    expect(sale.properties.map((p) => p.title)).toEqual(["Sale featured"]);

    const unknown = await loader(routeArgs("/?featured=lease"));
    expect(unknown.featured).toBe("all");
    expect(unknown.properties.map((p) => p.title).sort()).toEqual([
      "Rent featured",
      "Rent featured 2",
      "Sale featured",
    ]);
  });
});
