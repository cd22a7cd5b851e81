import { requireUser } from "~/auth/session.server";
import { AppointmentListItem } from "~/components/appointments/appointment-list-item";
import { AppointmentsError } from "~/components/appointments/appointments-error";
import { EmailVerificationNotice } from "~/components/appointments/email-verification-notice";
import { CalendarPlus } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";
import { FormAlert } from "~/components/ui/form-alert";
import { readForm } from "~/http/read-form.server";
import { failed, limitAttempt, retryAfterHeaders, unknownIntent } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { EMAIL_VERIFICATION_MESSAGES } from "~/lib/schemas/account";
import { pageMeta } from "~/lib/seo";
import { logger } from "~/log/logger.server";
import { EMAIL_VERIFICATION_MAIL_LIMIT } from "~/mail/email-verification.server";
import { kickMailSender } from "~/mail/mail-sender.server";
import { listAppointmentsForUser } from "~/models/appointment.server";
import { createEmailVerificationToken, isEmailVerified } from "~/models/email-verification.server";
import { rateLimitKey } from "~/rate-limit/rate-limit.server";
import { cancelAppointmentAction } from "~/routes/dashboard/appointment-actions.server";
import type { Route } from "./+types/appointments";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [appointments, verified] = await Promise.all([
    listAppointmentsForUser(user.id),
    isEmailVerified(user.id),
  ]);
  return { appointments, verified, email: user.email };
}

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "cancel") {
    return cancelAppointmentAction(
      user.id,
      String(form.get("appointmentId") ?? ""),
      "/dashboard/appointments",
    );
  }

  if (intent === "sendVerification") {
    if (await isEmailVerified(user.id))
      return { ok: true as const, alreadyVerified: true as const };
    const limited = await limitAttempt(
      rateLimitKey("emailVerification", user.id),
      EMAIL_VERIFICATION_MAIL_LIMIT,
      { title: "Too many attempts" },
    );
    if (limited) return limited;
    try {
      // The token and the e-mail with its link are stored together; the sender sends it.
      await createEmailVerificationToken(user.id);
    } catch (error) {
      logger.error({ err: error }, "Could not send an e-mail confirmation link");
      return failed(502, {
        error: { title: "Error", message: EMAIL_VERIFICATION_MESSAGES.mailFailed },
      });
    }
    kickMailSender();
    return { ok: true as const, sentTo: user.email };
  }

  return unknownIntent();
}

export default function MyAppointments({ loaderData, actionData }: Route.ComponentProps) {
  const { appointments, verified, email } = loaderData;
  const error = failureOf(actionData)?.error;
  // The action's own object (not a copy), so the notice's toast fires once per send.
  const sent =
    actionData && "sentTo" in actionData && typeof actionData.sentTo === "string"
      ? (actionData as { sentTo: string })
      : undefined;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">My Appointments</h1>
        {appointments.length > 0 ? (
          <LinkButton to="/book-appointment" size="md" className="text-sm">
            <CalendarPlus className="size-4" aria-hidden />
            Schedule Appointment
          </LinkButton>
        ) : null}
      </div>
      <FormAlert error={error} />
      {verified ? null : <EmailVerificationNotice email={email} sent={sent} />}
      {appointments.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
          <CalendarPlus className="mx-auto size-10 text-slate-400" aria-hidden />
          <h2 className="mt-3 text-lg font-semibold text-slate-900">No appointments yet</h2>
          <p className="mt-1 text-sm text-slate-600">
            Book a viewing or a meeting with our team and it will appear here.
          </p>
          <LinkButton to="/book-appointment" size="md" className="mt-4">
            Schedule Appointment
          </LinkButton>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Appointments">
          {appointments.map((appointment) => (
            <AppointmentListItem key={appointment.id} appointment={appointment} />
          ))}
        </ul>
      )}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "My Appointments",
    description: "Your viewings and meetings with our team: cancel, reschedule or see details.",
    path: "/dashboard/appointments",
    noindex: true,
  });

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AppointmentsError error={error} />;
}
