import { describe, expect, it } from "vitest";
import {
  addToShortlist,
  type CompareProperty,
  compareHref,
  compareRows,
  MAX_COMPARE,
  NOT_STATED,
  normalizeShortlist,
  parseCompareIds,
  pricePerSqft,
} from "./compare";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";
const C = "33333333-3333-4333-8333-333333333333";
const D = "44444444-4444-4444-8444-444444444444";
const E = "55555555-5555-4555-8555-555555555555";

describe("parseCompareIds", () => {
  it("splits on commas, keeps order, drops duplicates and counts malformed values", () => {
    expect(parseCompareIds([`${A},${B.toUpperCase()}, ${A}`, "nope", ""])).toEqual({
      ids: [A, B],
      malformed: 1,
      overLimit: 0,
    });
  });

  it("keeps the first four", () => {
    expect(parseCompareIds([[A, B, C, D, E].join(",")])).toEqual({
      ids: [A, B, C, D],
      malformed: 0,
      overLimit: 1,
    });
    expect(MAX_COMPARE).toBe(4);
  });
});

describe("compareHref", () => {
  it("writes the ids readable, with extra parameters after", () => {
    expect(compareHref([A, B])).toBe(`/compare?ids=${A},${B}`);
    expect(compareHref([A], { show: "differences" })).toBe(`/compare?ids=${A}&show=differences`);
    expect(compareHref([])).toBe("/compare");
  });
});

describe("addToShortlist", () => {
  it("adds, ignores a repeat and refuses a fifth", () => {
    const one = addToShortlist([], { id: A });
    expect(one).toEqual({ list: [{ id: A }], change: "added" });
    expect(addToShortlist(one.list, { id: A }).change).toBe("already");
    const four = [A, B, C, D].map((id) => ({ id }));
    expect(addToShortlist(four, { id: E })).toEqual({ list: four, change: "full" });
  });
});

describe("normalizeShortlist", () => {
  it("keeps well-formed entries once, at most four", () => {
    expect(
      normalizeShortlist([
        { id: A, title: "One" },
        { id: A.toUpperCase(), title: "Again" },
        { id: "x", title: "Bad id" },
        { id: B },
        null,
        "text",
        { id: C, title: "Three" },
        { id: D, title: "Four" },
        { id: E, title: "Five" },
        { id: "66666666-6666-4666-8666-666666666666", title: "Six" },
      ]),
    ).toEqual([
      { id: A, title: "One" },
      { id: C, title: "Three" },
      { id: D, title: "Four" },
      { id: E, title: "Five" },
    ]);
    expect(normalizeShortlist({ id: A })).toEqual([]);
  });
});

describe("pricePerSqft", () => {
  it("rounds to whole naira and needs both price and area", () => {
    expect(pricePerSqft(50_000_000, 2_400)).toBe(20_833);
    expect(pricePerSqft(null, 2_400)).toBeNull();
    expect(pricePerSqft(50_000_000, null)).toBeNull();
    expect(pricePerSqft(50_000_000, 0)).toBeNull();
  });
});

function listing(overrides: Partial<CompareProperty>): CompareProperty {
  return {
    id: A,
    title: "Listing",
    purpose: "sale",
    price: 50_000_000,
    rentPeriod: null,
    propertyType: "duplex",
    city: "Lagos",
    address: "Lekki",
    beds: 4,
    baths: 3,
    toilets: null,
    sqft: 2_400,
    titleDocument: null,
    serviceCharge: null,
    furnishing: null,
    imageUrl: null,
    ...overrides,
  };
}

describe("compareRows", () => {
  it("formats each fact, marks the rows that differ and leaves out rows nobody states", () => {
    const rows = compareRows([
      listing({ titleDocument: "c-of-o" }),
      listing({ id: B, price: 36_000_000, beds: 3, titleDocument: "c-of-o" }),
      listing({
        id: C,
        purpose: "rent",
        price: 2_400_000,
        rentPeriod: "year",
        propertyType: "apartment",
        serviceCharge: 600_000,
      }),
    ]);
    const byKey = Object.fromEntries(rows.map((row) => [row.key, row]));
    expect(rows.map((row) => row.key)).toEqual([
      "price",
      "price-per-sqft",
      "purpose",
      "type",
      "city",
      "beds",
      "baths",
      "area",
      "title-document",
      "service-charge",
    ]);
    expect(byKey.price).toEqual({
      key: "price",
      label: "Price",
      values: ["₦50,000,000", "₦36,000,000", "₦2,400,000/year"],
      differs: true,
    });
    expect(byKey["price-per-sqft"]?.values).toEqual(["₦20,833", "₦15,000", "₦1,000/year"]);
    expect(byKey.purpose?.values).toEqual(["For Sale", "For Sale", "For Rent"]);
    expect(byKey.city).toMatchObject({ values: ["Lagos", "Lagos", "Lagos"], differs: false });
    expect(byKey.area).toMatchObject({ values: ["2,400 sqft", "2,400 sqft", "2,400 sqft"] });
    expect(byKey["title-document"]?.values).toEqual([
      "Certificate of Occupancy (C of O)",
      "Certificate of Occupancy (C of O)",
      NOT_STATED,
    ]);
    expect(byKey["service-charge"]?.values).toEqual([NOT_STATED, NOT_STATED, "₦600,000 per year"]);
  });

  it("marks nothing as different for a single property", () => {
    expect(compareRows([listing({})]).some((row) => row.differs)).toBe(false);
  });
});
