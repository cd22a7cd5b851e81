import { type FeeTerms, formatPercent, monthsOfRent, yearlyRent } from "~/lib/fee-terms";
import { formatNaira, type RentPeriod } from "~/lib/money";

// A rental's move-in costs item by item (issue 46, item 4): agency fee, legal/agreement fee,
// caution deposit and service charge, each an amount in naira or a percentage of a year's rent,
// and the months of rent asked in advance. And the limits a listing must keep: agency and legal
// fee at most a percentage of a year's rent (10% each by default), and in Lagos, outside the
// areas its tenancy law leaves out (Apapa, Ikeja GRA, Ikoyi, Victoria Island), no more than a
// year's rent in advance from a new tenant on a yearly rent (six months on a monthly one). The
// limits and the areas are office settings (fee terms, /admin/settings). Pure: the forms'
// schema and the property page use the same rules.

/** The state the tenancy law's advance-rent limit holds in (the listing's city on this site). */
export const TENANCY_LAW_STATE = "Lagos";

/** A listing's stated move-in items, as stored (each fee: an amount or a percentage, or neither). */
export type ListingFees = {
  agencyFee: number | null;
  agencyFeePercent: number | null;
  legalFee: number | null;
  legalFeePercent: number | null;
  cautionDeposit: number | null;
  cautionDepositPercent: number | null;
  /** Naira per year. */
  serviceCharge: number | null;
  serviceChargePercent: number | null;
  rentAdvanceMonths: number | null;
};

/** A listing that states no move-in item (sales; listings made before the items). */
export const NO_MOVE_IN_ITEMS = {
  serviceChargePercent: null,
  agencyFee: null,
  agencyFeePercent: null,
  legalFee: null,
  legalFeePercent: null,
  cautionDeposit: null,
  cautionDepositPercent: null,
  rentAdvanceMonths: null,
} as const satisfies Omit<ListingFees, "serviceCharge">;

/** The fee fields of a listing, each an amount field with its percentage field beside it. */
export const FEE_ITEMS = [
  { amount: "agencyFee", percent: "agencyFeePercent", label: "Agency fee" },
  { amount: "legalFee", percent: "legalFeePercent", label: "Legal/agreement fee" },
  { amount: "cautionDeposit", percent: "cautionDepositPercent", label: "Caution deposit" },
  { amount: "serviceCharge", percent: "serviceChargePercent", label: "Service charge" },
] as const;

export type FeeItem = (typeof FEE_ITEMS)[number];

/** The limits a rental's fees must keep: office settings (FeeTerms, DEFAULT_FEE_TERMS). */
export type FeeLimits = Pick<
  FeeTerms,
  | "agencyFeeCapPercent"
  | "legalFeeCapPercent"
  | "advanceRentMonthsYearly"
  | "advanceRentMonthsMonthly"
  | "exemptAreas"
>;

/** A fee in naira: the amount, or its percentage of a year's rent (whole naira); null: not stated. */
export function feeAmount(
  amount: number | null,
  percent: number | null,
  yearRent: number,
): number | null {
  if (amount !== null) return amount;
  if (percent !== null) return Math.round((yearRent * percent) / 100);
  return null;
}

export type MoveInLine = { label: string; amount: number; note?: string };

/** Whether the listing states any move-in item beyond the service charge (then it is itemised). */
export function statesMoveInCosts(fees: ListingFees): boolean {
  return (
    fees.rentAdvanceMonths !== null ||
    FEE_ITEMS.some(
      (item) =>
        item.amount !== "serviceCharge" &&
        (fees[item.amount] !== null || fees[item.percent] !== null),
    )
  );
}

/**
 * The money a new tenant hands over, item by item as the listing states it, with the total:
 * the rent in advance, then each stated fee (a percentage shown beside its amount).
 */
export function moveInLines(
  fees: ListingFees,
  price: number,
  rentPeriod: RentPeriod,
): { lines: MoveInLine[]; total: number } {
  const yearRent = yearlyRent(price, rentPeriod);
  const lines: MoveInLine[] = [];
  if (fees.rentAdvanceMonths !== null) {
    const months = fees.rentAdvanceMonths;
    lines.push({
      label: `Rent in advance (${monthsOfRent(months)})`,
      amount: rentPeriod === "month" ? price * months : Math.round((price * months) / 12),
    });
  }
  for (const item of FEE_ITEMS) {
    const amount = feeAmount(fees[item.amount], fees[item.percent], yearRent);
    if (amount === null) continue;
    const percent = fees[item.amount] === null ? fees[item.percent] : null;
    const parts = [
      percent === null ? null : `${formatPercent(percent)} of a year's rent`,
      item.amount === "cautionDeposit" ? "refundable" : null,
      item.amount === "serviceCharge" ? "a year" : null,
    ].filter((part) => part !== null);
    lines.push({ label: item.label, amount, note: parts.length ? parts.join(", ") : undefined });
  }
  return { lines, total: lines.reduce((sum, line) => sum + line.amount, 0) };
}

// ---------------------------------------------------------------------------------------------
// Where the advance-rent limit holds

/** Lower case, dots of abbreviations dropped ("G.R.A." is "gra"), split into words. */
function words(text: string): string[] {
  return text
    .toLowerCase()
    .replace(/\./g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** Words after an area's name that make it a street's name ("Apapa Road" is in Ebute Metta). */
const STREET_WORDS = new Set([
  "road",
  "rd",
  "street",
  "st",
  "avenue",
  "ave",
  "way",
  "close",
  "crescent",
  "cres",
  "drive",
  "dr",
  "lane",
  "ln",
  "expressway",
]);

/** Other ways people write the default exempt areas: "V.I.", "VI", "GRA Ikeja". */
const AREA_ALIASES: Record<string, readonly string[]> = {
  victoriaisland: ["vi", "vic island"],
  ikejagra: ["gra ikeja"],
};

/**
 * Whether `address` names `area`: its words in a row (spaces, dots, hyphens and case aside, or
 * run together: "VictoriaIsland"), not followed by a street word.
 */
function namesArea(addressWords: string[], area: string): boolean {
  const key = words(area).join("");
  if (!key) return false;
  const spellings = [key, ...(AREA_ALIASES[key] ?? []).map((alias) => words(alias).join(""))];
  for (let start = 0; start < addressWords.length; start++) {
    let joined = "";
    for (let end = start; end < addressWords.length && joined.length < key.length + 1; end++) {
      joined += addressWords[end];
      const next = addressWords[end + 1];
      if (spellings.includes(joined) && !(next && STREET_WORDS.has(next))) return true;
    }
  }
  return false;
}

/** The exempt areas of the setting, one name each (blank entries dropped). */
export function exemptAreaList(setting: string): string[] {
  return setting
    .split(/[,;\n]/)
    .map((area) => area.trim())
    .filter(Boolean);
}

/**
 * Whether a listing in `city` at `address` (or in its `area`, the part the site shows: issue 46,
 * item 5) is under the advance-rent limit.
 */
export function advanceLimitApplies(
  place: { city: string; address: string; area?: string },
  exemptAreas: string,
): boolean {
  if (words(place.city).join("") !== words(TENANCY_LAW_STATE).join("")) return false;
  const addressWords = words(`${place.address} ${place.area ?? ""}`);
  return !exemptAreaList(exemptAreas).some((area) => namesArea(addressWords, area));
}

// ---------------------------------------------------------------------------------------------
// The limits, checked

export type RentalForLimits = ListingFees & {
  price: number;
  rentPeriod: RentPeriod;
  city: string;
  address: string;
  area?: string;
};

/** Why a listing's fees are refused, field by field, in plain words; empty when they are fine. */
export function feeLimitProblems(
  listing: RentalForLimits,
  limits: FeeLimits,
): Partial<Record<keyof ListingFees, string>> {
  const problems: Partial<Record<keyof ListingFees, string>> = {};
  const yearRent = yearlyRent(listing.price, listing.rentPeriod);
  for (const item of FEE_ITEMS) {
    if (listing[item.amount] !== null && listing[item.percent] !== null) {
      problems[item.amount] =
        `Give the ${item.label.toLowerCase()} as an amount or as a percentage, not both.`;
    }
  }
  const capped = [
    { item: FEE_ITEMS[0], cap: limits.agencyFeeCapPercent, name: "An agency fee" },
    { item: FEE_ITEMS[1], cap: limits.legalFeeCapPercent, name: "A legal/agreement fee" },
  ] as const;
  for (const { item, cap, name } of capped) {
    if (problems[item.amount]) continue;
    const amount = feeAmount(listing[item.amount], listing[item.percent], yearRent);
    const most = Math.floor((yearRent * cap) / 100);
    const percent = listing[item.percent];
    // Compared unrounded: a fee of exactly the limit passes, a naira over does not.
    const over = percent !== null ? percent > cap : (amount ?? 0) * 100 > yearRent * cap;
    if (!over) continue;
    const field = listing[item.percent] !== null ? item.percent : item.amount;
    problems[field] =
      `${name} may be at most ${formatPercent(cap)} of a year's rent (${formatNaira(most)} on ` +
      "this rent): our policy, in line with Lagos rules, so tenants are not overcharged.";
  }
  const months = listing.rentAdvanceMonths;
  const most =
    listing.rentPeriod === "month"
      ? limits.advanceRentMonthsMonthly
      : limits.advanceRentMonthsYearly;
  if (months !== null && months > most && advanceLimitApplies(listing, limits.exemptAreas)) {
    const areas = exemptAreaList(limits.exemptAreas);
    const outside = areas.length ? ` outside ${listToWords(areas)}` : "";
    problems.rentAdvanceMonths =
      `In Lagos${outside}, a new tenant on a ${listing.rentPeriod === "month" ? "monthly" : "yearly"} ` +
      `rent may be asked for at most ${monthsOfRent(most)} in advance: the state's tenancy law.`;
  }
  return problems;
}

/** "Apapa, Ikoyi and Victoria Island". */
function listToWords(items: string[]): string {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
