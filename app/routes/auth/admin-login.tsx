import { Form, redirect, useSearchParams } from "react-router";
import { signInWithPassword } from "~/auth/accounts.server";
import { getSessionUser, safeRedirectPath } from "~/auth/session.server";
import { AuthCard, CredentialFields } from "~/components/auth/auth-fields";
import { HoneypotField } from "~/components/honeypot-field";
import { SubmitButton } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  badRequest,
  failed,
  limitSignIn,
  redirectWithFlash,
  retryAfterHeaders,
} from "~/http/responses.server";
import { isHoneypotTripped } from "~/lib/honeypot.server";
import { readForm } from "~/lib/read-form.server";
import { SIGN_IN_MESSAGES, signInSchema } from "~/lib/schemas/account";
import { pageMeta } from "~/lib/seo";
import { getClientIp } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/admin-login";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (user?.role === "admin") throw redirect("/admin/dashboard");
  return null;
}

/** Unknown e-mail, wrong password and a non-admin account get the same answer. */
/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/admin/dashboard");
  if (isHoneypotTripped(form)) throw redirect(redirectTo);
  const values = { email: String(form.get("email") ?? "") };
  const limited = await limitSignIn(getClientIp({ request, context }), values, "adminLogin");
  if (limited) return limited;
  const parsed = signInSchema().safeParse(Object.fromEntries(form));
  if (!parsed.success) return badRequest({ error: SIGN_IN_MESSAGES.missing, values });
  const result = await signInWithPassword({
    email: parsed.data.email,
    password: parsed.data.password,
    requestHeaders: request.headers,
    adminOnly: true,
  });
  if (!result.ok) return failed(401, { error: SIGN_IN_MESSAGES[result.reason], values });
  throw redirectWithFlash(redirectTo, "signedIn", { headers: result.headers });
}

export default function AdminLoginPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const pending = useIsPending();
  return (
    <AuthCard title="Admin Login" intro="Sign in to manage the website.">
      <FormAlert error={actionData?.error} />
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <HoneypotField />
        <CredentialFields
          email={actionData?.values?.email}
          failed={Boolean(actionData?.error)}
          emailAutoComplete="username"
        />
        <SubmitButton pending={pending} pendingLabel="Signing In..." fullWidth>
          Sign In as Admin
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Admin Login",
    description: "Sign in to the administration area.",
    path: "/admin/login",
    noindex: true,
  });
