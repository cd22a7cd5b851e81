import { formatDistanceStrict } from "date-fns";
import { useState } from "react";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { Button, SubmitButton } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  type ConflictChoices,
  conflictRows,
  type EditConflict,
  formatChangeTime,
} from "~/lib/edit-conflict";
import { AdminForm } from "./unsaved-changes";

// What a save over a newer version shows (issue 23): nothing of yours was written; who changed
// the record and when; the fields that differ, theirs beside yours; "Use my changes" posts what
// you sent again on top of the version now. The form below shows the current values, so
// editing on from there (or leaving it) keeps theirs.

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
  /** The record in words: "this listing", "these contact details". */
  what: string;
  /** The location state the form passes on (a form in a dialog over a list). */
  state?: unknown;
  action?: string;
  encType?: "multipart/form-data";
};

/**
 * The panel of a save refused as stale (a failure's `conflict`); nothing when there is none. A
 * newer conflict shows afresh, even after "Keep theirs" hid the last one.
 */
export function EditConflictPanel({
  conflict,
  ...props
}: Omit<PanelProps, "conflict"> & { conflict: EditConflict | undefined }) {
  return conflict ? <ConflictPanel key={conflict.version} conflict={conflict} {...props} /> : null;
}

function ConflictPanel({ conflict, labels, choices, what, state, action, encType }: PanelProps) {
  const [dismissed, setDismissed] = useState(false);
  const pending = useIsPending({ formAction: action });
  if (dismissed) return null;
  const rows = conflictRows(conflict, labels, choices);
  const at = conflict.change ? new Date(conflict.change.at) : null;
  return (
    <section
      role="alert"
      aria-labelledby="conflict-title"
      className="mb-4 space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm"
    >
      <h2 id="conflict-title" className="font-semibold text-amber-900">
        Not saved: {what} was changed while you were editing
      </h2>
      <p className="text-amber-900">
        {conflict.change && at ? (
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
        Nothing of yours was saved. The form now shows the current values.
      </p>
      {rows.length ? (
        <div className="overflow-x-auto">
          <table className="w-full table-fixed border-collapse text-left">
            <caption className="sr-only">Fields that differ</caption>
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
              {rows.map((row) => (
                <tr key={row.name} className="border-b border-amber-100 align-top">
                  <th scope="row" className="py-1 pr-2 font-medium">
                    {row.label}
                  </th>
                  <td className="whitespace-pre-wrap break-words py-1 pr-2">{row.theirs}</td>
                  <td className="whitespace-pre-wrap break-words py-1">{row.yours}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-amber-900">Your values are the same as the current ones.</p>
      )}
      <AdminForm
        method="post"
        action={action}
        encType={encType}
        state={state}
        version={conflict.version}
        className="flex gap-2"
      >
        {conflict.yours.map(([name, value], index) => (
          <input key={index} type="hidden" name={name} value={value} />
        ))}
        <SubmitButton pending={pending} pendingLabel="Saving..." size="sm">
          Use my changes
        </SubmitButton>
        <Button variant="outline" size="sm" onClick={() => setDismissed(true)}>
          Keep theirs
        </Button>
      </AdminForm>
    </section>
  );
}
