import { Link } from "react-router";
import { ShieldCheck } from "~/components/icons";
import {
  advanceRentLine,
  FEE_POLICY_NOTE,
  type FeeTerms,
  NO_FEE_PROMISE,
  rentalFees,
  VERIFY_PATH,
} from "~/lib/fee-terms";
import type { RentPeriod } from "~/lib/money";
import { cn } from "~/lib/utils";

// The no-fee promise (issue 45, item 5) where a visitor books or pays: the property page, the
// booking page and the booking confirmation. The same words as in every e-mail (lib/fee-terms).

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
 * a year's rent: ₦…", and the most rent asked in advance.
 */
export function RentalFeeTerms({
  terms,
  price,
  rentPeriod,
}: {
  terms: FeeTerms;
  price: number;
  rentPeriod: RentPeriod;
}) {
  const fees = rentalFees(terms, price, rentPeriod);
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
        <li>{fees.line}</li>
        <li>{advanceRentLine(terms, rentPeriod)}</li>
        <li>No inspection, viewing or registration fee, ever.</li>
      </ul>
      <p className="mt-3 text-sm text-slate-600">{FEE_POLICY_NOTE}</p>
    </section>
  );
}
