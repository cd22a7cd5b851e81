import { Form, Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { SubmitButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SelectField, TextAreaField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import { readForm } from "~/http/read-form.server";
import { badRequest, notFound, redirectWithFlash } from "~/http/responses.server";
import { type ActionFailure, failureOf } from "~/lib/action-result";
import { formatMoment } from "~/lib/appointment-format";
import { fieldErrorsOf } from "~/lib/schemas/fields";
import { titleCopyAnswerSchema } from "~/lib/schemas/title-check";
import { COMPANY_NAME } from "~/lib/site";
import { TITLE_COPY_MESSAGES, TITLE_COPY_NOTE_MAX, titleCopyStatusLabel } from "~/lib/title-check";
import { kickMailSender } from "~/mail/mail-sender.server";
import {
  answerTitleCopyRequest,
  listTitleCopyRequests,
  type TitleCopyRequestRow,
} from "~/models/title-copy-requests.server";
import { loadOrFail } from "~/routes/admin/load-or-fail.server";
import type { Route } from "./+types/title-requests";

// /admin/title-requests (issue 46): buyers who asked for copies of a sale listing's title
// documents. The office sends the copies (by e-mail or by hand, outside the site: the files stay
// private) and marks the request sent, or declines it with a note; the buyer is e-mailed either
// way and sees the status on their dashboard. Each answer is in the audit log.

const PAGE = "/admin/title-requests";
const LOAD_FAILED = "Failed to load the title requests";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  return loadOrFail("the title requests", LOAD_FAILED, () => listTitleCopyRequests(actor));
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const id = String(form.get("requestId") ?? "");
  const parsed = titleCopyAnswerSchema().safeParse(Object.fromEntries(form));
  if (!parsed.success) {
    const fields = fieldErrorsOf(parsed.error);
    const message = Object.values(fields)[0] ?? TITLE_COPY_MESSAGES.noteRequired;
    return badRequest({
      values: { requestId: id },
      error: { title: "Not answered", message },
      fields,
    });
  }
  const answered = await answerTitleCopyRequest(actor, id, {
    status: parsed.data.answer,
    note: parsed.data.note,
  });
  if (!answered.ok && answered.reason === "not-found") notFound();
  if (!answered.ok) {
    const error = { title: "Not answered", message: TITLE_COPY_MESSAGES.alreadyAnswered };
    return badRequest({ values: { requestId: id }, error, fields: {} });
  }
  kickMailSender();
  throw redirectWithFlash(PAGE, "titleCopyAnswered");
}

export default function TitleRequestsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { open, answered } = loaderData;
  const failure = failureOf(actionData);
  const failedId = failure?.values?.requestId;
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Title requests</h1>
        <p className="mt-1 text-slate-600">
          Buyers who asked for copies of a listing's title documents. Send the copies, then mark the
          request sent; or decline it with a note the buyer will read. The buyer is e-mailed either
          way.
        </p>
      </div>
      <section aria-labelledby="open-heading" className="space-y-3">
        <h2 id="open-heading" className="text-lg font-semibold text-slate-900">
          Waiting for an answer ({open.length})
        </h2>
        {open.length === 0 ? (
          <Card>
            <p className="text-slate-500">No requests are waiting.</p>
          </Card>
        ) : (
          open.map((row) => (
            <OpenRequest
              key={row.id}
              row={row}
              failure={failedId === row.id ? failure : undefined}
            />
          ))
        )}
      </section>
      <section aria-labelledby="answered-heading" className="space-y-3">
        <h2 id="answered-heading" className="text-lg font-semibold text-slate-900">
          Answered lately
        </h2>
        <Card>
          {answered.length === 0 ? (
            <p className="text-slate-500">None yet.</p>
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Answered requests</caption>
              <thead className="text-slate-500">
                <tr>
                  {["Listing", "Buyer", "Answer", "Answered"].map((column) => (
                    <th key={column} scope="col" className="py-2 pr-3">
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200">
                {answered.map((row) => (
                  <tr key={row.id}>
                    <th scope="row" className="py-2 pr-3 font-medium">
                      <ListingLink row={row} />
                    </th>
                    <td className="py-2 pr-3">{row.buyerEmail}</td>
                    <td className="py-2 pr-3" data-status={row.status}>
                      {titleCopyStatusLabel(row.status)}
                      {row.note ? <span className="block text-slate-500">{row.note}</span> : null}
                    </td>
                    <td className="whitespace-nowrap py-2">
                      {row.answeredAt ? formatMoment(row.answeredAt) : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      </section>
    </div>
  );
}

function ListingLink({ row }: { row: TitleCopyRequestRow }) {
  return (
    <Link to={`/admin/properties/${row.propertyId}`} className="text-brand-700 hover:underline">
      {row.propertyTitle} ({row.referenceCode})
    </Link>
  );
}

function OpenRequest({
  row,
  failure,
}: {
  row: TitleCopyRequestRow;
  failure: ActionFailure | undefined;
}) {
  const pending = useIsPending({ match: { requestId: row.id } });
  return (
    <Card>
      <article aria-label={`Request from ${row.buyerEmail}`} className="space-y-3">
        <p className="text-sm text-slate-700">
          <ListingLink row={row} />
          <br />
          {row.buyerName} &middot; {row.buyerEmail}
          {row.buyerPhone ? ` · ${row.buyerPhone}` : ""} &middot; asked{" "}
          {formatMoment(row.createdAt)}
        </p>
        <Form method="post" className="space-y-3">
          <FormAlert error={failure?.error} />
          <input type="hidden" name="requestId" value={row.id} />
          <SelectField
            label="Answer"
            name="answer"
            defaultValue="sent"
            options={[
              { value: "sent", label: "Copies sent" },
              { value: "declined", label: "Declined" },
            ]}
            error={failure?.fields?.answer}
          />
          <TextAreaField
            label="Note to the buyer"
            name="note"
            optional
            rows={2}
            maxLength={TITLE_COPY_NOTE_MAX}
            hint="Required when you decline: say why."
            error={failure?.fields?.note}
          />
          <SubmitButton pending={pending} pendingLabel="Saving...">
            Save answer
          </SubmitButton>
        </Form>
      </article>
    </Card>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={LOAD_FAILED} />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Title requests | Admin | ${COMPANY_NAME}` },
];
