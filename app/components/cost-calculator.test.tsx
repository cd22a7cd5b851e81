import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_FEE_TERMS } from "~/lib/fee-terms";
import { CostCalculator } from "./cost-calculator";

// The server's render: what a visitor without JavaScript sees (the defaults, or the values the
// Recalculate form put in the query). Expected figures are worked by hand in home-cost.test.ts.

const ID = "3f1b6a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b";

function render(property: Parameters<typeof CostCalculator>[0]["property"], query = "") {
  return renderToStaticMarkup(
    <MemoryRouter initialEntries={[`/property/${ID}${query}`]}>
      <CostCalculator property={property} feeTerms={DEFAULT_FEE_TERMS} />
    </MemoryRouter>,
  ).replace(/&#x27;/g, "'");
}

const forSale = {
  id: ID,
  purpose: "sale",
  status: "available",
  price: 50_000_000,
  rentPeriod: null,
  serviceCharge: null,
} as const;
const forRent = {
  id: ID,
  purpose: "rent",
  status: "available",
  price: 2_500_000,
  rentPeriod: "year",
  serviceCharge: 500_000,
} as const;

describe("CostCalculator on the server", () => {
  it("shows the monthly repayment with the default assumptions, in a GET form back to the page", () => {
    const html = render(forSale);
    expect(html).toContain("Mortgage calculator");
    expect(html).toContain('value="30"');
    expect(html).toContain('value="20"');
    expect(html).toContain('value="15"');
    expect(html).toMatch(/Monthly repayment<\/dt><dd[^>]*>₦614,704</);
    expect(html).toMatch(/Total paid \(deposit and repayments\)<\/dt><dd[^>]*>₦125,646,720</);
    expect(html).toContain(`action="/property/${ID}#cost-in-naira" method="get"`);
    expect(html).toContain(">Recalculate</button>");
    expect(html).toContain("6% a year");
  });

  it("computes from the query the Recalculate form sent", () => {
    // ₦35,000,000 at 20% over 15 years → 614,704; with a 100% deposit nothing is borrowed.
    const html = render(forSale, "?deposit=100&rate=20&term=15");
    expect(html).toMatch(/Monthly repayment<\/dt><dd[^>]*>₦0</);
    expect(html).toMatch(/Total paid \(deposit and repayments\)<\/dt><dd[^>]*>₦50,000,000</);
  });

  it("keeps a bad value, marks the field and shows no figures", () => {
    const html = render(forSale, "?deposit=abc&rate=20&term=15");
    expect(html).toContain('value="abc"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain("Enter a number from 0 to 100");
    expect(html).not.toContain("₦614,704");
  });

  it("adds up the move-in cost of a rental", () => {
    const html = render(forRent, "?years=2");
    expect(html).toContain("Move-in cost");
    expect(html).toMatch(/Rent for 2 years<\/dt><dd[^>]*>₦5,000,000</);
    expect(html).toMatch(/Service charge for 2 years<\/dt><dd[^>]*>₦1,000,000</);
    expect(html).toMatch(/Total to move in<\/dt><dd[^>]*>₦7,500,000</);
  });

  it("says when the listing states no service charge, and shows nothing without a price", () => {
    const html = render({ ...forRent, serviceCharge: null, rentPeriod: "month", price: 150_000 });
    expect(html).toContain("Not stated for this listing");
    expect(render({ ...forSale, price: null })).toBe("");
  });

  it("costs a monthly rent (a short let) per month, not a year ahead", () => {
    const shortLet = {
      ...forRent,
      rentPeriod: "month",
      price: 150_000,
      serviceCharge: null,
    } as const;
    const html = render(shortLet);
    // One month: 150,000 + 3 × 10% = 195,000 (it was a year ahead: 2,340,000).
    expect(html).toMatch(/Rent for 1 month<\/dt><dd[^>]*>₦150,000</);
    expect(html).toMatch(/Total to move in<\/dt><dd[^>]*>₦195,000</);
    expect(html).not.toContain("₦2,340,000");
    expect(html).toContain("paid by the month");
    expect(html).toContain('name="months"');
    for (const label of ["1 month", "3 months", "6 months", "12 months"]) {
      expect(html).toContain(`>${label}</option>`);
    }
    // Recalculated for three months without JavaScript.
    expect(render(shortLet, "?months=3")).toMatch(/Total to move in<\/dt><dd[^>]*>₦585,000</);
  });

  it("is not shown on a listing sold or let", () => {
    expect(render({ ...forSale, status: "sold" })).toBe("");
    expect(render({ ...forRent, status: "let" })).toBe("");
    expect(render({ ...forSale, status: "under-offer" })).toContain("Mortgage calculator");
  });
});
