// What a home will really cost, in whole naira: the monthly repayment of a mortgage for a
// listing for sale, and the money a renter hands over on moving in (a yearly rent is paid a year
// or two up front in Nigeria, a monthly one, a short let, a month or a few at a time; plus
// agency, legal and caution fees). Pure, so the property page renders the defaults on the server
// and the browser recomputes them as the visitor types.

import type { RentPeriod } from "~/lib/money";

/**
 * Assumptions that fit Nigerian commercial lenders (2024-25): they lend up to about 70% of the
 * value (so a 30% deposit), at around 18-22% a year, over 15-20 years. All editable on the page.
 */
export const MORTGAGE_DEFAULTS = { depositPercent: 30, annualRatePercent: 20, termYears: 15 };

/** The National Housing Fund's rate for contributors, through the Federal Mortgage Bank. */
export const NHF_RATE_PERCENT = 6;

/**
 * Move-in assumptions: agency and legal fees of 10% each (the Lagos tenancy law's ceiling) and
 * a caution deposit of 10%, all of the rent paid up front: one period by default (a year for a
 * yearly rent, a month for a monthly one).
 */
export const MOVE_IN_DEFAULTS = {
  periods: 1,
  agencyPercent: 10,
  legalPercent: 10,
  cautionPercent: 10,
};

/** How much rent a landlord may ask for up front: years of a yearly rent, months of a monthly. */
export const RENT_TERMS = {
  year: { param: "years", unit: "year", choices: [1, 2] },
  month: { param: "months", unit: "month", choices: [1, 3, 6, 12] },
} as const satisfies Record<
  RentPeriod,
  { param: string; unit: string; choices: readonly number[] }
>;

/** "1 year", "6 months". */
export function rentTermLabel(rentPeriod: RentPeriod, periods: number) {
  const { unit } = RENT_TERMS[rentPeriod];
  return periods === 1 ? `1 ${unit}` : `${periods} ${unit}s`;
}

/**
 * The periods of rent asked for up front, from the query: one of the choices, else the
 * listing's own months in advance when they are one of them (12 months: 1 year), else one.
 */
export function readRentTerm(
  rentPeriod: RentPeriod,
  raw: string | null | undefined,
  listingMonths: number | null = null,
): number {
  const choices: readonly number[] = RENT_TERMS[rentPeriod].choices;
  const value = Number(raw);
  if (raw && choices.includes(value)) return value;
  const listed = listingMonths === null ? Number.NaN : periodsOfMonths(rentPeriod, listingMonths);
  return choices.includes(listed) ? listed : MOVE_IN_DEFAULTS.periods;
}

/** Months of rent as periods of the rent: years of a yearly rent, months of a monthly one. */
function periodsOfMonths(rentPeriod: RentPeriod, months: number) {
  return rentPeriod === "year" ? months / 12 : months;
}

/** Limits of the calculator's fields: what a person could mean, not what a lender offers. */
export const COST_LIMITS = {
  percent: { min: 0, max: 100 },
  annualRate: { min: 0, max: 60 },
  termYears: { min: 1, max: 35 },
} as const;

/** Whole naira, halves away from zero (amounts here are never negative). */
export function roundNaira(amount: number) {
  return Math.round(amount);
}

/**
 * The level monthly repayment of an amortising loan, unrounded:
 * M = P·r·(1+r)^n / ((1+r)^n − 1), with r the monthly rate (annual / 12) and n the number of
 * months; at 0% it is simply P / n.
 */
export function monthlyRepayment(principal: number, annualRatePercent: number, termYears: number) {
  const months = Math.round(termYears * 12);
  if (principal <= 0 || months <= 0) return 0;
  const r = annualRatePercent / 100 / 12;
  if (r === 0) return principal / months;
  const growth = (1 + r) ** months;
  return (principal * r * growth) / (growth - 1);
}

export type MortgageInputs = {
  price: number;
  depositPercent: number;
  annualRatePercent: number;
  termYears: number;
};

export type MortgageCost = {
  deposit: number;
  loan: number;
  months: number;
  /** What is paid each month, rounded to whole naira. */
  monthly: number;
  /** Every monthly repayment together (the rounded monthly times the months). */
  totalRepaid: number;
  totalInterest: number;
  /** The deposit plus every repayment: what the home costs in the end. */
  totalPaid: number;
};

export function mortgageCost({
  price,
  depositPercent,
  annualRatePercent,
  termYears,
}: MortgageInputs): MortgageCost {
  const deposit = roundNaira((price * depositPercent) / 100);
  const loan = Math.max(0, price - deposit);
  const months = Math.round(termYears * 12);
  const monthly = roundNaira(monthlyRepayment(loan, annualRatePercent, termYears));
  const totalRepaid = monthly * months;
  return {
    deposit,
    loan,
    months,
    monthly,
    totalRepaid,
    // Rounding the monthly figure up can make it a few naira above the loan at 0%: never below 0.
    totalInterest: Math.max(0, totalRepaid - loan),
    totalPaid: deposit + totalRepaid,
  };
}

export type MoveInInputs = {
  /** The listing's rent, per `rentPeriod`. */
  rent: number;
  rentPeriod: RentPeriod;
  /** The listing's service charge, naira per year (null: not stated). */
  serviceChargePerYear: number | null;
  /** Rent periods paid up front: years of a yearly rent, months of a monthly one. */
  periods: number;
  agencyPercent: number;
  legalPercent: number;
  cautionPercent: number;
  /**
   * The fees the listing itself states, in naira (issue 46): each replaces the percentage's
   * figure (a listing's fee is on a year's rent, whatever the rent paid up front).
   */
  stated?: { agencyFee?: number | null; legalFee?: number | null; cautionDeposit?: number | null };
};

export type MoveInCost = {
  /** The rent for the periods paid up front. */
  rent: number;
  serviceCharge: number;
  agencyFee: number;
  legalFee: number;
  cautionDeposit: number;
  /** The sum of the lines above, as shown. */
  total: number;
};

/**
 * The money handed over on moving in: the rent for the periods paid up front (a monthly rent is
 * costed per month, never turned into a year ahead), the service charge for the same time, and
 * the fees on that rent.
 */
export function moveInCost(input: MoveInInputs): MoveInCost {
  const rent = roundNaira(input.rent * input.periods);
  const years = input.rentPeriod === "month" ? input.periods / 12 : input.periods;
  const serviceCharge = roundNaira((input.serviceChargePerYear ?? 0) * years);
  const stated = input.stated ?? {};
  const agencyFee = stated.agencyFee ?? roundNaira((rent * input.agencyPercent) / 100);
  const legalFee = stated.legalFee ?? roundNaira((rent * input.legalPercent) / 100);
  const cautionDeposit = stated.cautionDeposit ?? roundNaira((rent * input.cautionPercent) / 100);
  return {
    rent,
    serviceCharge,
    agencyFee,
    legalFee,
    cautionDeposit,
    total: rent + serviceCharge + agencyFee + legalFee + cautionDeposit,
  };
}

// ---------------------------------------------------------------------------------------------
// The calculator's fields, read the same way from the page's query (no JavaScript) and from
// what the visitor types (live).

export type NumberField =
  | { value: number; error?: undefined }
  | { value?: undefined; error: string };

/** A number typed into a field: blank or out of range gives the message to show beside it. */
export function readNumber(
  raw: string | null | undefined,
  { min, max, integer = false }: { min: number; max: number; integer?: boolean },
): NumberField {
  const text = (raw ?? "").trim().replace(/,/g, "").replace(/%$/, "");
  const message = integer
    ? `Enter a whole number from ${min} to ${max}`
    : `Enter a number from ${min} to ${max}`;
  if (text === "" || !/^\d+(\.\d+)?$|^\.\d+$/.test(text)) return { error: message };
  const value = Number(text);
  if (!Number.isFinite(value) || value < min || value > max) return { error: message };
  if (integer && !Number.isInteger(value)) return { error: message };
  return { value };
}

export const MORTGAGE_FIELDS = {
  deposit: { limits: COST_LIMITS.percent, fallback: MORTGAGE_DEFAULTS.depositPercent },
  rate: { limits: COST_LIMITS.annualRate, fallback: MORTGAGE_DEFAULTS.annualRatePercent },
  term: {
    limits: { ...COST_LIMITS.termYears, integer: true },
    fallback: MORTGAGE_DEFAULTS.termYears,
  },
} as const;

export const MOVE_IN_FIELDS = {
  agency: { limits: COST_LIMITS.percent, fallback: MOVE_IN_DEFAULTS.agencyPercent },
  legal: { limits: COST_LIMITS.percent, fallback: MOVE_IN_DEFAULTS.legalPercent },
  caution: { limits: COST_LIMITS.percent, fallback: MOVE_IN_DEFAULTS.cautionPercent },
} as const;

/** The move-in fields with the agency's own fee terms as the fees' starting values (issue 45). */
export function moveInFields(fees: { agencyFeePercent: number; legalFeePercent: number }) {
  return {
    agency: { ...MOVE_IN_FIELDS.agency, fallback: fees.agencyFeePercent },
    legal: { ...MOVE_IN_FIELDS.legal, fallback: fees.legalFeePercent },
    caution: MOVE_IN_FIELDS.caution,
  };
}

export type FieldSpec = {
  limits: { min: number; max: number; integer?: boolean };
  fallback: number;
};

/** The fields' text as first shown: from the query when given there, else the default. */
export function initialFieldText<K extends string>(
  fields: Record<K, FieldSpec>,
  query: URLSearchParams,
): Record<K, string> {
  const text = {} as Record<K, string>;
  for (const key of Object.keys(fields) as K[]) {
    text[key] = query.get(key) ?? String(fields[key].fallback);
  }
  return text;
}

/** Each field read; `values` is set only when every field is valid. */
export function readFields<K extends string>(
  fields: Record<K, FieldSpec>,
  text: Record<K, string>,
) {
  const errors: Partial<Record<K, string>> = {};
  const values = {} as Record<K, number>;
  for (const key of Object.keys(fields) as K[]) {
    const read = readNumber(text[key], fields[key].limits);
    if (read.error !== undefined) errors[key] = read.error;
    else values[key] = read.value;
  }
  return Object.keys(errors).length ? { errors, values: undefined } : { errors, values };
}

/** Where a listing stands: no longer on offer, it has nothing to cost. */
export function isCostable(listing: { status: string; price: number | null }) {
  return listing.status !== "sold" && listing.status !== "let" && (listing.price ?? 0) > 0;
}
