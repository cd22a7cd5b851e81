import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AppointmentActions } from "~/components/admin/appointment-actions";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import {
  AppointmentDetailsList,
  AppointmentHistory,
} from "~/components/appointments/appointment-details";
import { ACTION_STATUS, isAdminAppointmentAction } from "~/lib/admin-appointments";
import { shortId } from "~/lib/appointment-format";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { badRequest, notFound, redirectWithFlash } from "~/lib/http.server";
import { listReturnPath } from "~/lib/list-params";
import { logger } from "~/lib/logger.server";
import { readForm } from "~/lib/read-form.server";
import { COMPANY_NAME } from "~/lib/site";
import { queueAppointmentStatusEmail } from "~/mail/appointment-mail.server";
import { kickMailSender } from "~/mail/mail-sender.server";
import { getAppointmentForAdmin } from "~/models/admin-appointments.server";
import { setAppointmentStatusByAdmin } from "~/models/appointment.server";
import type { Route } from "./+types/appointment";

// One booking for staff: its details, its history and what may still be done to it, as a dialog
// over the list or a page of its own (RecordView).

const LIST = "/admin/appointments";

const DONE = {
  confirm: "appointmentConfirmed",
  complete: "appointmentCompleted",
  cancel: "appointmentCancelled",
} as const;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const appointment = await getAppointmentForAdmin(actor, args.params.id);
  if (!appointment) notFound();
  return { appointment };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  const back = listReturnPath(form.get("back"), LIST);
  if (!isAdminAppointmentAction(intent)) {
    return badRequest({ error: { title: "Error", message: "Unknown action." } });
  }
  if (intent === "cancel" && !isConfirmed(form)) {
    return askToConfirm(form, "Cancel this appointment?");
  }
  let change: Awaited<ReturnType<typeof setAppointmentStatusByAdmin>>;
  try {
    // The customer's e-mail is queued with the change, in its transaction.
    change = await setAppointmentStatusByAdmin(actor, args.params.id, ACTION_STATUS[intent], (tx) =>
      queueAppointmentStatusEmail(tx, args.params.id),
    );
  } catch (error) {
    logger.error({ err: error, appointmentId: args.params.id }, "Admin status change failed");
    throw redirectWithFlash(back, "appointmentStatusFailed");
  }
  if (!change.ok) {
    if (change.reason === "not-found") notFound();
    throw redirectWithFlash(back, "appointmentStatusFailed");
  }
  kickMailSender();
  throw redirectWithFlash(back, DONE[intent]);
}

export default function AdminAppointmentPage({ loaderData }: Route.ComponentProps) {
  const { appointment } = loaderData;
  const { back } = useRecordBack(LIST);
  return (
    <RecordView
      list={LIST}
      listLabel="All appointments"
      title={`Appointment ${shortId(appointment.id)}`}
    >
      <div className="space-y-6">
        <AppointmentDetailsList appointment={appointment} />
        <section aria-labelledby="admin-history-heading">
          <h2 id="admin-history-heading" className="mb-3 text-lg font-semibold text-slate-900">
            History
          </h2>
          <AppointmentHistory history={appointment.history} />
        </section>
        <AppointmentActions id={appointment.id} status={appointment.status} back={back} size="sm" />
      </div>
    </RecordView>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load appointments" />;
}

export const meta: Route.MetaFunction = () => [{ title: `Appointment | Admin | ${COMPANY_NAME}` }];
