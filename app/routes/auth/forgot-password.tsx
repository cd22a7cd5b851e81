import { Form, Link } from "react-router";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { AuthCard, AuthSwitchLink } from "~/components/auth/auth-fields";
import { HoneypotField } from "~/components/honeypot-field";
import { CheckCircle2 } from "~/components/icons";
import { Alert } from "~/components/ui/alert";
import { SubmitButton } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { isHoneypotTripped } from "~/http/honeypot.server";
import { readForm } from "~/http/read-form.server";
import { badRequest, limitAttempt, retryAfterHeaders } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { forgotPasswordSchema, PASSWORD_RESET_MESSAGES } from "~/lib/schemas/account";
import { pageMeta } from "~/lib/seo";
import { getClientIp, RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/forgot-password";

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const values = { email: String(form.get("email") ?? "") };
  // A bot gets the answer a person would get, and nothing is sent.
  if (isHoneypotTripped(form)) return { ok: true as const };

  const parsed = forgotPasswordSchema().safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? PASSWORD_RESET_MESSAGES.emailInvalid;
    return badRequest({ fields: { email: message }, values });
  }

  const { email } = parsed.data;
  const ip = getClientIp(args);
  const failure = { values, title: "Too many attempts" };
  // Per address whatever the e-mail (one address mailing many inboxes), then per e-mail.
  const limited =
    (await limitAttempt(
      rateLimitKey("passwordResetPerAddress", ip),
      RATE_LIMITS.passwordResetPerAddress,
      failure,
    )) ??
    (await limitAttempt(
      rateLimitKey("passwordReset", ip, email),
      RATE_LIMITS.passwordReset,
      failure,
    ));
  if (limited) return limited;

  await requestPasswordReset(email);
  return { ok: true as const };
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const pending = useIsPending();

  if (actionData?.ok) {
    return (
      <AuthCard title="Check Your Email" intro="Password reset">
        <Alert icon={CheckCircle2}>
          <p className="text-sm text-green-900">{PASSWORD_RESET_MESSAGES.requested}</p>
        </Alert>
        <p className="mt-4 text-sm text-slate-600">
          The link works once and expires after a short while. No e-mail? Check your spam folder, or{" "}
          <Link to="/forgot-password" reloadDocument className="text-brand-700 hover:underline">
            try again
          </Link>
          .
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to="/signin" className="font-medium text-brand-700 hover:underline">
            Back to Sign In
          </Link>
        </p>
      </AuthCard>
    );
  }

  const failure = failureOf(actionData);
  const error = failure?.error;
  return (
    <AuthCard
      title="Forgot Password"
      intro="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      <FormAlert error={error} />
      <Form method="post" className="relative space-y-4" noValidate>
        <HoneypotField />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={failure?.values?.email}
          error={failure?.fields?.email ?? (error ? " " : undefined)}
        />
        <SubmitButton pending={pending} pendingLabel="Sending..." fullWidth>
          Send Reset Link
        </SubmitButton>
      </Form>
      <AuthSwitchLink prompt="Remembered it?" link={["/signin", "Sign in"]} />
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Forgot Password",
    description: "Request a link to reset the password of your account.",
    path: "/forgot-password",
    noindex: true,
  });
