import { useState } from "react";
import { Form } from "react-router";
import { CalendarPlus } from "~/components/icons";
import { Button, buttonVariants, SubmitButton } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsPending } from "~/hooks/use-is-pending";
import { formatMoment } from "~/lib/appointment-format";

// The staff member's own calendar address for their viewings: made (or remade) here, and shown
// once, right after, since only its hash is kept; with a one-tap "Subscribe" (the same address
// as webcal://, which phones hand to their calendar app; issue 47) beside the copy box.

/** The feed's address as a calendar app subscribes to it. */
export function webcalUrl(feedUrl: string): string {
  return feedUrl.replace(/^https?:\/\//, "webcal://");
}

export function CalendarFeedCard({
  createdAt,
  feedUrl,
}: {
  createdAt: Date | string | null;
  /** The new address, in the answer of the post that made it. */
  feedUrl?: string;
}) {
  const hydrated = useHydrated();
  const pending = useIsPending({ intent: "calendar-reset" });
  const [copied, setCopied] = useState(false);
  return (
    <details
      className="group rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      open={Boolean(feedUrl)}
    >
      <summary className="flex cursor-pointer items-center gap-2 font-semibold text-slate-900">
        <CalendarPlus className="size-5 text-brand-700" aria-hidden />
        Calendar feed
      </summary>
      <div className="mt-3 space-y-3 text-sm text-slate-700">
        <p>
          Subscribe to your viewings from your phone's or computer's calendar: confirmed ones, and
          pending ones marked "PENDING". The address is yours alone and works without signing in:
          keep it private.
        </p>
        {feedUrl ? (
          <div className="space-y-2" role="status">
            <p className="font-medium text-green-800">
              Your new calendar address. Subscribe or copy it now: it is shown only once.
            </p>
            <a
              href={webcalUrl(feedUrl)}
              className={buttonVariants({ size: "md", className: "min-h-11 w-fit" })}
            >
              <CalendarPlus className="size-5" aria-hidden />
              Subscribe
            </a>
            <div className="flex flex-wrap gap-2">
              <input
                readOnly
                value={feedUrl}
                aria-label="Calendar address"
                onFocus={(event) => event.currentTarget.select()}
                className="min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs"
              />
              {hydrated ? (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => {
                    void navigator.clipboard?.writeText(feedUrl).then(() => setCopied(true));
                  }}
                >
                  {copied ? "Copied" : "Copy"}
                </Button>
              ) : null}
            </div>
          </div>
        ) : createdAt ? (
          <p>Your current address was made {formatMoment(createdAt)}.</p>
        ) : (
          <p>You have no calendar address yet.</p>
        )}
        {createdAt ? (
          <ConfirmForm
            fields={{ intent: "calendar-reset" }}
            label="Reset calendar link"
            question="Make a new calendar link? The old one stops working."
            confirmLabel="Yes, make a new link"
            pendingLabel="Making..."
            variant="outline"
          />
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value="calendar-reset" />
            <SubmitButton pending={pending} pendingLabel="Making..." size="sm">
              Create calendar link
            </SubmitButton>
          </Form>
        )}
      </div>
    </details>
  );
}
