import { CheckCircle2 } from "lucide-react";
import { data, Form, Link } from "react-router";
import { z } from "zod";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { AuthCard, AuthSwitchLink, type FormError } from "~/components/auth/auth-fields";
import { HoneypotField } from "~/components/honeypot-field";
import { Alert } from "~/components/ui/alert";
import { SubmitButton } from "~/components/ui/button";
import { TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { isHoneypotTripped } from "~/lib/honeypot.server";
import { pageMeta } from "~/lib/seo";
import {
  consumeRateLimit,
  getClientIp,
  RATE_LIMITS,
  rateLimitKey,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/forgot-password";

/** The one answer to every well-formed request: it never says whether the e-mail is registered. */
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that e-mail, we have sent a link to reset your password.";

const TOO_MANY_ATTEMPTS_ERROR: FormError = {
  title: "Too many attempts",
  message: TOO_MANY_ATTEMPTS_MESSAGE,
};

const ForgotPasswordSchema = z.object({
  email: z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : ""),
    z
      .string()
      .min(1, "Please enter your email address")
      .pipe(z.email("Please enter a valid email address")),
  ),
});

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const values = { email: String(form.get("email") ?? "") };
  // A bot gets the answer a person would get, and nothing is sent.
  if (isHoneypotTripped(form)) return { sent: true as const };

  const parsed = ForgotPasswordSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Please enter a valid email address";
    return data({ fieldError: message, values }, { status: 400 });
  }

  const { email } = parsed.data;
  const limit = await consumeRateLimit(
    rateLimitKey("passwordReset", getClientIp(args), email),
    RATE_LIMITS.passwordReset,
  );
  if (!limit.allowed) {
    return data(
      { error: TOO_MANY_ATTEMPTS_ERROR, values },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }

  await requestPasswordReset(email);
  return { sent: true as const };
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const pending = useIsPending();

  if (actionData && "sent" in actionData) {
    return (
      <AuthCard title="Check Your Email" intro="Password reset">
        <Alert icon={CheckCircle2}>
          <p className="text-sm text-green-900">{RESET_REQUESTED_MESSAGE}</p>
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

  const error = actionData && "error" in actionData ? actionData.error : undefined;
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
          defaultValue={actionData && "values" in actionData ? actionData.values.email : undefined}
          error={
            actionData && "fieldError" in actionData
              ? actionData.fieldError
              : error
                ? " "
                : undefined
          }
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
