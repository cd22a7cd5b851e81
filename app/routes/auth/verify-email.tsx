import { CheckCircle2 } from "lucide-react";
import { data, Form } from "react-router";
import { AuthCard, DeadLinkCard } from "~/components/auth/auth-fields";
import { Alert } from "~/components/ui/alert";
import { LinkButton, SubmitButton } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { pageMeta } from "~/lib/seo";
import { COMPANY_NAME } from "~/lib/site";
import {
  confirmEmailWithToken,
  isEmailVerificationTokenUsable,
} from "~/models/email-verification.server";
import {
  consumeRateLimit,
  getClientIp,
  RATE_LIMITS,
  rateLimitKey,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/verify-email";

// The link in the confirmation e-mail lands here. Opening it changes nothing (mail scanners and
// link previews open links too): the visitor confirms with a POST.

export const INVALID_VERIFY_LINK_MESSAGE =
  "This confirmation link is invalid, has already been used or has expired. Sign in and send a new one from your appointments page.";

// One object, so the alert's toast fires once, not on every render.
const INVALID_LINK_ERROR = { title: "Link expired", message: INVALID_VERIFY_LINK_MESSAGE } as const;

export const EMAIL_CONFIRMED_MESSAGE = "Thank you: your e-mail address is confirmed.";

function tokenOf(request: Request) {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = tokenOf(request);
  return { token, usable: await isEmailVerificationTokenUsable(token) };
}

export async function action(args: Route.ActionArgs) {
  const form = await args.request.formData();
  const limit = await consumeRateLimit(
    rateLimitKey("publicForm", "verifyEmail", getClientIp(args)),
    RATE_LIMITS.publicForm,
  );
  if (!limit.allowed) {
    return data(
      { error: { title: "Too many attempts", message: TOO_MANY_ATTEMPTS_MESSAGE } },
      { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
    );
  }
  const token = String(form.get("token") ?? "") || tokenOf(args.request);
  const result = await confirmEmailWithToken(token);
  if (result.status === "invalid-token") {
    return data({ invalidLink: true as const }, { status: 400 });
  }
  return { confirmed: true as const, claimedAppointments: result.claimedAppointments };
}

export default function VerifyEmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsPending();

  if (actionData && "confirmed" in actionData) {
    const claimed = actionData.claimedAppointments;
    return (
      <AuthCard title="E-mail Confirmed" intro="Your account">
        <Alert icon={CheckCircle2}>
          <p className="text-sm text-green-900">
            {EMAIL_CONFIRMED_MESSAGE}{" "}
            {claimed > 0
              ? `${claimed} earlier ${claimed === 1 ? "booking was" : "bookings were"} added to your appointments.`
              : "Bookings you make with it appear in your appointments."}
          </p>
        </Alert>
        <LinkButton to="/dashboard/appointments" fullWidth className="mt-6">
          View My Appointments
        </LinkButton>
      </AuthCard>
    );
  }

  if (!loaderData.usable || (actionData && "invalidLink" in actionData)) {
    const next = { to: "/dashboard/appointments", label: "Go to My Appointments" };
    return (
      <DeadLinkCard
        title="Confirm Your E-mail"
        intro="Your account"
        error={INVALID_LINK_ERROR}
        next={next}
      />
    );
  }

  return (
    <AuthCard
      title="Confirm Your E-mail"
      intro="Confirm that this address is yours, so the bookings you made with it appear in your dashboard."
    >
      <FormAlert error={actionData && "error" in actionData ? actionData.error : undefined} />
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <SubmitButton pending={pending} pendingLabel="Confirming..." fullWidth>
          Confirm my e-mail
        </SubmitButton>
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
