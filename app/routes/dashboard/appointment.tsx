import { useEffect } from "react";
import { Link } from "react-router";
import { requireUser } from "~/auth/session.server";
import {
  AppointmentDetailsList,
  AppointmentHistory,
} from "~/components/appointments/appointment-details";
import { AppointmentsError } from "~/components/appointments/appointments-error";
import { CancelAppointmentButton } from "~/components/appointments/cancel-appointment-button";
import { RescheduleForm } from "~/components/appointments/reschedule-form";
import { ViewingCodeNotice } from "~/components/appointments/viewing-code";
import { ArrowLeft } from "~/components/icons";
import { toast } from "~/components/toaster";
import { AppointmentStatusBadge } from "~/components/ui/badge";
import { FormAlert } from "~/components/ui/form-alert";
import { readForm } from "~/http/read-form.server";
import {
  badRequest,
  failed,
  notFound,
  redirectWithFlash,
  unknownIntent,
} from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { formatAppointmentDate, shortId } from "~/lib/appointment-format";
import { RESCHEDULE_MESSAGES, rescheduleSchema } from "~/lib/schemas/appointment";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { pageMeta } from "~/lib/seo";
import { kickMailSender } from "~/mail/mail-sender.server";
import {
  getAppointmentForUser,
  rescheduleAppointmentForUser,
} from "~/models/appointment-changes.server";
import { cancelAppointmentAction } from "~/routes/dashboard/appointment-actions.server";
import type { Route } from "./+types/appointment";

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const appointment = await getAppointmentForUser(user.id, params.id);
  if (!appointment) notFound();
  return { appointment };
}

export async function action({ request, params }: Route.ActionArgs) {
  const user = await requireUser(request);
  // Not theirs (or no such id): 404 whatever the intent, before anything is read from the form.
  if (!(await getAppointmentForUser(user.id, params.id))) notFound();
  const here = `/dashboard/appointments/${params.id}`;
  const form = await readForm(request);
  const intent = form.get("intent");

  if (intent === "cancel") return cancelAppointmentAction(user.id, params.id, here);

  if (intent === "reschedule") {
    const values = {
      appointmentDate: String(form.get("appointmentDate") ?? ""),
      appointmentTime: String(form.get("appointmentTime") ?? ""),
    };
    const parsed = rescheduleSchema().safeParse(values);
    if (!parsed.success) return badRequest({ fields: fieldErrorsOf(parsed.error), values });
    // The admins' notice is stored with the move, in its transaction.
    const result = await rescheduleAppointmentForUser(user.id, params.id, parsed.data);
    if (result.ok) {
      kickMailSender();
      throw redirectWithFlash(here, "appointmentRescheduled");
    }
    switch (result.reason) {
      case "unchanged":
        return badRequest({ fields: { appointmentTime: RESCHEDULE_MESSAGES.unchanged }, values });
      case "not-pending":
        return failed(409, { error: { title: "Error", message: RESCHEDULE_MESSAGES.notPending } });
      default:
        notFound();
    }
  }

  return unknownIntent();
}

export default function AppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment } = loaderData;
  const failure = failureOf(actionData);
  const error = failure?.error;
  const errors = failure?.fields;
  const values = failure?.values;

  useEffect(() => {
    const first = errors?.appointmentDate ?? errors?.appointmentTime;
    if (first) toast.error("Error", { description: first });
  }, [errors]);

  const pending = appointment.status === "pending";
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-3 py-8 sm:px-4">
      <Link
        to="/dashboard/appointments"
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
      >
        <ArrowLeft className="size-4" aria-hidden />
        Back to My Appointments
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          Appointment <span className="font-mono">#{shortId(appointment.id)}</span>
        </h1>
        <AppointmentStatusBadge status={appointment.status} />
      </div>
      <p className="text-slate-700">
        {formatAppointmentDate(appointment.appointmentDate)} at {appointment.appointmentTime}
      </p>
      {appointment.status === "confirmed" && appointment.viewingCode ? (
        <ViewingCodeNotice code={appointment.viewingCode} />
      ) : null}
      <FormAlert error={error} />

      <section
        aria-labelledby="details-heading"
        className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-6"
      >
        <h2 id="details-heading" className="text-lg font-semibold text-slate-900">
          Booking details
        </h2>
        <AppointmentDetailsList appointment={appointment} />
      </section>

      {pending ? (
        <section
          id="reschedule"
          aria-labelledby="reschedule-heading"
          className="scroll-mt-20 rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-6"
        >
          <h2 id="reschedule-heading" className="text-lg font-semibold text-slate-900">
            Reschedule
          </h2>
          <p className="mb-4 text-sm text-slate-600">
            Pick another day (Monday to Saturday) and time. The appointment stays pending until we
            confirm it.
          </p>
          <RescheduleForm
            defaultDate={values?.appointmentDate ?? appointment.appointmentDate}
            defaultTime={values?.appointmentTime ?? appointment.appointmentTime}
            errors={errors ?? {}}
          />
          <div className="mt-6 border-t border-slate-100 pt-4">
            <h3 className="mb-2 text-sm font-semibold text-slate-900">
              No longer need this appointment?
            </h3>
            <CancelAppointmentButton
              appointmentId={appointment.id}
              action={`/dashboard/appointments/${appointment.id}`}
            />
          </div>
        </section>
      ) : null}

      <section
        aria-labelledby="history-heading"
        className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-6"
      >
        <h2 id="history-heading" className="mb-3 text-lg font-semibold text-slate-900">
          History
        </h2>
        <AppointmentHistory history={appointment.history} />
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.data
      ? `Appointment #${shortId(args.data.appointment.id)}`
      : "Appointment not found",
    description: "The details and history of your appointment.",
    path: `/dashboard/appointments/${args.params.id}`,
    noindex: true,
  });

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AppointmentsError error={error} />;
}
