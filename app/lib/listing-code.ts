// Listing reference codes (issue 45): NH-<state>-<number>, e.g. NH-LAG-0421. The database gives
// them (drizzle/0024_listing_reference_codes.sql); this reads what a person types or says.

/** The agency's part of every code. */
export const LISTING_CODE_PREFIX = "NH";

/** Where a code can be typed or linked: /r/NH-LAG-0421 opens the listing. */
export function listingCodePath(code: string): string {
  return `/r/${encodeURIComponent(code)}`;
}

// "NH", three letters, a number, with any spaces, dashes, dots or slashes between: "nh-lag-0421",
// "NHLAG0421", "nh lag 421", "NH/LAG/0421", "NH–LAG–0421" (a dash from a phone's keyboard).
const TYPED_CODE = /^NH[\s\-‐-―./_]*([A-Z]{3})[\s\-‐-―./_]*0*(\d{1,9})$/;

/**
 * The code as the site writes it (NH-LAG-0421), or undefined when the text is not a code. Any
 * case, any of those separators or none, leading zeros or not.
 */
export function normalizeListingCode(text: string): string | undefined {
  const trimmed = text.normalize("NFKC").trim().toUpperCase();
  if (trimmed.length > 40) return undefined;
  const match = TYPED_CODE.exec(trimmed);
  if (!match) return undefined;
  const [, state, digits] = match;
  const number = Number(digits);
  if (!state || !Number.isSafeInteger(number) || number === 0) return undefined;
  return `${LISTING_CODE_PREFIX}-${state}-${String(number).padStart(4, "0")}`;
}

/** A listing's name in a message or a subject line: "Lekki duplex (NH-LAG-0421)". */
export function withListingCode(title: string, code: string): string {
  return `${title} (${code})`;
}
