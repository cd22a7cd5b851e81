import { Link } from "react-router";
import { requireUser } from "~/auth/session.server";
import { EmptyState } from "~/components/dashboard/empty-state";
import { OwnerAgentLine } from "~/components/owner/owner-agent";
import { SubmissionStatusBadge } from "~/components/owner/submission-status";
import { InterestAlertsForm, WeeklyReportForm } from "~/components/owner/weekly-report-form";
import { Badge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { readForm } from "~/http/read-form.server";
import { badRequest, redirectWithFlash, unknownIntent } from "~/http/responses.server";
import { failureOf } from "~/lib/action-result";
import { formatDay } from "~/lib/dates";
import { formatNumber, formatPrice } from "~/lib/money";
import { MY_LISTINGS_PATH, myListingPath, mySubmissionPath } from "~/lib/navigation";
import {
  INTEREST_ALERTS_INTENT,
  INTEREST_ALERTS_MESSAGES,
  LEADS_EXPLAINED,
} from "~/lib/owner-alerts";
import {
  parseWeeklyReportChoice,
  WEEKLY_REPORT_INTENT,
  WEEKLY_REPORT_MESSAGES,
} from "~/lib/owner-report";
import { listingStatusLabel } from "~/lib/property-options";
import { pageMeta } from "~/lib/seo";
import { MAX_OPEN_SUBMISSIONS, OWNER_VIEW_WEEKS, SUBMISSION_KIND_LABELS } from "~/lib/submissions";
import { getInterestAlertSetting, setInterestAlerts } from "~/models/owner-alerts.server";
import { listOwnerListings } from "~/models/owner-listings.server";
import { getWeeklyReportSetting, setWeeklyReport } from "~/models/owner-report.server";
import { countOpenSubmissions, listOwnerSubmissions } from "~/models/submission-owner.server";
import type { Route } from "./+types/listings";

// My Listings (issue 20): the properties the owner handed us that are live (with their views
// over the last weeks, viewings and saves) and the submissions still in review or decided.
// Only the signed-in owner's own: the models put the user id in every WHERE. Each listing names
// its agent (issue 47). The two forms here switch the owner's e-mails: the weekly report
// (app/models/owner-report.server.ts) and the same-day news of an inquiry or a booked viewing
// (app/models/owner-alerts.server.ts).

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const [listings, submissions, open, weeklyReport, interestAlerts] = await Promise.all([
    listOwnerListings(user.id),
    listOwnerSubmissions(user.id),
    countOpenSubmissions(user.id),
    getWeeklyReportSetting(user.id),
    getInterestAlertSetting(user.id),
  ]);
  return { listings, submissions, open, max: MAX_OPEN_SUBMISSIONS, weeklyReport, interestAlerts };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  if (form.get("intent") === INTEREST_ALERTS_INTENT) {
    // The same-day e-mail about an inquiry or a booked viewing (issue 47).
    const on = parseWeeklyReportChoice(form.get("interestAlerts"));
    if (on === undefined) {
      return badRequest({ fields: { interestAlerts: INTEREST_ALERTS_MESSAGES.invalid } });
    }
    await setInterestAlerts(user.id, on);
    throw redirectWithFlash(MY_LISTINGS_PATH, on ? "interestAlertsOn" : "interestAlertsOff");
  }
  if (form.get("intent") !== WEEKLY_REPORT_INTENT) return unknownIntent();
  const enabled = parseWeeklyReportChoice(form.get("weeklyReport"));
  if (enabled === undefined) {
    return badRequest({ fields: { weeklyReport: WEEKLY_REPORT_MESSAGES.invalid } });
  }
  await setWeeklyReport(user.id, enabled);
  throw redirectWithFlash(MY_LISTINGS_PATH, enabled ? "weeklyReportOn" : "weeklyReportOff");
}

export default function MyListingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { listings, submissions, open, max, weeklyReport, interestAlerts } = loaderData;
  const failure = failureOf(actionData);
  return (
    <div className="space-y-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="space-y-1">
          <h1 className="text-2xl font-bold text-slate-900">My Listings</h1>
          <p className="text-sm text-slate-600">
            The properties you handed us: how the live ones do, and where the others stand. {open}{" "}
            of {max} submissions open.
          </p>
        </div>
        <LinkButton to="/list-your-property#submission" size="md" className="text-sm">
          List a property
        </LinkButton>
      </div>

      <section aria-labelledby="live-title" className="space-y-4">
        <h2 id="live-title" className="text-lg font-semibold text-slate-900">
          Live listings
        </h2>
        <InterestAlertsForm enabled={interestAlerts} error={failure?.fields?.interestAlerts} />
        <WeeklyReportForm enabled={weeklyReport} error={failure?.fields?.weeklyReport} />
        {listings.length > 0 ? <p className="text-sm text-slate-600">{LEADS_EXPLAINED}</p> : null}
        {listings.length === 0 ? (
          <EmptyState
            title="No live listings yet"
            text="Once our office approves a property you submitted, it appears here with its views and viewings."
          />
        ) : (
          <ul className="space-y-4">
            {listings.map((listing) => (
              <li key={listing.id}>
                <Card padding="sm">
                  <div className="flex flex-wrap items-start justify-between gap-3">
                    <div>
                      <Link
                        to={myListingPath(listing.id)}
                        className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
                      >
                        {listing.title}
                      </Link>
                      <p className="text-sm text-slate-600">
                        {listing.city}
                        {listing.price !== null
                          ? ` · ${formatPrice(listing.price, listing.purpose, listing.rentPeriod)}`
                          : ""}
                      </p>
                    </div>
                    <div className="flex flex-wrap gap-2">
                      {listing.deletedAt ? (
                        <Badge tone="slate">Taken down</Badge>
                      ) : (
                        <Badge tone="green">{listingStatusLabel(listing.status)}</Badge>
                      )}
                      {listing.waiting.map((kind) => (
                        <Badge key={kind} tone="yellow">
                          {kind === "takedown" ? "Take-down requested" : "Change in review"}
                        </Badge>
                      ))}
                    </div>
                  </div>
                  <div className="mt-2">
                    <OwnerAgentLine agent={listing.agent} />
                  </div>
                  <dl className="mt-3 grid grid-cols-3 gap-3 text-sm">
                    <div>
                      <dt className="text-slate-500">Views ({OWNER_VIEW_WEEKS} weeks)</dt>
                      <dd className="font-semibold text-slate-900">
                        {formatNumber(listing.views)}
                      </dd>
                    </div>
                    <div>
                      <dt className="text-slate-500">Viewings booked</dt>
                      <dd className="font-semibold text-slate-900">{listing.viewings}</dd>
                    </div>
                    <div>
                      <dt className="text-slate-500">Saves</dt>
                      <dd className="font-semibold text-slate-900">{listing.saves}</dd>
                    </div>
                    {listing.leads ? (
                      <>
                        <div>
                          <dt className="text-slate-500">Leads ({OWNER_VIEW_WEEKS} weeks)</dt>
                          <dd className="font-semibold text-slate-900">
                            {formatNumber(listing.leads.total)}
                          </dd>
                        </div>
                        <div>
                          <dt className="text-slate-500">Inquiries</dt>
                          <dd className="font-semibold text-slate-900">
                            {formatNumber(listing.leads.inquiries)}
                          </dd>
                        </div>
                      </>
                    ) : null}
                  </dl>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="submissions-title" className="space-y-4">
        <h2 id="submissions-title" className="text-lg font-semibold text-slate-900">
          Submissions
        </h2>
        {submissions.length === 0 ? (
          <EmptyState
            title="Nothing submitted yet"
            text="Tell us about a house, flat, shop or land you want to let or sell."
            action={{ label: "List your property", to: "/list-your-property#submission" }}
          />
        ) : (
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {submissions.map((submission) => (
              <li
                key={submission.id}
                className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
              >
                <div className="min-w-0">
                  <Link
                    to={mySubmissionPath(submission.id)}
                    className="font-medium text-slate-900 hover:text-brand-700 hover:underline"
                  >
                    {submission.title || "Untitled"}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {SUBMISSION_KIND_LABELS[submission.kind]}
                    {submission.city ? ` · ${submission.city}` : ""} · updated{" "}
                    {formatDay(submission.updatedAt)}
                  </p>
                </div>
                <SubmissionStatusBadge status={submission.status} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "My Listings",
    description: "The properties you listed with us: their views, viewings and reviews.",
    path: MY_LISTINGS_PATH,
    noindex: true,
  });
