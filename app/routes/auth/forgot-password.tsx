import { CheckCircle2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { requestPasswordReset } from "~/auth/password-reset.server";
import { AuthCard, FormAlert, SubmitButton, TextField } from "~/components/auth/auth-fields";
import { HoneypotField } from "~/components/honeypot-field";
import { failureOf } from "~/lib/action-result";
import { isHoneypotTripped } from "~/lib/honeypot.server";
import { badRequest, limitAttempt } from "~/lib/http.server";
import { forgotPasswordSchema, PASSWORD_RESET_MESSAGES } from "~/lib/schemas/account";
import { pageMeta } from "~/lib/seo";
import { getClientIp, RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/forgot-password";

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const values = { email: String(form.get("email") ?? "") };
  // A bot gets the answer a person would get, and nothing is sent.
  if (isHoneypotTripped(form)) return { ok: true as const };

  const parsed = forgotPasswordSchema().safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? PASSWORD_RESET_MESSAGES.emailInvalid;
    return badRequest({ fields: { email: message }, values });
  }

  const { email } = parsed.data;
  const limited = await limitAttempt(
    rateLimitKey("passwordReset", getClientIp(args), email),
    RATE_LIMITS.passwordReset,
    { values, title: "Too many attempts" },
  );
  if (limited) return limited;

  await requestPasswordReset(email);
  return { ok: true as const };
}

export default function ForgotPasswordPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formAction?.startsWith("/forgot-password") === true;

  if (actionData?.ok) {
    return (
      <AuthCard title="Check Your Email" intro="Password reset">
        <div
          role="status"
          className="flex gap-3 rounded-md border border-green-200 bg-green-50 p-4"
        >
          <CheckCircle2 className="size-5 shrink-0 text-green-700" aria-hidden />
          <p className="text-sm text-green-900">{PASSWORD_RESET_MESSAGES.requested}</p>
        </div>
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
        <SubmitButton pending={pending} label="Send Reset Link" pendingLabel="Sending..." />
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Remembered it?{" "}
        <Link to="/signin" className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
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
