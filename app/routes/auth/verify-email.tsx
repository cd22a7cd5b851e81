import { CheckCircle2 } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { AuthCard, FormAlert, SubmitButton } from "~/components/auth/auth-fields";
import { failureOf } from "~/lib/action-result";
import { badRequest, limitAttempt } from "~/lib/http.server";
import { EMAIL_VERIFICATION_MESSAGES } from "~/lib/schemas/account";
import { pageMeta } from "~/lib/seo";
import { COMPANY_NAME } from "~/lib/site";
import {
  confirmEmailWithToken,
  isEmailVerificationTokenUsable,
} from "~/models/email-verification.server";
import { getClientIp, RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/verify-email";

// The link in the confirmation e-mail lands here. Opening it changes nothing (mail scanners and
// link previews open links too): the visitor confirms with a POST.

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  return { token, usable: await isEmailVerificationTokenUsable(token) };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const limited = await limitAttempt(
    rateLimitKey("publicForm", "verifyEmail", getClientIp(args)),
    RATE_LIMITS.publicForm,
    { title: "Too many attempts" },
  );
  if (limited) return limited;
  const token = String(form.get("token") ?? "") || tokenOf(args.request);
  const result = await confirmEmailWithToken(token);
  if (!result.ok) return badRequest({ reason: "invalid-link" });
  return { ok: true as const, claimedAppointments: result.claimedAppointments };
}

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" &&
    navigation.formAction?.startsWith("/verify-email") === true;

  if (actionData?.ok) {
    const claimed = actionData.claimedAppointments;
    return (
      <AuthCard title="E-mail Confirmed" intro="Your account">
        <div
          role="status"
          className="flex gap-3 rounded-md border border-green-200 bg-green-50 p-4"
        >
          <CheckCircle2 className="size-5 shrink-0 text-green-700" aria-hidden />
          <p className="text-sm text-green-900">
            {EMAIL_VERIFICATION_MESSAGES.confirmed}{" "}
            {claimed > 0
              ? `${claimed} earlier ${claimed === 1 ? "booking was" : "bookings were"} added to your appointments.`
              : "Bookings you make with it appear in your appointments."}
          </p>
        </div>
        <Link
          to="/dashboard/appointments"
          className="mt-6 block w-full rounded-md bg-brand-700 px-4 py-2.5 text-center font-medium text-white hover:bg-brand-800"
        >
          View My Appointments
        </Link>
      </AuthCard>
    );
  }

  const failure = failureOf(actionData);
  if (!loaderData.usable || failure?.reason === "invalid-link") {
    return (
      <AuthCard title="Confirm Your E-mail" intro="Your account">
        <FormAlert error={EMAIL_VERIFICATION_MESSAGES.invalidLink} />
        <Link
          to="/dashboard/appointments"
          className="block w-full rounded-md bg-brand-700 px-4 py-2.5 text-center font-medium text-white hover:bg-brand-800"
        >
          Go to My Appointments
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Confirm Your E-mail"
      intro="Confirm that this address is yours, so the bookings you made with it appear in your dashboard."
    >
      <FormAlert error={failure?.error} />
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <SubmitButton pending={pending} label="Confirm my e-mail" pendingLabel="Confirming..." />
      </Form>
    </AuthCard>
  );
}

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, {
    title: "Confirm Your E-mail",
    description: `Confirm the e-mail address of your ${COMPANY_NAME} account.`,
    path: "/verify-email",
    noindex: true,
  }),
  // The address carries the token: keep it out of Referer headers.
  { name: "referrer", content: "no-referrer" },
];
