import { Form, Link, useNavigation } from "react-router";
import { isResetTokenUsable, resetPasswordWithToken } from "~/auth/password-reset.server";
import { AuthCard, FormAlert, PasswordField, SubmitButton } from "~/components/auth/auth-fields";
import { failureOf } from "~/lib/action-result";
import { badRequest, redirectWithFlash } from "~/lib/http.server";
import {
  MIN_PASSWORD_LENGTH,
  PASSWORD_RESET_MESSAGES,
  resetPasswordSchema,
} from "~/lib/schemas/account";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/reset-password";

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

// A dead link says so before the visitor types a new password twice.
export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  return { token, usable: await isResetTokenUsable(token) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = resetPasswordSchema().safeParse({
    ...Object.fromEntries(form),
    token: form.get("token") || tokenOf(request),
  });
  if (!parsed.success) return badRequest({ fields: fieldErrorsOf(parsed.error) });

  const result = await resetPasswordWithToken(parsed.data.token, parsed.data.password);
  if (!result.ok) return badRequest({ reason: "invalid-link" });
  throw redirectWithFlash("/signin", "passwordReset");
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formAction?.startsWith("/reset-password") === true;

  const failure = failureOf(actionData);
  if (!loaderData.usable || failure?.reason === "invalid-link") {
    return (
      <AuthCard title="Reset Password" intro="Choose a new password for your account.">
        <FormAlert error={PASSWORD_RESET_MESSAGES.invalidLink} />
        <Link
          to="/forgot-password"
          className="block w-full rounded-md bg-brand-700 px-4 py-2.5 text-center font-medium text-white hover:bg-brand-800"
        >
          Request a new link
        </Link>
      </AuthCard>
    );
  }

  const fields = failure?.fields ?? {};
  return (
    <AuthCard title="Reset Password" intro="Choose a new password for your account.">
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <PasswordField
          label="New Password"
          name="password"
          autoComplete="new-password"
          error={fields.password}
        />
        <PasswordField
          label="Confirm New Password"
          name="confirmPassword"
          autoComplete="new-password"
          error={fields.confirmPassword}
        />
        <p className="text-sm text-slate-600">At least {MIN_PASSWORD_LENGTH} characters.</p>
        <SubmitButton pending={pending} label="Reset Password" pendingLabel="Resetting..." />
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = (args) => [
  // The canonical address leaves out the token the link carries.
  ...pageMeta(args, {
    title: "Reset Password",
    description: "Choose a new password for your account.",
    path: "/reset-password",
    noindex: true,
  }),
  // The address carries the reset token: keep it out of Referer headers.
  { name: "referrer", content: "no-referrer" },
];
