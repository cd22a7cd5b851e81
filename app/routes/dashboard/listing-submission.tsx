import { Form, Link } from "react-router";
import { requireUser } from "~/auth/session.server";
import { ErrorNotice } from "~/components/dashboard/result-toast";
import { MediaImage } from "~/components/media-image";
import { OwnerPageHeader, ownerFormFailure } from "~/components/owner/owner-page";
import { OwnerSubmissionForm } from "~/components/owner/submission-form";
import { SubmissionHistory, SubmissionStatusBadge } from "~/components/owner/submission-status";
import { SubmissionThread } from "~/components/owner/submission-thread";
import { Button } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { readSubmissionForm, saveSubmissionPost } from "~/http/owner-submission.server";
import { discardUploads } from "~/http/property-uploads.server";
import {
  failed,
  notFound,
  redirectWithFlash,
  retryAfterHeaders,
  unknownIntent,
} from "~/http/responses.server";
import { postThreadMessage } from "~/http/submission-thread.server";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { responsiveImage } from "~/lib/images";
import { myListingPath, mySubmissionPath } from "~/lib/navigation";
import { pageMeta } from "~/lib/seo";
import { THREAD_INTENT } from "~/lib/submission-thread";
import {
  isEditableByOwner,
  isWithdrawable,
  SUBMISSION_KIND_LABELS,
  SUBMISSION_MESSAGES,
} from "~/lib/submissions";
import { removeUnreferencedUploads } from "~/models/media-references.server";
import {
  getOwnerSubmission,
  removeSubmissionPhoto,
  withdrawSubmission,
} from "~/models/submission-owner.server";
import { getOwnerThread, postOwnerMessage } from "~/models/submission-thread.server";
import type { Route } from "./+types/listing-submission";

// One of the owner's submissions: where it stands, the office's message, the thread with the
// office once sent (issue 47), its history; while it is a draft or sent back, the form to finish
// or fix it (and send it again) and its photos; until it is decided, Withdraw. Anyone else's id
// is a 404.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [submission, thread] = await Promise.all([
    getOwnerSubmission(user.id, params.id),
    getOwnerThread(user.id, params.id),
  ]);
  if (!submission) notFound();
  return { submission, thread: thread ?? [] };
}

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args.request);
  const id = args.params.id;
  const read = await readSubmissionForm(args.request);
  const intent = String(read.form.get("intent") ?? "");
  const path = mySubmissionPath(id);
  if (intent === "save" || intent === "submit") {
    const saved = await saveSubmissionPost(args, user.id, read, id);
    if (!saved.ok) {
      if (saved.response instanceof Response && saved.response.status === 404) notFound();
      if ("init" in saved.response && saved.response.init?.status === 404) notFound();
      return saved.response;
    }
    return redirectWithFlash(path, saved.sent ? "submissionSent" : "submissionSaved");
  }
  // Files only come with the form above: any sent with another post are not kept.
  if (read.ok) await discardUploads(read.photos);
  // Anyone else's (or an unknown) submission is a 404 before anything is asked or done.
  if (!(await getOwnerSubmission(user.id, id))) notFound();
  switch (intent) {
    // The thread with the office (issue 47): a reply to "changes requested", or a question.
    case THREAD_INTENT:
      return postThreadMessage(
        args,
        read.form,
        (body) => postOwnerMessage(user.id, id, body),
        path,
      );
    case "withdraw": {
      if (!isConfirmed(read.form)) return askToConfirm(read.form, "Withdraw this submission?");
      const withdrawn = await withdrawSubmission(user.id, id);
      if (!withdrawn.ok && withdrawn.reason === "not-found") notFound();
      if (!withdrawn.ok) {
        return failed(409, {
          intent,
          error: { title: "Could not withdraw", message: SUBMISSION_MESSAGES.notEditable },
        });
      }
      return redirectWithFlash(path, "submissionWithdrawn");
    }
    case "remove-photo": {
      const removed = await removeSubmissionPhoto(
        user.id,
        id,
        String(read.form.get("photoId") ?? ""),
      );
      if (!removed.ok && removed.reason === "not-found") notFound();
      if (!removed.ok) {
        return failed(409, {
          intent,
          error: { title: "Could not remove the photo", message: SUBMISSION_MESSAGES.notEditable },
        });
      }
      await removeUnreferencedUploads([removed.removedUrl]);
      return redirectWithFlash(path, "submissionSaved");
    }
    default:
      return unknownIntent();
  }
}

export default function SubmissionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { submission } = loaderData;
  const failure = ownerFormFailure(actionData);
  const editable = isEditableByOwner(submission.status) && submission.kind !== "takedown";
  const formFailure = failure && !failure.intent ? failure : undefined;
  const threadFailure = failure?.intent === THREAD_INTENT ? failure : undefined;
  const otherFailure = failure?.intent && !threadFailure ? failure : undefined;
  return (
    <div className="space-y-8">
      <OwnerPageHeader
        title={submission.title || "Untitled"}
        badge={<SubmissionStatusBadge status={submission.status} />}
      >
        {SUBMISSION_KIND_LABELS[submission.kind]}
      </OwnerPageHeader>
      <ErrorNotice error={otherFailure?.error} />
      {submission.reviewMessage &&
      (submission.status === "changes_requested" || submission.status === "declined") ? (
        <section
          aria-labelledby="office-title"
          className="rounded-lg border border-blue-200 bg-blue-50 p-4"
        >
          <h2 id="office-title" className="font-semibold text-blue-900">
            {submission.status === "declined" ? "Why it was declined" : "What our office asks"}
          </h2>
          <p className="mt-1 whitespace-pre-line text-blue-900">{submission.reviewMessage}</p>
        </section>
      ) : null}
      {submission.status === "approved" && submission.propertyId ? (
        <p className="rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
          Approved.{" "}
          <Link
            to={myListingPath(submission.propertyId)}
            className="font-semibold underline hover:no-underline"
          >
            See how the listing does
          </Link>
        </p>
      ) : null}

      {submission.status === "draft" ? null : (
        <SubmissionThread
          messages={loaderData.thread}
          viewer="owner"
          error={threadFailure?.fields?.body}
          value={threadFailure?.values?.body}
          hint={
            submission.status === "changes_requested"
              ? "Reply to what our office asks, or ask a question. To send the changes, use the form below."
              : undefined
          }
        />
      )}

      {submission.photos.length > 0 ? (
        <section aria-labelledby="photos-title" className="space-y-3">
          <h2 id="photos-title" className="text-lg font-semibold text-slate-900">
            Photos
          </h2>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {submission.photos.map((photo, i) => (
              <li key={photo.id} className="space-y-2">
                <MediaImage
                  {...responsiveImage(photo.mediaUrl, "200px")}
                  alt={`Photo ${i + 1}`}
                  whenBroken="placeholder"
                  className="aspect-[4/3] w-full rounded-md object-cover"
                />
                {editable ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-photo" />
                    <input type="hidden" name="photoId" value={photo.id} />
                    <Button type="submit" variant="outline" size="sm" className="w-full">
                      Remove photo {i + 1}
                    </Button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {editable ? (
        <section aria-labelledby="edit-title" className="space-y-4">
          <h2 id="edit-title" className="text-lg font-semibold text-slate-900">
            {submission.status === "changes_requested" ? "Make the changes" : "Finish your draft"}
          </h2>
          <OwnerSubmissionForm
            values={formFailure?.values ?? submission.values}
            fields={formFailure?.fields ?? {}}
            error={formFailure?.error}
            signedIn
            savedAt={JSON.stringify(submission.values)}
            sendLabel={
              submission.status === "changes_requested"
                ? "Send again for review"
                : "Send for review"
            }
          />
        </section>
      ) : null}

      <section aria-labelledby="history-title" className="space-y-3">
        <h2 id="history-title" className="text-lg font-semibold text-slate-900">
          History
        </h2>
        <SubmissionHistory history={submission.history} />
      </section>

      {isWithdrawable(submission.status) ? (
        <ConfirmForm
          fields={{ intent: "withdraw" }}
          label="Withdraw submission"
          question="Withdraw this submission?"
          description="Our office stops reviewing it. You can submit the property again later."
          confirmLabel="Yes, withdraw it"
          cancelLabel="Keep it"
          pendingLabel="Withdrawing..."
          variant="destructive"
          withoutJs="ask"
        />
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.submission.title || "Submission",
    description: "Your property submission and where it stands.",
    path: mySubmissionPath(args.params.id),
    noindex: true,
  });
