import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { flashCookie } from "~/auth/flash.server";
import { SIGN_UP_MESSAGES } from "~/auth/forms";
import { isResetTokenUsable, resetPasswordWithToken } from "~/auth/password-reset.server";
import { MIN_PASSWORD_LENGTH } from "~/auth/password-rules";
import { AuthCard, DeadLinkCard, NewPasswordFields } from "~/components/auth/auth-fields";
import { SubmitButton } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/reset-password";

export const INVALID_RESET_LINK_MESSAGE =
  "This reset link is invalid or has expired. Please request a new one.";

const INTRO = "Choose a new password for your account.";

// One object, so the alert's toast fires once, not on every render.
const INVALID_LINK_ERROR = { title: "Link expired", message: INVALID_RESET_LINK_MESSAGE } as const;

const text = z.preprocess((value) => (typeof value === "string" ? value : ""), z.string());

const ResetPasswordSchema = z
  .object({
    token: text,
    password: text.pipe(
      z
        .string()
        .min(MIN_PASSWORD_LENGTH, SIGN_UP_MESSAGES.short)
        .max(128, "Password must be at most 128 characters long"),
    ),
    confirmPassword: text,
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: SIGN_UP_MESSAGES.mismatch,
  });

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
  const parsed = ResetPasswordSchema.safeParse({
    ...Object.fromEntries(form),
    token: form.get("token") || tokenOf(request),
  });
  if (!parsed.success) {
    const fields: Partial<Record<"password" | "confirmPassword", string>> = {};
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      if (key === "password" || key === "confirmPassword") fields[key] ??= issue.message;
    }
    return data({ fields }, { status: 400 });
  }

  const result = await resetPasswordWithToken(parsed.data.token, parsed.data.password);
  if (result === "invalid-token") return data({ invalidLink: true as const }, { status: 400 });
  throw redirect("/signin", { headers: { "Set-Cookie": flashCookie("passwordReset") } });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsPending();

  if (!loaderData.usable || (actionData && "invalidLink" in actionData)) {
    const next = { to: "/forgot-password", label: "Request a new link" };
    return (
      <DeadLinkCard title="Reset Password" intro={INTRO} error={INVALID_LINK_ERROR} next={next} />
    );
  }

  const fields = actionData && "fields" in actionData ? actionData.fields : {};
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
