import { Form } from "react-router";
import { AuthCard } from "~/components/auth/auth-fields";
import { CheckCircle2 } from "~/components/icons";
import { Alert } from "~/components/ui/alert";
import { LinkButton, SubmitButton } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";

// The pages behind the unsubscribe links of e-mails (saved-search alerts, owners' weekly
// reports): opening one changes nothing (mail scanners open links), its one button posts the
// signed token; then the page says what stopped.

/** The question: what the button stops, and the button posting the link's token. */
export function UnsubscribeCard({ intro, token }: { intro: string; token: string }) {
  const pending = useIsPending();
  return (
    <AuthCard title="Unsubscribe" intro={intro}>
      <Form method="post">
        <input type="hidden" name="token" value={token} />
        <SubmitButton pending={pending} pendingLabel="Unsubscribing..." fullWidth>
          Unsubscribe
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

/** The answer after the post: what stopped, and where to manage it. */
export function UnsubscribedCard({
  intro,
  message,
  next,
}: {
  intro: string;
  message: string;
  next: { to: string; label: string };
}) {
  return (
    <AuthCard title="Unsubscribed" intro={intro}>
      <Alert icon={CheckCircle2}>
        <p className="text-sm text-green-900">{message}</p>
      </Alert>
      <LinkButton to={next.to} fullWidth variant="outline" className="mt-6">
        {next.label}
      </LinkButton>
    </AuthCard>
  );
}
