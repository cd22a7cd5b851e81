import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxField } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import { INTEREST_ALERTS_INTENT, INTEREST_ALERTS_LABEL } from "~/lib/owner-alerts";
import { WEEKLY_REPORT_INTENT, WEEKLY_REPORT_LABEL } from "~/lib/owner-report";

// My Listings' switches for the owner's e-mails: the weekly report (issue 20, opt-in) and the
// same-day e-mail about an inquiry or a booked viewing (issue 47, on unless turned off). Each is
// a checkbox and Save, posted to the page's action, so it works before (and without) JavaScript.

function OwnerMailSwitch({
  intent,
  name,
  label,
  hint,
  enabled,
  error,
}: {
  intent: string;
  name: string;
  label: string;
  hint: string;
  enabled: boolean;
  error?: string;
}) {
  const pending = useIsPending({ intent });
  return (
    <Card padding="sm">
      <Form method="post" className="flex flex-wrap items-end justify-between gap-3">
        <input type="hidden" name="intent" value={intent} />
        <CheckboxField
          name={name}
          label={label}
          defaultChecked={enabled}
          error={error}
          hint={hint}
        />
        <SubmitButton pending={pending} pendingLabel="Saving..." size="sm" variant="outline">
          Save
        </SubmitButton>
      </Form>
    </Card>
  );
}

export function WeeklyReportForm({ enabled, error }: { enabled: boolean; error?: string }) {
  return (
    <OwnerMailSwitch
      intent={WEEKLY_REPORT_INTENT}
      name="weeklyReport"
      label={WEEKLY_REPORT_LABEL}
      hint="Every Monday morning: each live listing's views, viewings booked and saves over the week."
      enabled={enabled}
      error={error}
    />
  );
}

export function InterestAlertsForm({ enabled, error }: { enabled: boolean; error?: string }) {
  return (
    <OwnerMailSwitch
      intent={INTEREST_ALERTS_INTENT}
      name="interestAlerts"
      label={INTEREST_ALERTS_LABEL}
      hint="The same day, with the date and your agent's name; who asked stays with us."
      enabled={enabled}
      error={error}
    />
  );
}
