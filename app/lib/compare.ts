// Comparing a shortlist of properties side by side (/compare?ids=a,b,c). The list lives in the
// URL so a comparison can be shared; the shortlist being built is kept in the browser
// (localStorage) with JavaScript, in a cookie without. Pure: used by both sides.

import { isUuid } from "~/lib/ids";
import { formatArea, formatNaira, formatNumber, type RentPeriod } from "~/lib/money";
import {
  type FurnishingValue,
  furnishingLabel,
  type PurposeValue,
  propertyTypeLabel,
  purposeLabel,
  type TitleDocumentValue,
  titleDocumentLabel,
} from "~/lib/property-options";

/** More columns than this do not fit a screen, even a wide one. */
export const MAX_COMPARE = 4;

export const COMPARE_LIMIT_MESSAGE = `You can compare up to ${MAX_COMPARE} properties. Remove one before adding another.`;

export const COMPARE_PATH = "/compare";

export type ParsedCompareIds = {
  /** Well-formed ids, each once, in the order given, at most MAX_COMPARE. */
  ids: string[];
  /** Values that are not property ids at all. */
  malformed: number;
  /** Well-formed ids beyond the limit, left out. */
  overLimit: number;
};

/** The `ids` of a compare URL: comma-separated, possibly repeated (`?ids=a&ids=b,c`). */
export function parseCompareIds(values: readonly string[]): ParsedCompareIds {
  const seen = new Set<string>();
  let malformed = 0;
  for (const value of values.flatMap((v) => v.split(",").map((part) => part.trim()))) {
    if (value === "") continue;
    if (!isUuid(value)) malformed += 1;
    else seen.add(value.toLowerCase());
  }
  const all = [...seen];
  return {
    ids: all.slice(0, MAX_COMPARE),
    malformed,
    overLimit: Math.max(0, all.length - MAX_COMPARE),
  };
}

/** The shareable address of a comparison (commas left readable). */
export function compareHref(ids: readonly string[], extra: Record<string, string> = {}) {
  const query = new URLSearchParams(extra);
  const rest = query.toString();
  if (ids.length === 0) return rest ? `${COMPARE_PATH}?${rest}` : COMPARE_PATH;
  return `${COMPARE_PATH}?ids=${ids.join(",")}${rest ? `&${rest}` : ""}`;
}

export type ShortlistChange = "added" | "already" | "full";

/** Adds an id unless it is there already or the list is full. */
export function addToShortlist<T extends { id: string }>(
  list: readonly T[],
  item: T,
): { list: T[]; change: ShortlistChange } {
  if (list.some((entry) => entry.id === item.id)) return { list: [...list], change: "already" };
  if (list.length >= MAX_COMPARE) return { list: [...list], change: "full" };
  return { list: [...list, item], change: "added" };
}

// ---------------------------------------------------------------------------------------------
// The table.

/** The columns of a property that the comparison shows. */
export type CompareProperty = {
  id: string;
  title: string;
  purpose: PurposeValue;
  price: number | null;
  rentPeriod: RentPeriod | null;
  propertyType: string;
  city: string;
  address: string;
  beds: number | null;
  baths: number | null;
  toilets: number | null;
  sqft: number | null;
  titleDocument: TitleDocumentValue | null;
  serviceCharge: number | null;
  furnishing: FurnishingValue | null;
  imageUrl: string | null;
};

/** Whole naira per square foot, or null when the price or the area is unknown. */
export function pricePerSqft(price: number | null, sqft: number | null) {
  if (price === null || !sqft || sqft <= 0) return null;
  return Math.round(price / sqft);
}

export const NOT_STATED = "Not stated";

export type CompareRow = {
  key: string;
  label: string;
  /** One cell per property, in column order. */
  values: string[];
  /** Set when two or more properties are compared and their values are not all the same. */
  differs: boolean;
};

type RowSpec = { key: string; label: string; value: (p: CompareProperty) => string | null };

const ROWS: readonly RowSpec[] = [
  {
    key: "price",
    label: "Price",
    value: (p) =>
      p.price === null
        ? "Price on request"
        : p.purpose === "rent"
          ? `${formatNaira(p.price)}/${p.rentPeriod ?? "month"}`
          : formatNaira(p.price),
  },
  {
    key: "price-per-sqft",
    label: "Price per sqft",
    value: (p) => {
      const perSqft = pricePerSqft(p.price, p.sqft);
      if (perSqft === null) return null;
      return p.purpose === "rent"
        ? `${formatNaira(perSqft)}/${p.rentPeriod ?? "month"}`
        : formatNaira(perSqft);
    },
  },
  { key: "purpose", label: "Purpose", value: (p) => purposeLabel(p.purpose) },
  { key: "type", label: "Type", value: (p) => propertyTypeLabel(p.propertyType) },
  { key: "city", label: "City", value: (p) => p.city },
  { key: "beds", label: "Bedrooms", value: (p) => countOf(p.beds) },
  { key: "baths", label: "Bathrooms", value: (p) => countOf(p.baths) },
  { key: "toilets", label: "Toilets", value: (p) => countOf(p.toilets) },
  { key: "area", label: "Area", value: (p) => (p.sqft ? formatArea(p.sqft) : null) },
  {
    key: "title-document",
    label: "Title document",
    value: (p) => (p.titleDocument ? titleDocumentLabel(p.titleDocument) : null),
  },
  {
    key: "service-charge",
    label: "Service charge",
    value: (p) => (p.serviceCharge === null ? null : `${formatNaira(p.serviceCharge)} per year`),
  },
  {
    key: "furnishing",
    label: "Furnishing",
    value: (p) => (p.furnishing ? furnishingLabel(p.furnishing) : null),
  },
];

function countOf(value: number | null) {
  return value === null ? null : formatNumber(value);
}

/**
 * The rows of the comparison: a row none of the properties states is left out; a row whose
 * values are not all the same is marked as differing (one property alone differs from nothing).
 */
export function compareRows(properties: readonly CompareProperty[]): CompareRow[] {
  return ROWS.flatMap((row) => {
    const raw = properties.map(row.value);
    if (raw.every((value) => value === null)) return [];
    const values = raw.map((value) => value ?? NOT_STATED);
    const differs = properties.length > 1 && new Set(values).size > 1;
    return [{ key: row.key, label: row.label, values, differs }];
  });
}

// ---------------------------------------------------------------------------------------------
// The shortlist as stored in the browser.

export type ShortlistItem = { id: string; title: string };

/** A stored shortlist read back: anything malformed dropped, each id once, at most the limit. */
export function normalizeShortlist(value: unknown): ShortlistItem[] {
  if (!Array.isArray(value)) return [];
  const items: ShortlistItem[] = [];
  for (const entry of value as unknown[]) {
    if (typeof entry !== "object" || entry === null) continue;
    const { id, title } = entry as Record<string, unknown>;
    if (!isUuid(id) || typeof title !== "string") continue;
    const key = id.toLowerCase();
    if (items.some((item) => item.id === key)) continue;
    items.push({ id: key, title: title.slice(0, 200) });
    if (items.length === MAX_COMPARE) break;
  }
  return items;
}
