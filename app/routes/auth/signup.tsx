import { Form, Link, redirect, useNavigation } from "react-router";
import { registerAccount } from "~/auth/accounts.server";
import { getSessionUser } from "~/auth/session.server";
import {
  AuthCard,
  FormAlert,
  PasswordField,
  SubmitButton,
  TextField,
} from "~/components/auth/auth-fields";
import { HoneypotField } from "~/components/honeypot-field";
import { isHoneypotTripped } from "~/lib/honeypot.server";
import { badRequest, limitAttempt, redirectWithFlash } from "~/lib/http.server";
import { SIGN_UP_MESSAGES, signUpSchema } from "~/lib/schemas/account";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { pageMeta } from "~/lib/seo";
import { getClientIp, RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/signup";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/dashboard");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values = {
    firstName: String(form.get("firstName") ?? ""),
    lastName: String(form.get("lastName") ?? ""),
    email: String(form.get("email") ?? ""),
  };
  // A bot is answered like a person whose account was created; nothing is stored.
  if (isHoneypotTripped(form)) throw redirectWithFlash("/signin", "accountCreated");
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
  throw redirectWithFlash("/signin", result.ok ? "accountCreated" : "accountExists");
}

export default function SignUpPage({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formAction?.startsWith("/signup") === true;
  const fields = actionData?.fields ?? {};
  const values = actionData?.values;
  return (
    <AuthCard title="Create an Account" intro="Save properties and manage your appointments.">
      <FormAlert error={actionData?.error} />
      <Form method="post" className="space-y-4" noValidate>
        <HoneypotField />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First Name"
            name="firstName"
            autoComplete="given-name"
            defaultValue={values?.firstName}
            error={fields.firstName}
          />
          <TextField
            label="Last Name"
            name="lastName"
            autoComplete="family-name"
            defaultValue={values?.lastName}
            error={fields.lastName}
          />
        </div>
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={values?.email}
          error={fields.email}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          error={fields.password}
        />
        <PasswordField
          label="Confirm Password"
          name="confirmPassword"
          autoComplete="new-password"
          error={fields.confirmPassword}
        />
        <SubmitButton pending={pending} label="Create Account" pendingLabel="Creating Account..." />
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Already have an account?{" "}
        <Link to="/signin" className="font-medium text-brand-700 hover:underline">
          Sign in
        </Link>
      </p>
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
