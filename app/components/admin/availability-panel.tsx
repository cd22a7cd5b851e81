import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { fieldBinder, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { ActionFailure } from "~/lib/action-result";
import type { AvailabilityRules } from "~/lib/availability";

// /admin/settings, General: the dated availability periods (issue 46). A listing whose last
// confirmation is older than its period leaves the search, the lists, the sitemap and the home
// page by itself; the reminders go out before; a let or sold badge shows for a while.

export const AVAILABILITY_INTENT = "availability";

export function AvailabilityPanel({
  rules,
  failure,
}: {
  rules: AvailabilityRules;
  failure: ActionFailure | undefined;
}) {
  const pending = useIsPending({ intent: AVAILABILITY_INTENT });
  const shown = Object.fromEntries(Object.entries(rules).map(([k, v]) => [k, String(v)]));
  const bind = fieldBinder<keyof AvailabilityRules>(
    failure?.values ?? shown,
    failure?.fields ?? {},
  );
  return (
    <Card as="section" aria-labelledby="availability-title" className="space-y-3">
      <h2 id="availability-title" className="text-lg font-semibold text-slate-900">
        Availability
      </h2>
      <p className="text-sm text-slate-600">
        Every listing shows when its availability was last confirmed, and by whom. A listing not
        confirmed within its period leaves the search, the lists and the home page by itself (its
        page stays, saying "Availability being checked") until an agent or its owner confirms it.
        Its agent (and its owner) are reminded by e-mail before the period ends.
      </p>
      <FormAlert error={failure?.error} />
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="intent" value={AVAILABILITY_INTENT} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Rentals and short-lets: confirm every (days)"
            inputMode="numeric"
            {...bind("rentDays")}
          />
          <TextField
            label="Sales: confirm every (days)"
            inputMode="numeric"
            {...bind("saleDays")}
          />
          <TextField
            label="Reminder before the period ends (days)"
            inputMode="numeric"
            {...bind("reminderDays")}
          />
          <TextField
            label="Let or sold badge shown for (days)"
            inputMode="numeric"
            {...bind("closedBadgeDays")}
          />
        </div>
        <SubmitButton pending={pending} pendingLabel="Saving...">
          Save availability periods
        </SubmitButton>
      </Form>
    </Card>
  );
}
