import { describe, expect, it } from "vitest";
import { formatArea, formatNaira, formatNumber, formatPrice } from "./money";

// Whole numbers are written without Intl (money.ts); they must read exactly as Intl writes them,
// or the server's HTML and the browser's would differ.
const intlNaira = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  maximumFractionDigits: 0,
});
const intlNumber = new Intl.NumberFormat("en-NG");
// Every length of digits (10^n and 10^n - 1), and amounts the site shows.
const SAMPLES = [
  ...Array.from({ length: 16 }, (_, n) => [10 ** n, 10 ** n - 1]).flat(),
  1_001,
  12_500,
  2_500_000,
  45_000_000,
  123_456_789,
  Number.MAX_SAFE_INTEGER,
];

describe("formatNaira and formatNumber", () => {
  it("write whole numbers exactly as Intl's en-NG formats do", () => {
    for (const value of SAMPLES) {
      expect(formatNaira(value)).toBe(intlNaira.format(value));
      expect(formatNumber(value)).toBe(intlNumber.format(value));
    }
  });

  it("leave fractions and negative amounts to Intl", () => {
    for (const value of [1234.5678, 0.5, 2.5, -5, -1_250_000, -0.4]) {
      expect(formatNaira(value)).toBe(intlNaira.format(value));
      expect(formatNumber(value)).toBe(intlNumber.format(value));
    }
  });

  it("read as the site shows prices and areas", () => {
    expect(formatNaira(45_000_000)).toBe("₦45,000,000");
    expect(formatPrice(2_500_000, "rent", "year")).toBe("₦2,500,000/year");
    expect(formatPrice(null, "sale", null)).toBe("Price on request");
    expect(formatArea(2400)).toBe("2,400 sqft");
    expect(formatArea(null)).toBe("N/A");
  });
});
