import { formatNaira, type RentPeriod } from "~/lib/money";
import { COMPANY_NAME } from "~/lib/site";

// The agency's fee terms and its no-fee promise (issue 45, item 5; DESIGN.md "Trust and fraud").
// The percentages and the advance-rent rule are office settings (/admin/settings), with Lagos's
// customary defaults; the words here are the ones every page and e-mail uses.

/** "Check before you pay": the page that lists the agency's own phones and accounts. */
export const VERIFY_PATH = "/verify";

export type FeeTerms = {
  /** Percent of a year's rent. */
  agencyFeePercent: number;
  /** Percent of a year's rent. */
  legalFeePercent: number;
  /** The most rent asked in advance of a new tenant on a yearly rent, in months. */
  advanceRentMonthsYearly: number;
  /** The same on a monthly rent. */
  advanceRentMonthsMonthly: number;
  /** Percent of the price, on a sale. */
  saleAgencyFeePercent: number;
  /** Percent of the price, on a sale. */
  saleLegalFeePercent: number;
  /** The most agency fee a rental listing may ask (issue 46), percent of a year's rent. */
  agencyFeeCapPercent: number;
  /** The most legal/agreement fee a rental listing may ask, percent of a year's rent. */
  legalFeeCapPercent: number;
  /**
   * Areas of Lagos where the advance-rent limit does not hold (the tenancy law leaves them out),
   * comma-separated.
   */
  exemptAreas: string;
};

/** The areas of Lagos the tenancy law leaves out, as the settings start. */
export const DEFAULT_EXEMPT_AREAS = "Apapa, Ikeja GRA, Ikoyi, Victoria Island";

/**
 * 10% + 10% of a year's rent; a year in advance at most (six months on a monthly rent); on a
 * sale 5% + 5% of the price; a rental listing may ask at most 10% + 10%.
 */
export const DEFAULT_FEE_TERMS: FeeTerms = {
  agencyFeePercent: 10,
  legalFeePercent: 10,
  advanceRentMonthsYearly: 12,
  advanceRentMonthsMonthly: 6,
  saleAgencyFeePercent: 5,
  saleLegalFeePercent: 5,
  agencyFeeCapPercent: 10,
  legalFeeCapPercent: 10,
  exemptAreas: DEFAULT_EXEMPT_AREAS,
};

/** The promise, in one sentence of its own for pages and e-mails. */
export const NO_FEE_PROMISE = `${COMPANY_NAME} never charges inspection or viewing fees.`;

/** Where money may go, for the plain-text part of an e-mail (the address spelled out). */
export function payOnlyLine(verifyUrl: string): string {
  return `Pay only into the accounts listed on ${verifyUrl}, and never pay anyone before or at a viewing.`;
}

/** The promise and where money may go, as one paragraph of plain text. */
export function noFeePromiseText(verifyUrl: string): string {
  return `${NO_FEE_PROMISE} ${payOnlyLine(verifyUrl)}`;
}

/** "10%", "7.5%". */
export function formatPercent(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/** A year's rent of a listing priced by the month or by the year. */
export function yearlyRent(price: number, rentPeriod: RentPeriod): number {
  return rentPeriod === "month" ? price * 12 : price;
}

/**
 * The fees a renter pays at signing, on a year's rent: "Agency fee 10% and legal fee 10% of a
 * year's rent: ₦1,000,000" with each fee's amount.
 */
export function rentalFees(terms: FeeTerms, price: number, rentPeriod: RentPeriod) {
  return twoFees(yearlyRent(price, rentPeriod), {
    agency: ["Agency fee", terms.agencyFeePercent],
    legal: terms.legalFeePercent,
    of: "a year's rent",
  });
}

/** An agency fee and a legal fee as percentages of `base`, each in naira, and their line. */
function twoFees(
  base: number,
  fees: { agency: [name: string, percent: number]; legal: number; of: string },
) {
  const [agencyName, agencyPercent] = fees.agency;
  const agencyFee = Math.round((base * agencyPercent) / 100);
  const legalFee = Math.round((base * fees.legal) / 100);
  const total = agencyFee + legalFee;
  return {
    agencyFee,
    legalFee,
    total,
    line:
      `${agencyName} ${formatPercent(agencyPercent)} and legal fee ` +
      `${formatPercent(fees.legal)} of ${fees.of}: ${formatNaira(total)}`,
  };
}

/** "12 months' rent", "1 month's rent". */
export function monthsOfRent(months: number): string {
  return months === 1 ? "1 month's rent" : `${months} months' rent`;
}

/**
 * The fees a buyer pays on a sale, on the price: "Agency commission 5% and legal fee 5% of the
 * price: ₦10,000,000".
 */
export function saleFees(terms: FeeTerms, price: number) {
  return twoFees(price, {
    agency: ["Agency commission", terms.saleAgencyFeePercent],
    legal: terms.saleLegalFeePercent,
    of: "the price",
  });
}

/** The advance-rent rule for a listing's rent period. */
export function advanceRentLine(terms: FeeTerms, rentPeriod: RentPeriod): string {
  const months =
    rentPeriod === "month" ? terms.advanceRentMonthsMonthly : terms.advanceRentMonthsYearly;
  return `We never ask a new tenant for more than ${monthsOfRent(months)} in advance.`;
}

/** What the terms rest on, in the words DESIGN.md asks for (no section numbers). */
export const FEE_POLICY_NOTE = "Our policy, in line with Lagos rules.";
