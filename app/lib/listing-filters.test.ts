import { describe, expect, it } from "vitest";
import {
  canonicalListingSearch,
  DEFAULT_LISTING_FILTERS,
  describeListing,
  displayLocation,
  hasActiveFilters,
  type ListingFilters,
  listingHref,
  matchCity,
  PRICE_OPEN_MAX,
  parseListingFilters,
  parsePriceRange,
  serializeListingFilters,
} from "./listing-filters";

function parse(query: string) {
  return parseListingFilters(new URLSearchParams(query));
}

function filters(changes: Partial<ListingFilters>): ListingFilters {
  return { ...DEFAULT_LISTING_FILTERS, ...changes };
}

describe("parseListingFilters", () => {
  it("gives the defaults for an empty query", () => {
    expect(parse("")).toEqual(DEFAULT_LISTING_FILTERS);
  });

  it("reads every parameter", () => {
    expect(
      parse(
        "q=+Lekki++phase 1+&type=residential&location=Lagos&location=abuja&status=rent" +
          "&price=1000-2000&beds=3&baths=2&ptype=villa&ptype=house&sort=price-desc&view=list&page=4" +
          "&title=governors-consent&title=c-of-o&title=forged&furnish=unfurnished&closed=1",
      ),
    ).toEqual({
      q: "Lekki phase 1",
      type: "residential",
      locations: ["Lagos", "abuja"],
      status: "rent",
      price: { min: 1000, max: 2000 },
      beds: 3,
      baths: 2,
      // In the order the site lists them, not the order they were sent.
      propertyTypes: ["house", "villa"],
      titleDocuments: ["c-of-o", "governors-consent"],
      furnishings: ["unfurnished"],
      includeClosed: true,
      sort: "price-desc",
      view: "list",
      page: 4,
    });
  });

  it("drops values it cannot use instead of failing", () => {
    expect(
      parse(
        "type=castle&status=lease&beds=0&baths=9&ptype=castle&sort=random&view=table&page=0&q=%20%20",
      ),
    ).toEqual(DEFAULT_LISTING_FILTERS);
    expect(parse("page=-2").page).toBe(1);
    expect(parse("page=2.5").page).toBe(1);
    expect(parse("page=abc").page).toBe(1);
    expect(parse("beds=2.5").beds).toBeUndefined();
    expect(parse("beds=6").beds).toBeUndefined();
    expect(parse("baths=5").baths).toBeUndefined();
  });

  it("turns control characters in the text into spaces (a NUL was a server error)", () => {
    expect(parse("q=%00").q).toBe("");
    expect(parse("q=Lekki%00phase%0B1&location=Ab%00uja").q).toBe("Lekki phase 1");
    expect(parse("location=Ab%00uja").locations).toEqual(["Ab uja"]);
  });

  it("takes the first usable value of a repeated single-valued parameter", () => {
    expect(parse("status=nope&status=sale&status=rent").status).toBe("sale");
    expect(parse("beds=x&beds=2").beds).toBe(2);
  });

  it("accepts the top bedroom and bathroom options (5+ and 4+)", () => {
    expect(parse("beds=5").beds).toBe(5);
    expect(parse("baths=4").baths).toBe(4);
  });

  it("keeps each location once, ignoring case and blanks", () => {
    expect(
      parse("location=Lagos&location=LAGOS&location=&location=%20port%20%20harcourt").locations,
    ).toEqual(["Lagos", "port harcourt"]);
  });

  it("caps absurd page numbers and text lengths", () => {
    expect(parse("page=99999999999").page).toBe(100_000);
    expect(parse(`q=${"a".repeat(500)}`).q).toHaveLength(100);
  });

  it("maps the home page's other listing-type spellings", () => {
    expect(parse("type=newdev").type).toBe("new-developments");
    expect(parse("type=rent")).toMatchObject({ type: undefined, status: "rent" });
    expect(parse("type=sale&status=rent").status).toBe("rent");
  });
});

describe("price", () => {
  it("must be two non-negative integers min-max", () => {
    expect(parsePriceRange("0-10000000")).toEqual({ min: 0, max: 10_000_000 });
    for (const bad of [
      "",
      "100",
      "-5-10",
      "1e3-5",
      "5-",
      "-5",
      "a-b",
      "1.5-3",
      "1-2-3",
      "5 - 10",
    ]) {
      expect(parsePriceRange(bad), bad).toBeUndefined();
    }
  });

  it("swaps a reversed range", () => {
    expect(parse("price=9000-100").price).toEqual({ min: 100, max: 9000 });
  });

  it("ignores a malformed price entirely", () => {
    expect(parse("price=cheap").price).toBeUndefined();
    expect(parse("price=100").price).toBeUndefined();
  });

  it("folds the slider's minPrice and maxPrice into a range", () => {
    expect(parse("minPrice=5000000&maxPrice=50000000").price).toEqual({
      min: 5_000_000,
      max: 50_000_000,
    });
    expect(parse("minPrice=60000000&maxPrice=50000000").price).toEqual({
      min: 50_000_000,
      max: 60_000_000,
    });
  });

  it("reads the slider's top end as no upper limit and both ends as no filter", () => {
    expect(parse("minPrice=10000000&maxPrice=500000000").price).toEqual({
      min: 10_000_000,
      max: PRICE_OPEN_MAX,
    });
    expect(parse("minPrice=0&maxPrice=500000000").price).toBeUndefined();
    expect(parse("minPrice=0&maxPrice=500000000&price=1-2").price).toBeUndefined();
  });

  it("lets the slider win over a price already in the URL (it is the newer choice)", () => {
    expect(parse("price=1-2&minPrice=0&maxPrice=20000000").price).toEqual({
      min: 0,
      max: 20_000_000,
    });
  });
});

describe("serializeListingFilters", () => {
  it("writes nothing for the defaults", () => {
    expect(serializeListingFilters(DEFAULT_LISTING_FILTERS).toString()).toBe("");
    expect(listingHref(DEFAULT_LISTING_FILTERS)).toBe("/properties");
  });

  it("writes the canonical order and leaves defaults out", () => {
    const f = filters({
      q: "duplex",
      locations: ["Lagos", "Port Harcourt"],
      status: "sale",
      price: { min: 0, max: 50_000_000 },
      beds: 3,
      propertyTypes: ["house", "duplex"],
      sort: "price-asc",
      page: 2,
    });
    expect(serializeListingFilters(f).toString()).toBe(
      "q=duplex&location=Lagos&location=Port+Harcourt&status=sale&price=0-50000000&beds=3" +
        "&ptype=house&ptype=duplex&sort=price-asc&page=2",
    );
  });

  it("round-trips through parse", () => {
    const samples: ListingFilters[] = [
      DEFAULT_LISTING_FILTERS,
      filters({ q: "50% off_sale", type: "commercial", view: "list", page: 3 }),
      filters({
        type: "new-developments",
        locations: ["harcourt"],
        status: "rent",
        price: { min: 5, max: PRICE_OPEN_MAX },
        beds: 5,
        baths: 4,
        propertyTypes: ["apartment", "warehouse"],
        sort: "price-desc",
      }),
    ];
    for (const sample of samples) {
      expect(parseListingFilters(serializeListingFilters(sample))).toEqual(sample);
    }
  });

  it("builds links that change one thing", () => {
    const f = filters({ status: "rent", page: 4 });
    expect(listingHref(f, { page: 5 })).toBe("/properties?status=rent&page=5");
    expect(listingHref(f, { page: 1, sort: "price-asc" })).toBe(
      "/properties?status=rent&sort=price-asc",
    );
  });
});

describe("canonicalListingSearch", () => {
  it("is null for a canonical query", () => {
    expect(canonicalListingSearch(new URLSearchParams(""))).toBeNull();
    expect(
      canonicalListingSearch(new URLSearchParams("q=lekki+phase&status=sale&page=2")),
    ).toBeNull();
  });

  it("rewrites a form submission to the short form", () => {
    const submitted = new URLSearchParams(
      "q=&status=&minPrice=0&maxPrice=500000000&beds=&baths=&sort=newest&view=grid",
    );
    expect(canonicalListingSearch(submitted)).toBe("");
    expect(
      canonicalListingSearch(
        new URLSearchParams("q=villa&status=rent&minPrice=0&maxPrice=25000000&beds=2&sort=newest"),
      ),
    ).toBe("q=villa&status=rent&price=0-25000000&beds=2");
  });

  it("drops invalid values and fixes the order", () => {
    expect(canonicalListingSearch(new URLSearchParams("page=x&beds=3&type=residential"))).toBe(
      "type=residential&beds=3",
    );
  });

  it("leaves other parameters alone", () => {
    expect(canonicalListingSearch(new URLSearchParams("utm_source=x&status=sale"))).toBeNull();
    expect(canonicalListingSearch(new URLSearchParams("utm_source=x&status=all&beds=2"))).toBe(
      "beds=2&utm_source=x",
    );
  });

  it("is stable: a canonical result is canonical", () => {
    const once = canonicalListingSearch(
      new URLSearchParams("minPrice=5000000&location=kano&q=a%20b"),
    );
    expect(once).toBe("q=a+b&location=kano&price=5000000-100000000000");
    expect(canonicalListingSearch(new URLSearchParams(once ?? ""))).toBeNull();
  });
});

describe("hasActiveFilters", () => {
  it("ignores sort, view and page", () => {
    expect(hasActiveFilters(filters({ sort: "price-asc", view: "list", page: 9 }))).toBe(false);
    expect(hasActiveFilters(filters({ baths: 1 }))).toBe(true);
    expect(hasActiveFilters(filters({ propertyTypes: ["land"] }))).toBe(true);
  });
});

describe("matchCity and displayLocation", () => {
  it("finds the city a location stands for", () => {
    expect(matchCity("port harcourt")).toBe("Port Harcourt");
    expect(matchCity("portHarcourt")).toBe("Port Harcourt");
    expect(matchCity("harcourt")).toBe("Port Harcourt");
    // "a" is in several cities, "lekki" in none.
    expect(matchCity("a")).toBeUndefined();
    expect(matchCity("lekki")).toBeUndefined();
  });

  it("spells unknown places in title case", () => {
    expect(displayLocation("LAGOS")).toBe("Lagos");
    expect(displayLocation("lekki phase 1")).toBe("Lekki Phase 1");
  });
});

describe("describeListing", () => {
  it("names the unfiltered listing", () => {
    expect(describeListing(DEFAULT_LISTING_FILTERS)).toBe(
      "Properties for sale and rent in Nigeria",
    );
  });

  it("adapts to type, status and location", () => {
    expect(describeListing(filters({ type: "residential", locations: ["lagos"] }))).toBe(
      "Residential properties in Lagos",
    );
    expect(describeListing(filters({ status: "rent", locations: ["portharcourt"] }))).toBe(
      "Properties for rent in Port Harcourt",
    );
    expect(describeListing(filters({ type: "new-developments", status: "sale" }))).toBe(
      "New developments for sale in Nigeria",
    );
    expect(describeListing(filters({ locations: ["Kano", "Abuja", "Enugu"], q: "duplex" }))).toBe(
      'Properties for sale and rent in 3 locations matching "duplex"',
    );
  });
});
