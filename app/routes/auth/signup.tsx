import { Form, redirect, useSearchParams } from "react-router";
import { registerAccount } from "~/auth/accounts.server";
import { getSessionUser, safeRedirectPath } from "~/auth/session.server";
import { AuthCard, AuthSwitchLink, NewPasswordFields } from "~/components/auth/auth-fields";
import { HoneypotField } from "~/components/honeypot-field";
import { SubmitButton } from "~/components/ui/button";
import { TextField, type TextFieldSpec } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { isHoneypotTripped } from "~/http/honeypot.server";
import { readForm } from "~/http/read-form.server";
import {
  badRequest,
  limitAttempt,
  redirectWithFlash,
  retryAfterHeaders,
} from "~/http/responses.server";
import { SIGN_UP_MESSAGES, signUpSchema } from "~/lib/schemas/account";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { pageMeta } from "~/lib/seo";
import { queueSignUpAttemptEmail } from "~/mail/sign-up-attempt.server";
import { getClientIp, RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/signup";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/dashboard");
  return null;
}

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = {
    firstName: String(form.get("firstName") ?? ""),
    lastName: String(form.get("lastName") ?? ""),
    email: String(form.get("email") ?? ""),
  };
  // Sign in next, then back to where the visitor was going (List your property), if anywhere.
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "");
  const signIn = redirectTo ? `/signin?redirectTo=${encodeURIComponent(redirectTo)}` : "/signin";
  // A bot is answered like a person whose account was created; nothing is stored.
  if (isHoneypotTripped(form)) throw redirectWithFlash(signIn, "accountCreated");
  const limited = await limitAttempt(
    rateLimitKey("signUp", getClientIp({ request, context })),
    RATE_LIMITS.signUp,
    { values },
  );
  if (limited) return limited;
  const parsed = signUpSchema().safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const missing = Object.values(fields).includes(SIGN_UP_MESSAGES.missing);
    const first = missing ? SIGN_UP_MESSAGES.missing : Object.values(fields)[0];
    const error = { title: "Validation Error", message: first ?? SIGN_UP_MESSAGES.missing };
    return badRequest({ error, fields, values });
  }
  const result = await registerAccount(parsed.data, request.headers);
  // The same answer for an address that has an account (who has one is nobody else's
  // business); its owner is told by e-mail instead.
  if (!result.ok) queueSignUpAttemptEmail(parsed.data.email);
  throw redirectWithFlash(signIn, "accountCreated");
}

const TEXT_FIELDS = {
  firstName: { label: "First Name", autoComplete: "given-name" },
  lastName: { label: "Last Name", autoComplete: "family-name" },
  email: { label: "Email", type: "email", autoComplete: "email" },
} as const satisfies Record<string, TextFieldSpec>;

export default function SignUpPage({ actionData }: Route.ComponentProps) {
  const pending = useIsPending();
  const [searchParams] = useSearchParams();
  const fields = actionData?.fields ?? {};
  const values = actionData?.values;
  const textField = (name: keyof typeof TEXT_FIELDS) => (
    <TextField
      {...TEXT_FIELDS[name]}
      name={name}
      defaultValue={values?.[name]}
      error={fields[name]}
    />
  );
  return (
    <AuthCard title="Create an Account" intro="Save properties and manage your appointments.">
      <FormAlert error={actionData?.error} />
      <Form method="post" className="space-y-4" noValidate>
        <HoneypotField />
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <div className="grid gap-4 sm:grid-cols-2">
          {textField("firstName")}
          {textField("lastName")}
        </div>
        {textField("email")}
        <NewPasswordFields
          labels={{ password: "Password", confirm: "Confirm Password" }}
          errors={fields}
        />
        <SubmitButton pending={pending} pendingLabel="Creating Account..." fullWidth>
          Create Account
        </SubmitButton>
      </Form>
      <AuthSwitchLink prompt="Already have an account?" link={["/signin", "Sign in"]} />
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sign Up",
    description:
      "Create an account to save properties, book viewings and follow your appointments.",
    path: "/signup",
    noindex: true,
  });
