import { Form } from "react-router";
import { requireUser } from "~/auth/session.server";
import { ComplaintHistory } from "~/components/dashboard/complaint-history";
import { FormButtons } from "~/components/dashboard/form-buttons";
import { ResultNotice, useResultToast } from "~/components/dashboard/result-toast";
import { SubmitButton } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import { readForm } from "~/http/read-form.server";
import { badRequest, failed, limitAttempt, retryAfterHeaders } from "~/http/responses.server";
import { failureOf, noticeOf } from "~/lib/action-result";
import { COMPLAINT_MESSAGES, complaintSchema } from "~/lib/schemas/inquiry";
import { pageMeta } from "~/lib/seo";
import { logger } from "~/log/logger.server";
import { createInquiry, listInquiriesForUser } from "~/models/inquiry.server";
import { RATE_LIMITS, rateLimitKey } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/complaints";

// Complaints are inquiries with source 'complaint' (DESIGN.md): staff see them in the admin
// Inquiries screen and answer here. The history lists everything the customer sent while signed
// in (complaints, contact messages, service inquiries), each with its answer.

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  try {
    return { history: await listInquiriesForUser(user.id), loadError: null };
  } catch (error) {
    // The form still works when the history cannot be read.
    logger.error({ err: error }, "Could not load a customer's complaints");
    return { history: [], loadError: COMPLAINT_MESSAGES.loadFailed };
  }
}

/** What the page says when a complaint was stored (a toast, and in the page). */
const SUBMITTED = { title: COMPLAINT_MESSAGES.submitted };

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const values = { description: String(form.get("description") ?? "") };
  const parsed = complaintSchema().safeParse(values);
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? COMPLAINT_MESSAGES.empty;
    const error = { title: "Error", message };
    return badRequest({ error, fields: { description: message }, values });
  }
  const limited = await limitAttempt(
    rateLimitKey("publicForm", "complaint", user.id),
    RATE_LIMITS.publicForm,
    { values },
  );
  if (limited) return limited;
  try {
    // Who sent it comes from the session, never from the form.
    const stored = await createInquiry({
      source: "complaint",
      userId: user.id,
      email: user.email,
      name: user.name,
      description: parsed.data.description,
    });
    return { ok: true as const, id: stored.id };
  } catch (error) {
    logger.error({ err: error }, "Could not store a complaint");
    return failed(500, { error: { title: "Error", message: COMPLAINT_MESSAGES.failed }, values });
  }
}

export default function ComplaintsPage({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useIsPending();
  const result = actionData;
  const failure = failureOf(result);
  useResultToast(result, SUBMITTED);
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold text-slate-900">Inquiries and Complaints</h1>
      <section className="space-y-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
        <h2 className="text-xl font-semibold text-slate-900">Submit a New Complaint</h2>
        {result && !failure?.fields?.description ? (
          <ResultNotice message={noticeOf(result, SUBMITTED)} />
        ) : null}
        {/* A new key after each success empties the text area. */}
        <Form method="post" className="space-y-4" noValidate key={result?.ok ? result.id : "form"}>
          <TextAreaField
            label="Your complaint"
            name="description"
            rows={6}
            placeholder="Describe your issue or complaint in detail..."
            defaultValue={failure?.values?.description}
            error={failure?.fields?.description}
          />
          <FormButtons>
            <SubmitButton pending={pending} pendingLabel="Submitting..." fullWidth>
              Submit Complaint
            </SubmitButton>
          </FormButtons>
        </Form>
      </section>
      <ComplaintHistory items={loaderData.history} loadError={loaderData.loadError} />
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Inquiries",
    description: "Send us a complaint and follow the answers to your messages.",
    path: "/dashboard/complaints",
    noindex: true,
  });
