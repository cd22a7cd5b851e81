import { redirect } from "react-router";
import { getSessionUser } from "~/auth/session.server";
import { AuthCard } from "~/components/auth/auth-fields";
import { limitSignIn, retryAfterHeaders } from "~/http/responses.server";
import { isStaffRole } from "~/lib/roles";
import { pageMeta } from "~/lib/seo";
import { getClientIp } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/admin-login";
import { signInAction } from "./sign-in.server";
import { SignInForm } from "./sign-in-form";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await getSessionUser(request);
  if (isStaffRole(user?.role)) throw redirect("/admin/dashboard");
  return null;
}

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

/** Unknown e-mail, wrong password and a non-admin account get the same answer. */
export async function action(args: Route.ActionArgs) {
  return signInAction(args.request, "admin", (values) =>
    limitSignIn(getClientIp(args), values, "adminLogin"),
  );
}

export default function AdminLoginPage({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="Admin Login" intro="Sign in to manage the website.">
      <SignInForm
        actionData={actionData}
        emailAutoComplete="username"
        submitLabel="Sign In as Admin"
      />
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
