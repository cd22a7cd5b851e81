import { Form } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AppointmentActions } from "~/components/admin/appointment-actions";
import { EditConflictPanel, revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import {
  AppointmentDetailsList,
  AppointmentHistory,
} from "~/components/appointments/appointment-details";
import { RescheduleForm } from "~/components/appointments/reschedule-form";
import { SubmitButton } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { readForm } from "~/http/read-form.server";
import {
  badRequest,
  editConflict,
  failed,
  notFound,
  postedVersion,
  redirectWithFlash,
  unknownIntent,
} from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import {
  ACTION_STATUS,
  appointmentActionQuestion,
  isAdminAppointmentAction,
} from "~/lib/admin-appointments";
import { APPOINTMENT_STATUS_LABELS, shortId } from "~/lib/appointment-format";
import { hasAppointmentStarted } from "~/lib/appointment-rules";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { type LastChange, VERSION_FIELD } from "~/lib/edit-conflict";
import { listReturnPath } from "~/lib/list-params";
import { can } from "~/lib/permissions";
import { RESCHEDULE_MESSAGES, rescheduleSchema } from "~/lib/schemas/appointment";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { COMPANY_NAME } from "~/lib/site";
import { logger } from "~/log/logger.server";
import { kickMailSender } from "~/mail/mail-sender.server";
import {
  getAppointmentForAdmin,
  reassignAppointment,
  rescheduleAppointmentByStaff,
} from "~/models/admin-appointments.server";
import { setAppointmentStatusByAdmin } from "~/models/appointment.server";
import { AGENT_REFUSAL_MESSAGES, listActiveAgents } from "~/models/listing-agent.server";
import type { Route } from "./+types/appointment";

// One booking for staff: its details, its history, what may still be done to it (each change
// e-mails the customer, so each asks first, naming them) and a new date and slot for a caller,
// as a dialog over the list or a page of its own (RecordView).

const LIST = "/admin/appointments";

const DONE = {
  confirm: "appointmentConfirmed",
  complete: "appointmentCompleted",
  cancel: "appointmentCancelled",
} as const;

const FINAL_MESSAGE = "Only a pending or confirmed appointment can be rescheduled.";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const appointment = await getAppointmentForAdmin(actor, args.params.id);
  if (!appointment) notFound();
  // On the server's clock, so the page and its hydration agree.
  const started = hasAppointmentStarted(appointment.appointmentDate, appointment.appointmentTime);
  // Who may give the viewing to someone else gets the choice of active agents; an agent, none.
  const agents = can(actor, "viewings:assign") ? await listActiveAgents() : null;
  return { appointment, started, agents };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const id = args.params.id;
  const appointment = await getAppointmentForAdmin(actor, id);
  if (!appointment) notFound();
  const form = await readForm(args.request);
  const intent = form.get("intent");
  const back = listReturnPath(form.get("back"), LIST);
  if (intent === "reschedule") return reschedule(actor, id, form, back);
  if (intent === "assign") return assign(actor, id, form, back);
  if (!isAdminAppointmentAction(intent)) {
    return unknownIntent();
  }
  // Each change e-mails the customer: it is made only once the admin has said yes.
  if (!isConfirmed(form)) {
    return askToConfirm(
      form,
      `${appointmentActionQuestion(intent)} This e-mails ${appointment.fullName}.`,
    );
  }
  let change: Awaited<ReturnType<typeof setAppointmentStatusByAdmin>>;
  try {
    // The customer's e-mail is stored with the change, in its transaction.
    change = await setAppointmentStatusByAdmin(actor, id, ACTION_STATUS[intent], {
      expectedVersion: postedVersion(form),
    });
  } catch (error) {
    logger.error({ err: error, appointmentId: id }, "Admin status change failed");
    throw redirectWithFlash(back, "appointmentStatusFailed");
  }
  if (!change.ok) {
    if (change.reason === "not-found") notFound();
    if (change.reason === "conflict") return conflictAnswer(actor, id, form, change.change);
    if (change.reason === "not-started") throw redirectWithFlash(back, "appointmentNotStarted");
    throw redirectWithFlash(back, "appointmentStatusFailed");
  }
  kickMailSender();
  throw redirectWithFlash(back, DONE[intent]);
}

const CONFLICT_LABELS = {
  status: "Status",
  appointmentDate: "Date",
  appointmentTime: "Time",
  agent: "Agent",
};

const ADMINS_LABEL = "Admins (no agent)";

/**
 * A status change or a new slot asked for on a booking a colleague has confirmed, cancelled or
 * moved since: nothing was written (and no e-mail queued); the page shows the booking as it is
 * now, what changed, and "Use my changes". A status change counts as yours for its new status.
 */
async function conflictAnswer(
  actor: AdminActor,
  id: string,
  form: FormData,
  change: LastChange | null,
) {
  const current = await getAppointmentForAdmin(actor, id);
  if (!current) notFound();
  const intent = form.get("intent");
  const yours = new FormData();
  for (const [name, value] of form) yours.append(name, value);
  if (isAdminAppointmentAction(intent)) {
    yours.set("status", APPOINTMENT_STATUS_LABELS[ACTION_STATUS[intent]]);
  }
  if (intent === "assign") {
    const chosen = String(form.get("agentId") ?? "");
    const agent = (await listActiveAgents()).find((a) => a.id === chosen);
    yours.set("agent", agent?.name ?? ADMINS_LABEL);
  }
  const values = {
    status: APPOINTMENT_STATUS_LABELS[current.status],
    appointmentDate: current.appointmentDate,
    appointmentTime: current.appointmentTime,
    agent: current.agent ? current.agent.name || current.agent.email : ADMINS_LABEL,
  };
  return editConflict(yours, { version: current.version, values }, change);
}

const ASSIGN_MESSAGES = {
  unchanged: "The appointment is already theirs. Choose someone else.",
  final: "Only a pending or confirmed appointment can be given to someone else.",
  forbidden: "Only the office can give an appointment to another agent.",
} as const;

/**
 * Gives the viewing to another active agent, or to the admins (an empty choice), for staff with
 * viewings:assign; both parties are e-mailed with the change. A forged post from an agent is
 * refused (403) and writes nothing.
 */
async function assign(actor: AdminActor, id: string, form: FormData, back: string) {
  const agentId = String(form.get("agentId") ?? "").trim();
  const values = { agentId };
  const intent = "assign";
  if (!can(actor, "viewings:assign")) {
    const error = { title: "Error", message: ASSIGN_MESSAGES.forbidden };
    return failed(403, { intent, error, values });
  }
  const result = await reassignAppointment(actor, id, agentId || null, {
    expectedVersion: postedVersion(form),
  });
  if (result.ok) {
    kickMailSender();
    throw redirectWithFlash(back, "appointmentReassigned");
  }
  switch (result.reason) {
    case "not-found":
      notFound();
      break;
    case "conflict":
      return conflictAnswer(actor, id, form, result.change);
    case "final":
      return failed(409, {
        intent,
        error: { title: "Error", message: ASSIGN_MESSAGES.final },
        values,
      });
    case "unchanged":
      return badRequest({ intent, fields: { agentId: ASSIGN_MESSAGES.unchanged }, values });
    default: {
      const message = AGENT_REFUSAL_MESSAGES[result.reason];
      return badRequest({ intent, fields: { agentId: message }, values });
    }
  }
}

/** A new date and slot, on the public rules; the customer is e-mailed with the change. */
async function reschedule(actor: AdminActor, id: string, form: FormData, back: string) {
  const values = {
    appointmentDate: String(form.get("appointmentDate") ?? ""),
    appointmentTime: String(form.get("appointmentTime") ?? ""),
  };
  const parsed = rescheduleSchema().safeParse(values);
  if (!parsed.success) return badRequest({ fields: fieldErrorsOf(parsed.error), values });
  const result = await rescheduleAppointmentByStaff(actor, id, parsed.data, {
    expectedVersion: postedVersion(form),
  });
  if (result.ok) {
    kickMailSender();
    throw redirectWithFlash(back, "appointmentRescheduledByStaff");
  }
  switch (result.reason) {
    case "unchanged":
      return badRequest({ fields: { appointmentTime: RESCHEDULE_MESSAGES.unchanged }, values });
    case "final":
      return failed(409, { error: { title: "Error", message: FINAL_MESSAGE }, values });
    case "conflict":
      return conflictAnswer(actor, id, form, result.change);
    default:
      notFound();
  }
}

export default function AdminAppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment, started, agents } = loaderData;
  const { back, state } = useRecordBack(LIST);
  const answer = failureOf(actionData);
  // The assign form's failures show beside it; the others' beside the reschedule form.
  const assignFailure = answer && "intent" in answer ? answer : undefined;
  const failure = answer && !("intent" in answer) ? answer : undefined;
  const posted = failure?.values as
    | { appointmentDate?: string; appointmentTime?: string }
    | undefined;
  const postedAgent = (assignFailure?.values as { agentId?: string } | undefined)?.agentId;
  const open = appointment.status === "pending" || appointment.status === "confirmed";
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
        <section aria-labelledby="admin-agent-heading" className="space-y-3">
          <h2 id="admin-agent-heading" className="text-lg font-semibold text-slate-900">
            Agent
          </h2>
          <p className="text-sm text-slate-700" data-testid="appointment-agent">
            {appointment.agent
              ? `${appointment.agent.name || appointment.agent.email} (${appointment.agent.email})`
              : ADMINS_LABEL}
          </p>
          {agents && open ? (
            <AssignForm
              agents={agents}
              current={postedAgent ?? appointment.agent?.id ?? ""}
              error={assignFailure?.fields?.agentId ?? assignFailure?.error?.message}
              fields={{ back, [VERSION_FIELD]: appointment.version }}
              state={state}
            />
          ) : null}
        </section>
        <EditConflictPanel
          conflict={failure?.conflict}
          labels={CONFLICT_LABELS}
          what="this appointment"
          state={state}
        />
        <AppointmentActions
          id={appointment.id}
          version={appointment.version}
          status={appointment.status}
          started={started}
          customerName={appointment.fullName}
          back={back}
          size="sm"
        />
        {open ? (
          <section aria-labelledby="admin-reschedule-heading" className="space-y-3">
            <h2 id="admin-reschedule-heading" className="text-lg font-semibold text-slate-900">
              Reschedule
            </h2>
            <p className="text-sm text-slate-600">
              A new day (Monday to Saturday) and time, for example agreed on the phone. This e-mails{" "}
              {appointment.fullName} the new date and time; the status stays {appointment.status}.
            </p>
            <FormAlert error={failure?.error} />
            <RescheduleForm
              defaultDate={posted?.appointmentDate ?? appointment.appointmentDate}
              defaultTime={posted?.appointmentTime ?? appointment.appointmentTime}
              errors={failure?.fields ?? {}}
              fields={{ back, [VERSION_FIELD]: appointment.version }}
              state={state}
            />
          </section>
        ) : null}
      </div>
    </RecordView>
  );
}

/** The office's choice of who handles the viewing: an active agent, or the admins. */
function AssignForm({
  agents,
  current,
  error,
  fields,
  state,
}: {
  agents: { id: string; name: string }[];
  current: string;
  error: string | undefined;
  fields: Record<string, string>;
  state: unknown;
}) {
  const pending = useIsPending({ intent: "assign" });
  return (
    <Form method="post" state={state} className="flex flex-wrap items-end gap-3" noValidate>
      <input type="hidden" name="intent" value="assign" />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="w-full max-w-sm">
        <SelectField
          key={current}
          label="Give to"
          name="agentId"
          placeholder={ADMINS_LABEL}
          options={agents.map((agent) => ({ value: agent.id, label: agent.name }))}
          defaultValue={current}
          error={error}
        />
      </div>
      <SubmitButton pending={pending} pendingLabel="Reassigning...">
        Reassign
      </SubmitButton>
    </Form>
  );
}

export const shouldRevalidate = revalidateAfterConflict;

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load appointments" />;
}

export const meta: Route.MetaFunction = () => [{ title: `Appointment | Admin | ${COMPANY_NAME}` }];
