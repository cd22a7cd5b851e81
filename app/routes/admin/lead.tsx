import { Form, Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { EditConflictPanel } from "~/components/admin/edit-conflict-panel";
import { LeadStatusBadge, PhoneLink } from "~/components/admin/lead-inbox";
import { SubmitButton } from "~/components/ui/button";
import { fieldBinder, SelectField, TextAreaField, TextField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { saveMerging, versionToken } from "~/http/edit-merge.server";
import { readForm } from "~/http/read-form.server";
import { badRequest, notFound, redirectWithFlash, unknownIntent } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { formatAppointmentDate, formatMoment } from "~/lib/appointment-format";
import { parseIsoDate } from "~/lib/appointment-rules";
import { VERSION_FIELD } from "~/lib/edit-conflict";
import {
  INBOX_SOURCE_LABELS,
  isLeadStatus,
  LEAD_MERGE_FIELDS,
  LEAD_MESSAGES,
  LEAD_NOTE_MAX,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  leadFormValues,
} from "~/lib/lead-inbox";
import { COMPANY_NAME } from "~/lib/site";
import { addLeadNote, getLead, updateLead } from "~/models/lead-inbox.server";
import type { Route } from "./+types/lead";

// /admin/leads/:id (issue 47 item 1): one lead, to work from a phone: who, how to reach them,
// the listing; its status (lost needs a reason) and next follow-up, saved the one versioned way
// (two people at once are merged, issue 42); notes, append-only; the history with who and when.
// An agent opens only their own leads: anyone else's is not found (404), by id or not.

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const lead = await getLead(actor, args.params.id);
  if (!lead) notFound();
  return { lead: { ...lead, version: versionToken(lead.version, leadFormValues(lead)) } };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const id = args.params.id;
  if (!(await getLead(actor, id))) notFound();
  const form = await readForm(args.request);
  const intent = form.get("intent");
  if (intent === "update") return update(actor, id, form);
  if (intent === "note") return note(actor, id, form);
  return unknownIntent();
}

const here = (id: string) => `/admin/leads/${id}`;

async function update(actor: AdminActor, id: string, form: FormData) {
  const values = {
    status: String(form.get("status") ?? ""),
    nextFollowUp: String(form.get("nextFollowUp") ?? "").trim(),
    lostReason: String(form.get("lostReason") ?? "").trim(),
  };
  const intent = "update";
  const saved = await saveMerging({
    form,
    fields: LEAD_MERGE_FIELDS,
    save: async (merged, version) => {
      const status = String(merged.get("status") ?? "");
      const nextFollowUp = String(merged.get("nextFollowUp") ?? "").trim();
      const lostReason = String(merged.get("lostReason") ?? "").trim();
      if (!isLeadStatus(status)) {
        return badRequest({ intent, fields: { status: LEAD_MESSAGES.status }, values });
      }
      if (nextFollowUp && !parseIsoDate(nextFollowUp)) {
        return badRequest({ intent, fields: { nextFollowUp: LEAD_MESSAGES.nextFollowUp }, values });
      }
      return updateLead(
        actor,
        id,
        { status, nextFollowUp: nextFollowUp || null, lostReason: lostReason.slice(0, 300) },
        { expectedVersion: version },
      );
    },
    current: async () => {
      const lead = await getLead(actor, id);
      return lead && { version: lead.version, values: leadFormValues(lead) };
    },
    extra: { intent, values },
  });
  if (!saved.ok) return saved.response;
  const result = saved.result;
  if (!("ok" in result)) return result;
  if (result.ok) {
    throw redirectWithFlash(here(id), saved.theirsKept.length ? "savedWithTheirs" : "leadUpdated");
  }
  if (result.reason === "lost-needs-reason") {
    return badRequest({ intent, fields: { lostReason: LEAD_MESSAGES.lostReason }, values });
  }
  notFound();
}

async function note(actor: AdminActor, id: string, form: FormData) {
  const body = String(form.get("note") ?? "").trim();
  const intent = "note";
  if (!body)
    return badRequest({ intent, fields: { note: LEAD_MESSAGES.note }, values: { note: body } });
  if (body.length > LEAD_NOTE_MAX) {
    return badRequest({
      intent,
      fields: { note: LEAD_MESSAGES.noteTooLong },
      values: { note: body },
    });
  }
  const result = await addLeadNote(actor, id, body);
  if (!result.ok) notFound();
  throw redirectWithFlash(here(id), "leadNoteAdded");
}

export default function AdminLeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead } = loaderData;
  const answer = failureOf(actionData);
  const intentOf = (name: string) =>
    answer && "intent" in answer && answer.intent === name ? answer : undefined;
  const updateFailure = intentOf("update");
  const noteFailure = intentOf("note");
  const shown = { ...leadFormValues(lead), ...(updateFailure?.values as object | undefined) };
  const bind = fieldBinder<"status" | "nextFollowUp" | "lostReason">(
    shown,
    updateFailure?.fields ?? {},
  );
  const saving = useIsPending({ intent: "update" });
  const adding = useIsPending({ intent: "note" });
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 [overflow-wrap:anywhere] md:p-6">
      <Link to="/admin/leads" className="text-sm font-medium text-brand-700 hover:underline">
        ← All leads
      </Link>
      <div className="flex flex-wrap items-center gap-2">
        <h1 className="text-2xl font-bold text-slate-900">
          {lead.name || lead.email || lead.phone || "No name given"}
        </h1>
        <LeadStatusBadge status={lead.status} />
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Phone</dt>
        <dd>{lead.phone ? <PhoneLink phone={lead.phone} /> : "Not given"}</dd>
        <dt className="text-slate-600">E-mail</dt>
        <dd>
          {lead.email ? (
            <a className="text-brand-700 underline" href={`mailto:${lead.email}`}>
              {lead.email}
            </a>
          ) : (
            "Not given"
          )}
        </dd>
        <dt className="text-slate-600">Listing</dt>
        <dd>
          {lead.propertyId && lead.propertyTitle ? (
            <Link className="text-brand-700 underline" to={`/admin/properties/${lead.propertyId}`}>
              {lead.propertyTitle}
              {lead.propertyCode ? ` (${lead.propertyCode})` : ""}
            </Link>
          ) : (
            "None"
          )}
        </dd>
        <dt className="text-slate-600">Source</dt>
        <dd>{INBOX_SOURCE_LABELS[lead.source]}</dd>
        <dt className="text-slate-600">Agent</dt>
        <dd>{lead.owner ?? "Office (no agent)"}</dd>
        <dt className="text-slate-600">Came in</dt>
        <dd>{formatMoment(lead.createdAt)}</dd>
        <dt className="text-slate-600">Next follow-up</dt>
        <dd data-testid="lead-follow-up">
          {lead.nextFollowUp ? formatAppointmentDate(lead.nextFollowUp) : "None set"}
        </dd>
      </dl>

      <section aria-labelledby="lead-work" className="space-y-3">
        <h2 id="lead-work" className="text-lg font-semibold text-slate-900">
          Status and follow-up
        </h2>
        <FormAlert error={updateFailure?.error} />
        <EditConflictPanel
          conflict={answer?.conflict}
          labels={{ status: "Status", nextFollowUp: "Next follow-up", lostReason: "Reason lost" }}
          choices={{ status: LEAD_STATUS_LABELS }}
          what="this lead"
        />
        <Form method="post" className="grid gap-3 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name={VERSION_FIELD} value={lead.version} />
          <SelectField
            label="Status"
            options={LEAD_STATUSES.map((value) => ({ value, label: LEAD_STATUS_LABELS[value] }))}
            {...bind("status")}
          />
          <TextField label="Next follow-up" type="date" optional {...bind("nextFollowUp")} />
          <TextField
            label="Reason lost"
            hint="Needed when the status is Lost."
            maxLength={300}
            className="sm:col-span-2"
            {...bind("lostReason")}
          />
          <div className="sm:col-span-2">
            <SubmitButton pending={saving} pendingLabel="Saving..." className="w-full sm:w-auto">
              Save
            </SubmitButton>
          </div>
        </Form>
      </section>

      <section aria-labelledby="lead-notes" className="space-y-3">
        <h2 id="lead-notes" className="text-lg font-semibold text-slate-900">
          Notes and history
        </h2>
        <Form method="post" className="space-y-2" noValidate>
          <input type="hidden" name="intent" value="note" />
          <TextAreaField
            label="Add a note"
            name="note"
            rows={3}
            maxLength={LEAD_NOTE_MAX}
            defaultValue={(noteFailure?.values as { note?: string } | undefined)?.note}
            error={noteFailure?.fields?.note}
          />
          <SubmitButton pending={adding} pendingLabel="Adding..." className="w-full sm:w-auto">
            Add note
          </SubmitButton>
        </Form>
        {lead.history.length === 0 ? (
          <p className="text-slate-600">Nothing yet.</p>
        ) : (
          <ol className="divide-y divide-slate-100" data-testid="lead-history">
            {lead.history.map((event) => (
              <li key={event.id} className="py-2">
                <p className="whitespace-pre-line text-slate-900">{event.body}</p>
                <p className="text-xs text-slate-500">
                  {event.kind === "note" ? "Note by" : "Changed by"} {event.by},{" "}
                  {formatMoment(event.createdAt)}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load the lead" />;
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.lead.name || "Lead"} | Leads | Admin | ${COMPANY_NAME}` },
];
