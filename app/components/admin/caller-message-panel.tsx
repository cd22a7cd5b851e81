import type { ViewingMessage } from "~/lib/viewing-message";

// The text to send the caller of an open viewing (issue 47 item 2): most callers booked on the
// phone have WhatsApp and many no e-mail. A WhatsApp link opens a chat with their number and
// the text filled in; the text itself is shown to copy into an SMS. Plain markup: works
// without JavaScript.

export function CallerMessagePanel({ message }: { message: ViewingMessage }) {
  return (
    <section
      aria-labelledby="caller-message-heading"
      className="space-y-3 rounded-md border border-emerald-200 bg-emerald-50 p-4"
    >
      <h2 id="caller-message-heading" className="text-lg font-semibold text-slate-900">
        Text for the caller
      </h2>
      <p className="text-sm text-slate-700">
        Send this by WhatsApp, or copy it into an SMS: it has everything they need to find the
        viewing.
      </p>
      <pre
        className="whitespace-pre-wrap rounded border border-emerald-200 bg-white p-3 font-sans text-sm text-slate-900"
        data-testid="caller-message"
      >
        {message.text}
      </pre>
      {message.whatsappUrl ? (
        <a
          href={message.whatsappUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center rounded-md bg-emerald-600 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-700"
        >
          Send by WhatsApp
        </a>
      ) : (
        <p className="text-sm text-slate-600">
          The number is not one WhatsApp can open: send the text by SMS.
        </p>
      )}
    </section>
  );
}
