import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { CostCalculator } from "~/components/cost-calculator";
import { MoveInCosts } from "~/components/listing/move-in-costs";
import { RentalFeeTerms, SaleFeeTerms } from "~/components/listing/no-fee-promise";
import { db } from "~/db/client.server";
import { officeSettings, properties, propertySubmissions } from "~/db/schema";
import type { FeeTerms } from "~/lib/fee-terms";
import type { PropertyWithMedia } from "~/models/property.server";
import { createProperty, createSignedInUser } from "../../../tests/setup/accounts";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { FLAT } from "../../../tests/setup/submissions";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as newPropertyAction } from "../admin/property-new";
import { action as submitAction } from "./list-your-property";
import { loader as propertyLoader } from "./property";

// A rental's move-in costs, item by item and lawful (issue 46, item 4): the admin form and an
// owner's submission refuse an agency or legal fee over the office's limit and more rent in
// advance than Lagos allows, with the reason beside the field and what was typed kept, nothing
// stored; the property page lists the items with the total.

await setupTestDatabase();

const admin = await createSignedInAdmin("move-in-admin@example.ng");

/** A ₦2,400,000-a-year flat in Yaba: 10% of a year's rent is ₦240,000. */
const RENTAL = {
  title: "Two-bedroom flat in Yaba",
  purpose: "rent",
  rentPeriod: "year",
  price: "2,400,000",
  city: "Lagos",
  address: "14 Herbert Macaulay Way, Yaba",
  propertyType: "apartment",
  category: "residential",
  status: "available",
};

function addListing(form: Record<string, string>) {
  return callAction<FormFailure>(newPropertyAction, "/admin/properties/new", {
    cookie: admin.cookie,
    form,
  });
}

async function storedTitled(title: string) {
  return db.select().from(properties).where(eq(properties.title, title));
}

describe("the admin property form", () => {
  it("refuses an agency fee over 10% of a year's rent and 24 months in advance in Yaba", async () => {
    const form = {
      ...RENTAL,
      title: "Yaba flat, fees too high",
      agencyFeePercent: "15",
      legalFee: "₦240,000",
      rentAdvanceMonths: "24",
    };
    const refused = await addListing(form);
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      agencyFeePercent:
        "An agency fee may be at most 10% of a year's rent (₦240,000 on this rent): our policy, in line with Lagos rules, so tenants are not overcharged.",
      rentAdvanceMonths:
        "In Lagos outside Apapa, Ikeja GRA, Ikoyi and Victoria Island, a new tenant on a yearly rent may be asked for at most 12 months' rent in advance: the state's tenancy law.",
    });
    expect(refused.body.values).toMatchObject({
      agencyFeePercent: "15",
      legalFee: "₦240,000",
      rentAdvanceMonths: "24",
    });
    expect(await storedTitled(form.title)).toEqual([]);
  });

  it("stores lawful fees, and two years in advance in Ikoyi", async () => {
    const form = {
      ...RENTAL,
      title: "Ikoyi flat, two years ahead",
      address: "2 Bourdillon Road, IKOYI",
      agencyFee: "240,000",
      legalFeePercent: "7.5",
      cautionDepositPercent: "10%",
      serviceChargePercent: "5",
      rentAdvanceMonths: "24",
    };
    const saved = await addListing(form);
    expect(saved.status).toBe(302);
    const [row] = await storedTitled(form.title);
    expect(row).toMatchObject({
      agencyFee: 240_000,
      agencyFeePercent: null,
      legalFee: null,
      legalFeePercent: 7.5,
      cautionDepositPercent: 10,
      serviceChargePercent: 5,
      rentAdvanceMonths: 24,
    });
  });

  it("follows the office's limits once changed in the settings", async () => {
    await db
      .insert(officeSettings)
      .values({ id: 1, legalFeeCapPercent: 5 })
      .onConflictDoUpdate({ target: officeSettings.id, set: { legalFeeCapPercent: 5 } });
    try {
      const refused = await addListing({
        ...RENTAL,
        title: "Yaba flat, legal fee over the office's limit",
        legalFeePercent: "7.5",
      });
      expect(refused.status).toBe(400);
      expect(refused.body.fields?.legalFeePercent).toMatch(
        /^A legal\/agreement fee may be at most 5% of a year's rent \(₦120,000 on this rent\)/,
      );
    } finally {
      await db.delete(officeSettings);
    }
  });

  it("drops move-in items from a sale (they are a rental's)", async () => {
    const form = {
      ...RENTAL,
      title: "House for sale with stray fees",
      purpose: "sale",
      price: "85,000,000",
      agencyFeePercent: "40",
    };
    expect((await addListing(form)).status).toBe(302);
    const [row] = await storedTitled(form.title);
    expect(row?.agencyFeePercent).toBeNull();
  });
});

describe("an owner's submission", () => {
  it("is refused with the reason and what was typed, nothing stored", async () => {
    const owner = await createSignedInUser("move-in-owner@example.ng", "Bola Owner");
    const form = {
      ...FLAT,
      price: "2,500,000",
      legalFee: "300,000",
      intent: "submit",
    } as Record<string, string>;
    const refused = await callAction<FormFailure>(submitAction, "/list-your-property", {
      cookie: owner.cookie,
      form,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      legalFee:
        "A legal/agreement fee may be at most 10% of a year's rent (₦250,000 on this rent): our policy, in line with Lagos rules, so tenants are not overcharged.",
    });
    expect(refused.body.values).toMatchObject({ legalFee: "300,000", title: FLAT.title });
    const rows = await db
      .select()
      .from(propertySubmissions)
      .where(eq(propertySubmissions.ownerId, owner.id));
    expect(rows).toEqual([]);

    // The same at ₦250,000 is sent.
    const sent = await callAction(submitAction, "/list-your-property", {
      cookie: owner.cookie,
      form: { ...form, legalFee: "250,000" },
    });
    expect(sent.status).toBe(302);
  });
});

type Page = { property: PropertyWithMedia; feeTerms: FeeTerms };

async function page(id: string) {
  const answer = await callLoader<Page>(propertyLoader, `/property/${id}`, { params: { id } });
  return answer.body;
}

function text(node: React.ReactNode) {
  return renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>)
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");
}

describe("the property page", () => {
  it("lists a rental's move-in costs item by item with the total, and costs them", async () => {
    const id = await createProperty("Itemised Yaba flat");
    await db
      .update(properties)
      .set({
        purpose: "rent",
        price: 2_400_000,
        rentPeriod: "year",
        rentAdvanceMonths: 12,
        agencyFeePercent: 10,
        legalFee: 150_000,
        cautionDeposit: 200_000,
        serviceCharge: 400_000,
      })
      .where(eq(properties.id, id));
    const { property, feeTerms } = await page(id);
    const costs = text(
      <MoveInCosts fees={property} price={2_400_000} rentPeriod={property.rentPeriod ?? "year"} />,
    );
    expect(costs).toContain("Rent in advance (12 months' rent) ₦2,400,000");
    expect(costs).toContain("Agency fee (10% of a year's rent) ₦240,000");
    expect(costs).toContain("Legal/agreement fee ₦150,000");
    expect(costs).toContain("Caution deposit (refundable) ₦200,000");
    expect(costs).toContain("Service charge (a year) ₦400,000");
    expect(costs).toContain("Total to move in ₦3,390,000");

    // The calculator takes the listing's own fees (a year's rent paid by default): no field
    // for them, the same total.
    const calculator = text(<CostCalculator property={property} feeTerms={feeTerms} />);
    expect(calculator).toContain("Agency fee (this listing's) ₦240,000");
    expect(calculator).toContain("Legal/agreement fee (this listing's) ₦150,000");
    expect(calculator).toContain("Total to move in ₦3,390,000");
    expect(calculator).not.toContain("Agency fee (% of rent)");

    // The office's own percentages are not claimed beside a listing's stated fees.
    const terms = text(
      <RentalFeeTerms terms={feeTerms} price={2_400_000} rentPeriod="year" listing={property} />,
    );
    expect(terms).not.toContain("Agency fee 10% and legal fee 10%");
    expect(terms).toContain("more than 12 months' rent in advance");
  });

  it("shows nothing itemised for a listing made before the items, and the calculator as before", async () => {
    const id = await createProperty("Older Yaba flat");
    await db
      .update(properties)
      .set({ purpose: "rent", price: 2_400_000, rentPeriod: "year" })
      .where(eq(properties.id, id));
    const { property, feeTerms } = await page(id);
    expect(text(<MoveInCosts fees={property} price={2_400_000} rentPeriod="year" />).trim()).toBe(
      "",
    );
    const calculator = text(<CostCalculator property={property} feeTerms={feeTerms} />);
    expect(calculator).toContain("Agency fee (% of rent)");
    // 2,400,000 + 10% + 10% + 10% caution.
    expect(calculator).toContain("Total to move in ₦3,120,000");
  });

  it("shows a sale's fee terms from the settings", async () => {
    const id = await createProperty("House for sale in Lekki");
    await db.update(properties).set({ price: 85_000_000 }).where(eq(properties.id, id));
    const { property, feeTerms } = await page(id);
    expect(property.purpose).toBe("sale");
    expect(text(<SaleFeeTerms terms={feeTerms} price={85_000_000} />)).toContain(
      "Agency commission 5% and legal fee 5% of the price: ₦8,500,000",
    );
  });
});
