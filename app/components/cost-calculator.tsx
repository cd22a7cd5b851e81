import { useState } from "react";
import { useSearchParams } from "react-router";
import { Calculator } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { SelectField, TextField } from "~/components/ui/field";
import { useHydrated } from "~/hooks/use-hydrated";
import { type FeeTerms, formatPercent, yearlyRent } from "~/lib/fee-terms";
import {
  type FieldSpec,
  initialFieldText,
  isCostable,
  MORTGAGE_DEFAULTS,
  MORTGAGE_FIELDS,
  MOVE_IN_DEFAULTS,
  mortgageCost,
  moveInCost,
  moveInFields,
  NHF_RATE_PERCENT,
  RENT_TERMS,
  readFields,
  readRentTerm,
  rentTermLabel,
} from "~/lib/home-cost";
import { FEE_ITEMS, feeAmount, type ListingFees } from "~/lib/listing-fees";
import { formatNaira, formatNumber, type RentPeriod } from "~/lib/money";
import { cn } from "~/lib/utils";

// "Cost in naira" on the property page: a mortgage calculator for a listing for sale, the
// move-in cost for one for rent (none for a listing sold or let). Rendered with the defaults (or the query's values) on the
// server, so the figures show without JavaScript, where "Recalculate" is a GET form back to
// this page; with JavaScript the figures follow the fields as the visitor types.

export const COST_SECTION_ID = "cost-in-naira";

/** The listing's move-in items are optional: a listing without them is costed as before. */
type CostProperty = Partial<ListingFees> & {
  serviceCharge: number | null;
  id: string;
  purpose: "sale" | "rent";
  status: string;
  price: number | null;
  rentPeriod: RentPeriod | null;
};

export function CostCalculator({
  property,
  feeTerms,
}: {
  property: CostProperty;
  /** The agency's fee terms: the move-in fees start from them. */
  feeTerms: FeeTerms;
}) {
  if (!isCostable(property) || property.price === null) return null;
  const heading = property.purpose === "sale" ? "Mortgage calculator" : "Move-in cost";
  return (
    <section
      id={COST_SECTION_ID}
      aria-labelledby={`${COST_SECTION_ID}-heading`}
      className="mt-8 scroll-mt-[calc(var(--header-height)+1rem)] rounded-lg border border-slate-200 p-4 sm:p-5"
    >
      <h2
        id={`${COST_SECTION_ID}-heading`}
        className="flex items-center gap-2 text-xl font-semibold text-slate-900"
      >
        <Calculator className="size-5 text-brand-700" aria-hidden />
        {heading}
      </h2>
      {property.purpose === "sale" ? (
        <MortgageCalculator propertyId={property.id} price={property.price} />
      ) : (
        <MoveInCalculator
          propertyId={property.id}
          rent={property.price}
          rentPeriod={property.rentPeriod ?? "month"}
          fees={property}
          feeTerms={feeTerms}
        />
      )}
    </section>
  );
}

function MortgageCalculator({ propertyId, price }: { propertyId: string; price: number }) {
  const { read, edited, field } = useCostFields(MORTGAGE_FIELDS);
  const cost = read.values
    ? mortgageCost({
        price,
        depositPercent: read.values.deposit,
        annualRatePercent: read.values.rate,
        termYears: read.values.term,
      })
    : null;

  return (
    <>
      <p className="mt-2 text-sm text-slate-600">
        What a mortgage on {formatNaira(price)} would cost each month. Assumptions you can change: a{" "}
        {MORTGAGE_DEFAULTS.depositPercent}% deposit, {MORTGAGE_DEFAULTS.annualRatePercent}% a year
        (Nigerian commercial lenders charge about 18-22%) over {MORTGAGE_DEFAULTS.termYears} years
        (they lend for up to 15-20).
      </p>
      <CalculatorForm propertyId={propertyId}>
        <TextField label="Deposit (%)" inputMode="decimal" {...field("deposit")} />
        <TextField label="Interest rate (% a year)" inputMode="decimal" {...field("rate")} />
        <TextField label="Term (years)" inputMode="numeric" {...field("term")} />
      </CalculatorForm>
      <Results
        lines={[
          ["Deposit", cost?.deposit],
          ["Loan", cost?.loan],
          [
            cost ? `Total of ${formatNumber(cost.months)} repayments` : "Total of repayments",
            cost?.totalRepaid,
          ],
          ["Interest", cost?.totalInterest],
          ["Total paid (deposit and repayments)", cost?.totalPaid],
        ]}
        headline={["Monthly repayment", cost?.monthly]}
        announcement={
          edited && cost
            ? `Monthly repayment ${formatNaira(cost.monthly)}. Total paid ${formatNaira(cost.totalPaid)}.`
            : ""
        }
      />
      <p className="mt-4 text-sm text-slate-600">
        National Housing Fund (NHF) contributors can borrow through the Federal Mortgage Bank of
        Nigeria at about {NHF_RATE_PERCENT}% a year: enter {NHF_RATE_PERCENT} as the rate to see it.
        An estimate, not an offer: lenders add their own fees and insurance.
      </p>
    </>
  );
}

/** The calculator's fee fields and the listing's fee each stands for when the listing states it. */
const FEE_FIELDS = [
  {
    key: "agency",
    item: FEE_ITEMS[0],
    label: "Agency fee (% of rent)",
    line: "Agency fee",
    cost: "agencyFee",
  },
  {
    key: "legal",
    item: FEE_ITEMS[1],
    label: "Legal fee (% of rent)",
    line: "Legal fee",
    cost: "legalFee",
  },
  {
    key: "caution",
    item: FEE_ITEMS[2],
    label: "Caution deposit (% of rent)",
    line: "Caution deposit",
    cost: "cautionDeposit",
  },
] as const;

function MoveInCalculator({
  propertyId,
  rent,
  rentPeriod,
  fees,
  feeTerms,
}: {
  propertyId: string;
  rent: number;
  rentPeriod: RentPeriod;
  /** The listing's own move-in items: a fee it states is its figure, not a field. */
  fees: Partial<ListingFees>;
  feeTerms: FeeTerms;
}) {
  const yearRent = yearlyRent(rent, rentPeriod);
  const stated = Object.fromEntries(
    FEE_FIELDS.map(({ key, item }) => [
      key,
      feeAmount(fees[item.amount] ?? null, fees[item.percent] ?? null, yearRent),
    ]),
  ) as Record<(typeof FEE_FIELDS)[number]["key"], number | null>;
  const allFields = moveInFields(feeTerms);
  const fields = Object.fromEntries(
    FEE_FIELDS.filter(({ key }) => stated[key] === null).map(({ key }) => [key, allFields[key]]),
    // Only the fees the listing leaves open are fields: a stated fee's value is never read.
  ) as typeof allFields;
  const serviceCharge = feeAmount(
    fees.serviceCharge ?? null,
    fees.serviceChargePercent ?? null,
    yearRent,
  );
  const { searchParams, read, edited, setEdited, field } = useCostFields(fields);
  const terms = RENT_TERMS[rentPeriod];
  const [periods, setPeriods] = useState(() =>
    readRentTerm(rentPeriod, searchParams.get(terms.param), fees.rentAdvanceMonths ?? null),
  );
  const cost = read.values
    ? moveInCost({
        rent,
        rentPeriod,
        serviceChargePerYear: serviceCharge,
        periods,
        agencyPercent: read.values.agency ?? 0,
        legalPercent: read.values.legal ?? 0,
        cautionPercent: read.values.caution ?? 0,
        stated: {
          agencyFee: stated.agency,
          legalFee: stated.legal,
          cautionDeposit: stated.caution,
        },
      })
    : null;
  const listingStates = FEE_FIELDS.some(({ key }) => stated[key] !== null);

  const period = rentTermLabel(rentPeriod, periods);

  return (
    <>
      <p className="mt-2 text-sm text-slate-600">
        {rentPeriod === "month"
          ? "This rent is paid by the month: some landlords ask for a few months up front, plus fees."
          : "Landlords in Nigeria usually ask for a year's rent (often two) up front, plus fees."}{" "}
        {listingStates ? (
          <>
            What moving in would cost: the fees this listing states are its own figures (on a year's
            rent, whatever you pay up front); the others are assumptions you can change, as a share
            of the rent paid. The service charge is the listing's.
          </>
        ) : (
          <>
            What moving in would cost, with assumptions you can change: our agency fee of{" "}
            {formatPercent(feeTerms.agencyFeePercent)} and legal fee of{" "}
            {formatPercent(feeTerms.legalFeePercent)} and a caution deposit of{" "}
            {MOVE_IN_DEFAULTS.cautionPercent}% (refundable when you leave), all of the rent paid;
            the service charge is the listing's.
          </>
        )}
      </p>
      <CalculatorForm propertyId={propertyId}>
        <SelectField
          label="Rent paid for"
          name={terms.param}
          value={String(periods)}
          onChange={(event) => {
            setPeriods(readRentTerm(rentPeriod, event.target.value));
            setEdited(true);
          }}
          options={terms.choices.map((n) => ({
            value: String(n),
            label: rentTermLabel(rentPeriod, n),
          }))}
        />
        {FEE_FIELDS.map(({ key, label }) =>
          stated[key] === null ? (
            <TextField key={key} label={label} inputMode="decimal" {...field(key)} />
          ) : null,
        )}
      </CalculatorForm>
      <Results
        lines={[
          [`Rent for ${period}`, cost?.rent],
          [
            `Service charge for ${period}`,
            serviceCharge === null ? "Not stated for this listing" : cost?.serviceCharge,
          ],
          ...FEE_FIELDS.map(({ key, item, line, cost: part }): [string, Amount] => [
            stated[key] === null ? line : `${item.label} (this listing's)`,
            cost?.[part],
          ]),
        ]}
        headline={["Total to move in", cost?.total]}
        announcement={edited && cost ? `Total to move in ${formatNaira(cost.total)}.` : ""}
      />
      <p className="mt-4 text-sm text-slate-600">
        An estimate: agree every fee in writing before you pay, and pay into an account in a
        company's or the landlord's name.
      </p>
    </>
  );
}

/**
 * A calculator's number fields: their text (the query's, else the defaults), what it reads as,
 * whether the visitor has changed anything (then the figures are announced), and each field's
 * name, value, change handler and error for its TextField.
 */
function useCostFields<K extends string>(fields: Record<K, FieldSpec>) {
  const [searchParams] = useSearchParams();
  const [text, setText] = useState(() => initialFieldText(fields, searchParams));
  const [edited, setEdited] = useState(false);
  const read = readFields(fields, text);
  function field(key: K) {
    return {
      name: key,
      autoComplete: "off",
      value: text[key],
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        setText((current) => ({ ...current, [key]: event.target.value }));
        setEdited(true);
      },
      error: read.errors[key],
    };
  }
  return { searchParams, read, edited, setEdited, field };
}

/**
 * The fields in a GET form back to this page. Without JavaScript 'Recalculate' reloads the page
 * with the values in the query (the server computes them); with it there is nothing to send.
 */
function CalculatorForm({
  propertyId,
  children,
}: {
  propertyId: string;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  return (
    <form
      method="get"
      action={`/property/${propertyId}#${COST_SECTION_ID}`}
      onSubmit={(event) => {
        if (hydrated) event.preventDefault();
      }}
      className="mt-4 grid grid-cols-2 items-end gap-x-3 gap-y-4 lg:grid-cols-4"
    >
      {children}
      {hydrated ? null : (
        <Button
          type="submit"
          variant="outline"
          size="lg"
          className="col-span-2 justify-self-start lg:col-span-4"
        >
          Recalculate
        </Button>
      )}
    </form>
  );
}

type Amount = number | string | undefined;

function Results({
  headline,
  lines,
  announcement,
}: {
  headline: [string, Amount];
  lines: [string, Amount][];
  announcement: string;
}) {
  return (
    <div className="mt-5">
      <dl className="rounded-md bg-brand-50 p-4">
        <dt className="text-sm font-medium text-brand-900">{headline[0]}</dt>
        <dd className="text-2xl font-bold text-brand-900">{showAmount(headline[1])}</dd>
      </dl>
      <dl className="mt-3 divide-y divide-slate-100 text-sm">
        {lines.map(([label, amount]) => (
          <div key={label} className="flex flex-wrap justify-between gap-x-4 py-2">
            <dt className="text-slate-600">{label}</dt>
            <dd
              className={cn(
                "font-semibold text-slate-900",
                typeof amount === "string" && "font-normal text-slate-600",
              )}
            >
              {showAmount(amount)}
            </dd>
          </div>
        ))}
      </dl>
      {/* Read out once the visitor changes a field (the figures above are not a live region,
          so each keystroke does not read the whole list). */}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

function showAmount(amount: Amount) {
  if (amount === undefined) return "Check the fields above";
  return typeof amount === "string" ? amount : formatNaira(amount);
}
