import { Form } from "react-router";
import { AuthCard, DeadLinkCard } from "~/components/auth/auth-fields";
import { CheckCircle2 } from "~/components/icons";
import { Alert } from "~/components/ui/alert";
import { LinkButton, SubmitButton } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { readForm } from "~/http/read-form.server";
import { badRequest, limitAttempt, retryAfterHeaders } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
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

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
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
  const pending = useIsPending();

  if (actionData?.ok) {
    const claimed = actionData.claimedAppointments;
    return (
      <AuthCard title="E-mail Confirmed" intro="Your account">
        <Alert icon={CheckCircle2}>
          <p className="text-sm text-green-900">
            {EMAIL_VERIFICATION_MESSAGES.confirmed}{" "}
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

  const failure = failureOf(actionData);
  if (!loaderData.usable || failure?.reason === "invalid-link") {
    const next = { to: "/dashboard/appointments", label: "Go to My Appointments" };
    return (
      <DeadLinkCard
        title="Confirm Your E-mail"
        intro="Your account"
        error={EMAIL_VERIFICATION_MESSAGES.invalidLink}
        next={next}
      />
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
