import {
  BATHROOM_OPTIONS,
  BEDROOM_OPTIONS,
  CITIES,
  FURNISHING,
  type FurnishingValue,
  LISTING_TYPES,
  type ListingTypeValue,
  PRICE_SLIDER,
  PROPERTY_TYPES,
  type PropertyTypeValue,
  PURPOSES,
  type PurposeValue,
  SORT_OPTIONS,
  type SortValue,
  TITLE_DOCUMENTS,
  type TitleDocumentValue,
} from "~/lib/property-options";

// The listing's state lives in the URL so a search can be shared and works without JavaScript.
// parseListingFilters never fails: a value it cannot use is dropped, as if it were absent.
// serializeListingFilters writes the short canonical form (defaults left out, fixed order), and
// parse(serialize(f)) gives f back, so the loader can redirect any other spelling to it.

export const LISTING_VIEWS = ["grid", "list"] as const;
export type ListingView = (typeof LISTING_VIEWS)[number];

export type PriceRange = { min: number; max: number };

export type ListingFilters = {
  /** Free text matched against title, address and city; "" for none. */
  q: string;
  type: ListingTypeValue | undefined;
  /** Any of these matches a city by case-insensitive containment (the spec's `location`). */
  locations: string[];
  status: PurposeValue | undefined;
  price: PriceRange | undefined;
  /** Minimum bedrooms (5 means 5+). */
  beds: number | undefined;
  /** Minimum bathrooms (4 means 4+). */
  baths: number | undefined;
  propertyTypes: PropertyTypeValue[];
  /** Any of these title documents (`title`). */
  titleDocuments: TitleDocumentValue[];
  /** Any of these furnishings (`furnish`). */
  furnishings: FurnishingValue[];
  /** Sold and let listings too (`closed=1`); the search leaves them out otherwise. */
  includeClosed: boolean;
  sort: SortValue;
  view: ListingView;
  /** 1-based; the search clamps a page past the end to the last one. */
  page: number;
};

export const DEFAULT_LISTING_FILTERS: ListingFilters = {
  q: "",
  type: undefined,
  locations: [],
  status: undefined,
  price: undefined,
  beds: undefined,
  baths: undefined,
  propertyTypes: [],
  titleDocuments: [],
  furnishings: [],
  includeClosed: false,
  sort: "newest",
  view: "grid",
  page: 1,
};

/**
 * The price slider's top position means "no upper limit". A range must still be two numbers
 * (the spec's `min-max`), so an open range is written with this bound, the same one the home
 * page's "₦250M and above" range uses.
 */
export const PRICE_OPEN_MAX = 100_000_000_000;

// Bounds that keep hand-edited URLs from asking for silly work; nothing legitimate is near them.
const MAX_QUERY_LENGTH = 100;
const MAX_LOCATION_LENGTH = 60;
const MAX_LOCATIONS = CITIES.length;
const MAX_PAGE = 100_000;

const TYPE_NEW: ListingTypeValue = "new-developments";
const WHOLE_NUMBER = /^\d{1,15}$/;
const PRICE_PATTERN = /^(\d{1,15})-(\d{1,15})$/;

function oneOf<T extends string>(allowed: readonly T[], value: string): T | undefined {
  return (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

const LISTING_TYPE_VALUES = LISTING_TYPES.map((t) => t.value);
const PURPOSE_VALUES = PURPOSES.map((p) => p.value);
const SORT_VALUES = SORT_OPTIONS.map((s) => s.value);

function firstValid<T>(values: string[], parse: (value: string) => T | undefined) {
  for (const value of values) {
    const parsed = parse(value.trim());
    if (parsed !== undefined) return parsed;
  }
  return undefined;
}

function parseWholeNumber(value: string) {
  return WHOLE_NUMBER.test(value) ? Number(value) : undefined;
}

/** `min-max` with two non-negative integers (swapped when reversed); anything else is ignored. */
export function parsePriceRange(value: string): PriceRange | undefined {
  const match = PRICE_PATTERN.exec(value.trim());
  if (!match) return undefined;
  const a = Number(match[1]);
  const b = Number(match[2]);
  return a <= b ? { min: a, max: b } : { min: b, max: a };
}

/**
 * The slider form sends minPrice and maxPrice (two range inputs, so it works without
 * JavaScript). Both at their ends means no price filter; the top end means no upper limit.
 */
function parseSliderRange(params: URLSearchParams): PriceRange | null | undefined {
  if (!params.has("minPrice") && !params.has("maxPrice")) return undefined;
  const min = firstValid(params.getAll("minPrice"), parseWholeNumber) ?? PRICE_SLIDER.min;
  const maxValue = firstValid(params.getAll("maxPrice"), parseWholeNumber);
  const max = maxValue === undefined || maxValue >= PRICE_SLIDER.max ? PRICE_OPEN_MAX : maxValue;
  if (min <= PRICE_SLIDER.min && max === PRICE_OPEN_MAX) return null;
  return min <= max ? { min, max } : { min: max, max: min };
}

function parseMinimum(values: string[], options: readonly number[]) {
  return firstValid(values, (value) => {
    const n = parseWholeNumber(value);
    return n !== undefined && options.includes(n) ? n : undefined;
  });
}

function normalizeText(value: string, maxLength: number) {
  // Control characters (a NUL breaks the database's text type) become spaces like any other gap.
  return value
    .replace(/[\p{Cc}\s]+/gu, " ")
    .trim()
    .slice(0, maxLength)
    .trim();
}

export function parseListingFilters(params: URLSearchParams): ListingFilters {
  const locations: string[] = [];
  for (const raw of params.getAll("location")) {
    const location = normalizeText(raw, MAX_LOCATION_LENGTH);
    if (!location || locations.some((l) => l.toLowerCase() === location.toLowerCase())) continue;
    if (locations.length < MAX_LOCATIONS) locations.push(location);
  }

  const chosen = (name: string) => new Set(params.getAll(name).map((v) => v.trim()));
  const chosenTypes = chosen("ptype");
  const propertyTypes = PROPERTY_TYPES.map((t) => t.value).filter((v) => chosenTypes.has(v));
  const chosenTitles = chosen("title");
  const titleDocuments = TITLE_DOCUMENTS.map((t) => t.value).filter((v) => chosenTitles.has(v));
  const chosenFurnishing = chosen("furnish");
  const furnishings = FURNISHING.map((f) => f.value).filter((v) => chosenFurnishing.has(v));

  const slider = parseSliderRange(params);
  const price =
    slider === undefined
      ? firstValid(params.getAll("price"), parsePriceRange)
      : (slider ?? undefined);

  const page = firstValid(params.getAll("page"), (v) => {
    const n = parseWholeNumber(v);
    return n !== undefined && n >= 1 ? Math.min(n, MAX_PAGE) : undefined;
  });

  // The home page's other hero form spells its listing type sale / rent / newdev: accept those
  // as aliases so its links land on the right results (the redirect then canonicalizes them).
  const types = params.getAll("type").map((v) => v.trim());
  const type = firstValid(types, (v) => oneOf(LISTING_TYPE_VALUES, v === "newdev" ? TYPE_NEW : v));
  const status =
    firstValid(params.getAll("status"), (v) => oneOf(PURPOSE_VALUES, v)) ??
    firstValid(types, (v) => oneOf(PURPOSE_VALUES, v));

  return {
    q: normalizeText(params.get("q") ?? "", MAX_QUERY_LENGTH),
    type,
    locations,
    status,
    price,
    beds: parseMinimum(params.getAll("beds"), BEDROOM_OPTIONS),
    baths: parseMinimum(params.getAll("baths"), BATHROOM_OPTIONS),
    propertyTypes,
    titleDocuments,
    furnishings,
    includeClosed: params.get("closed") === "1",
    sort: firstValid(params.getAll("sort"), (v) => oneOf(SORT_VALUES, v)) ?? "newest",
    view: firstValid(params.getAll("view"), (v) => oneOf(LISTING_VIEWS, v)) ?? "grid",
    page: page ?? 1,
  };
}

/** The canonical query string parameters of a filter set: defaults left out, fixed order. */
export function serializeListingFilters(filters: ListingFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.type) params.set("type", filters.type);
  for (const location of filters.locations) params.append("location", location);
  if (filters.status) params.set("status", filters.status);
  if (filters.price) params.set("price", `${filters.price.min}-${filters.price.max}`);
  if (filters.beds !== undefined) params.set("beds", String(filters.beds));
  if (filters.baths !== undefined) params.set("baths", String(filters.baths));
  for (const propertyType of filters.propertyTypes) params.append("ptype", propertyType);
  for (const title of filters.titleDocuments) params.append("title", title);
  for (const furnishing of filters.furnishings) params.append("furnish", furnishing);
  if (filters.includeClosed) params.set("closed", "1");
  if (filters.sort !== DEFAULT_LISTING_FILTERS.sort) params.set("sort", filters.sort);
  if (filters.view !== DEFAULT_LISTING_FILTERS.view) params.set("view", filters.view);
  if (filters.page > 1) params.set("page", String(filters.page));
  return params;
}

/** `/properties?...` for these filters with some fields changed (e.g. another page or sort). */
export function listingHref(filters: ListingFilters, changes: Partial<ListingFilters> = {}) {
  const search = serializeListingFilters({ ...filters, ...changes }).toString();
  return search ? `/properties?${search}` : "/properties";
}

/** Every parameter the listing reads; others (utm_source, ...) are passed through untouched. */
export const LISTING_PARAMS = new Set([
  "q",
  "type",
  "location",
  "status",
  "price",
  "minPrice",
  "maxPrice",
  "beds",
  "baths",
  "ptype",
  "title",
  "furnish",
  "closed",
  "sort",
  "view",
  "page",
]);

/**
 * The canonical query string for a URL's parameters (listing parameters in canonical form,
 * then any others as they came), or null when the URL already is canonical.
 */
export function canonicalListingSearch(params: URLSearchParams): string | null {
  const canonical = serializeListingFilters(parseListingFilters(params));
  const listing = new URLSearchParams();
  const others = new URLSearchParams();
  for (const [key, value] of params)
    (LISTING_PARAMS.has(key) ? listing : others).append(key, value);
  if (canonical.toString() === listing.toString()) return null;
  for (const [key, value] of others) canonical.append(key, value);
  return canonical.toString();
}

/** True when anything narrows the results (sort, view and page do not). */
export function hasActiveFilters(filters: ListingFilters) {
  return Boolean(
    filters.q ||
      filters.type ||
      filters.locations.length ||
      filters.status ||
      filters.price ||
      filters.beds !== undefined ||
      filters.baths !== undefined ||
      filters.propertyTypes.length ||
      filters.titleDocuments.length ||
      filters.furnishings.length ||
      filters.includeClosed,
  );
}

function squash(text: string) {
  return text.toLowerCase().replace(/\s+/g, "");
}

/**
 * The listed city a location text stands for: the one it spells ("port harcourt"), else the only
 * one containing it ("harcourt"); undefined when it is none or several of them.
 */
export function matchCity(location: string) {
  const key = squash(location);
  const exact = CITIES.find((city) => squash(city) === key);
  if (exact) return exact;
  const containing = CITIES.filter((city) => squash(city).includes(key));
  return containing.length === 1 ? containing[0] : undefined;
}

/** A location as the site spells it ("harcourt" -> "Port Harcourt"), else in title case. */
export function displayLocation(location: string) {
  return matchCity(location) ?? location.replace(/(^|\s)(\S)/g, (m) => m.toUpperCase());
}

/** A heading for the results, also the page title: "Residential properties in Lagos". */
export function describeListing(filters: ListingFilters) {
  const noun =
    filters.type === "residential"
      ? "Residential properties"
      : filters.type === "commercial"
        ? "Commercial properties"
        : filters.type === "new-developments"
          ? "New developments"
          : "Properties";
  const status =
    filters.status === "sale"
      ? " for sale"
      : filters.status === "rent"
        ? " for rent"
        : filters.type
          ? ""
          : " for sale and rent";
  const places = filters.locations.map(displayLocation);
  const where =
    places.length === 0
      ? " in Nigeria"
      : places.length <= 2
        ? ` in ${places.join(" and ")}`
        : ` in ${places.length} locations`;
  const text = filters.q ? ` matching "${filters.q}"` : "";
  return `${noun}${status}${where}${text}`;
}
