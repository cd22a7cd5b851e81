import { eq } from "drizzle-orm";
import { auditedWrite, type Transaction } from "~/audit/audit.server";
import { cachedUntilContentChanges } from "~/cache/reference-data.server";
import { db } from "~/db/client.server";
import { officeSettings } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { DEFAULT_FEE_TERMS, type FeeTerms } from "~/lib/fee-terms";

// The agency's fee terms (issue 45, item 5): office settings (the one office_settings row; none
// stored reads as the defaults), shown on every listing's page beside its costs; with the limits
// a rental listing's fees must keep (issue 46, item 4), which the property forms check. A change is a
// public write (PUBLIC_ACTIONS in app/audit/audit.server.ts): it moves the content generation.

const FEE_COLUMNS = {
  agencyFeePercent: officeSettings.agencyFeePercent,
  legalFeePercent: officeSettings.legalFeePercent,
  advanceRentMonthsYearly: officeSettings.advanceRentMonthsYearly,
  advanceRentMonthsMonthly: officeSettings.advanceRentMonthsMonthly,
  saleAgencyFeePercent: officeSettings.saleAgencyFeePercent,
  saleLegalFeePercent: officeSettings.saleLegalFeePercent,
  agencyFeeCapPercent: officeSettings.agencyFeeCapPercent,
  legalFeeCapPercent: officeSettings.legalFeeCapPercent,
  exemptAreas: officeSettings.exemptAreas,
};

/**
 * The terms as stored, read through `handle` (a transaction's, when a write checks listings
 * against the limits inside it: the embedded database answers one connection at a time).
 */
export async function readFeeTerms(handle: typeof db | Transaction = db): Promise<FeeTerms> {
  const [row] = await handle
    .select(FEE_COLUMNS)
    .from(officeSettings)
    .where(eq(officeSettings.id, 1));
  return row ?? DEFAULT_FEE_TERMS;
}

/** The terms the public pages show (kept until an admin changes something). */
export const getFeeTerms: () => Promise<FeeTerms> = cachedUntilContentChanges(() => readFeeTerms());

/** The terms for the settings screen, read fresh. */
export async function getFeeTermsForAdmin(_actor: AdminActor): Promise<FeeTerms> {
  return readFeeTerms();
}

/** Saves the terms, audited (settings.fee-terms), and tells the public pages. */
export async function setFeeTerms(actor: AdminActor, terms: FeeTerms) {
  return auditedWrite(actor, "settings.fee-terms", async (tx) => {
    const [before] = await tx
      .select(FEE_COLUMNS)
      .from(officeSettings)
      .where(eq(officeSettings.id, 1))
      .for("update");
    await tx
      .insert(officeSettings)
      .values({ id: 1, ...terms })
      .onConflictDoUpdate({ target: officeSettings.id, set: { ...terms, updatedAt: new Date() } });
    return {
      result: { ok: true as const },
      audit: { entityId: null, before: before ?? DEFAULT_FEE_TERMS, after: terms },
    };
  });
}
