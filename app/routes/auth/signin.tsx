import { Link, redirect } from "react-router";
import { getSessionUser } from "~/auth/session.server";
import { AuthCard, AuthSwitchLink } from "~/components/auth/auth-fields";
import { limitSignIn, retryAfterHeaders } from "~/http/responses.server";
import { pageMeta } from "~/lib/seo";
import { COMPANY_NAME } from "~/lib/site";
import { getClientIp } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/signin";
import { signInAction } from "./sign-in.server";
import { SignInForm } from "./sign-in-form";

export async function loader({ request }: Route.LoaderArgs) {
  if (await getSessionUser(request)) throw redirect("/dashboard");
  return null;
}

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  return signInAction(args.request, "customer", (values) => limitSignIn(getClientIp(args), values));
}

export default function SignInPage({ actionData }: Route.ComponentProps) {
  return (
    <AuthCard title="Sign In" intro={`Welcome back to ${COMPANY_NAME}.`}>
      <SignInForm actionData={actionData} emailAutoComplete="email" submitLabel="Sign In">
        <div className="text-right text-sm">
          <Link to="/forgot-password" className="text-brand-700 hover:underline">
            Forgot password?
          </Link>
        </div>
      </SignInForm>
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
