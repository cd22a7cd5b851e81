import { Form, Link, redirect, useSearchParams } from "react-router";
import { signInWithPassword } from "~/auth/accounts.server";
import { getSessionUser, safeRedirectPath } from "~/auth/session.server";
import { AuthCard, AuthSwitchLink, CredentialFields } from "~/components/auth/auth-fields";
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
import { COMPANY_NAME } from "~/lib/site";
import { getClientIp } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/signin";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/dashboard");
  return null;
}

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/dashboard");
  // A bot is sent on as if it had signed in; the guard then sends it back here.
  if (isHoneypotTripped(form)) throw redirect(redirectTo);
  const parsed = signInSchema().safeParse(Object.fromEntries(form));
  const values = { email: String(form.get("email") ?? "") };
  const limited = await limitSignIn(getClientIp({ request, context }), values);
  if (limited) return limited;
  if (!parsed.success) return badRequest({ error: SIGN_IN_MESSAGES.missing, values });
  const result = await signInWithPassword({
    email: parsed.data.email,
    password: parsed.data.password,
    requestHeaders: request.headers,
    customersOnly: true,
  });
  if (!result.ok) return failed(401, { error: SIGN_IN_MESSAGES[result.reason], values });
  throw redirectWithFlash(redirectTo, "signedIn", { headers: result.headers });
}

export default function SignInPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const pending = useIsPending();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <AuthCard title="Sign In" intro={`Welcome back to ${COMPANY_NAME}.`}>
      <FormAlert error={actionData?.error} />
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <HoneypotField />
        <CredentialFields
          email={actionData?.values?.email}
          failed={Boolean(actionData?.error)}
          emailAutoComplete="email"
        />
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton pending={pending} pendingLabel="Signing In..." fullWidth>
          Sign In
        </SubmitButton>
      </Form>
      <AuthSwitchLink prompt="Don't have an account?" link={["/signup", "Sign up"]} />
      <p className="mt-2 text-center text-sm text-slate-600">
        <Link to="/admin/login" className="text-slate-600 hover:text-brand-700 hover:underline">
          Admin Login
        </Link>
      </p>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Sign In",
    description: "Sign in to your account to manage saved properties, appointments and messages.",
    path: "/signin",
    noindex: true,
  });
