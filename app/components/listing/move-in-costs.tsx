import { type ListingFees, moveInLines, statesMoveInCosts } from "~/lib/listing-fees";
import { formatNaira, type RentPeriod } from "~/lib/money";

// A rental's move-in costs item by item, as the listing states them (issue 46, item 4): rent in
// advance, agency fee, legal/agreement fee, caution deposit, service charge, and the total a new
// tenant hands over. Nothing shows for a listing that states none of them.

export function MoveInCosts({
  fees,
  price,
  rentPeriod,
}: {
  fees: ListingFees;
  price: number;
  rentPeriod: RentPeriod;
}) {
  if (!statesMoveInCosts(fees)) return null;
  const { lines, total } = moveInLines(fees, price, rentPeriod);
  return (
    <section
      aria-labelledby="move-in-costs-heading"
      data-testid="move-in-costs"
      className="mt-8 rounded-lg border border-slate-200 p-4 sm:p-5"
    >
      <h2 id="move-in-costs-heading" className="text-xl font-semibold text-slate-900">
        Move-in costs
      </h2>
      <p className="mt-2 text-sm text-slate-600">
        What a new tenant pays before moving in, item by item. Get a receipt for each payment (the
        service charge on its own receipt).
      </p>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {lines.map((line) => (
          <div key={line.label} className="flex flex-wrap justify-between gap-x-4 py-2">
            <dt className="text-slate-600">
              {line.label}
              {line.note ? <span className="text-slate-500"> ({line.note})</span> : null}
            </dt>
            <dd className="font-semibold text-slate-900">{formatNaira(line.amount)}</dd>
          </div>
        ))}
        <div className="flex flex-wrap justify-between gap-x-4 py-2">
          <dt className="font-semibold text-slate-900">Total to move in</dt>
          <dd className="text-lg font-bold text-brand-900">{formatNaira(total)}</dd>
        </div>
      </dl>
    </section>
  );
}
