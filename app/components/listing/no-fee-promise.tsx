import { Link } from "react-router";
import { ShieldCheck } from "~/components/icons";
import {
  advanceRentLine,
  FEE_POLICY_NOTE,
  type FeeTerms,
  NO_FEE_PROMISE,
  rentalFees,
  saleFees,
  VERIFY_PATH,
} from "~/lib/fee-terms";
import { FEE_ITEMS, type ListingFees } from "~/lib/listing-fees";
import type { RentPeriod } from "~/lib/money";
import { cn } from "~/lib/utils";

// The no-fee promise (issue 45, item 5) where a visitor books or pays: the property page, the
// booking page and the booking confirmation. The same words as in every e-mail (lib/fee-terms).
// And the agency's fee terms beside a listing's costs, for a rental or a sale.

export function NoFeePromise({ className }: { className?: string }) {
  return (
    <aside
      aria-label="No viewing fees"
      data-testid="no-fee-promise"
      className={cn(
        "flex gap-3 rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950",
        className,
      )}
    >
      <ShieldCheck className="mt-0.5 size-5 shrink-0 text-emerald-700" aria-hidden />
      <p>
        <strong className="font-semibold">{NO_FEE_PROMISE}</strong> Pay only into the accounts
        listed on{" "}
        <Link to={VERIFY_PATH} className="font-medium underline">
          Check before you pay
        </Link>
        , and never pay anyone before or at a viewing.
      </p>
    </aside>
  );
}

/**
 * A rental's fees at signing, from the office's fee terms: "Agency fee 10% and legal fee 10% of
 * a year's rent: ₦…", and the most rent asked in advance. When the listing states its own
 * agency or legal fee (issue 46), its itemised move-in costs say what they are and the office's
 * percentages are not repeated; when it asks more in advance than the office's rule (an area
 * the Lagos law leaves out, another state), the rule is not claimed for it.
 */
export function RentalFeeTerms({
  terms,
  price,
  rentPeriod,
  listing,
}: {
  terms: FeeTerms;
  price: number;
  rentPeriod: RentPeriod;
  listing?: Partial<ListingFees>;
}) {
  const fees = rentalFees(terms, price, rentPeriod);
  const statesFees = FEE_ITEMS.slice(0, 2).some(
    (item) =>
      (listing?.[item.amount] ?? null) !== null || (listing?.[item.percent] ?? null) !== null,
  );
  const most =
    rentPeriod === "month" ? terms.advanceRentMonthsMonthly : terms.advanceRentMonthsYearly;
  const asksMore = (listing?.rentAdvanceMonths ?? 0) > most;
  return (
    <FeeTermsSection>
      {statesFees ? null : <li>{fees.line}</li>}
      {asksMore ? null : <li>{advanceRentLine(terms, rentPeriod)}</li>}
    </FeeTermsSection>
  );
}

/** A sale's fees, from the office's fee terms: "Agency commission 5% and legal fee 5% of the price: ₦…". */
export function SaleFeeTerms({ terms, price }: { terms: FeeTerms; price: number }) {
  return (
    <FeeTermsSection>
      <li>{saleFees(terms, price).line}</li>
    </FeeTermsSection>
  );
}

/** "Our fees": the listing's lines, the no-viewing-fee line and what the terms rest on. */
function FeeTermsSection({ children }: { children: React.ReactNode }) {
  return (
    <section
      aria-labelledby="fee-terms-heading"
      data-testid="fee-terms"
      className="mt-8 rounded-lg border border-slate-200 p-4 sm:p-5"
    >
      <h2 id="fee-terms-heading" className="text-xl font-semibold text-slate-900">
        Our fees
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
        {children}
        <li>No inspection, viewing or registration fee, ever.</li>
      </ul>
      <p className="mt-3 text-sm text-slate-600">{FEE_POLICY_NOTE}</p>
    </section>
  );
}
