import { Badge } from "~/components/ui/badge";
import { SUBMISSION_STATUS_TONES } from "~/lib/status-tones";
import { SUBMISSION_STATUS_LABELS, type SubmissionStatus } from "~/lib/submissions";

/** Where a submission stands, in the owner's and the office's words alike. */
export function SubmissionStatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <Badge data-status={status} tone={SUBMISSION_STATUS_TONES[status]}>
      {SUBMISSION_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The steps of a submission so far, oldest first, with the office's messages. */
export function SubmissionHistory({
  history,
  viewer = "owner",
}: {
  viewer?: "owner" | "office";
  history: {
    id: string;
    toStatus: SubmissionStatus;
    note: string | null;
    createdAt: Date | string;
    byOffice: boolean;
  }[];
}) {
  return (
    <ol className="space-y-3">
      {history.map((step) => (
        <li key={step.id} className="flex flex-wrap items-start gap-x-3 gap-y-1 text-sm">
          <LagosTime value={step.createdAt} className="text-slate-500" />
          <SubmissionStatusBadge status={step.toStatus} />
          <span className="text-slate-600">
            {step.byOffice
              ? viewer === "owner"
                ? "by our office"
                : "by the office"
              : viewer === "owner"
                ? "by you"
                : "by the owner"}
          </span>
          {step.note ? (
            <p className="w-full whitespace-pre-line text-slate-800">{step.note}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** A moment in Lagos time, date and time: "29 Nov 2026, 2:05 pm". */
export function LagosTime({ value, className }: { value: Date | string; className?: string }) {
  const date = new Date(value);
  return (
    <time dateTime={date.toISOString()} className={className}>
      {date.toLocaleString("en-NG", {
        dateStyle: "medium",
        timeStyle: "short",
        timeZone: "Africa/Lagos",
      })}
    </time>
  );
}
