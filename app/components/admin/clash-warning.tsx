import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { formatAppointmentDate, shortId } from "~/lib/appointment-format";
import { CONFIRM_FIELD, CONFIRM_VALUE, type ConfirmQuestion } from "~/lib/confirm";
import { CLASH_REASON_LABELS, type ViewingClash } from "~/lib/viewing-clash";

// The warning a staff booking or move gets when it overlaps another open viewing of the same
// listing or agent (issue 47 item 2): which bookings clash, and a form that posts the same
// fields again with `confirmed=yes` ("Book anyway"). Nothing was written; works without
// JavaScript. The form below it stays editable to choose another time instead.

/** What the action answers when a booking or move clashes: nothing written yet. */
export type ClashAnswer = { clashes: ViewingClash[]; confirm: ConfirmQuestion };

/** The action's clash answer, if `actionData` is one. */
export function clashAnswerOf(actionData: unknown): ClashAnswer | undefined {
  if (!actionData || typeof actionData !== "object" || !("clashes" in actionData)) return undefined;
  return actionData as ClashAnswer;
}

/** One clashing booking as a line: "Tue, ... 11:00 AM: NH-LAG-0421 "Title", Ngozi (same agent)". */
export function clashLine(clash: ViewingClash): string {
  const listing = clash.propertyCode
    ? `${clash.propertyCode} "${clash.propertyTitle ?? ""}"`
    : "no specific listing";
  const who = clash.customerName ?? "another agent's caller";
  const agent = clash.agentName ? `agent ${clash.agentName}` : "the office";
  return `${formatAppointmentDate(clash.appointmentDate)}, ${clash.appointmentTime}: ${listing}, ${who} with ${agent}, booking ${shortId(clash.id)} (${CLASH_REASON_LABELS[clash.reason]})`;
}

export function ClashWarning({
  answer,
  anywayLabel,
  state,
}: {
  answer: ClashAnswer;
  /** "Book anyway", "Move anyway". */
  anywayLabel: string;
  state?: unknown;
}) {
  const pending = useIsPending({ match: { [CONFIRM_FIELD]: CONFIRM_VALUE } });
  return (
    <div
      role="alert"
      className="space-y-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="clash-warning"
    >
      <p className="font-semibold">{answer.confirm.question}</p>
      <ul className="list-disc space-y-1 pl-5">
        {answer.clashes.map((clash) => (
          <li key={clash.id}>{clashLine(clash)}</li>
        ))}
      </ul>
      <Form method="post" state={state} className="flex flex-wrap items-center gap-3">
        {Object.entries(answer.confirm.fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name={CONFIRM_FIELD} value={CONFIRM_VALUE} />
        <SubmitButton pending={pending} pendingLabel="Saving..." variant="destructive-outline">
          {anywayLabel}
        </SubmitButton>
        <span>or choose another date or time below.</span>
      </Form>
    </div>
  );
}
