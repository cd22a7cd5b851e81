import { formatDistanceStrict } from "date-fns";
import { useId, useState } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { Button, SubmitButton } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  type ConflictChoices,
  conflictRows,
  type EditConflict,
  type FieldKind,
  fieldList,
  formatChangeTime,
} from "~/lib/edit-conflict";
import { AdminForm } from "./unsaved-changes";

// What a save over a newer version shows when the merge (issue 42, app/lib/edit-conflict.ts)
// finds fields both people changed: nothing was written; who changed the record and when; those
// fields only, theirs beside yours, a choice each; "Save my choices" posts them with the fields
// only you changed, on top of the version now. The form below shows the current values, so
// editing on from there (or "Discard my changes") keeps theirs.

/**
 * A route's `shouldRevalidate` for an edit form: after a save refused as stale (409) the page
 * loads again, so the form shows the record as it is now. In the route:
 * `export const shouldRevalidate = revalidateAfterConflict;`
 */
export function revalidateAfterConflict({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}

type PanelProps = {
  conflict: EditConflict;
  /** The form's fields by name, in order, with the labels the form shows. */
  labels: Readonly<Record<string, string>>;
  /** The words of a select's values (an account's name for its id), by field. */
  choices?: ConflictChoices;
  /** The fields' kinds (switches shown as Yes/No). */
  kinds?: Readonly<Record<string, FieldKind>>;
  /** The record in words: "this listing", "these contact details". */
  what: string;
  /** The location state the form passes on (a form in a dialog over a list). */
  state?: unknown;
  action?: string;
  encType?: "multipart/form-data";
};

/**
 * The panel of a save refused as stale or without its version (a failure's `conflict`); nothing
 * when there is none. A newer conflict shows afresh, even after "Discard my changes" hid the
 * last one.
 */
export function EditConflictPanel({
  conflict,
  ...props
}: Omit<PanelProps, "conflict"> & { conflict: EditConflict | undefined }) {
  return conflict ? <ConflictPanel key={conflict.version} conflict={conflict} {...props} /> : null;
}

/**
 * Only the fields both people changed are asked about, one choice each (theirs chosen until you
 * pick yours); the fields only you changed go with the choices, and the fields you did not touch
 * are posted as they are now, so no choice here can write a value you did not type. Works
 * without JavaScript: radio buttons in a plain form.
 */
function ConflictPanel({
  conflict,
  labels,
  choices,
  kinds,
  what,
  state,
  action,
  encType,
}: PanelProps) {
  const [dismissed, setDismissed] = useState(false);
  const pending = useIsPending({ formAction: action });
  const id = useId();
  if (dismissed) return null;
  const rows = conflictRows(conflict, labels, choices, kinds);
  const at = conflict.change ? new Date(conflict.change.at) : null;
  const title =
    conflict.reason === "no-version"
      ? `Not saved: the form did not say which version of ${what} it was opened at`
      : `Not saved: ${what} was changed while you were editing`;
  return (
    <section
      role="alert"
      aria-labelledby={`${id}-title`}
      className="mb-4 space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <h2 id={`${id}-title`} className="font-semibold text-amber-900">
        {title}
      </h2>
      <p className="text-amber-900">
        {conflict.reason === "no-version" ? (
          <>Nothing was saved, so nothing could be written over someone else's change.</>
        ) : conflict.change && at ? (
          <>
            <strong>{conflict.change.by}</strong> changed {what}{" "}
            <time dateTime={conflict.change.at}>
              {formatDistanceStrict(at, new Date(), { addSuffix: true })} ({formatChangeTime(at)})
            </time>
            .
          </>
        ) : (
          <>Someone else changed {what}.</>
        )}{" "}
        Nothing of yours was saved yet. The form below shows the current values.
      </p>
      {conflict.theirsKept.length ? (
        <p className="text-amber-900">
          Their changes to {fieldList(conflict.theirsKept, labels)} are kept.
        </p>
      ) : null}
      <AdminForm
        method="post"
        action={action}
        encType={encType}
        state={state}
        version={conflict.version}
        className="space-y-3"
      >
        {conflict.post.map(([name, value], index) => (
          <input key={index} type="hidden" name={name} value={value} />
        ))}
        {rows.length ? (
          <div className="overflow-x-auto">
            <table className="w-full table-fixed border-collapse text-left">
              <caption className="text-left font-medium text-amber-900">
                You both changed {rows.length === 1 ? "this field" : "these fields"}: choose which
                value to keep
              </caption>
              <thead>
                <tr className="border-b border-amber-200">
                  <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
                    Field
                  </th>
                  <th scope="col" className="py-1 pr-2 font-medium">
                    Now (theirs)
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Yours
                  </th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => {
                  const conflictOf = conflict.conflicts.find((c) => c.name === row.name);
                  return (
                    <tr key={row.name} className="border-b border-amber-100 align-top">
                      <th scope="row" className="py-1 pr-2 font-medium">
                        {row.label}
                      </th>
                      <td className="py-1 pr-2">
                        <label className="flex items-start gap-2">
                          <input
                            type="radio"
                            name={row.name}
                            value={conflictOf?.theirs ?? ""}
                            defaultChecked
                            aria-label={`Keep theirs: ${row.theirs}`}
                            className="mt-1"
                          />
                          <span className="whitespace-pre-wrap break-words">{row.theirs}</span>
                        </label>
                      </td>
                      <td className="py-1">
                        <label className="flex items-start gap-2">
                          <input
                            type="radio"
                            name={row.name}
                            value={conflictOf?.yours ?? ""}
                            aria-label={`Use mine: ${row.yours}`}
                            className="mt-1"
                          />
                          <span className="whitespace-pre-wrap break-words">{row.yours}</span>
                        </label>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : (
          <p className="text-amber-900">Your values are the same as the current ones.</p>
        )}
        {conflict.yoursTaken.length ? (
          <p className="text-amber-900">
            Your changes to {fieldList(conflict.yoursTaken, labels)} are saved with your choices.
          </p>
        ) : null}
        <div className="flex gap-2">
          <SubmitButton pending={pending} pendingLabel="Saving..." size="sm">
            Save my choices
          </SubmitButton>
          <Button variant="outline" size="sm" onClick={() => setDismissed(true)}>
            Discard my changes
          </Button>
        </div>
      </AdminForm>
    </section>
  );
}
