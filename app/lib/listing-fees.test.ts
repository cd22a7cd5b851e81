import { describe, expect, it } from "vitest";
import { DEFAULT_FEE_TERMS } from "./fee-terms";
import {
  advanceLimitApplies,
  exemptAreaList,
  feeAmount,
  feeLimitProblems,
  type ListingFees,
  moveInLines,
  NO_MOVE_IN_ITEMS,
  type RentalForLimits,
  statesMoveInCosts,
} from "./listing-fees";

// A rental's move-in items and the limits they must keep (issue 46, item 4): amounts and
// percentages of a year's rent, 10% for agency and legal fees, a year (six months on a monthly
// rent) in advance in Lagos outside Apapa, Ikeja GRA, Ikoyi and Victoria Island.

const NONE: ListingFees = { ...NO_MOVE_IN_ITEMS, serviceCharge: null };

/** A ₦2,400,000-a-year flat in Yaba, Lagos: 10% of a year's rent is ₦240,000. */
function yaba(fees: Partial<ListingFees>, place: Partial<RentalForLimits> = {}): RentalForLimits {
  return {
    ...NONE,
    price: 2_400_000,
    rentPeriod: "year",
    city: "Lagos",
    address: "14 Herbert Macaulay Way, Yaba",
    ...fees,
    ...place,
  };
}

const problems = (listing: RentalForLimits) => feeLimitProblems(listing, DEFAULT_FEE_TERMS);

describe("feeAmount", () => {
  it("is the amount, or the percentage of a year's rent in whole naira, or nothing", () => {
    expect(feeAmount(250_000, null, 2_400_000)).toBe(250_000);
    expect(feeAmount(null, 7.5, 2_400_000)).toBe(180_000);
    expect(feeAmount(null, 10, 1_234_567)).toBe(123_457);
    expect(feeAmount(null, 0, 2_400_000)).toBe(0);
    expect(feeAmount(null, null, 2_400_000)).toBeNull();
  });
});

describe("agency and legal fees", () => {
  it("pass at exactly 10% of a year's rent, as a percentage or as an amount", () => {
    expect(problems(yaba({ agencyFeePercent: 10, legalFee: 240_000 }))).toEqual({});
  });

  it("are refused a naira over 10% of a year's rent, with the limit in naira", () => {
    expect(problems(yaba({ agencyFee: 240_001 }))).toEqual({
      agencyFee:
        "An agency fee may be at most 10% of a year's rent (₦240,000 on this rent): our policy, in line with Lagos rules, so tenants are not overcharged.",
    });
  });

  it("are refused above 10% as a percentage, beside the percentage field", () => {
    const refused = problems(yaba({ agencyFeePercent: 10.5, legalFeePercent: 37.5 }));
    expect(Object.keys(refused).sort()).toEqual(["agencyFeePercent", "legalFeePercent"]);
    expect(refused.legalFeePercent).toMatch(/^A legal\/agreement fee may be at most 10% /);
  });

  it("count a monthly rent's year: ₦150,000 a month allows ₦180,000", () => {
    const monthly = { price: 150_000, rentPeriod: "month" as const };
    expect(problems(yaba({ agencyFee: 180_000 }, monthly))).toEqual({});
    expect(problems(yaba({ agencyFee: 180_001 }, monthly))).toHaveProperty("agencyFee");
  });

  it("hold outside Lagos too (the agency's own policy)", () => {
    const abuja = { city: "Abuja", address: "Plot 5, Gwarinpa" };
    expect(problems(yaba({ legalFeePercent: 15 }, abuja))).toHaveProperty("legalFeePercent");
  });

  it("follow the office's limits when they are changed", () => {
    const limits = { ...DEFAULT_FEE_TERMS, agencyFeeCapPercent: 5 };
    expect(feeLimitProblems(yaba({ agencyFeePercent: 7.5 }), limits).agencyFeePercent).toMatch(
      /at most 5% of a year's rent \(₦120,000 on this rent\)/,
    );
  });

  it("are refused as both an amount and a percentage; caution and service charge have no limit", () => {
    expect(problems(yaba({ cautionDeposit: 100_000, cautionDepositPercent: 5 }))).toEqual({
      cautionDeposit: "Give the caution deposit as an amount or as a percentage, not both.",
    });
    expect(problems(yaba({ cautionDepositPercent: 50, serviceCharge: 2_000_000 }))).toEqual({});
  });
});

describe("rent in advance", () => {
  const ADVANCE =
    "In Lagos outside Apapa, Ikeja GRA, Ikoyi and Victoria Island, a new tenant on a yearly rent may be asked for at most 12 months' rent in advance: the state's tenancy law.";

  it("is refused above 12 months in Lagos, with the reason in plain words", () => {
    expect(problems(yaba({ rentAdvanceMonths: 12 }))).toEqual({});
    expect(problems(yaba({ rentAdvanceMonths: 13 }))).toEqual({ rentAdvanceMonths: ADVANCE });
    expect(problems(yaba({ rentAdvanceMonths: 24 }, { city: "lagos" }))).toEqual({
      rentAdvanceMonths: ADVANCE,
    });
  });

  it("is six months at most on a monthly rent", () => {
    const monthly = { price: 300_000, rentPeriod: "month" as const };
    expect(problems(yaba({ rentAdvanceMonths: 6 }, monthly))).toEqual({});
    expect(problems(yaba({ rentAdvanceMonths: 7 }, monthly)).rentAdvanceMonths).toMatch(
      /on a monthly rent may be asked for at most 6 months' rent in advance/,
    );
  });

  it.each([
    "2 Bourdillon Road, Ikoyi",
    "Flat 3, 10 Glover Road, IKOYI",
    "Plot 1415 Adetokunbo Ademola Street, Victoria Island",
    "5 Akin Adesola St, victoria-island",
    "Adeola Odeku, V.I.",
    "12 Ajose Adeogun, VI, Lagos",
    "VictoriaIsland",
    "3 Isaac John Street, Ikeja GRA",
    "Oduduwa Crescent, Ikeja G.R.A.",
    "Joel Ogunnaike St, GRA Ikeja",
    "Warehouse Road, Apapa",
    "Liverpool Road, apapa",
  ])("does not hold in an exempt area: %s", (address) => {
    expect(advanceLimitApplies({ city: "Lagos", address }, DEFAULT_FEE_TERMS.exemptAreas)).toBe(
      false,
    );
    expect(problems(yaba({ rentAdvanceMonths: 24 }, { address }))).toEqual({});
  });

  it.each([
    ["14 Herbert Macaulay Way, Yaba", "not an exempt area"],
    ["5 Allen Avenue, Ikeja", "Ikeja outside the GRA"],
    ["22 Apapa Road, Ebute Metta", "a street named after Apapa"],
    ["Ikoyi Crescent, Surulere", "a street named after Ikoyi"],
    ["1 Admiralty Way, Lekki Phase 1", "Lekki"],
    ["Victoria Garden City, Ajah", "not Victoria Island"],
    ["", "no address"],
  ])("holds in Lagos at %s (%s)", (address) => {
    expect(advanceLimitApplies({ city: "Lagos", address }, DEFAULT_FEE_TERMS.exemptAreas)).toBe(
      true,
    );
  });

  it("reads the area the site shows as well as the address (issue 46, item 5)", () => {
    const exempt = DEFAULT_FEE_TERMS.exemptAreas;
    expect(
      advanceLimitApplies(
        { city: "Lagos", address: "7 Glover Road", area: "Ikoyi, near Falomo" },
        exempt,
      ),
    ).toBe(false);
    expect(
      advanceLimitApplies(
        { city: "Lagos", address: "7 Glover Road", area: "Yaba, near Unilag" },
        exempt,
      ),
    ).toBe(true);
  });

  it("does not hold in other states, whatever the address", () => {
    for (const city of ["Abuja", "Port Harcourt", "Ibadan"]) {
      expect(problems(yaba({ rentAdvanceMonths: 24 }, { city, address: "Yaba Street" }))).toEqual(
        {},
      );
    }
  });

  it("follows the office's exempt areas, and with none, holds everywhere in Lagos", () => {
    const lekki = { address: "1 Admiralty Way, Lekki Phase 1" };
    const withLekki = { ...DEFAULT_FEE_TERMS, exemptAreas: "Ikoyi, Lekki Phase 1" };
    expect(feeLimitProblems(yaba({ rentAdvanceMonths: 24 }, lekki), withLekki)).toEqual({});
    const none = { ...DEFAULT_FEE_TERMS, exemptAreas: "" };
    const ikoyi = yaba({ rentAdvanceMonths: 24 }, { address: "Ikoyi" });
    expect(feeLimitProblems(ikoyi, none).rentAdvanceMonths).toBe(
      "In Lagos, a new tenant on a yearly rent may be asked for at most 12 months' rent in advance: the state's tenancy law.",
    );
  });

  it("reads the setting's list however it is typed", () => {
    expect(exemptAreaList(" Apapa,Ikeja GRA;;\nIkoyi , ")).toEqual(["Apapa", "Ikeja GRA", "Ikoyi"]);
  });
});

describe("moveInLines", () => {
  it("lists what the listing states, percentages with their amounts, and the total", () => {
    const fees = {
      ...NONE,
      rentAdvanceMonths: 12,
      agencyFeePercent: 10,
      legalFee: 150_000,
      cautionDepositPercent: 5,
      serviceCharge: 400_000,
    };
    expect(statesMoveInCosts(fees)).toBe(true);
    expect(moveInLines(fees, 2_400_000, "year")).toEqual({
      lines: [
        { label: "Rent in advance (12 months' rent)", amount: 2_400_000 },
        { label: "Agency fee", amount: 240_000, note: "10% of a year's rent" },
        { label: "Legal/agreement fee", amount: 150_000 },
        { label: "Caution deposit", amount: 120_000, note: "5% of a year's rent, refundable" },
        { label: "Service charge", amount: 400_000, note: "a year" },
      ],
      total: 3_310_000,
    });
  });

  it("costs a monthly rent's advance by the month, and states nothing for a bare listing", () => {
    const fees = { ...NONE, rentAdvanceMonths: 3 };
    expect(moveInLines(fees, 250_000, "month").total).toBe(750_000);
    expect(moveInLines({ ...NONE, rentAdvanceMonths: 6 }, 2_400_000, "year").total).toBe(1_200_000);
    // A service charge alone was always shown among the facts: not itemised on its own.
    expect(statesMoveInCosts({ ...NONE, serviceCharge: 300_000 })).toBe(false);
    expect(statesMoveInCosts(NONE)).toBe(false);
  });
});
