import { Form, Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { EditConflictPanel, revalidateAfterConflict } from "~/components/admin/edit-conflict-panel";
import { ListingFlagsPanel } from "~/components/admin/listing-flags";
import {
  PROPERTY_FIELD_LABELS,
  PROPERTY_MERGE_FIELDS,
  PropertyForm,
} from "~/components/admin/property-form";
import { RecordView } from "~/components/admin/record-view";
import { MapLink, PhoneLinks } from "~/components/contact-links";
import { ErrorNotice } from "~/components/dashboard/result-toast";
import { MediaImage } from "~/components/media-image";
import { SubmissionHistory, SubmissionStatusBadge } from "~/components/owner/submission-status";
import { SubmissionThread } from "~/components/owner/submission-thread";
import { Button, LinkButton, SubmitButton } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import { saveMerging, versionToken } from "~/http/edit-merge.server";
import { readForm } from "~/http/read-form.server";
import {
  badRequest,
  failed,
  notFound,
  redirectWithFlash,
  unknownIntent,
} from "~/http/responses.server";
import { postThreadMessage } from "~/http/submission-thread.server";
import { failureOf } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import {
  askToConfirm,
  CONFIRM_FIELD,
  CONFIRM_VALUE,
  confirmationFor,
  isConfirmed,
} from "~/lib/confirm";
import type { EditConflict } from "~/lib/edit-conflict";
import { responsiveImage } from "~/lib/images";
import {
  applyPicks,
  type OwnerChangeRow,
  ownerChangeReview,
  PICK_PREFIX,
} from "~/lib/owner-change";
import {
  PROPERTY_FIELD_KINDS,
  type PropertyFormValues,
  propertyFormValues,
} from "~/lib/schemas/property";
import { COMPANY_NAME } from "~/lib/site";
import { THREAD_INTENT } from "~/lib/submission-thread";
import {
  contactMethodLabel,
  isReviewable,
  SUBMISSION_KIND_LABELS,
  SUBMISSION_MESSAGES,
} from "~/lib/submissions";
import { getPropertyForAdmin } from "~/models/admin-property-list.server";
import { findFlagsForSubmission } from "~/models/photo-match.server";
import {
  approveSubmission,
  declineSubmission,
  getSubmissionForAdmin,
  requestSubmissionChanges,
} from "~/models/submission-review.server";
import { getOfficeThread, postOfficeMessage } from "~/models/submission-thread.server";
import { readPropertyForm } from "~/routes/admin/property-form.server";
import type { Route } from "./+types/submission";

// Reviewing an owner's submission: the owner (name and contact: for the office only), the
// photos, the listing's fields in the admin property form (edit them before approving), and the
// three decisions: approve (a new listing goes live, a change is applied, a take-down moves the
// listing to the trash), request changes (a message the owner sees) or decline (a reason, after
// a confirmation). Each is audited; a submission no longer waiting (withdrawn, or decided by
// another admin meanwhile) is refused and shown as it is now. Above the photos: any photo found
// on another listing and any listing on offer at the same address (~/models/photo-match).

const LIST = "/admin/submissions";
const MESSAGE_MAX = 2000;

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const submission = await getSubmissionForAdmin(actor, args.params.id);
  if (!submission) notFound();
  return {
    submission,
    review: await changeReview(actor, submission),
    thread: await getOfficeThread(actor, submission.id),
    flags: await findFlagsForSubmission(actor, submission.id),
  };
}

/**
 * A change's review (issue 42): the owner's changes against the live listing, the approve form
 * opened as the live listing with them applied, and its version (the live listing's, carrying
 * those values: a save over an office edit made meanwhile is merged like any edit form's).
 */
async function changeReview(
  actor: AdminActor,
  submission: NonNullable<Awaited<ReturnType<typeof getSubmissionForAdmin>>>,
) {
  if (submission.kind !== "change" || !submission.listing) return null;
  const listing = await getPropertyForAdmin(actor, submission.listing.id);
  if (!listing) return null;
  const live = propertyFormValues(listing);
  const { rows, values } = ownerChangeReview(submission.base, submission.values, live);
  return { rows, values, live, version: versionToken(listing.version, live) };
}

const NOT_REVIEWABLE = { title: "Nothing changed", message: SUBMISSION_MESSAGES.notReviewable };

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const id = args.params.id;
  const form = await readForm(args.request);
  const intent = String(form.get("intent") ?? "");
  const path = `${LIST}/${id}`;
  // The thread with the owner (issue 47): the office's answer, e-mailed to the owner.
  if (intent === THREAD_INTENT) {
    return postThreadMessage(args, form, (body) => postOfficeMessage(actor, id, body), path);
  }
  if (intent === "approve") {
    const submission = await getSubmissionForAdmin(actor, id);
    if (!submission) notFound();
    if (submission.kind === "takedown") {
      const approved = await approveSubmission(actor, id, null);
      return approvedAnswer(approved, path, intent);
    }
    const review = submission.kind === "change" ? await changeReview(actor, submission) : null;
    if (!review) {
      const checked = await readPropertyForm(form);
      if (!checked.ok) return checked.response;
      const approved = await approveSubmission(actor, id, checked.input);
      return approvedAnswer(approved, path, intent);
    }
    // A change: the reviewer's picks for the fields both changed, then saved like any edit of
    // the listing (merged with an office edit made since the review was opened).
    const listingId = review.live && submission.listing ? submission.listing.id : "";
    const saved = await saveMerging({
      form: applyPicks(form, review.rows),
      fields: PROPERTY_MERGE_FIELDS,
      save: async (merged, version) => {
        const checked = await readPropertyForm(merged);
        if (!checked.ok) return checked.response;
        return approveSubmission(actor, id, checked.input, version);
      },
      current: async () => {
        const now = await getPropertyForAdmin(actor, listingId);
        return now && { version: now.version, values: propertyFormValues(now) };
      },
    });
    if (!saved.ok) return saved.response;
    if (!("ok" in saved.result)) return saved.result;
    return approvedAnswer(saved.result, path, intent);
  }
  if (intent === "request-changes" || intent === "decline") {
    const message = String(form.get("message") ?? "").trim();
    const missing =
      intent === "decline" ? SUBMISSION_MESSAGES.declineReason : SUBMISSION_MESSAGES.reviewMessage;
    if (!message || message.length > MESSAGE_MAX) {
      const text = message ? `Please keep this under ${MESSAGE_MAX} characters` : missing;
      return badRequest({
        intent,
        error: { title: "Validation Error", message: text },
        fields: { message: text },
        values: { message },
      });
    }
    if (intent === "decline" && !isConfirmed(form)) {
      return askToConfirm(form, "Decline this submission? The owner is e-mailed the reason.");
    }
    const decided =
      intent === "decline"
        ? await declineSubmission(actor, id, message)
        : await requestSubmissionChanges(actor, id, message);
    if (!decided.ok && decided.reason === "not-found") notFound();
    if (!decided.ok) return failed(409, { intent, error: NOT_REVIEWABLE, values: { message } });
    return redirectWithFlash(
      path,
      intent === "decline" ? "submissionDeclined" : "submissionChangesRequested",
    );
  }
  return unknownIntent();
}

function approvedAnswer(
  approved: Awaited<ReturnType<typeof approveSubmission>>,
  path: string,
  intent: string,
) {
  if (!approved.ok && approved.reason === "not-found") notFound();
  if (!approved.ok) return failed(409, { intent, error: NOT_REVIEWABLE });
  return redirectWithFlash(path, "submissionApproved");
}

export const shouldRevalidate = revalidateAfterConflict;

type Failure = {
  intent?: string;
  error?: { title: string; message: string };
  fields?: Partial<Record<string, string>>;
  values?: Record<string, string>;
  conflict?: EditConflict;
};

export default function ReviewSubmissionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { submission, review } = loaderData;
  const failure = failureOf(actionData as { ok: boolean } | undefined) as Failure | undefined;
  const confirm = confirmationFor(actionData, { intent: "decline" });
  const waiting = isReviewable(submission.status);
  // A refused approval (the admin form's messages) has no intent; the others say theirs.
  const approveFailure =
    failure && (!failure.intent || failure.intent === "approve") ? failure : undefined;
  const values = submission.values as Record<string, string>;
  const contact = [
    contactMethodLabel(values.contactMethod ?? ""),
    values.availableFrom ? `available from ${values.availableFrom}` : "",
  ].filter(Boolean);
  const listingCode = submission.listing?.referenceCode;
  const address = [values.address, values.city].filter(Boolean).join(", ");
  return (
    <RecordView list={LIST} listLabel="All submissions" title={submission.title || "Submission"}>
      <div className="space-y-8">
        <div className="flex flex-wrap items-center gap-3">
          <SubmissionStatusBadge status={submission.status} />
          <span className="text-sm text-slate-600">{SUBMISSION_KIND_LABELS[submission.kind]}</span>
          {submission.listing ? (
            <Link
              to={`/admin/properties/${submission.listing.id}`}
              className="text-sm text-brand-700 hover:underline"
            >
              The live listing: {submission.listing.title}
            </Link>
          ) : null}
        </div>

        <section
          aria-labelledby="owner-title"
          className="rounded-lg border border-slate-200 bg-white p-4"
        >
          <h2 id="owner-title" className="font-semibold text-slate-900">
            Owner (never shown on the website)
          </h2>
          <p className="mt-1 text-slate-800">
            {submission.owner.name} ·{" "}
            <a href={`mailto:${submission.owner.email}`} className="text-brand-700 hover:underline">
              {submission.owner.email}
            </a>
          </p>
          {submission.owner.phone ? (
            <p>
              <PhoneLinks
                phone={submission.owner.phone}
                name={submission.owner.name}
                listingCode={listingCode}
              />
            </p>
          ) : null}
          {contact.length ? (
            <p className="text-sm text-slate-600">Prefers: {contact.join(", ")}</p>
          ) : null}
          {values.contactPhone && values.contactPhone !== submission.owner.phone ? (
            <p className="text-sm text-slate-600">
              Number to call:{" "}
              <PhoneLinks
                phone={values.contactPhone}
                name={submission.owner.name}
                listingCode={listingCode}
              />
            </p>
          ) : null}
          {address ? (
            <p className="text-sm">
              <MapLink address={address} />
            </p>
          ) : null}
          {submission.ownerNote ? (
            <p className="mt-2 whitespace-pre-line text-slate-800">
              <span className="font-medium">Owner's note:</span> {submission.ownerNote}
            </p>
          ) : null}
        </section>

        <SubmissionThread
          messages={loaderData.thread}
          viewer="office"
          error={failure?.intent === THREAD_INTENT ? failure.fields?.body : undefined}
          value={failure?.intent === THREAD_INTENT ? failure.values?.body : undefined}
          hint="The owner is e-mailed your reply; they answer from My Listings."
        />

        {failure?.error && failure.intent && failure.intent !== "approve" && !failure.fields ? (
          <ErrorNotice error={failure.error} />
        ) : null}

        <ListingFlagsPanel flags={loaderData.flags} subject="this submission" />

        <section aria-labelledby="photos-title" className="space-y-3">
          <h2 id="photos-title" className="text-lg font-semibold text-slate-900">
            Photos ({submission.photos.length})
          </h2>
          {submission.photos.length === 0 ? (
            <p className="text-sm text-slate-600">No photos sent.</p>
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {submission.photos.map((photo, i) => (
                <li key={photo.id}>
                  <a href={photo.mediaUrl} target="_blank" rel="noreferrer">
                    <MediaImage
                      {...responsiveImage(photo.mediaUrl, "240px")}
                      alt={`Photo ${i + 1} of ${submission.title}`}
                      whenBroken="placeholder"
                      className="aspect-[4/3] w-full rounded-md object-cover"
                    />
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>

        {waiting ? (
          <>
            {submission.kind === "takedown" ? (
              <section aria-labelledby="approve-title" className="space-y-3">
                <h2 id="approve-title" className="text-lg font-semibold text-slate-900">
                  Take the listing down
                </h2>
                <Form method="post">
                  <input type="hidden" name="intent" value="approve" />
                  <Button type="submit" variant="destructive" size="md">
                    Approve: move the listing to the trash
                  </Button>
                </Form>
              </section>
            ) : (
              <section aria-labelledby="approve-title" className="space-y-3">
                <h2 id="approve-title" className="text-lg font-semibold text-slate-900">
                  Check and approve
                </h2>
                <p className="text-sm text-slate-600">
                  Edit anything before approving:{" "}
                  {submission.kind === "change"
                    ? "the live listing takes these values and the new photos. The form shows the live listing with the owner's changes; edits the office made since the owner's copy are kept."
                    : "the listing goes live with these values and the photos above."}
                </p>
                {review ? (
                  <>
                    <OwnerChanges rows={review.rows} />
                    <EditConflictPanel
                      conflict={approveFailure?.conflict}
                      labels={PROPERTY_FIELD_LABELS}
                      kinds={PROPERTY_FIELD_KINDS}
                      what="the live listing"
                    />
                  </>
                ) : null}
                <PropertyForm
                  id="approve-form"
                  key={review?.version}
                  version={review?.version}
                  values={
                    (approveFailure?.conflict
                      ? undefined
                      : (approveFailure?.values as PropertyFormValues | undefined)) ??
                    review?.values ?? {
                      ...values,
                      status: submission.listing?.status ?? "available",
                      featured: submission.listing?.featured ? "on" : "",
                    }
                  }
                  fields={approveFailure?.fields ?? {}}
                  error={approveFailure?.error}
                  submitLabel="Approve and publish"
                  pendingLabel="Approving..."
                  back={LIST}
                  media={{ inForm: false, content: null }}
                  intent="approve"
                />
              </section>
            )}
            <DecisionForm
              intent="request-changes"
              title="Ask the owner for changes"
              label="What should the owner change?"
              button="Request changes"
              failure={failure?.intent === "request-changes" ? failure : undefined}
            />
            <DecisionForm
              intent="decline"
              title="Decline"
              label="Why is it declined? (the owner reads this)"
              button="Decline"
              failure={failure?.intent === "decline" ? failure : undefined}
              confirm={confirm ?? undefined}
            />
          </>
        ) : null}

        <section aria-labelledby="history-title" className="space-y-3">
          <h2 id="history-title" className="text-lg font-semibold text-slate-900">
            History
          </h2>
          <SubmissionHistory history={submission.history} viewer="office" />
        </section>
      </div>
    </RecordView>
  );
}

/**
 * The owner's changes, before (the live listing now) and after (what the owner asks). A field
 * the office also changed since the owner's copy keeps the office's value unless the reviewer
 * picks the owner's (radio buttons of the approve form, so it works without JavaScript).
 */
function OwnerChanges({ rows }: { rows: readonly OwnerChangeRow[] }) {
  if (rows.length === 0) {
    return <p className="text-sm text-slate-600">The owner changed no field of the listing.</p>;
  }
  const words = (name: string, value: string) =>
    PROPERTY_FIELD_KINDS[name] === "flag"
      ? value === "on"
        ? "Yes"
        : "No"
      : value.trim() === ""
        ? "(empty)"
        : value;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white p-4">
      <table className="w-full table-fixed border-collapse text-left text-sm">
        <caption className="mb-2 text-left font-semibold text-slate-900">
          The owner's changes
        </caption>
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="w-1/4 py-1 pr-2 font-medium">
              Field
            </th>
            <th scope="col" className="py-1 pr-2 font-medium">
              Live listing now
            </th>
            <th scope="col" className="py-1 font-medium">
              Owner asks for
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const label = PROPERTY_FIELD_LABELS[row.name] ?? row.name;
            return (
              <tr key={row.name} className="border-b border-slate-100 align-top">
                <th scope="row" className="py-1 pr-2 font-medium">
                  {label}
                </th>
                <td className="whitespace-pre-wrap break-words py-1 pr-2">
                  {row.officeChanged ? (
                    <label className="flex items-start gap-2">
                      <input
                        type="radio"
                        form="approve-form"
                        name={`${PICK_PREFIX}${row.name}`}
                        value="office"
                        defaultChecked
                        aria-label={`Keep the office's: ${words(row.name, row.live)}`}
                        className="mt-1"
                      />
                      <span>
                        {words(row.name, row.live)}{" "}
                        <span className="text-amber-800">
                          (changed by the office since the owner's copy, was{" "}
                          {words(row.name, row.was)})
                        </span>
                      </span>
                    </label>
                  ) : (
                    words(row.name, row.live)
                  )}
                </td>
                <td className="whitespace-pre-wrap break-words py-1">
                  {row.officeChanged ? (
                    <label className="flex items-start gap-2">
                      <input
                        type="radio"
                        form="approve-form"
                        name={`${PICK_PREFIX}${row.name}`}
                        value="owner"
                        aria-label={`Use the owner's: ${words(row.name, row.owner)}`}
                        className="mt-1"
                      />
                      <span>{words(row.name, row.owner)}</span>
                    </label>
                  ) : (
                    words(row.name, row.owner)
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function DecisionForm({
  intent,
  title,
  label,
  button,
  failure,
  confirm,
}: {
  intent: "request-changes" | "decline";
  title: string;
  label: string;
  button: string;
  failure?: Failure;
  confirm?: { question: string; fields: Record<string, string> };
}) {
  const pending = useIsPending();
  const asking = confirm && confirm.fields.intent === intent ? confirm : undefined;
  return (
    <section aria-labelledby={`${intent}-title`} className="space-y-3">
      <h2 id={`${intent}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {asking ? (
        <Form method="post" className="space-y-3 rounded-lg border border-red-200 bg-red-50 p-4">
          <p className="font-medium text-red-900">{asking.question}</p>
          <p className="whitespace-pre-line text-sm text-red-900">{asking.fields.message}</p>
          {Object.entries(asking.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <input type="hidden" name={CONFIRM_FIELD} value={CONFIRM_VALUE} />
          <div className="flex gap-3">
            <SubmitButton
              variant="destructive"
              size="md"
              pending={pending}
              pendingLabel="Declining..."
            >
              Yes, decline it
            </SubmitButton>
            <LinkButton to="." variant="outline" size="md">
              Keep it
            </LinkButton>
          </div>
        </Form>
      ) : (
        <Form method="post" className="space-y-3" noValidate>
          <input type="hidden" name="intent" value={intent} />
          <TextAreaField
            label={label}
            name="message"
            rows={3}
            maxLength={MESSAGE_MAX}
            defaultValue={failure?.values?.message ?? ""}
            error={failure?.fields?.message ?? failure?.error?.message}
          />
          <SubmitButton
            variant={intent === "decline" ? "destructive" : "secondary"}
            size="md"
            pending={pending}
            pendingLabel="Sending..."
          >
            {button}
          </SubmitButton>
        </Form>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback="Failed to load the submission" />;
}

export const meta: Route.MetaFunction = (args) => [
  {
    title: `${args.loaderData?.submission.title || "Submission"} | Admin | ${COMPANY_NAME}`,
  },
];
