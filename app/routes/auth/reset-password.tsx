import { Form } from "react-router";
import { isResetTokenUsable, resetPasswordWithToken } from "~/auth/password-reset.server";
import { AuthCard, DeadLinkCard, NewPasswordFields } from "~/components/auth/auth-fields";
import { SubmitButton } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { readForm } from "~/http/read-form.server";
import { badRequest, redirectWithFlash } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import {
  MIN_PASSWORD_LENGTH,
  PASSWORD_RESET_MESSAGES,
  resetPasswordSchema,
} from "~/lib/schemas/account";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/reset-password";

const INTRO = "Choose a new password for your account.";

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

// A dead link says so before the visitor types a new password twice.
export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  return { token, usable: await isResetTokenUsable(token) };
}

export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
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
  const pending = useIsPending();

  const failure = failureOf(actionData);
  if (!loaderData.usable || failure?.reason === "invalid-link") {
    const next = { to: "/forgot-password", label: "Request a new link" };
    return (
      <DeadLinkCard
        title="Reset Password"
        intro={INTRO}
        error={PASSWORD_RESET_MESSAGES.invalidLink}
        next={next}
      />
    );
  }

  const fields = failure?.fields ?? {};
  return (
    <AuthCard title="Reset Password" intro={INTRO}>
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields
          labels={{ password: "New Password", confirm: "Confirm New Password" }}
          errors={fields}
        />
        <p className="text-sm text-slate-600">At least {MIN_PASSWORD_LENGTH} characters.</p>
        <SubmitButton pending={pending} pendingLabel="Resetting..." fullWidth>
          Reset Password
        </SubmitButton>
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
