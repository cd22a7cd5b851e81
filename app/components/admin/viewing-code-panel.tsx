import { Form } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { FormMessage } from "~/lib/action-result";
import { codeCheckLabel, VIEWING_CODE_STAFF_ADVICE } from "~/lib/viewing-code";

// The viewing code on a viewing's staff screen (issue 45 item 4): the four digits the agent
// says when they meet the customer, and, once the viewing has started (or is completed), the
// record of whether the customer's code matched. A "no" is flagged on the viewing and the list.

export const CODE_CHECK_INTENT = "code-check";

/** The recorded check as a badge: green matched, red not matched (the flag). */
export function CodeCheckBadge({ matched }: { matched: boolean | null }) {
  if (matched === null) return null;
  return (
    <Badge tone={matched ? "green" : "red"} data-code-matched={matched ? "yes" : "no"}>
      {codeCheckLabel(matched)}
    </Badge>
  );
}

export function ViewingCodePanel({
  code,
  matched,
  canRecord,
  fields,
  error,
  state,
}: {
  code: string;
  matched: boolean | null;
  /** Whether the check may be recorded now (confirmed and started, or completed). */
  canRecord: boolean;
  /** Hidden fields: back, the version. */
  fields: Record<string, string>;
  error?: FormMessage;
  state: unknown;
}) {
  const pending = useIsPending({ intent: CODE_CHECK_INTENT });
  return (
    <section aria-labelledby="viewing-code-heading" className="space-y-3">
      <h2 id="viewing-code-heading" className="text-lg font-semibold text-slate-900">
        Viewing code
      </h2>
      <p className="flex flex-wrap items-center gap-3">
        <span className="font-mono text-2xl tracking-widest" data-testid="staff-viewing-code">
          {code}
        </span>
        <CodeCheckBadge matched={matched} />
      </p>
      <p className="text-sm text-slate-600">{VIEWING_CODE_STAFF_ADVICE}</p>
      {matched === false ? (
        <p className="text-sm font-medium text-red-700" role="note">
          Flagged: the customer's code did not match. Check who met them before anything is paid or
          signed.
        </p>
      ) : null}
      {canRecord ? (
        <Form method="post" state={state} className="space-y-2">
          <input type="hidden" name="intent" value={CODE_CHECK_INTENT} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <FormAlert error={error} />
          <fieldset className="flex flex-wrap items-center gap-2">
            <legend className="mb-2 text-sm font-medium text-slate-900">
              {matched === null
                ? "Did the customer's code match?"
                : "Record again (the history keeps both):"}
            </legend>
            <Button type="submit" name="codeMatched" value="yes" size="sm" disabled={pending}>
              Code matched
            </Button>
            <Button
              type="submit"
              name="codeMatched"
              value="no"
              size="sm"
              variant="destructive-outline"
              disabled={pending}
            >
              Code did not match
            </Button>
          </fieldset>
        </Form>
      ) : null}
    </section>
  );
}
