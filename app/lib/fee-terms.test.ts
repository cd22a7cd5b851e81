import { describe, expect, it } from "vitest";
import {
  advanceRentLine,
  DEFAULT_FEE_TERMS,
  formatPercent,
  noFeePromiseText,
  rentalFees,
} from "./fee-terms";
import { feeTermsSchema } from "./schemas/fee-terms";

// The agency's fee terms (issue 45, item 5): what a rental's page says, and what the settings
// screen accepts.

describe("rentalFees", () => {
  it("charges the two fees on a year's rent of a yearly rental", () => {
    const fees = rentalFees(DEFAULT_FEE_TERMS, 2_500_000, "year");
    expect(fees).toMatchObject({ agencyFee: 250_000, legalFee: 250_000, total: 500_000 });
    expect(fees.line).toBe("Agency fee 10% and legal fee 10% of a year's rent: ₦500,000");
  });

  it("counts twelve months of a monthly rent", () => {
    const fees = rentalFees(DEFAULT_FEE_TERMS, 150_000, "month");
    expect(fees.total).toBe(360_000);
    expect(fees.line).toBe("Agency fee 10% and legal fee 10% of a year's rent: ₦360,000");
  });

  it("uses the office's own percentages, to the naira", () => {
    const terms = { ...DEFAULT_FEE_TERMS, agencyFeePercent: 7.5, legalFeePercent: 5 };
    const fees = rentalFees(terms, 1_000_001, "year");
    expect(fees).toMatchObject({ agencyFee: 75_000, legalFee: 50_000, total: 125_000 });
    expect(fees.line).toBe("Agency fee 7.5% and legal fee 5% of a year's rent: ₦125,000");
  });

  it("writes percentages without trailing zeros", () => {
    expect(formatPercent(10)).toBe("10%");
    expect(formatPercent(12.25)).toBe("12.25%");
    expect(formatPercent(0)).toBe("0%");
  });
});

describe("advanceRentLine", () => {
  it("names the months for the rent's period", () => {
    expect(advanceRentLine(DEFAULT_FEE_TERMS, "year")).toBe(
      "We never ask a new tenant for more than 12 months' rent in advance.",
    );
    expect(advanceRentLine(DEFAULT_FEE_TERMS, "month")).toBe(
      "We never ask a new tenant for more than 6 months' rent in advance.",
    );
    expect(advanceRentLine({ ...DEFAULT_FEE_TERMS, advanceRentMonthsMonthly: 1 }, "month")).toBe(
      "We never ask a new tenant for more than 1 month's rent in advance.",
    );
  });
});

describe("noFeePromiseText", () => {
  it("says no viewing fee and where money may go", () => {
    expect(noFeePromiseText("https://naijahomes.ng/verify")).toBe(
      "NaijaHomes Realty never charges inspection or viewing fees. Pay only into the accounts listed on https://naijahomes.ng/verify, and never pay anyone before or at a viewing.",
    );
  });
});

describe("feeTermsSchema", () => {
  const valid = {
    agencyFeePercent: " 10 ",
    legalFeePercent: "7.5%",
    advanceRentMonthsYearly: "12",
    advanceRentMonthsMonthly: "6",
    saleAgencyFeePercent: "5",
    saleLegalFeePercent: "2.5",
    agencyFeeCapPercent: "10",
    legalFeeCapPercent: "10",
    exemptAreas: "Ikoyi , ,Victoria Island",
  };

  it("reads percentages and months", () => {
    expect(feeTermsSchema().parse(valid)).toEqual({
      agencyFeePercent: 10,
      legalFeePercent: 7.5,
      advanceRentMonthsYearly: 12,
      advanceRentMonthsMonthly: 6,
      saleAgencyFeePercent: 5,
      saleLegalFeePercent: 2.5,
      agencyFeeCapPercent: 10,
      legalFeeCapPercent: 10,
      exemptAreas: "Ikoyi, Victoria Island",
    });
    expect(feeTermsSchema().parse({ ...valid, agencyFeePercent: "0" }).agencyFeePercent).toBe(0);
    expect(feeTermsSchema().parse({ ...valid, legalFeePercent: "100" }).legalFeePercent).toBe(100);
  });

  it.each([
    ["agencyFeePercent", "", "Enter a percentage from 0 to 100 (for example 10 or 7.5)."],
    ["agencyFeePercent", "100.5", "Enter a percentage from 0 to 100 (for example 10 or 7.5)."],
    ["legalFeePercent", "-1", "Enter a percentage from 0 to 100 (for example 10 or 7.5)."],
    ["legalFeePercent", "ten", "Enter a percentage from 0 to 100 (for example 10 or 7.5)."],
    ["legalFeePercent", "10.125", "Enter a percentage from 0 to 100 (for example 10 or 7.5)."],
    ["advanceRentMonthsYearly", "0", "Enter a whole number of months from 1 to 24."],
    ["advanceRentMonthsYearly", "25", "Enter a whole number of months from 1 to 24."],
    ["advanceRentMonthsMonthly", "6.5", "Enter a whole number of months from 1 to 24."],
  ])("refuses %s = %j", (field, value, message) => {
    const parsed = feeTermsSchema().safeParse({ ...valid, [field]: value });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: [field], message });
  });
});
