import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { EditConflictPanel, revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { RecordView, useRecordBack } from "~/components/admin/record-view";
import { AdminForm } from "~/components/admin/unsaved-changes";
import { PhoneLinks } from "~/components/contact-links";
import { StatusBadge } from "~/components/ui/badge";
import { SubmitButton } from "~/components/ui/button";
import { SelectField, TextAreaField } from "~/components/ui/field";
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
import { type ActionFailure, failureOf } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import {
  formatAppointmentDate,
  formatMoment,
  propertyTypeLabel,
  shortId,
} from "~/lib/appointment-format";
import { listReturnPath } from "~/lib/list-params";
import {
  INQUIRY_RESPONSE_MAX_LENGTH,
  INQUIRY_RESPONSE_MESSAGES,
  INQUIRY_SOURCE_LABELS,
} from "~/lib/schemas/inquiry";
import { COMPANY_NAME } from "~/lib/site";
import { APPOINTMENT_STATUS_TONES, INQUIRY_STATUS_TONES, statusLabel } from "~/lib/status-tones";
import { logger } from "~/log/logger.server";
import { kickMailSender } from "~/mail/mail-sender.server";
import { type AdminInquiry, getInquiryForAdmin } from "~/models/admin-inquiries.server";
import { type InquiryStatus, respondToInquiry, setInquiryStatus } from "~/models/inquiry.server";
import type { Route } from "./+types/complaint";

// One inquiry for staff: the full message, what else its sender wrote or booked, the response
// form (required; once sent, the response is read-only) and the status. As a dialog over the
// list or a page of its own (RecordView).

const LIST = "/admin/complaints";

const SEND_FAILED = { title: "Failed to send response", message: "Please try again." };

/** The statuses staff set by hand; 'answered' comes with a response. */
const SETTABLE_STATUSES = ["pending", "in-progress", "resolved", "rejected"] as const;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const inquiry = await getInquiryForAdmin(actor, args.params.id);
  if (!inquiry) notFound();
  // The forms' version carries the values they open with: the base of a merge (issue 42).
  return {
    inquiry: { ...inquiry, version: versionToken(inquiry.version, inquiryFormValues(inquiry)) },
  };
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const id = args.params.id;
  const form = await readForm(args.request);
  const back = listReturnPath(form.get("back"), LIST);
  const intent = form.get("intent");

  if (intent === "respond") {
    const values = { response: String(form.get("response") ?? "") };
    const saved = await saveMerging({
      form,
      fields: { response: "text" },
      // The e-mail to the sender is stored with the response, in its transaction.
      save: (merged, version) =>
        respondToInquiry(actor, id, {
          response: String(merged.get("response") ?? ""),
          expectedVersion: version,
        }),
      current: () => currentValues(actor, id),
      // A response being written is kept in its box (there is none stored to show instead).
      extra: { intent, values },
    }).catch((error: unknown) => {
      if (isThrownResponse(error)) throw error;
      logger.error({ err: error, inquiryId: id }, "Storing an inquiry response failed");
      return null;
    });
    if (!saved) return failed(500, { intent, error: SEND_FAILED, values });
    if (!saved.ok) return saved.response;
    const result = saved.result;
    if (!result.ok) {
      if (result.reason === "not-found") notFound();
      const message = INQUIRY_RESPONSE_MESSAGES[result.reason];
      return result.reason === "already-answered"
        ? badRequest({ intent, error: { title: SEND_FAILED.title, message }, values })
        : badRequest({ intent, fields: { response: message }, values });
    }
    kickMailSender();
    throw redirectWithFlash(back, saved.theirsKept.length ? "savedWithTheirs" : "responseSent");
  }

  if (intent === "status") {
    const saved = await saveMerging({
      form,
      fields: { status: "text" },
      save: (merged, version) =>
        setInquiryStatus(actor, id, String(merged.get("status") ?? "") as InquiryStatus, version),
      current: () => currentValues(actor, id),
      extra: { intent },
    });
    if (!saved.ok) return saved.response;
    const result = saved.result;
    if (!result.ok) {
      if (result.reason === "not-found") notFound();
      const status = String(form.get("status") ?? "");
      return badRequest({
        intent,
        fields: { status: INQUIRY_RESPONSE_MESSAGES[result.reason] },
        values: { status },
      });
    }
    throw redirectWithFlash(
      back,
      saved.theirsKept.length ? "savedWithTheirs" : "inquiryStatusUpdated",
    );
  }

  return unknownIntent();
}

/** What the inquiry's two forms edit, as they show it, and its version. */
async function currentValues(actor: AdminActor, id: string) {
  const current = await getInquiryForAdmin(actor, id);
  return current && { version: current.version, values: inquiryFormValues(current) };
}

function inquiryFormValues(inquiry: { status: string; response: string | null }) {
  return { status: inquiry.status, response: inquiry.response ?? "" };
}

export const shouldRevalidate = revalidateAfterConflict;

export default function AdminInquiryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiry } = loaderData;
  const { back, state } = useRecordBack(LIST);
  const failure: Failure = failureOf(actionData);
  const intent = failure?.intent;
  return (
    <RecordView
      list={LIST}
      listLabel="All inquiries"
      title={inquiry.subject?.trim() || "No Subject"}
    >
      <div className="space-y-6">
        <Message inquiry={inquiry} />
        <Response
          inquiry={inquiry}
          back={back}
          state={state}
          failure={intent === "respond" ? failure : undefined}
        />
        <StatusForm
          inquiry={inquiry}
          back={back}
          state={state}
          failure={intent === "status" ? failure : undefined}
        />
        <SenderHistory inquiry={inquiry} />
      </div>
    </RecordView>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

function Message({ inquiry }: { inquiry: AdminInquiry }) {
  return (
    <dl className="divide-y divide-slate-100">
      <Item label="From">{inquiry.name?.trim() || "No name given"}</Item>
      <Item label="E-mail">
        <a href={`mailto:${inquiry.email}`} className="break-all text-brand-700 hover:underline">
          {inquiry.email}
        </a>
      </Item>
      {inquiry.phone ? (
        <Item label="Phone">
          <PhoneLinks
            phone={inquiry.phone}
            name={inquiry.name}
            listingCode={inquiry.propertyCode}
          />
        </Item>
      ) : null}
      <Item label="Source">
        {INQUIRY_SOURCE_LABELS[inquiry.source]}
        {inquiry.service ? ` · ${inquiry.service}` : ""}
      </Item>
      {inquiry.propertyId ? (
        <Item label="About the listing">
          <Link
            to={`/admin/properties/${inquiry.propertyId}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {inquiry.propertyTitle ?? "A listing"}
          </Link>
          {inquiry.propertyCode ? (
            <span className="ml-2 font-mono text-sm text-slate-600">{inquiry.propertyCode}</span>
          ) : null}
        </Item>
      ) : null}
      <Item label="Received">{formatMoment(inquiry.createdAt)}</Item>
      <Item label="Status">
        <StatusBadge status={inquiry.status} tones={INQUIRY_STATUS_TONES} />
      </Item>
      <Item label="Message">
        <span className="whitespace-pre-line break-words">{inquiry.description}</span>
      </Item>
    </dl>
  );
}

type Failure = ActionFailure<{ response?: string; status?: string }> | undefined;

/** What each of the inquiry's forms is given (its own failure only). */
type InquiryFormProps = {
  inquiry: AdminInquiry;
  back: string;
  state: unknown;
  failure: Failure;
};

function Response(props: InquiryFormProps) {
  const { inquiry, failure } = props;
  const pending = useIsPending({ intent: "respond" });
  if (inquiry.response !== null) {
    return (
      <section aria-labelledby="response-heading" className="rounded-md bg-green-50 p-4">
        <h2 id="response-heading" className="font-semibold text-green-900">
          Response
        </h2>
        <p className="mt-2 whitespace-pre-line break-words text-sm text-green-950">
          {inquiry.response}
        </p>
        <p className="mt-2 text-xs text-green-800">
          Sent{inquiry.respondedAt ? ` ${formatMoment(inquiry.respondedAt)}` : ""}
          {inquiry.respondedByName || inquiry.respondedByEmail
            ? ` by ${inquiry.respondedByName || inquiry.respondedByEmail}`
            : ""}
        </p>
      </section>
    );
  }
  return (
    <InquiryForm intent="respond" {...props}>
      <TextAreaField
        label="Your response"
        name="response"
        rows={6}
        maxLength={INQUIRY_RESPONSE_MAX_LENGTH}
        hint={`The sender gets it by e-mail (${inquiry.email}).`}
        defaultValue={failure?.values?.response}
        error={failure?.fields?.response}
      />
      <SubmitButton pending={pending} pendingLabel="Sending...">
        Send Response
      </SubmitButton>
    </InquiryForm>
  );
}

/**
 * The inquiry's two forms: the heading, the fields the conflict panel names, the layout, and
 * whether the form's error shows above the panel (the response's; the status select shows its
 * own beside it).
 */
const INQUIRY_FORMS = {
  respond: {
    heading: "Response",
    headingId: "response-heading",
    conflictLabels: { status: "Status", response: "Your response" },
    showFormError: true,
    className: "space-y-3",
  },
  status: {
    heading: "Status",
    headingId: "status-heading",
    conflictLabels: { status: "Status" },
    showFormError: false,
    className: "flex flex-wrap items-end gap-3",
  },
} as const;

/**
 * One of the inquiry's two forms (INQUIRY_FORMS) under its heading: the panel saying what a
 * colleague changed first, then the form at the inquiry's version (a new version starts it
 * afresh), its intent and the list to go back to.
 */
function InquiryForm({
  intent,
  inquiry,
  back,
  state,
  failure,
  children,
}: InquiryFormProps & {
  intent: keyof typeof INQUIRY_FORMS;
  children: React.ReactNode;
}) {
  const { heading, headingId, conflictLabels, showFormError, className } = INQUIRY_FORMS[intent];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {showFormError ? <FormAlert error={failure?.error} /> : null}
      <EditConflictPanel
        conflict={failure?.conflict}
        labels={conflictLabels}
        what="this inquiry"
        state={state}
      />
      <AdminForm
        key={inquiry.version}
        method="post"
        state={state}
        version={inquiry.version}
        className={className}
        noValidate
        intent={intent}
      >
        <input type="hidden" name="back" value={back} />
        {children}
      </AdminForm>
    </section>
  );
}

function StatusForm(props: InquiryFormProps) {
  const { inquiry, failure } = props;
  const pending = useIsPending({ intent: "status" });
  const options = [
    ...SETTABLE_STATUSES,
    ...(inquiry.response !== null ? (["answered"] as const) : []),
  ].map((status) => ({ value: status, label: statusLabel(status) }));
  return (
    <InquiryForm intent="status" {...props}>
      <div className="min-w-48">
        <SelectField
          label="Set the status"
          name="status"
          options={options}
          defaultValue={(failure?.conflict ? undefined : failure?.values?.status) ?? inquiry.status}
          error={failure?.fields?.status}
        />
      </div>
      <SubmitButton pending={pending} pendingLabel="Saving..." variant="secondary">
        Update Status
      </SubmitButton>
    </InquiryForm>
  );
}

function SenderHistory({ inquiry }: { inquiry: AdminInquiry }) {
  return (
    <section aria-labelledby="sender-heading" className="space-y-3">
      <h2 id="sender-heading" className="text-lg font-semibold text-slate-900">
        From the same sender
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-slate-700">Other inquiries</h3>
          {inquiry.otherInquiries.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">None.</p>
          ) : (
            <ul className="mt-1 space-y-1.5 text-sm">
              {inquiry.otherInquiries.map((other) => (
                <li key={other.id} className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`${LIST}/${other.id}`}
                    reloadDocument
                    className="text-brand-700 hover:underline"
                  >
                    {other.subject?.trim() || INQUIRY_SOURCE_LABELS[other.source]}
                  </Link>
                  <StatusBadge status={other.status} tones={INQUIRY_STATUS_TONES} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h3 className="text-sm font-semibold text-slate-700">Bookings</h3>
          {inquiry.bookings.length === 0 ? (
            <p className="mt-1 text-sm text-slate-600">None.</p>
          ) : (
            <ul className="mt-1 space-y-1.5 text-sm">
              {inquiry.bookings.map((booking) => (
                <li key={booking.id} className="flex flex-wrap items-center gap-2">
                  <Link
                    to={`/admin/appointments/${booking.id}`}
                    className="text-brand-700 hover:underline"
                  >
                    {formatAppointmentDate(booking.appointmentDate)}, {booking.appointmentTime}
                    {" · "}
                    {propertyTypeLabel(booking.propertyType)}
                  </Link>
                  <StatusBadge status={booking.status} tones={APPOINTMENT_STATUS_TONES} />
                  <span className="sr-only">Booking {shortId(booking.id)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load complaints data" />;
}

export const meta: Route.MetaFunction = () => [{ title: `Inquiry | Admin | ${COMPANY_NAME}` }];
