import { lazy } from "./lazy";

// Whole numbers, which is every price, count and area the site shows, are written here digit by
// digit; Intl formats the rest. Building the two Intl formatters was the largest single cost of
// starting the site's scripts on a phone (see lazy.ts), and the result is the same
// (money.test.ts compares the two).

const naira = lazy(
  () =>
    new Intl.NumberFormat("en-NG", {
      style: "currency",
      currency: "NGN",
      maximumFractionDigits: 0,
    }),
);
const plainNumber = lazy(() => new Intl.NumberFormat("en-NG"));

/** 45000000 as en-NG writes it: "45,000,000"; undefined for what is not a whole number >= 0. */
function groupedDigits(value: number): string | undefined {
  if (!Number.isSafeInteger(value) || value < 0) return undefined;
  return String(value).replace(/\B(?=(\d{3})+$)/g, ",");
}

/** A count or area as the site shows it: 12,500. */
export function formatNumber(value: number) {
  return groupedDigits(value) ?? plainNumber().format(value);
}

/** Floor area for cards and detail pages: '2,400 sqft', or 'N/A' when unknown. */
export function formatArea(sqft: number | null) {
  return sqft ? `${formatNumber(sqft)} sqft` : "N/A";
}

/** Whole naira as the site shows it: ₦45,000,000. */
export function formatNaira(amount: number) {
  const digits = groupedDigits(amount);
  return digits === undefined ? naira().format(amount) : `₦${digits}`;
}

export type RentPeriod = "month" | "year";

/** The price line of a card or detail page: '₦2,500,000/year' for rent, 'Price on request' when unknown. */
export function formatPrice(
  price: number | null,
  purpose: "sale" | "rent",
  rentPeriod: RentPeriod | null,
) {
  if (price === null) return "Price on request";
  const amount = formatNaira(price);
  return purpose === "rent" ? `${amount}/${rentPeriod ?? "month"}` : amount;
}

/** The largest amount a price field takes (₦1 trillion): beyond any listing, inside bigint. */
export const MAX_NAIRA = 1_000_000_000_000;

/**
 * An amount as people type it, in whole naira: "45000000", "45,000,000", "₦45,000,000",
 * "N 45 000 000", "NGN45,000,000", "#45,000,000" (the keyboard's stand-in for ₦) or
 * "45,000,000.00". Empty is null; anything else (kobo, words, "45m", a negative amount, more
 * than ₦1 trillion) is undefined.
 */
export function parseNaira(text: string): number | null | undefined {
  let value = text
    .trim()
    .toLowerCase()
    .replace(/[\s\u00a0\u202f,_]/g, "");
  if (value === "") return null;
  value = value.replace(/^(₦|ngn|n|#)/, "").replace(/(ngn|naira)$/, "");
  const match = /^(\d{1,13})(?:\.0+)?$/.exec(value);
  if (!match?.[1]) return undefined;
  const amount = Number(match[1]);
  return amount > MAX_NAIRA ? undefined : amount;
}
