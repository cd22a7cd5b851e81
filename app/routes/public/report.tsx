import { Link } from "react-router";
import { safeRedirectPath } from "~/auth/session.server";
import { ReportForm } from "~/components/report/report-form";
import { Alert } from "~/components/ui/alert";
import { isHoneypotTripped } from "~/http/honeypot.server";
import { readForm } from "~/http/read-form.server";
import { badRequest, failed, limitAttempt, retryAfterHeaders } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import {
  REPORT_FIELDS,
  REPORT_MESSAGES,
  type ReportSubject,
  type ReportValues,
  readReportSubject,
  reportSchema,
} from "~/lib/schemas/trust";
import { pageMeta } from "~/lib/seo";
import { logger } from "~/log/logger.server";
import { kickMailSender } from "~/mail/mail-sender.server";
import { createFraudReport } from "~/models/fraud-report.server";
import { getClientIp, RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/report";

// /report (issue 45, item 6): where every "Report this listing" form posts (ReportForm), and a
// page of its own for a report opened from a link (?listing=<id>, ?agent=<id>, ?value=<number>).
// The public forms' abuse limits: a honeypot (a bot is thanked, nothing is stored) and the
// per-address rate limit. A report hides nothing by itself; the office reads it.

export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const form = new FormData();
  for (const about of ["listing", "agent", "value"] as const) {
    const given = params.get(about);
    if (!given) continue;
    form.set("about", about);
    form.set(about === "value" ? "value" : "id", given.slice(0, 120));
    break;
  }
  return { subject: readReportSubject(form) ?? null };
}

/** A 429 keeps its Retry-After. */
export const headers = retryAfterHeaders;

function valuesOf(form: FormData): ReportValues & Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of [...REPORT_FIELDS, "about", "id", "value", "back"]) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

export async function action(args: Route.ActionArgs) {
  const form = await readForm(args.request);
  const values = valuesOf(form);
  const back = safeRedirectPath(values.back, "/");
  // A bot is answered like a person; nothing is stored.
  if (isHoneypotTripped(form)) return { ok: true as const, back };
  const subject = readReportSubject(form);
  if (!subject) {
    const error = { title: "Error", message: REPORT_MESSAGES.subjectMissing };
    return badRequest({ error, fields: {}, values });
  }
  const parsed = reportSchema().safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const message = Object.values(fields)[0] ?? REPORT_MESSAGES.reasonMissing;
    return badRequest({ error: { title: "Error", message }, fields, values });
  }
  const limited = await limitAttempt(
    rateLimitKey("publicForm", "report", getClientIp(args)),
    RATE_LIMITS.publicForm,
    { values },
  );
  if (limited) return limited;
  try {
    const created = await createFraudReport(subject, parsed.data);
    if (!created.ok) {
      const error = { title: "Error", message: REPORT_MESSAGES.subjectMissing };
      return badRequest({ error, fields: {}, values });
    }
  } catch (error) {
    logger.error({ err: error }, "Could not store a fraud report");
    return failed(500, { error: REPORT_MESSAGES.failed, fields: {}, values });
  }
  // The admins' e-mail was queued with the report: send it now.
  kickMailSender();
  return { ok: true as const, back };
}

export default function ReportPage({ loaderData, actionData }: Route.ComponentProps) {
  const failure = failureOf(actionData);
  const posted = failure?.values ? subjectOf(failure.values) : undefined;
  const subject = posted ?? loaderData.subject;
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <h1 className="text-3xl font-bold text-slate-900">Report a problem</h1>
      {actionData?.ok ? (
        <Alert className="mt-6">
          <div>
            <p className="font-semibold text-green-900">{REPORT_MESSAGES.sent.title}</p>
            <p className="mt-1 text-green-900">{REPORT_MESSAGES.sent.message}</p>
            <p className="mt-3">
              <Link to={actionData.back} className="font-medium text-brand-700 underline">
                Back to where you were
              </Link>
              {" · "}
              <Link to="/verify" className="font-medium text-brand-700 underline">
                Check a number or account
              </Link>
            </p>
          </div>
        </Alert>
      ) : subject ? (
        <div className="mt-6">
          <p className="mb-6 text-slate-600">
            Tell us what happened. Our office reads every report; a report alone never takes a
            listing down.
          </p>
          <ReportForm subject={subject} back={failure?.values?.back} failure={failure} />
        </div>
      ) : (
        <p className="mt-6 text-slate-600">
          {REPORT_MESSAGES.subjectMissing}{" "}
          <Link to="/verify" className="font-medium text-brand-700 underline">
            Check a number or account
          </Link>
        </p>
      )}
    </div>
  );
}

/** The subject a refused post was about, from what it sent back. */
function subjectOf(values: Record<string, string | undefined>): ReportSubject | undefined {
  const form = new FormData();
  for (const name of ["about", "id", "value"]) form.set(name, values[name] ?? "");
  return readReportSubject(form);
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Report a problem",
    description: "Tell NaijaHomes about a listing, an agent or a number that does not look right.",
    path: "/report",
    noindex: true,
  });
