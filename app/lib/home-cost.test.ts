import { describe, expect, it } from "vitest";
import {
  initialFieldText,
  isCostable,
  MORTGAGE_DEFAULTS,
  MORTGAGE_FIELDS,
  MOVE_IN_FIELDS,
  monthlyRepayment,
  mortgageCost,
  moveInCost,
  readFields,
  readNumber,
  readRentTerm,
  roundNaira,
} from "./home-cost";

// The expected figures were worked out by hand (with `bc -l` at 20 digits) from
// M = P·r·(1+r)^n / ((1+r)^n − 1), r = annual rate / 12, n = months.

describe("monthlyRepayment", () => {
  it("matches the textbook example: ₦100,000 at 12% over one year", () => {
    // r = 0.01, (1.01)^12 = 1.126825030131969720, M = 1000 × 1.1268250301 / 0.1268250301
    expect(monthlyRepayment(100_000, 12, 1)).toBeCloseTo(8884.878867834, 6);
  });

  it("matches a Nigerian commercial loan: ₦35,000,000 at 20% over 15 years", () => {
    // r = 0.0166…, (1+r)^180 = 19.594998423901843592, M = 614,703.776074727810
    expect(monthlyRepayment(35_000_000, 20, 15)).toBeCloseTo(614_703.776074728, 5);
  });

  it("matches an NHF loan: ₦10,000,000 at 6% over 20 years", () => {
    // r = 0.005, (1.005)^240 = 3.310204475807447931, M = 71,643.105847816487
    expect(monthlyRepayment(10_000_000, 6, 20)).toBeCloseTo(71_643.105847816, 6);
  });

  it("divides the loan evenly at 0%", () => {
    expect(monthlyRepayment(36_000_000, 0, 15)).toBe(200_000);
    expect(monthlyRepayment(1_000_000, 0, 3)).toBeCloseTo(27_777.777777, 5);
  });

  it("is nothing when nothing is borrowed", () => {
    expect(monthlyRepayment(0, 20, 15)).toBe(0);
  });
});

describe("roundNaira", () => {
  it("rounds to the nearest whole naira, halves up", () => {
    expect(roundNaira(8884.4999)).toBe(8884);
    expect(roundNaira(8884.5)).toBe(8885);
    expect(roundNaira(27_777.78)).toBe(27_778);
  });
});

describe("mortgageCost", () => {
  it("works out a ₦50,000,000 home with the default assumptions", () => {
    expect(MORTGAGE_DEFAULTS).toEqual({ depositPercent: 30, annualRatePercent: 20, termYears: 15 });
    expect(mortgageCost({ price: 50_000_000, ...MORTGAGE_DEFAULTS })).toEqual({
      deposit: 15_000_000,
      loan: 35_000_000,
      months: 180,
      monthly: 614_704,
      // 614,704 × 180
      totalRepaid: 110_646_720,
      totalInterest: 75_646_720,
      totalPaid: 125_646_720,
    });
  });

  it("rounds the monthly repayment to whole naira and totals what is actually paid", () => {
    // ₦1,000,000 borrowed at 0% over 3 years: 27,777.78 → 27,778 a month, 36 months.
    const cost = mortgageCost({
      price: 1_250_000,
      depositPercent: 20,
      annualRatePercent: 0,
      termYears: 3,
    });
    expect(cost.deposit).toBe(250_000);
    expect(cost.loan).toBe(1_000_000);
    expect(cost.monthly).toBe(27_778);
    expect(cost.totalRepaid).toBe(1_000_008);
    expect(cost.totalPaid).toBe(1_250_008);
  });

  it("rounds a deposit that is not a whole naira", () => {
    // 12.5% of ₦1,000,001 = 125,000.125
    const cost = mortgageCost({
      price: 1_000_001,
      depositPercent: 12.5,
      annualRatePercent: 0,
      termYears: 1,
    });
    expect(cost.deposit).toBe(125_000);
    expect(cost.loan).toBe(875_001);
  });

  it("owes nothing monthly on a 100% deposit", () => {
    const cost = mortgageCost({
      price: 20_000_000,
      depositPercent: 100,
      annualRatePercent: 20,
      termYears: 15,
    });
    expect(cost).toMatchObject({ loan: 0, monthly: 0, totalPaid: 20_000_000, totalInterest: 0 });
  });
});

describe("moveInCost", () => {
  it("adds two years of a yearly rent, the service charge and 10% fees", () => {
    expect(
      moveInCost({
        rent: 2_500_000,
        rentPeriod: "year",
        serviceChargePerYear: 500_000,
        periods: 2,
        agencyPercent: 10,
        legalPercent: 10,
        cautionPercent: 10,
      }),
    ).toEqual({
      rent: 5_000_000,
      serviceCharge: 1_000_000,
      agencyFee: 500_000,
      legalFee: 500_000,
      cautionDeposit: 500_000,
      total: 7_500_000,
    });
  });

  it("costs a monthly rent (a short let) per month, not a year ahead, and leaves out an unstated service charge", () => {
    const monthly = {
      rent: 150_000,
      rentPeriod: "month",
      serviceChargePerYear: null,
      agencyPercent: 10,
      legalPercent: 5,
      cautionPercent: 0,
    } as const;
    expect(moveInCost({ ...monthly, periods: 1 })).toEqual({
      rent: 150_000,
      serviceCharge: 0,
      agencyFee: 15_000,
      legalFee: 7_500,
      cautionDeposit: 0,
      total: 172_500,
    });
    // Three months up front; a yearly service charge counts for those three months only.
    expect(moveInCost({ ...monthly, periods: 3, serviceChargePerYear: 600_000 })).toEqual({
      rent: 450_000,
      serviceCharge: 150_000,
      agencyFee: 45_000,
      legalFee: 22_500,
      cautionDeposit: 0,
      total: 667_500,
    });
  });

  it("rounds each fee to whole naira, and the total is the sum of the lines shown", () => {
    // 7.5% of ₦333,333 = 24,999.975 → 25,000; 2.5% = 8,333.325 → 8,333
    const cost = moveInCost({
      rent: 333_333,
      rentPeriod: "year",
      serviceChargePerYear: null,
      periods: 1,
      agencyPercent: 7.5,
      legalPercent: 2.5,
      cautionPercent: 2.5,
    });
    expect(cost).toMatchObject({ agencyFee: 25_000, legalFee: 8_333, cautionDeposit: 8_333 });
    expect(cost.total).toBe(333_333 + 25_000 + 8_333 + 8_333);
  });
});

describe("reading the fields", () => {
  it("accepts numbers in range, with commas or a % sign", () => {
    expect(readNumber("18.5", { min: 0, max: 60 })).toEqual({ value: 18.5 });
    expect(readNumber(" 30% ", { min: 0, max: 100 })).toEqual({ value: 30 });
    expect(readNumber("0", { min: 0, max: 100 })).toEqual({ value: 0 });
  });

  it("refuses blanks, words, negatives, out-of-range and fractional years", () => {
    const percent = { min: 0, max: 100 };
    for (const raw of ["", "abc", "-5", "101", "1e3", "Infinity", undefined, null]) {
      expect(readNumber(raw, percent)).toEqual({ error: "Enter a number from 0 to 100" });
    }
    expect(readNumber("15.5", { min: 1, max: 35, integer: true })).toEqual({
      error: "Enter a whole number from 1 to 35",
    });
  });

  it("starts from the query when it has the field, else from the defaults", () => {
    const text = initialFieldText(MORTGAGE_FIELDS, new URLSearchParams("deposit=20&rate=abc"));
    expect(text).toEqual({ deposit: "20", rate: "abc", term: "15" });
    const read = readFields(MORTGAGE_FIELDS, text);
    expect(read.values).toBeUndefined();
    expect(read.errors).toEqual({ rate: "Enter a number from 0 to 60" });
    expect(
      readFields(MOVE_IN_FIELDS, initialFieldText(MOVE_IN_FIELDS, new URLSearchParams())),
    ).toEqual({ errors: {}, values: { agency: 10, legal: 10, caution: 10 } });
  });

  it("asks for one or two years of a yearly rent, and 1, 3, 6 or 12 months of a monthly one", () => {
    expect(readRentTerm("year", "2")).toBe(2);
    expect(readRentTerm("year", "1")).toBe(1);
    expect(readRentTerm("year", "3")).toBe(1);
    expect(readRentTerm("year", null)).toBe(1);
    expect(readRentTerm("month", "6")).toBe(6);
    expect(readRentTerm("month", "12")).toBe(12);
    expect(readRentTerm("month", "2")).toBe(1);
    expect(readRentTerm("month", undefined)).toBe(1);
  });

  it("costs only a listing still on offer, with a price", () => {
    expect(isCostable({ status: "available", price: 1 })).toBe(true);
    expect(isCostable({ status: "under-offer", price: 1 })).toBe(true);
    expect(isCostable({ status: "sold", price: 1 })).toBe(false);
    expect(isCostable({ status: "let", price: 1 })).toBe(false);
    expect(isCostable({ status: "available", price: null })).toBe(false);
  });
});
