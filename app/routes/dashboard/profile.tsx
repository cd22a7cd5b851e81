import { data, redirect, useNavigation, useRouteLoaderData } from "react-router";
import { changePassword } from "~/auth/accounts.server";
import type { Flash } from "~/auth/flash";
import { flashCookie } from "~/auth/flash.server";
import { requireUser } from "~/auth/session.server";
import { PersonalInfoForm, SecurityForm, SignOutCard } from "~/components/dashboard/profile-forms";
import { ResultNotice, useResultToast } from "~/components/dashboard/result-toast";
import { selectedTab, UrlTabs } from "~/components/dashboard/url-tabs";
import { useHydrated } from "~/components/listing/use-hydrated";
import type { FieldErrors, ResultToast } from "~/lib/action-result";
import { logger } from "~/lib/logger.server";
import {
  PASSWORD_MESSAGES,
  PROFILE_MESSAGES,
  passwordChangeSchema,
  profileSchema,
} from "~/lib/schemas/account";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { pageMeta } from "~/lib/seo";
import { updateProfile } from "~/models/user.server";
import {
  consumeRateLimit,
  RATE_LIMITS,
  rateLimitKey,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/profile";

// Personal information and password. One action, told apart by `intent`; who is changed always
// comes from the session, never from the form. Passwords are never sent back to the page.

const TABS = [
  { id: "personal", label: "Personal Information" },
  { id: "security", label: "Security" },
] as const;

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return {
    tab: selectedTab(request.url, TABS),
    email: user.email,
    fullName: user.name,
    phone: user.phone ?? "",
  };
}

type ActionResult = {
  intent: "profile" | "password";
  ok: boolean;
  toast: ResultToast;
  fields?: FieldErrors;
  values?: { fullName: string; phone: string };
};

function answer(result: ActionResult, status = 200) {
  return data(result, { status });
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "profile") return saveProfile(user.id, form);
  if (intent === "password") return savePassword(user.id, form, request.headers);
  throw new Response("Unknown intent", { status: 400 });
}

async function saveProfile(userId: string, form: FormData) {
  const values = {
    fullName: String(form.get("fullName") ?? ""),
    phone: String(form.get("phone") ?? ""),
  };
  const parsed = profileSchema().safeParse(values);
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const description = Object.values(fields)[0] ?? PROFILE_MESSAGES.failed.description;
    const toast: ResultToast = { type: "error", title: PROFILE_MESSAGES.failed.title, description };
    return answer({ intent: "profile", ok: false, toast, fields, values }, 400);
  }
  try {
    const updated = await updateProfile(userId, {
      fullName: parsed.data.fullName,
      phone: parsed.data.phone || null,
    });
    // The session's user is gone (deleted meanwhile): nothing was saved.
    if (!updated.ok) throw new Error("the signed-in user no longer exists");
  } catch (error) {
    logger.error({ err: error }, "Could not update a profile");
    const toast: ResultToast = { type: "error", ...PROFILE_MESSAGES.failed };
    return answer({ intent: "profile", ok: false, toast, values }, 500);
  }
  return answer({
    intent: "profile",
    ok: true,
    toast: { type: "success", ...PROFILE_MESSAGES.updated },
  });
}

async function savePassword(userId: string, form: FormData, requestHeaders: Headers) {
  const parsed = passwordChangeSchema().safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const mismatch = fields.confirmPassword === PASSWORD_MESSAGES.mismatch.description;
    const toast: ResultToast = mismatch
      ? { type: "error", ...PASSWORD_MESSAGES.mismatch }
      : {
          type: "error",
          title: PASSWORD_MESSAGES.failed,
          description: Object.values(fields)[0] ?? PASSWORD_MESSAGES.missing,
        };
    return answer({ intent: "password", ok: false, toast, fields }, 400);
  }
  const limit = await consumeRateLimit(rateLimitKey("passwordChange", userId), RATE_LIMITS.signIn);
  if (!limit.allowed) {
    const toast: ResultToast = {
      type: "error",
      title: PASSWORD_MESSAGES.failed,
      description: TOO_MANY_ATTEMPTS_MESSAGE,
    };
    return answer({ intent: "password", ok: false, toast }, 429);
  }
  const result = await changePassword({
    currentPassword: parsed.data.currentPassword,
    newPassword: parsed.data.newPassword,
    requestHeaders,
  });
  if (!result.ok) {
    const toast: ResultToast = {
      type: "error",
      title: PASSWORD_MESSAGES.failed,
      description: PASSWORD_MESSAGES.wrongCurrent,
    };
    const fields = { currentPassword: PASSWORD_MESSAGES.wrongCurrent };
    return answer({ intent: "password", ok: false, toast, fields }, 400);
  }
  // The old session is gone: a redirect carries the new session cookie before any loader runs.
  const headers = new Headers(result.headers);
  headers.append("Set-Cookie", flashCookie("passwordUpdated"));
  throw redirect("/dashboard/profile?tab=security", { headers });
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, email } = loaderData;
  const result = actionData as ActionResult | undefined;
  useResultToast(result);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  // A redirect's flash (e.g. after a password change): a toast with JavaScript, in the page
  // without it.
  const hydrated = useHydrated();
  const layout = useRouteLoaderData("routes/public/layout") as { flash?: Flash | null } | undefined;
  const flash = layout?.flash ?? undefined;
  const profile = result?.intent === "profile" ? result : undefined;
  const password = result?.intent === "password" ? result : undefined;
  const notice = result?.toast ?? (flash && !hydrated ? flash : undefined);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
      <UrlTabs tabs={TABS} current={tab} label="Profile sections" />
      <ResultNotice message={notice} />
      {tab === "personal" ? (
        <PersonalInfoForm
          email={email}
          values={profile?.values ?? { fullName: loaderData.fullName, phone: loaderData.phone }}
          errors={profile?.fields ?? {}}
          pending={submitting === "profile"}
          formKey={profile?.ok ? `saved-${loaderData.fullName}-${loaderData.phone}` : "profile"}
        />
      ) : (
        <SecurityForm
          errors={password?.fields ?? {}}
          pending={submitting === "password"}
          formKey={flash?.id ?? "password"}
        />
      )}
      <SignOutCard />
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Profile",
    description: "Your personal information and password.",
    path: "/dashboard/profile",
    noindex: true,
  });
