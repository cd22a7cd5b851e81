import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CheckboxField } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import { WEEKLY_REPORT_INTENT, WEEKLY_REPORT_LABEL } from "~/lib/owner-report";

// My Listings' opt-in to the weekly e-mail report (issue 20): a checkbox and Save, posted to the
// page's action, so it works before (and without) JavaScript.

export function WeeklyReportForm({ enabled, error }: { enabled: boolean; error?: string }) {
  const pending = useIsPending({ intent: WEEKLY_REPORT_INTENT });
  return (
    <Card padding="sm">
      <Form method="post" className="flex flex-wrap items-end justify-between gap-3">
        <input type="hidden" name="intent" value={WEEKLY_REPORT_INTENT} />
        <CheckboxField
          name="weeklyReport"
          label={WEEKLY_REPORT_LABEL}
          defaultChecked={enabled}
          error={error}
          hint="Every Monday morning: each live listing's views, viewings booked and saves over the week."
        />
        <SubmitButton pending={pending} pendingLabel="Saving..." size="sm" variant="outline">
          Save
        </SubmitButton>
      </Form>
    </Card>
  );
}
