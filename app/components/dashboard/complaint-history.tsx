import { ErrorNotice } from "~/components/ui/alert";
import { StatusBadge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { shortId } from "~/lib/appointment-format";
import { formatDay } from "~/lib/dates";
import { INQUIRY_SOURCE_LABELS } from "~/lib/schemas/inquiry";
import { INQUIRY_STATUS_TONES } from "~/lib/status-tones";
import type { CustomerInquiry } from "~/models/inquiry.server";
import { EmptyState } from "./empty-state";

/** The customer's complaints and other messages, newest first, with the office's answers. */
export function ComplaintHistory({
  items,
  loadError,
}: {
  items: CustomerInquiry[];
  loadError: string | null;
}) {
  return (
    <section aria-labelledby="complaint-history" className="space-y-4">
      <h2 id="complaint-history" className="text-xl font-semibold text-slate-900">
        Complaint History
      </h2>
      {loadError ? (
        <ErrorNotice>{loadError}</ErrorNotice>
      ) : items.length === 0 ? (
        <EmptyState
          title="No Complaints Yet"
          text="Complaints and messages you send us appear here with our answers."
        />
      ) : (
        <ul className="space-y-4">
          {items.map((item) => (
            <Card as="li" padding="sm" key={item.id}>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-slate-600">
                  <time dateTime={new Date(item.createdAt).toISOString()}>
                    {formatDay(item.createdAt)}
                  </time>
                  {" · "}
                  <span className="font-mono">#{shortId(item.id)}</span>
                  {" · "}
                  {INQUIRY_SOURCE_LABELS[item.source]}
                </p>
                <StatusBadge status={item.status} tones={INQUIRY_STATUS_TONES} />
              </div>
              {item.subject ? (
                <p className="mt-2 font-medium text-slate-900">{item.subject}</p>
              ) : null}
              <p className="mt-2 whitespace-pre-wrap break-words text-slate-800">
                {item.description}
              </p>
              {item.response ? (
                <div className="mt-3 rounded-md border-l-4 border-green-500 bg-green-50 p-3">
                  <p className="text-sm font-semibold text-green-900">Admin Response</p>
                  <p className="mt-1 whitespace-pre-wrap break-words text-sm text-green-900">
                    {item.response}
                  </p>
                </div>
              ) : null}
            </Card>
          ))}
        </ul>
      )}
    </section>
  );
}
