import { Form, redirect } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AppointmentActions } from "~/components/admin/appointment-actions";
import { CallerMessagePanel } from "~/components/admin/caller-message-panel";
import { ClashWarning, clashAnswerOf } from "~/components/admin/clash-warning";
import { EditConflictPanel, revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { CODE_CHECK_INTENT, ViewingCodePanel } from "~/components/admin/viewing-code-panel";
import {
  AppointmentDetailsList,
  AppointmentHistory,
} from "~/components/appointments/appointment-details";
import { RescheduleForm } from "~/components/appointments/reschedule-form";
import { SubmitButton } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { isThrownResponse, saveMerging, versionToken } from "~/http/edit-merge.server";
import { readForm } from "~/http/read-form.server";
import {
  badRequest,
  failed,
  notFound,
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
import { APPOINTMENT_MERGE_FIELDS, appointmentFormValues } from "~/lib/appointment-merge";
import { hasAppointmentStarted } from "~/lib/appointment-rules";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { VERSION_FIELD } from "~/lib/edit-conflict";
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
import { getViewingMessage } from "~/models/caller-booking.server";
import { AGENT_REFUSAL_MESSAGES, listActiveAgents } from "~/models/listing-agent.server";
import { findViewingClashes } from "~/models/viewing-clash.server";
import type { Route } from "./+types/appointment";
import { recordCodeCheckForm } from "./appointment-code.server";

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
  // The forms' version carries the booking as shown: the base of a merge (issue 42).
  const version = versionToken(
    appointment.version,
    appointmentFormValues({ ...appointment, agentId: appointment.agent?.id ?? null }),
  );
  // On the server's clock, so the page and its hydration agree.
  const started = hasAppointmentStarted(appointment.appointmentDate, appointment.appointmentTime);
  // Who may give the viewing to someone else gets the choice of active agents; an agent, none.
  const agents = can(actor, "viewings:assign") ? await listActiveAgents() : null;
  // The text to send the caller by WhatsApp or SMS (issue 47), while the viewing is open.
  const message = await getViewingMessage(actor, appointment.id);
  return { appointment: { ...appointment, version }, started, agents, message };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const id = args.params.id;
  const appointment = await getAppointmentForAdmin(actor, id);
  if (!appointment) notFound();
  const form = await readForm(args.request);
  const intent = form.get("intent");
  const back = listReturnPath(form.get("back"), LIST);
  if (intent === "reschedule") return reschedule(actor, appointment, form, back);
  if (intent === "assign") return assign(actor, id, form, back);
  if (intent === CODE_CHECK_INTENT) return recordCodeCheckForm(actor, id, form, back);
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
  const wanted = ACTION_STATUS[intent];
  // The button asks for one field, the status: merged with what a colleague changed meanwhile.
  const yours = new FormData();
  for (const [name, value] of form) yours.append(name, value);
  yours.set("status", wanted);
  const saved = await saveMerging({
    form: yours,
    fields: APPOINTMENT_MERGE_FIELDS,
    save: async (merged, version) => {
      // "Keep theirs" for the status: nothing of yours is left to do.
      if (merged.get("status") !== wanted) return { ok: true as const, unchanged: true };
      // The customer's e-mail is stored with the change, in its transaction.
      return setAppointmentStatusByAdmin(actor, id, wanted, { expectedVersion: version });
    },
    current: () => currentValues(actor, id),
  }).catch((error: unknown) => {
    if (isThrownResponse(error)) throw error;
    logger.error({ err: error, appointmentId: id }, "Admin status change failed");
    return null;
  });
  if (!saved) throw redirectWithFlash(back, "appointmentStatusFailed");
  if (!saved.ok) return saved.response;
  const change = saved.result;
  if (!change.ok) {
    if (change.reason === "not-found") notFound();
    if (change.reason === "not-started") throw redirectWithFlash(back, "appointmentNotStarted");
    throw redirectWithFlash(back, "appointmentStatusFailed");
  }
  if ("unchanged" in change) throw redirect(back);
  kickMailSender();
  throw redirectWithFlash(back, saved.theirsKept.length ? "savedWithTheirs" : DONE[intent]);
}

async function currentValues(actor: AdminActor, id: string) {
  const current = await getAppointmentForAdmin(actor, id);
  return (
    current && {
      version: current.version,
      values: appointmentFormValues({ ...current, agentId: current.agent?.id ?? null }),
    }
  );
}

const CONFLICT_LABELS = {
  status: "Status",
  appointmentDate: "Date",
  appointmentTime: "Time",
  agentId: "Agent",
};

const ADMINS_LABEL = "Admins (no agent)";

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
  const saved = await saveMerging({
    form,
    fields: APPOINTMENT_MERGE_FIELDS,
    save: (merged, version) => {
      const chosen = String(merged.get("agentId") ?? "").trim();
      return reassignAppointment(actor, id, chosen || null, { expectedVersion: version });
    },
    current: () => currentValues(actor, id),
    extra: { intent, values },
  });
  if (!saved.ok) return saved.response;
  const result = saved.result;
  if (result.ok) {
    kickMailSender();
    throw redirectWithFlash(
      back,
      saved.theirsKept.length ? "savedWithTheirs" : "appointmentReassigned",
    );
  }
  switch (result.reason) {
    case "not-found":
      notFound();
      break;
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

const RESCHEDULE_CLASH_QUESTION =
  "Another viewing of this listing or agent overlaps the new time. Move it anyway?";

/**
 * A new date and slot, on the public rules; the customer is e-mailed with the change. A time
 * overlapping another open viewing of the same listing or agent is asked about first (issue 47):
 * nothing is written until "Move anyway" posts `confirmed=yes`.
 */
async function reschedule(
  actor: AdminActor,
  appointment: { id: string; propertyId: string | null; agent: { id: string } | null },
  form: FormData,
  back: string,
) {
  const id = appointment.id;
  const values = {
    appointmentDate: String(form.get("appointmentDate") ?? ""),
    appointmentTime: String(form.get("appointmentTime") ?? ""),
  };
  const saved = await saveMerging({
    form,
    fields: APPOINTMENT_MERGE_FIELDS,
    save: async (merged, version) => {
      const slot = {
        appointmentDate: String(merged.get("appointmentDate") ?? ""),
        appointmentTime: String(merged.get("appointmentTime") ?? ""),
      };
      const parsed = rescheduleSchema().safeParse(slot);
      if (!parsed.success) return badRequest({ fields: fieldErrorsOf(parsed.error), values: slot });
      if (!isConfirmed(form)) {
        const clashes = await findViewingClashes(actor, {
          id,
          propertyId: appointment.propertyId,
          agentId: appointment.agent?.id ?? null,
          ...parsed.data,
        });
        if (clashes.length > 0) {
          return { ...askToConfirm(form, RESCHEDULE_CLASH_QUESTION), clashes, values: slot };
        }
      }
      return rescheduleAppointmentByStaff(actor, id, parsed.data, { expectedVersion: version });
    },
    current: () => currentValues(actor, id),
    extra: { values },
  });
  if (!saved.ok) return saved.response;
  const result = saved.result;
  if (!("ok" in result) || "clashes" in result) return result;
  if (result.ok) {
    kickMailSender();
    throw redirectWithFlash(
      back,
      saved.theirsKept.length ? "savedWithTheirs" : "appointmentRescheduledByStaff",
    );
  }
  switch (result.reason) {
    case "unchanged":
      return badRequest({ fields: { appointmentTime: RESCHEDULE_MESSAGES.unchanged }, values });
    case "final":
      return failed(409, { error: { title: "Error", message: FINAL_MESSAGE }, values });
    default:
      notFound();
  }
}

export default function AdminAppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment, started, agents, message } = loaderData;
  const { back, state } = useRecordBack(LIST);
  const answer = failureOf(actionData);
  // The assign and code forms' failures show beside them; the others' beside the reschedule form.
  const assignFailure =
    answer && "intent" in answer && answer.intent === "assign" ? answer : undefined;
  const codeFailure =
    answer && "intent" in answer && answer.intent === CODE_CHECK_INTENT ? answer : undefined;
  const failure = answer && !("intent" in answer) ? answer : undefined;
  const posted = failure?.values as
    | { appointmentDate?: string; appointmentTime?: string }
    | undefined;
  const postedAgent = (assignFailure?.values as { agentId?: string } | undefined)?.agentId;
  const open = appointment.status === "pending" || appointment.status === "confirmed";
  const clash = clashAnswerOf(actionData);
  return (
    <RecordView
      list={LIST}
      listLabel="All appointments"
      title={`Appointment ${shortId(appointment.id)}`}
    >
      <div className="space-y-6">
        <AppointmentDetailsList appointment={appointment} staff />
        {message ? <CallerMessagePanel message={message} /> : null}
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
        {appointment.viewingCode ? (
          <ViewingCodePanel
            code={appointment.viewingCode}
            matched={appointment.codeMatched}
            canRecord={
              appointment.status === "completed" || (appointment.status === "confirmed" && started)
            }
            fields={{ back, [VERSION_FIELD]: appointment.version }}
            error={codeFailure?.error}
            state={state}
          />
        ) : null}
        <EditConflictPanel
          conflict={answer?.conflict}
          labels={CONFLICT_LABELS}
          choices={{
            status: APPOINTMENT_STATUS_LABELS,
            agentId: {
              "": ADMINS_LABEL,
              ...Object.fromEntries((agents ?? []).map((a) => [a.id, a.name])),
              ...(appointment.agent
                ? { [appointment.agent.id]: appointment.agent.name || appointment.agent.email }
                : {}),
            },
          }}
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
            {clash ? <ClashWarning answer={clash} anywayLabel="Move anyway" state={state} /> : null}
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
