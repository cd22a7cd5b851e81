import { Form } from "react-router";
import { Bell, ExternalLink } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { SelectField, TextField } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import { formatNumber } from "~/lib/money";
import {
  ALERT_FREQUENCIES,
  type AlertFrequency,
  alertFrequencyLabel,
  SAVED_SEARCH_NAME_MAX,
} from "~/lib/schemas/saved-search";

// One saved search on /dashboard/searches: its name and what it looks for, the new matches,
// and its forms (Open, Rename, Alerts, Delete), each a plain post with the search's id.

export type SavedSearchCardData = {
  id: string;
  name: string;
  description: string;
  frequency: AlertFrequency;
  newMatches: number;
};

export type SavedSearchFailure = {
  intent: string;
  fields: Partial<Record<string, string>>;
  values: Record<string, string>;
};

const FREQUENCY_OPTIONS = ALERT_FREQUENCIES.map(({ value, label }) => ({ value, label }));

export function SavedSearchCard({
  search,
  failure,
}: {
  search: SavedSearchCardData;
  failure?: SavedSearchFailure;
}) {
  const pending = useIsPending();
  const renameFailed = failure?.intent === "rename";
  const alertsFailed = failure?.intent === "alerts";
  const headingId = `search-${search.id}`;
  return (
    <Card as="article" padding="md" aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id={headingId} className="break-words text-lg font-semibold text-slate-900">
            {search.name}
          </h2>
          <p className="text-sm text-slate-600">{search.description}</p>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
            <Badge tone={search.newMatches > 0 ? "green" : "slate"}>
              {search.newMatches === 1
                ? "1 new match"
                : `${formatNumber(search.newMatches)} new matches`}
            </Badge>
            <span className="inline-flex items-center gap-1">
              <Bell className="size-4" aria-hidden />
              Alerts: {alertFrequencyLabel(search.frequency)}
            </span>
          </p>
        </div>
        <Form method="post">
          <input type="hidden" name="intent" value="open" />
          <input type="hidden" name="id" value={search.id} />
          <SubmitButton pending={false} pendingLabel="Opening..." size="sm">
            <ExternalLink className="size-4" aria-hidden />
            Open
          </SubmitButton>
        </Form>
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <Form method="post" className="flex items-end gap-2" noValidate>
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={search.id} />
          <div className="min-w-0 flex-1">
            <TextField
              label="Name"
              name="name"
              defaultValue={renameFailed ? failure?.values.name : search.name}
              error={renameFailed ? failure?.fields.name : undefined}
              maxLength={SAVED_SEARCH_NAME_MAX}
            />
          </div>
          <SubmitButton pending={pending} pendingLabel="Saving..." size="md" variant="outline">
            Rename
          </SubmitButton>
        </Form>
        <Form method="post" className="flex items-end gap-2">
          <input type="hidden" name="intent" value="alerts" />
          <input type="hidden" name="id" value={search.id} />
          <div className="min-w-0 flex-1">
            <SelectField
              label="E-mail alerts"
              name="frequency"
              options={FREQUENCY_OPTIONS}
              defaultValue={alertsFailed ? failure?.values.frequency : search.frequency}
              error={alertsFailed ? failure?.fields.frequency : undefined}
            />
          </div>
          <SubmitButton pending={pending} pendingLabel="Saving..." size="md" variant="outline">
            Update
          </SubmitButton>
        </Form>
      </div>

      <ConfirmForm
        fields={{ intent: "delete", id: search.id }}
        label="Delete"
        question="Delete this saved search?"
        description="Its alerts stop. The listings stay on the site."
        confirmLabel="Yes, delete it"
        pendingLabel="Deleting..."
        variant="destructive-outline"
        size="xs"
        withoutJs="ask"
      />
    </Card>
  );
}
