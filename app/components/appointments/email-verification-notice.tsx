import { useEffect } from "react";
import { Form } from "react-router";
import { MailCheck } from "~/components/icons";
import { toast } from "~/components/toaster";
import { SubmitButton } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";

// Shown on My Appointments while the account's e-mail is unconfirmed: bookings made with that
// address before signing up appear once the customer proves they read it.

export const VERIFICATION_SENT_TITLE = "Confirmation e-mail sent";

export function EmailVerificationNotice({
  email,
  sent,
}: {
  email: string;
  /** The action's answer after a successful send (a new object each time: one toast each). */
  sent: { sentTo: string } | undefined;
}) {
  const sentTo = sent?.sentTo;
  const pending = useIsPending({ intent: "sendVerification" });

  useEffect(() => {
    if (sent) toast.success(VERIFICATION_SENT_TITLE, { description: `Check ${sent.sentTo}.` });
  }, [sent]);

  return (
    <section
      aria-labelledby="verify-email-heading"
      className="rounded-lg border border-amber-200 bg-amber-50 p-4"
    >
      <div className="flex gap-3">
        <MailCheck className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
        <div className="min-w-0 space-y-2 text-sm text-amber-950">
          <h2 id="verify-email-heading" className="font-semibold">
            Confirm your e-mail address
          </h2>
          <p>
            Bookings made with <strong className="break-all">{email}</strong> before you signed up
            will appear here once the address is confirmed.
          </p>
          {sentTo ? (
            <p role="status" className="font-medium">
              We have sent a confirmation link to {sentTo}. It works once, for 24 hours.
            </p>
          ) : null}
          <Form method="post">
            <input type="hidden" name="intent" value="sendVerification" />
            <SubmitButton pending={pending} pendingLabel="Sending..." variant="warning" size="sm">
              {sentTo ? "Send it again" : "Send confirmation e-mail"}
            </SubmitButton>
          </Form>
        </div>
      </div>
    </section>
  );
}
