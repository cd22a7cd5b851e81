import { redirect } from "react-router";
import { signInWithPassword } from "~/auth/accounts.server";
import { safeRedirectPath } from "~/auth/session.server";
import { isHoneypotTripped } from "~/http/honeypot.server";
import { readForm } from "~/http/read-form.server";
import type { limitSignIn } from "~/http/responses.server";
import { badRequest, failed, redirectWithFlash } from "~/http/responses.server";
import { SIGN_IN_MESSAGES, signInSchema } from "~/lib/schemas/account";

/**
 * The two logins differ only in who may pass and where they land: /signin takes customers to
 * their dashboard, /admin/login takes admins to theirs. Unknown e-mail, wrong password and an
 * account of the other kind all get the same answer.
 */
const LOGINS = {
  customer: { home: "/dashboard", only: { customersOnly: true } },
  admin: { home: "/admin/dashboard", only: { adminOnly: true } },
} as const;

/**
 * The action of both sign-in forms (SignInForm): e-mail and password, then a session cookie.
 * `limit` is the route's own rate limit (limitSignIn with its rule), called in the route so
 * that the route, which must then export `headers = retryAfterHeaders`, says it can answer 429.
 */
export async function signInAction(
  request: Request,
  login: keyof typeof LOGINS,
  limit: (values: { email: string }) => ReturnType<typeof limitSignIn>,
) {
  const { home, only } = LOGINS[login];
  const form = await readForm(request);
  const redirectTo = safeRedirectPath(form.get("redirectTo"), home);
  // A bot is sent on as if it had signed in; the guard then sends it back to the login.
  if (isHoneypotTripped(form)) throw redirect(redirectTo);
  const values = { email: String(form.get("email") ?? "") };
  const limited = await limit(values);
  if (limited) return limited;
  const parsed = signInSchema().safeParse(Object.fromEntries(form));
  if (!parsed.success) return badRequest({ error: SIGN_IN_MESSAGES.missing, values });
  const result = await signInWithPassword({
    email: parsed.data.email,
    password: parsed.data.password,
    requestHeaders: request.headers,
    ...only,
  });
  if (!result.ok) return failed(401, { error: SIGN_IN_MESSAGES[result.reason], values });
  throw redirectWithFlash(redirectTo, "signedIn", { headers: result.headers });
}
