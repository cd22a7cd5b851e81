import { Form } from "react-router";
import { SubmitButton } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import { THREAD_INTENT, THREAD_MESSAGE_MAX } from "~/lib/submission-thread";
import { LagosTime } from "./submission-status";

// The thread between an owner and the office on a submission (issue 47), on the owner's pages
// and the admin submission page: each message with who wrote it and when, and a plain form
// (works without JavaScript) posting intent "message" to the page's action.

export type ThreadEntry = {
  id: string;
  fromOffice: boolean;
  author: string;
  body: string;
  createdAt: Date | string;
};

export function SubmissionThread({
  messages,
  viewer,
  error,
  value,
  hint,
}: {
  messages: ThreadEntry[];
  viewer: "owner" | "office";
  /** The refused message's reason, shown beside the field. */
  error?: string;
  /** What was typed, kept after a refusal. */
  value?: string;
  hint?: string;
}) {
  const pending = useIsPending({ intent: THREAD_INTENT });
  const side = (fromOffice: boolean) =>
    fromOffice
      ? viewer === "owner"
        ? "our office"
        : "office"
      : viewer === "owner"
        ? "you"
        : "owner";
  return (
    <section aria-labelledby="thread-title" className="space-y-3">
      <h2 id="thread-title" className="text-lg font-semibold text-slate-900">
        Messages
      </h2>
      {messages.length === 0 ? (
        <p className="text-sm text-slate-600">
          {viewer === "owner"
            ? "No messages yet. Ask our office anything about this property here."
            : "No messages with the owner yet."}
        </p>
      ) : (
        <ol className="space-y-3">
          {messages.map((message) => (
            <li
              key={message.id}
              data-from={message.fromOffice ? "office" : "owner"}
              className={`rounded-lg border p-3 text-sm ${
                message.fromOffice ? "border-blue-200 bg-blue-50" : "border-slate-200 bg-white"
              }`}
            >
              <p className="flex flex-wrap gap-x-2 text-slate-600">
                <span className="font-semibold text-slate-900">{message.author}</span>
                <span>({side(message.fromOffice)})</span>
                <LagosTime value={message.createdAt} />
              </p>
              <p className="mt-1 whitespace-pre-line text-slate-800">{message.body}</p>
            </li>
          ))}
        </ol>
      )}
      <Form method="post" className="space-y-3" noValidate>
        <input type="hidden" name="intent" value={THREAD_INTENT} />
        <TextAreaField
          label={viewer === "owner" ? "Write to our office" : "Reply to the owner"}
          name="body"
          rows={3}
          maxLength={THREAD_MESSAGE_MAX}
          hint={hint}
          defaultValue={value ?? ""}
          error={error}
        />
        <SubmitButton pending={pending} pendingLabel="Sending..." variant="outline">
          Send message
        </SubmitButton>
      </Form>
    </section>
  );
}
