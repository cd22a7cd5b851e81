import { Form } from "react-router";
import { HoneypotField } from "~/components/honeypot-field";
import { Button } from "~/components/ui/button";
import { type TitleDocumentValue, titleDocumentLabel } from "~/lib/property-options";
import {
  describeTitleCheck,
  NO_TITLE_CHECK,
  TITLE_CHECKS,
  type TitleCheckValue,
  titleCheckRank,
} from "~/lib/title-check";
import { cn } from "~/lib/utils";

// A sale listing's title on its public page (issue 46): the document type and the highest check
// the office has done, with its date and who did it, in plain words; what every level means and
// what it does not guarantee (the levels reached are marked); and the button a signed-in buyer
// uses to ask for copies (signed out, it leads to sign-in first). One page for every visitor, so
// it caches like the rest of the listing.

export type TitleFacts = {
  id: string;
  city: string;
  titleDocument: TitleDocumentValue | null;
  titleCheck: TitleCheckValue | null;
  titleCheckedOn: string | null;
  titleCheckedBy: string | null;
  titleLawyer: string | null;
};

export function TitleCheckPanel({ property }: { property: TitleFacts }) {
  const checked = describeTitleCheck(property);
  const rank = titleCheckRank(property.titleCheck);
  return (
    <section
      id="title"
      aria-labelledby="title-heading"
      className="mt-8 rounded-lg border border-slate-200 p-4"
    >
      <h2 id="title-heading" className="text-xl font-semibold text-slate-900">
        Title and checks
      </h2>
      <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-slate-500">Title document</dt>
          <dd className="font-medium">
            {property.titleDocument ? titleDocumentLabel(property.titleDocument) : "Not stated"}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Highest check by our office</dt>
          <dd className="font-medium">{checked ?? "Not checked yet"}</dd>
        </div>
      </dl>
      {checked ? null : <p className="mt-2 text-sm text-slate-700">{NO_TITLE_CHECK}</p>}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">
          What each check means
        </summary>
        <ol className="mt-2 space-y-2">
          {TITLE_CHECKS.map((check, i) => (
            <li
              key={check.value}
              className={cn(
                "rounded border p-2",
                i < rank ? "border-green-300 bg-green-50" : "border-slate-200",
              )}
            >
              <p className="font-medium text-slate-900">
                {i + 1}. {check.label}
                {i < rank ? <span className="ml-2 text-green-800">(done)</span> : null}
              </p>
              <p className="text-slate-700">{check.means}</p>
              <p className="text-slate-500">Does not guarantee: {check.notGuaranteed}</p>
            </li>
          ))}
        </ol>
      </details>
      <Form method="post" action={`/property/${property.id}/title-copies`} className="mt-4">
        <HoneypotField />
        <Button type="submit" variant="outline" size="sm">
          Request copies of the title documents
        </Button>
        <p className="mt-1 text-xs text-slate-500">
          For signed-in buyers; the office answers by e-mail and on your dashboard.
        </p>
      </Form>
    </section>
  );
}
