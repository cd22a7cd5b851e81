import { useRouteLoaderData } from "react-router";
import { changePassword } from "~/auth/accounts.server";
import { requireUser } from "~/auth/session.server";
import { PersonalInfoForm, SecurityForm, SignOutCard } from "~/components/dashboard/profile-forms";
import { ResultNotice, useResultToast } from "~/components/dashboard/result-toast";
import { selectedTab, UrlTabs } from "~/components/ui/tabs";
import { useHydrated } from "~/hooks/use-hydrated";
import { readForm } from "~/http/read-form.server";
import {
  badRequest,
  failed,
  limitAttempt,
  redirectWithFlash,
  retryAfterHeaders,
} from "~/http/responses.server";
import { failureOf, noticeOf } from "~/lib/action-result";
import type { Flash } from "~/lib/flash";
import {
  PASSWORD_MESSAGES,
  PROFILE_MESSAGES,
  passwordChangeSchema,
  profileSchema,
} from "~/lib/schemas/account";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { pageMeta } from "~/lib/seo";
import { logger } from "~/log/logger.server";
import { updateProfile } from "~/models/user.server";
import { RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
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

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "profile") return saveProfile(user.id, form);
  if (intent === "password") return savePassword(user.id, form, request.headers);
  throw new Response("Unknown intent", { status: 400 });
}

async function saveProfile(userId: string, form: FormData) {
  const intent = "profile";
  const values = {
    fullName: String(form.get("fullName") ?? ""),
    phone: String(form.get("phone") ?? ""),
  };
  const parsed = profileSchema().safeParse(values);
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const message = Object.values(fields)[0] ?? PROFILE_MESSAGES.failed.description;
    const error = { title: PROFILE_MESSAGES.failed.title, message };
    return badRequest({ intent, error, fields, values });
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
    const { title, description: message } = PROFILE_MESSAGES.failed;
    return failed(500, { intent, error: { title, message }, values });
  }
  return { ok: true as const, intent };
}

async function savePassword(userId: string, form: FormData, requestHeaders: Headers) {
  const intent = "password";
  const parsed = passwordChangeSchema().safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const mismatch = fields.confirmPassword === PASSWORD_MESSAGES.mismatch.description;
    const error = mismatch
      ? { title: PASSWORD_MESSAGES.mismatch.title, message: PASSWORD_MESSAGES.mismatch.description }
      : {
          title: PASSWORD_MESSAGES.failed,
          message: Object.values(fields)[0] ?? PASSWORD_MESSAGES.missing,
        };
    return badRequest({ intent, error, fields });
  }
  const limited = await limitAttempt(rateLimitKey("passwordChange", userId), RATE_LIMITS.signIn, {
    intent,
    title: PASSWORD_MESSAGES.failed,
  });
  if (limited) return limited;
  const result = await changePassword({
    currentPassword: parsed.data.currentPassword,
    newPassword: parsed.data.newPassword,
    requestHeaders,
  });
  if (!result.ok) {
    const message = PASSWORD_MESSAGES.wrongCurrent;
    const error = { title: PASSWORD_MESSAGES.failed, message };
    return badRequest({ intent, error, fields: { currentPassword: message } });
  }
  // The old session is gone: a redirect carries the new session cookie before any loader runs.
  throw redirectWithFlash("/dashboard/profile?tab=security", "passwordUpdated", {
    headers: result.headers,
  });
}

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, email } = loaderData;
  const result = actionData;
  useResultToast(result, PROFILE_MESSAGES.updated);
  // A redirect's flash (e.g. after a password change): a toast with JavaScript, in the page
  // without it.
  const hydrated = useHydrated();
  const layout = useRouteLoaderData("routes/public/layout") as { flash?: Flash | null } | undefined;
  const flash = layout?.flash ?? undefined;
  const profile = result?.intent === "profile" ? result : undefined;
  const password = result?.intent === "password" ? result : undefined;
  const notice =
    noticeOf(result, PROFILE_MESSAGES.updated) ?? (flash && !hydrated ? flash : undefined);
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
      <UrlTabs tabs={TABS} current={tab} label="Profile sections" />
      <ResultNotice message={notice} />
      {tab === "personal" ? (
        <PersonalInfoForm
          email={email}
          values={
            failureOf(profile)?.values ?? { fullName: loaderData.fullName, phone: loaderData.phone }
          }
          errors={failureOf(profile)?.fields ?? {}}
          formKey={profile?.ok ? `saved-${loaderData.fullName}-${loaderData.phone}` : "profile"}
        />
      ) : (
        <SecurityForm
          errors={failureOf(password)?.fields ?? {}}
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
