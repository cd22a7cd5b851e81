import { describe, expect, it } from "vitest";
import { parseGeneratedKey } from "~/demo/media/scene-spec";
import { DEFAULT_FEE_TERMS } from "~/lib/fee-terms";
import { feeLimitProblems, statesMoveInCosts } from "~/lib/listing-fees";
import { CITIES, PROPERTY_TYPES } from "~/lib/property-options";
import {
  buildDemoProperties,
  categoryOf,
  demoListingsBeingChecked,
  roundPrice,
} from "./demo-properties";

const NOW = new Date("2026-06-01T12:00:00Z");
const listings = buildDemoProperties(NOW);

describe("the demo catalogue", () => {
  it("is the same on every run, ids included", () => {
    expect(buildDemoProperties(NOW)).toEqual(listings);
    expect(new Set(listings.map((p) => p.id)).size).toBe(listings.length);
  });

  it("covers every city, most listings in Lagos and Abuja", () => {
    expect(listings.length).toBeGreaterThanOrEqual(64);
    const perCity = new Map(
      CITIES.map((city) => [city, listings.filter((p) => p.city === city).length]),
    );
    for (const city of CITIES) expect(perCity.get(city), city).toBeGreaterThan(0);
    const lagos = perCity.get("Lagos") ?? 0;
    const abuja = perCity.get("Abuja") ?? 0;
    for (const city of CITIES.filter((c) => c !== "Lagos" && c !== "Abuja")) {
      expect(perCity.get(city) ?? 0).toBeLessThan(Math.min(lagos, abuja));
    }
  });

  it("has every property type, with a consistent category", () => {
    for (const { value } of PROPERTY_TYPES) {
      expect(listings.filter((p) => p.propertyType === value).length, value).toBeGreaterThanOrEqual(
        3,
      );
    }
    for (const p of listings) {
      expect(p.category).toBe(categoryOf(p.propertyType));
      expect(p.category).toBe(
        ["office", "shop", "warehouse"].includes(p.propertyType) ? "commercial" : "residential",
      );
    }
  });

  it("is about one third rentals, each with a period; sales have none", () => {
    const rentals = listings.filter((p) => p.purpose === "rent");
    expect(rentals.length / listings.length).toBeGreaterThan(0.25);
    expect(rentals.length / listings.length).toBeLessThan(0.42);
    for (const p of rentals) expect(p.rentPeriod).toMatch(/^(month|year)$/);
    expect(rentals.some((p) => p.rentPeriod === "month")).toBe(true);
    for (const p of listings.filter((l) => l.purpose === "sale")) expect(p.rentPeriod).toBeNull();
    expect(
      listings.filter((p) => p.propertyType === "land").every((p) => p.purpose === "sale"),
    ).toBe(true);
  });

  it("asks realistic naira prices", () => {
    for (const p of listings) {
      if (p.purpose === "sale") {
        expect(p.price, p.title).toBeGreaterThanOrEqual(8_000_000);
        expect(p.price, p.title).toBeLessThanOrEqual(1_200_000_000);
      } else if (p.rentPeriod === "year") {
        expect(p.price, p.title).toBeGreaterThanOrEqual(600_000);
        expect(p.price, p.title).toBeLessThanOrEqual(25_000_000);
      } else {
        expect(p.price, p.title).toBeGreaterThanOrEqual(350_000);
        expect(p.price, p.title).toBeLessThanOrEqual(2_500_000);
      }
      expect(Number.isInteger(p.price)).toBe(true);
    }
    const sales = listings.filter((p) => p.purpose === "sale").map((p) => p.price);
    expect(Math.max(...sales)).toBeGreaterThanOrEqual(800_000_000);
    expect(Math.min(...sales)).toBeLessThanOrEqual(15_000_000);
  });

  it("gives homes bedrooms and leaves them out for land, offices, shops and warehouses", () => {
    for (const p of listings) {
      if (p.category === "commercial" || p.propertyType === "land") {
        expect(p.beds).toBeNull();
        expect(p.baths).toBeNull();
      } else {
        expect(p.beds).toBeGreaterThanOrEqual(1);
        expect(p.baths).toBeGreaterThanOrEqual(p.beds ?? 0);
      }
      expect(p.sqft).toBeGreaterThan(100);
    }
  });

  it("has about ten featured listings, some new developments, and several paragraphs each", () => {
    const featured = listings.filter((p) => p.featured);
    expect(featured.length).toBe(10);
    expect(featured.some((p) => p.purpose === "rent")).toBe(true);
    expect(listings.some((p) => p.isNewDevelopment)).toBe(true);
    for (const p of listings)
      expect(p.description.split("\n\n").length, p.title).toBeGreaterThanOrEqual(3);
  });

  it("spreads creation dates over the last 18 months", () => {
    const ages = listings.map((p) => (NOW.getTime() - p.createdAt.getTime()) / 86_400_000);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.min(...ages)).toBeLessThan(14);
    expect(Math.max(...ages)).toBeGreaterThan(450);
    expect(Math.max(...ages)).toBeLessThanOrEqual(550);
  });

  it("shows 3 to 6 generated pictures per listing, the front first", () => {
    for (const p of listings) {
      expect(p.media.length).toBeGreaterThanOrEqual(3);
      expect(p.media.length).toBeLessThanOrEqual(6);
      expect(p.media.map((m) => m.sortOrder)).toEqual(p.media.map((_, i) => i));
      expect(p.media.map((m) => m.isFeatured)).toEqual(p.media.map((_, i) => i === 0));
      expect(p.imageUrl).toBe(p.media[0]?.mediaUrl);
      for (const m of p.media) {
        const spec = parseGeneratedKey(m.mediaUrl.replace("/media/", ""));
        expect(spec?.subject, m.mediaUrl).toMatchObject({
          kind: "property",
          propertyType: p.propertyType,
        });
      }
      expect(new Set(p.media.map((m) => m.mediaUrl)).size).toBe(p.media.length);
    }
  });
});

describe("roundPrice", () => {
  it("rounds to two significant figures", () => {
    expect(roundPrice(187_400_000)).toBe(190_000_000);
    expect(roundPrice(8_240_000)).toBe(8_200_000);
    expect(roundPrice(655_000)).toBe(660_000);
  });
});

describe("the demo listings' Nigerian facts", () => {
  const listings = buildDemoProperties(new Date("2026-11-01T12:00:00Z"));

  it("state a title document for sales only, a service charge for prime flats, and no sold or let", () => {
    const sales = listings.filter((p) => p.purpose === "sale");
    const rents = listings.filter((p) => p.purpose === "rent");
    expect(sales.filter((p) => p.titleDocument).length / sales.length).toBeGreaterThan(0.9);
    expect(rents.every((p) => p.titleDocument === null)).toBe(true);
    expect(listings.some((p) => p.serviceCharge !== null && p.serviced)).toBe(true);
    expect(listings.every((p) => p.status === "available" || p.status === "under-offer")).toBe(
      true,
    );
    expect(
      listings.filter((p) => p.propertyType === "land").every((p) => p.furnishing === null),
    ).toBe(true);
    for (const p of listings) {
      if (p.toilets !== null && p.baths !== null) expect(p.toilets).toBeGreaterThanOrEqual(p.baths);
    }
  });

  it("itemises most rentals' move-in costs within the office's limits, sales none", () => {
    const rents = listings.filter((p) => p.purpose === "rent");
    const itemised = rents.filter((p) => statesMoveInCosts(p));
    expect(itemised.length / rents.length).toBeGreaterThan(0.6);
    expect(itemised.length).toBeLessThan(rents.length);
    for (const p of rents) {
      const problems = feeLimitProblems(
        { ...p, rentPeriod: p.rentPeriod ?? "year" },
        DEFAULT_FEE_TERMS,
      );
      expect(problems, p.title).toEqual({});
    }
    expect(itemised.some((p) => p.agencyFee !== null)).toBe(true);
    expect(itemised.some((p) => p.agencyFeePercent !== null)).toBe(true);
    for (const p of listings.filter((l) => l.purpose === "sale")) {
      expect(statesMoveInCosts(p), p.title).toBe(false);
    }
  });
});

describe("dated availability (issue 46)", () => {
  it("leaves a few listings past their period, never a featured one, so both states show", () => {
    const checking = demoListingsBeingChecked(NOW);
    expect(checking.length).toBeGreaterThanOrEqual(3);
    expect(checking.length).toBeLessThanOrEqual(listings.length / 5);
    expect(checking.some((p) => p.featured)).toBe(false);
    for (const p of listings) {
      expect(p.availabilityConfirmedAt.getTime()).toBeLessThanOrEqual(NOW.getTime());
      expect(p.availabilityConfirmedAt.getTime()).toBeGreaterThanOrEqual(p.createdAt.getTime());
    }
  });
});
