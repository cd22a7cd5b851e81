import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { limitAttempt } from "~/auth/abuse.server";
import { signInWithPassword } from "~/auth/accounts.server";
import { flashCookie } from "~/auth/flash.server";
import { getSessionUser, safeRedirectPath } from "~/auth/session.server";
import { AuthCard, CredentialFields, FormAlert, SubmitButton } from "~/components/auth/auth-fields";
import { HoneypotField } from "~/components/honeypot-field";
import { isHoneypotTripped } from "~/lib/honeypot.server";
import { SIGN_IN_MESSAGES, signInSchema } from "~/lib/schemas/account";
import { pageMeta } from "~/lib/seo";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/signin";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/dashboard");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/dashboard");
  // A bot is sent on as if it had signed in; the guard then sends it back here.
  if (isHoneypotTripped(form)) throw redirect(redirectTo);
  const parsed = signInSchema().safeParse(Object.fromEntries(form));
  const values = { email: String(form.get("email") ?? "") };
  const limited = await limitAttempt("signIn", { request, context }, values, values.email);
  if (limited) return limited;
  if (!parsed.success) {
    return data({ error: SIGN_IN_MESSAGES.missing, values }, { status: 400 });
  }
  const result = await signInWithPassword({
    email: parsed.data.email,
    password: parsed.data.password,
    requestHeaders: request.headers,
  });
  if (!result.ok) {
    return data({ error: SIGN_IN_MESSAGES.invalid, values }, { status: 401 });
  }
  const headers = new Headers(result.headers);
  headers.append("Set-Cookie", flashCookie("signedIn"));
  throw redirect(redirectTo, { headers });
}

export default function SignInPage({ actionData }: Route.ComponentProps) {
  const [searchParams] = useSearchParams();
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formAction?.startsWith("/signin") === true;
  const redirectTo = searchParams.get("redirectTo") ?? "";
  return (
    <AuthCard title="Sign In" intro={`Welcome back to ${COMPANY_NAME}.`}>
      <FormAlert error={actionData?.error} />
      <Form method="post" className="space-y-4" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <HoneypotField />
        <CredentialFields
          email={actionData?.values.email}
          failed={Boolean(actionData?.error)}
          emailAutoComplete="email"
        />
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton pending={pending} label="Sign In" pendingLabel="Signing In..." />
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        Don't have an account?{" "}
        <Link to="/signup" className="font-medium text-brand-700 hover:underline">
          Sign up
        </Link>
      </p>
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
