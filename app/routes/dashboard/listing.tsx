import { Form, Link } from "react-router";
import { requireUser } from "~/auth/session.server";
import { ViewsChart } from "~/components/admin/views-chart";
import { EmptyState } from "~/components/dashboard/empty-state";
import { ErrorNotice } from "~/components/dashboard/result-toast";
import { OwnerAgentLine } from "~/components/owner/owner-agent";
import { OwnerPageHeader, ownerFormFailure } from "~/components/owner/owner-page";
import { OwnerSubmissionForm } from "~/components/owner/submission-form";
import { SubmissionStatusBadge } from "~/components/owner/submission-status";
import { SubmissionThread } from "~/components/owner/submission-thread";
import { AppointmentStatusBadge, Badge } from "~/components/ui/badge";
import { SubmitButton } from "~/components/ui/button";
import { TextAreaField } from "~/components/ui/field";
import { useIsPending } from "~/hooks/use-is-pending";
import {
  limitSubmissionPost,
  ownerChangeVersion,
  readOwnerChangeBase,
  readSubmissionForm,
} from "~/http/owner-submission.server";
import { discardUploads } from "~/http/property-uploads.server";
import {
  badRequest,
  failed,
  notFound,
  redirectWithFlash,
  retryAfterHeaders,
  unknownIntent,
} from "~/http/responses.server";
import { postThreadMessage } from "~/http/submission-thread.server";
import { formatDay } from "~/lib/dates";
import { VERSION_FIELD } from "~/lib/edit-conflict";
import { formatNumber, formatPrice } from "~/lib/money";
import { myListingPath, mySubmissionPath } from "~/lib/navigation";
import { LEADS_EXPLAINED } from "~/lib/owner-alerts";
import { listingStatusLabel } from "~/lib/property-options";
import {
  checkSubmission,
  postedSubmissionValues,
  submissionValuesOf,
} from "~/lib/schemas/submission";
import { pageMeta } from "~/lib/seo";
import { THREAD_INTENT } from "~/lib/submission-thread";
import { OWNER_VIEW_WEEKS, SUBMISSION_KIND_LABELS, SUBMISSION_MESSAGES } from "~/lib/submissions";
import { getFeeTerms } from "~/models/fee-terms.server";
import { getOwnerContact, getOwnerListing } from "~/models/owner-listings.server";
import { requestListingChange } from "~/models/submission-owner.server";
import {
  getListingThreadSubmission,
  getOwnerThread,
  postOwnerMessage,
} from "~/models/submission-thread.server";
import type { Route } from "./+types/listing";

// One of the owner's live listings: its views per week, the viewings booked (dates and status
// only: who booked stays with the agency), saves, and the owner's requests: a change (the live
// listing unchanged until the office approves it) or taking it down; who its agent is and the
// thread with the office (issue 47). Anyone else's id is a 404.

export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [stats, contact, threadId] = await Promise.all([
    getOwnerListing(user.id, params.id),
    getOwnerContact(user.id, params.id),
    getListingThreadSubmission(user.id, params.id),
  ]);
  if (!stats) notFound();
  // The listing's thread with the office is that of the submission that made it (issue 47).
  const thread = threadId ? ((await getOwnerThread(user.id, threadId)) ?? []) : null;
  const { listing } = stats;
  return {
    ...stats,
    thread,
    listing: {
      id: listing.id,
      title: listing.title,
      city: listing.city,
      address: listing.address,
      purpose: listing.purpose,
      price: listing.price,
      rentPeriod: listing.rentPeriod,
      status: listing.status,
      live: listing.deletedAt === null,
    },
    // The listing as it is, and how the owner last asked to be reached (their account's phone
    // when they never said which number).
    values: {
      ...submissionValuesOf(listing),
      contactPhone: user.phone ?? "",
      ...contact,
    },
    // The listing as the change form opens it, signed (issue 42): approval applies only what
    // the owner changed from this copy, not an office edit made while the form was open.
    version: ownerChangeVersion(listing),
  };
}

/** A 429 keeps its Retry-After (pages and data requests alike). */
export const headers = retryAfterHeaders;

const REFUSED = {
  "not-found": "This listing was not found.",
  "too-many": SUBMISSION_MESSAGES.tooMany,
  "too-many-photos": SUBMISSION_MESSAGES.tooManyPhotos,
  "already-asked": SUBMISSION_MESSAGES.alreadyAsked,
} as const;

export async function action(args: Route.ActionArgs) {
  const user = await requireUser(args.request);
  const id = args.params.id;
  const read = await readSubmissionForm(args.request);
  const values = postedSubmissionValues(read.form);
  const intent = String(read.form.get("intent") ?? "");
  // Sent back with a refused change, so the form keeps the base it was opened at.
  const version = intent === "submit" ? String(read.form.get(VERSION_FIELD) ?? "") : undefined;
  const photos = read.ok
    ? read.photos.map((p) => ({ url: p.url, fingerprint: p.fingerprint }))
    : [];
  const refuse = async (response: Awaited<ReturnType<typeof badRequest>>) => {
    await discardUploads(photos);
    return response;
  };
  if (!read.ok) {
    return failed(read.status, {
      intent: "submit",
      error: { title: SUBMISSION_MESSAGES.saveFailed, message: read.message },
      fields: { photos: read.message },
      values,
      version,
    });
  }
  if (intent === THREAD_INTENT) {
    // Files only come with the change form.
    await discardUploads(photos);
    const threadId = await getListingThreadSubmission(user.id, id);
    if (!threadId) notFound();
    const post = (body: string) => postOwnerMessage(user.id, threadId, body);
    return postThreadMessage(args, read.form, post, myListingPath(id));
  }
  let request: Parameters<typeof requestListingChange>[2];
  if (intent === "submit") {
    const checked = checkSubmission(values, await getFeeTerms());
    if (!checked.ok) {
      return refuse(
        badRequest({ intent, error: checked.error, fields: checked.fields, values, version }),
      );
    }
    const base = readOwnerChangeBase(read.form, id);
    if (!base) {
      // Without the copy it was opened at, approving could undo an office edit: not sent blind.
      // The form comes back at the listing as it is now, with what was typed.
      return refuse(
        failed(409, {
          intent,
          error: {
            title: SUBMISSION_MESSAGES.saveFailed,
            message: SUBMISSION_MESSAGES.changeOutOfDate,
          },
          values,
        }),
      );
    }
    request = { kind: "change", values, photos, base };
  } else if (intent === "takedown") {
    const note = String(read.form.get("note") ?? "")
      .trim()
      .slice(0, 1000);
    if (!note) {
      return refuse(
        badRequest({
          intent,
          error: { title: "Validation Error", message: SUBMISSION_MESSAGES.takedownReason },
          fields: { note: SUBMISSION_MESSAGES.takedownReason },
          values: { note },
        }),
      );
    }
    request = { kind: "takedown", note };
  } else {
    return refuse(unknownIntent());
  }
  const limited = await limitSubmissionPost(args, { intent, values, version });
  if (limited) {
    await discardUploads(photos);
    return limited;
  }
  const asked = await requestListingChange(user.id, id, request).catch(async (error) => {
    await discardUploads(photos);
    throw error;
  });
  if (!asked.ok) {
    await discardUploads(photos);
    if (asked.reason === "not-found") notFound();
    return failed(asked.reason === "already-asked" ? 409 : 400, {
      intent,
      error: { title: SUBMISSION_MESSAGES.saveFailed, message: REFUSED[asked.reason] },
      values,
      version,
    });
  }
  return redirectWithFlash(
    mySubmissionPath(asked.id),
    request.kind === "change" ? "changeRequested" : "takedownRequested",
  );
}

export default function OwnerListingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, weeks, viewings, viewingCounts, saves, requests, totalViews, leads, agent } =
    loaderData;
  const failure = ownerFormFailure(actionData);
  const changeFailure = failure?.intent === "submit" ? failure : undefined;
  const takedownFailure = failure?.intent === "takedown" ? failure : undefined;
  const threadFailure = failure?.intent === THREAD_INTENT ? failure : undefined;
  const pending = useIsPending();
  return (
    <div className="space-y-8">
      <OwnerPageHeader
        title={listing.title}
        badge={
          listing.live ? (
            <Badge tone="green">{listingStatusLabel(listing.status)}</Badge>
          ) : (
            <Badge tone="slate">Taken down</Badge>
          )
        }
      >
        {listing.city} · {formatPrice(listing.price, listing.purpose, listing.rentPeriod)}
        {listing.live ? (
          <>
            {" · "}
            <Link to={`/property/${listing.id}`} className="text-brand-700 hover:underline">
              See it on the website
            </Link>
          </>
        ) : null}
      </OwnerPageHeader>
      <OwnerAgentLine agent={agent} />
      {failure?.error && !changeFailure && !takedownFailure && !threadFailure ? (
        <ErrorNotice error={failure.error} />
      ) : null}

      <section aria-labelledby="numbers-title" className="space-y-4">
        <h2 id="numbers-title" className="text-lg font-semibold text-slate-900">
          How it does
        </h2>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {[
            [`Views (${OWNER_VIEW_WEEKS} weeks)`, formatNumber(totalViews)],
            ["Viewings upcoming", String(viewingCounts.upcoming)],
            ["Viewings held", String(viewingCounts.done)],
            ["Saves", String(saves)],
            // Counts only: who asked or called stays with the agency.
            ...(leads
              ? [
                  [`Leads (${OWNER_VIEW_WEEKS} weeks)`, formatNumber(leads.total)],
                  ["Inquiries", formatNumber(leads.inquiries)],
                ]
              : []),
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg border border-slate-200 bg-white p-4">
              <dt className="text-sm text-slate-500">{label}</dt>
              <dd className="text-2xl font-semibold text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        {leads ? <p className="text-sm text-slate-600">{LEADS_EXPLAINED}</p> : null}
        <ViewsChart
          days={weeks.map((week) => ({ day: week.start, views: week.views }))}
          title={`Views per week, last ${OWNER_VIEW_WEEKS} weeks`}
          labelEvery={2}
          period="Week from"
        />
      </section>

      <section aria-labelledby="viewings-title" className="space-y-3">
        <h2 id="viewings-title" className="text-lg font-semibold text-slate-900">
          Viewings booked
        </h2>
        <p className="text-sm text-slate-600">
          Our office arranges and attends the viewings; the visitors' details stay with us.
          {viewingCounts.cancelled ? ` ${viewingCounts.cancelled} cancelled.` : ""}
        </p>
        {viewings.length === 0 ? (
          <EmptyState title="No viewings booked yet" />
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {viewings.map((viewing, i) => (
              <li
                // No id is sent to the owner; dates and times may repeat, the position does not.
                key={i}
                className="flex items-center justify-between gap-3 px-4 py-2 text-sm"
              >
                <span>
                  {formatDay(`${viewing.date}T12:00:00Z`)}, {viewing.time}
                </span>
                <AppointmentStatusBadge status={viewing.status} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {loaderData.thread ? (
        <SubmissionThread
          messages={loaderData.thread}
          viewer="owner"
          error={threadFailure?.fields?.body}
          value={threadFailure?.values?.body}
        />
      ) : null}

      {requests.length > 0 ? (
        <section aria-labelledby="requests-title" className="space-y-3">
          <h2 id="requests-title" className="text-lg font-semibold text-slate-900">
            Your requests
          </h2>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {requests.map((request) => (
              <li
                key={request.id}
                className="flex items-center justify-between gap-3 px-4 py-2 text-sm"
              >
                <Link to={mySubmissionPath(request.id)} className="text-brand-700 hover:underline">
                  {SUBMISSION_KIND_LABELS[request.kind]} · {formatDay(request.updatedAt)}
                </Link>
                <SubmissionStatusBadge status={request.status} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {listing.live ? (
        <>
          <section aria-labelledby="change-title" className="space-y-3">
            <h2 id="change-title" className="text-lg font-semibold text-slate-900">
              Change the listing
            </h2>
            <p className="text-sm text-slate-600">
              Your change goes to our office for review; the live listing stays as it is until it is
              approved. New photos are added after the others.
            </p>
            <OwnerSubmissionForm
              values={changeFailure?.values ?? loaderData.values}
              version={changeFailure?.version || loaderData.version}
              fields={changeFailure?.fields ?? {}}
              error={changeFailure?.error}
              signedIn
              canSaveDraft={false}
              sendLabel="Send change for review"
            />
          </section>
          <section aria-labelledby="takedown-title" className="space-y-3">
            <h2 id="takedown-title" className="text-lg font-semibold text-slate-900">
              Take it down
            </h2>
            <ErrorNotice error={takedownFailure?.error} />
            <Form method="post" className="space-y-3" noValidate>
              <input type="hidden" name="intent" value="takedown" />
              <TextAreaField
                label="Why should it come down?"
                name="note"
                rows={3}
                maxLength={1000}
                hint="For example: let privately, or no longer for sale. Our office confirms with you first."
                defaultValue={takedownFailure?.values?.note ?? ""}
                error={takedownFailure?.fields?.note}
              />
              <SubmitButton variant="outline" pending={pending} pendingLabel="Sending...">
                Ask to take it down
              </SubmitButton>
            </Form>
          </section>
        </>
      ) : null}
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: args.loaderData?.listing.title ?? "My listing",
    description: "How your listing does: views, viewings and saves.",
    path: myListingPath(args.params.id),
    noindex: true,
  });
