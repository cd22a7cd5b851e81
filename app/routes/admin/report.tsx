import { Form, Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { PhoneLinks } from "~/components/contact-links";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { readForm } from "~/http/read-form.server";
import { badRequest, notFound, redirectWithFlash, unknownIntent } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { formatMoment } from "~/lib/appointment-format";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import {
  REPORT_STATUSES,
  type ReportStatus,
  reportReasonLabel,
  reportSubjectText,
  WARN_WINDOW_DAYS,
} from "~/lib/schemas/trust";
import { COMPANY_NAME } from "~/lib/site";
import { kickMailSender } from "~/mail/mail-sender.server";
import {
  getReportForAdmin,
  setReportStatus,
  takeDownReportedListing,
  warnListingEnquirers,
} from "~/models/fraud-report.server";
import type { Route } from "./+types/report";

// One fraud report (issue 45): what was reported and by whom, its status, and for a listing the
// office's two steps, each asking first: take the listing down (to the trash, audited), and
// warn everyone who enquired about or booked it in the last 60 days (the question says how
// many will be mailed). A report never does either by itself.

const LIST = "/admin/reports";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const found = await getReportForAdmin(actor, args.params.id);
  if (!found) notFound();
  return found;
}

/** "Warn the 3 people who enquired about or booked it ...?" */
function warnQuestion(count: number) {
  const people = count === 1 ? "1 person" : `${count} people`;
  return `E-mail a warning to ${people} who enquired about or booked this listing in the last ${WARN_WINDOW_DAYS} days?`;
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const id = args.params.id;
  const page = `${LIST}/${id}`;
  const intent = form.get("intent");
  if (intent === "status") {
    const status = String(form.get("status") ?? "");
    if (!REPORT_STATUSES.some((s) => s.value === status)) {
      const error = { title: "Error", message: "Please choose a status" };
      return badRequest({ intent, error, fields: { status: error.message } });
    }
    const result = await setReportStatus(actor, id, status as ReportStatus);
    if (!result.ok) notFound();
    throw redirectWithFlash(page, "reportUpdated");
  }
  if (intent === "take-down") {
    if (!isConfirmed(form)) {
      return askToConfirm(form, "Take this listing off the site now? It goes to the trash.");
    }
    const result = await takeDownReportedListing(actor, id);
    if (!result.ok && result.reason === "not-found") notFound();
    if (!result.ok) {
      const error = { title: "Error", message: "This listing is already off the site." };
      return badRequest({ intent, error });
    }
    throw redirectWithFlash(page, "listingTakenDown");
  }
  if (intent === "warn") {
    if (!isConfirmed(form)) {
      const found = await getReportForAdmin(actor, id);
      if (!found) notFound();
      return askToConfirm(form, warnQuestion(found.warnCount));
    }
    const result = await warnListingEnquirers(actor, id);
    if (!result.ok && result.reason === "not-found") notFound();
    if (!result.ok) {
      const message =
        result.reason === "already-warned"
          ? "Their warning has already been sent."
          : "This report is not about a listing.";
      return badRequest({ intent, error: { title: "Error", message } });
    }
    kickMailSender();
    throw redirectWithFlash(page, "enquirersWarned");
  }
  return unknownIntent();
}

export default function AdminReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { report, listing, warnCount } = loaderData;
  const failure = failureOf(actionData);
  const pending = useIsPending({ intent: "status" });
  const contact = [report.name, report.email].filter(Boolean);
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 md:p-6">
      <Link to={LIST} className="text-sm font-medium text-brand-700 hover:underline">
        Back to reports
      </Link>
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{reportSubjectText(report)}</h1>
        <p className="mt-1 text-slate-600">
          {reportReasonLabel(report.reason)} · received {formatMoment(report.createdAt)}
        </p>
      </div>
      <FormAlert error={failure?.error} />
      <Card as="section" aria-labelledby="report-message" className="space-y-3 text-sm">
        <h2 id="report-message" className="text-lg font-semibold text-slate-900">
          What they wrote
        </h2>
        <p className="whitespace-pre-line text-slate-700">
          {report.message || "No message given."}
        </p>
        <p className="text-slate-600">
          {contact.length || report.phone
            ? `Contact: ${contact.join(" · ")} `
            : "No contact given."}
          {report.phone ? <PhoneLinks phone={report.phone} name={report.name} /> : null}
        </p>
        {report.checkedValue ? (
          <p>
            <Link to="/admin/channels" className="text-brand-700 hover:underline">
              Mark {report.checkedValue} as a known impostor
            </Link>
          </p>
        ) : null}
      </Card>
      <Card as="section" aria-labelledby="report-status">
        <h2 id="report-status" className="text-lg font-semibold text-slate-900">
          Status
        </h2>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="status" />
          <SelectField
            label="Status"
            name="status"
            options={REPORT_STATUSES}
            defaultValue={report.status}
            key={report.status}
            error={failure?.fields?.status}
          />
          <SubmitButton pending={pending} pendingLabel="Saving..." size="sm">
            Save status
          </SubmitButton>
        </Form>
      </Card>
      {listing ? (
        <Card as="section" aria-labelledby="report-listing" className="space-y-4 text-sm">
          <h2 id="report-listing" className="text-lg font-semibold text-slate-900">
            The listing
          </h2>
          <p>
            <Link to={`/admin/properties/${listing.id}`} className="text-brand-700 underline">
              {listing.title}
            </Link>{" "}
            {listing.deletedAt ? "· off the site (in the trash)" : "· on the site"}
          </p>
          {listing.deletedAt ? null : (
            <ConfirmForm
              fields={{ intent: "take-down" }}
              label="Take the listing down"
              question="Take this listing off the site now? It goes to the trash."
              description="Visitors no longer see it; you can restore it from Properties."
              confirmLabel="Yes, take it down"
              pendingLabel="Taking down..."
              mode="dialog"
            />
          )}
          {report.warnedAt ? (
            <p className="text-slate-600">
              Warned {report.warnedCount} {report.warnedCount === 1 ? "person" : "people"} on{" "}
              {formatMoment(report.warnedAt)}.
            </p>
          ) : warnCount === 0 ? (
            <p className="text-slate-600">
              Nobody enquired about or booked it in the last {WARN_WINDOW_DAYS} days.
            </p>
          ) : (
            <ConfirmForm
              fields={{ intent: "warn" }}
              label={`Warn ${warnCount === 1 ? "1 person" : `${warnCount} people`} by e-mail`}
              question={warnQuestion(warnCount)}
              description="Each gets an e-mail saying the listing was reported, that we never charge viewing fees, and where to check numbers and accounts."
              confirmLabel={`Yes, e-mail ${warnCount}`}
              pendingLabel="Sending..."
              variant="warning"
              mode="dialog"
            />
          )}
        </Card>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load the report" />;
}

export const meta: Route.MetaFunction = () => [{ title: `Report | Admin | ${COMPANY_NAME}` }];
