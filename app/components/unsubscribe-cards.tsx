import { Form } from "react-router";
import { AuthCard, DeadLinkCard } from "~/components/auth/auth-fields";
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

/**
 * An owner's unsubscribe page (app/http/owner-unsubscribe.server.ts): the question, the answer
 * after the post, or why the link does nothing.
 */
export function OwnerUnsubscribePage({
  loaderData,
  actionData,
  intro,
  question,
  messages,
  next,
}: {
  loaderData: { token: string; subscriber: { email: string; enabled: boolean } | null };
  actionData: { ok: true; alreadyOff: boolean } | { ok: false; reason?: string } | undefined;
  intro: string;
  question: (email: string) => string;
  messages: { unsubscribed: string; alreadyOff: string; badLink: string };
  next: { to: string; label: string };
}) {
  if (actionData?.ok) {
    const message = actionData.alreadyOff ? messages.alreadyOff : messages.unsubscribed;
    return <UnsubscribedCard intro={intro} message={message} next={next} />;
  }
  const { subscriber, token } = loaderData;
  if (!subscriber || actionData?.reason === "invalid-link") {
    const error = { title: "Invalid link", message: messages.badLink };
    return <DeadLinkCard title="Unsubscribe" intro={intro} error={error} next={next} />;
  }
  if (!subscriber.enabled) {
    return (
      <AuthCard title="Unsubscribe" intro={intro}>
        <p className="text-sm text-slate-700">{messages.alreadyOff}</p>
        <LinkButton to={next.to} fullWidth variant="outline" className="mt-6">
          {next.label}
        </LinkButton>
      </AuthCard>
    );
  }
  return <UnsubscribeCard intro={question(subscriber.email)} token={token} />;
}
