import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { RentalFeeTerms } from "~/components/listing/no-fee-promise";
import { db } from "~/db/client.server";
import { auditEvents, officeSettings, properties } from "~/db/schema";
import { DEFAULT_FEE_TERMS, type FeeTerms } from "~/lib/fee-terms";
import { createProperty } from "../../../tests/setup/accounts";
import { createSignedInAdmin, createSignedInAgent } from "../../../tests/setup/admin";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as propertyLoader } from "../public/property";
import { action, loader } from "./settings";

// The agency's fee terms on /admin/settings (issue 45, item 5): saved by an admin, audited,
// refused when out of range with nothing written, and shown on a rental's page with the amounts.

await setupTestDatabase();

const FORM = {
  intent: "fee-terms",
  agencyFeePercent: "7.5",
  legalFeePercent: "5",
  advanceRentMonthsYearly: "12",
  advanceRentMonthsMonthly: "3",
  saleAgencyFeePercent: "5",
  saleLegalFeePercent: "2.5",
  agencyFeeCapPercent: "10",
  legalFeeCapPercent: "10",
  exemptAreas: " Apapa,Ikeja GRA ,, Ikoyi, Victoria Island, Lekki Phase 1 ",
};

async function rentalPageTerms(id: string) {
  const page = await callLoader<{ feeTerms: FeeTerms }>(propertyLoader, `/property/${id}`, {
    params: { id },
  });
  return page.body.feeTerms;
}

describe("fee terms", () => {
  it("start at 10% and 10%, a year in advance, six months on a monthly rent", async () => {
    const admin = await createSignedInAdmin("fees-admin@example.ng");
    const page = await callLoader<{ feeTerms: FeeTerms }>(loader, "/admin/settings", {
      cookie: admin.cookie,
    });
    expect(page.body.feeTerms).toEqual(DEFAULT_FEE_TERMS);
    const id = await createProperty("Default rental");
    expect(await rentalPageTerms(id)).toEqual(DEFAULT_FEE_TERMS);
  });

  it("are saved by an admin, audited, and shown on the property page", async () => {
    const admin = await createSignedInAdmin("fees-saver@example.ng");
    const saved = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: admin.cookie,
      form: FORM,
    });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe("/admin/settings?tab=general");
    expect(saved.cookies.join()).toContain("flash=feeTermsSaved");
    const terms = {
      ...DEFAULT_FEE_TERMS,
      agencyFeePercent: 7.5,
      legalFeePercent: 5,
      advanceRentMonthsMonthly: 3,
      saleLegalFeePercent: 2.5,
      // Blank entries and stray spaces dropped.
      exemptAreas: "Apapa, Ikeja GRA, Ikoyi, Victoria Island, Lekki Phase 1",
    };
    const [row] = await db.select().from(officeSettings);
    expect(row).toMatchObject(terms);
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "settings.fee-terms"));
    expect(audit?.changes).toEqual({
      agencyFeePercent: { before: 10, after: 7.5 },
      legalFeePercent: { before: 10, after: 5 },
      advanceRentMonthsMonthly: { before: 6, after: 3 },
      saleLegalFeePercent: { before: 5, after: 2.5 },
      exemptAreas: {
        before: "Apapa, Ikeja GRA, Ikoyi, Victoria Island",
        after: "Apapa, Ikeja GRA, Ikoyi, Victoria Island, Lekki Phase 1",
      },
    });

    const id = await createProperty("Rented flat");
    await db
      .update(properties)
      .set({ purpose: "rent", price: 2_000_000, rentPeriod: "year" })
      .where(eq(properties.id, id));
    expect(await rentalPageTerms(id)).toEqual(terms);
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <RentalFeeTerms terms={terms} price={2_000_000} rentPeriod="year" />
      </MemoryRouter>,
    );
    expect(html).toContain("Agency fee 7.5% and legal fee 5% of a year&#x27;s rent: ₦250,000");
    expect(html).toContain("more than 12 months&#x27; rent in advance");
    expect(html).toContain("Our policy, in line with Lagos rules.");
    // No section numbers on screen (DESIGN.md): the words, not the law's numbering.
    expect(html.replace(/<[^>]+>/g, " ")).not.toMatch(/section|\bs\.\s?\d/i);
  });

  it("are refused out of range, with the field's message and what was typed, nothing written", async () => {
    const admin = await createSignedInAdmin("fees-typo@example.ng");
    const before = await db.select().from(officeSettings);
    const refused = await callAction<FormFailure>(action, "/admin/settings", {
      cookie: admin.cookie,
      form: { ...FORM, agencyFeePercent: "110", advanceRentMonthsMonthly: "0" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.fields).toEqual({
      agencyFeePercent: "Enter a percentage from 0 to 100 (for example 10 or 7.5).",
      advanceRentMonthsMonthly: "Enter a whole number of months from 1 to 24.",
    });
    expect(refused.body.values).toMatchObject({ agencyFeePercent: "110" });
    expect(await db.select().from(officeSettings)).toEqual(before);
  });

  it("are not an agent's to change", async () => {
    const agent = await createSignedInAgent("fees-agent@example.ng");
    const before = await db.select().from(officeSettings);
    const refused = await callAction(action, "/admin/settings", {
      cookie: agent.cookie,
      form: FORM,
    });
    expect(refused.status).toBe(403);
    expect(await db.select().from(officeSettings)).toEqual(before);
  });
});
