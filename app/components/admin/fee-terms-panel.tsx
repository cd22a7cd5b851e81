import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { fieldBinder, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { ActionFailure } from "~/lib/action-result";
import { FEE_POLICY_NOTE, type FeeTerms } from "~/lib/fee-terms";

// /admin/settings, General: the agency's fee terms (issue 45, item 5), shown on every listing's
// page where its costs are. Defaults: 10% agency and 10% legal fee of a year's rent, at most a
// year's rent in advance (six months on a monthly rent), 5% + 5% of a sale's price; and the
// limits a rental listing's fees must keep (issue 46): 10% + 10%, the advance-rent limit in
// Lagos outside Apapa, Ikeja GRA, Ikoyi and Victoria Island.

export const FEE_TERMS_INTENT = "fee-terms";

export function FeeTermsPanel({
  terms,
  failure,
}: {
  terms: FeeTerms;
  failure: ActionFailure | undefined;
}) {
  const pending = useIsPending({ intent: FEE_TERMS_INTENT });
  const shown = Object.fromEntries(Object.entries(terms).map(([k, v]) => [k, String(v)]));
  const bind = fieldBinder<keyof FeeTerms>(failure?.values ?? shown, failure?.fields ?? {});
  return (
    <Card as="section" aria-labelledby="fee-terms-title" className="space-y-3">
      <h2 id="fee-terms-title" className="text-lg font-semibold text-slate-900">
        Fee terms
      </h2>
      <p className="text-sm text-slate-600">
        What the office charges a tenant at signing, as percentages of a year's rent, and the most
        rent it asks in advance. Every rental's page shows them beside its costs, with the amounts,
        as "{FEE_POLICY_NOTE}" We never charge viewing or inspection fees, and the site says so.
      </p>
      <FormAlert error={failure?.error} />
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value={FEE_TERMS_INTENT} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Agency fee (% of a year's rent)"
            inputMode="decimal"
            {...bind("agencyFeePercent")}
          />
          <TextField
            label="Legal fee (% of a year's rent)"
            inputMode="decimal"
            {...bind("legalFeePercent")}
          />
          <TextField
            label="Rent in advance, yearly rent (most months)"
            inputMode="numeric"
            {...bind("advanceRentMonthsYearly")}
          />
          <TextField
            label="Rent in advance, monthly rent (most months)"
            inputMode="numeric"
            {...bind("advanceRentMonthsMonthly")}
          />
        </div>
        <h3 className="pt-2 text-base font-semibold text-slate-900">On a sale</h3>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Agency commission (% of the price)"
            inputMode="decimal"
            {...bind("saleAgencyFeePercent")}
          />
          <TextField
            label="Legal fee (% of the price)"
            inputMode="decimal"
            {...bind("saleLegalFeePercent")}
          />
        </div>
        <h3 className="pt-2 text-base font-semibold text-slate-900">Limits on a rental listing</h3>
        <p className="text-sm text-slate-600">
          The listing forms (staff, owners' submissions and change requests, the CSV import) refuse
          a rental whose agency or legal/agreement fee is over these shares of a year's rent, or, in
          Lagos outside the areas below, that asks a new tenant for more rent in advance than the
          months above.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Most agency fee (% of a year's rent)"
            inputMode="decimal"
            {...bind("agencyFeeCapPercent")}
          />
          <TextField
            label="Most legal/agreement fee (% of a year's rent)"
            inputMode="decimal"
            {...bind("legalFeeCapPercent")}
          />
        </div>
        <TextField
          label="Lagos areas without the advance-rent limit (comma-separated)"
          {...bind("exemptAreas")}
        />
        <SubmitButton pending={pending} pendingLabel="Saving...">
          Save fee terms
        </SubmitButton>
      </Form>
    </Card>
  );
}
