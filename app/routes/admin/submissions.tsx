import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { QueueFlagBadges } from "~/components/admin/listing-flags";
import { useListWithRecord } from "~/components/admin/record-view";
import { SubmissionStatusBadge } from "~/components/owner/submission-status";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatMoment } from "~/lib/appointment-format";
import { type ListConfig, parseListParams } from "~/lib/list-params";
import { formatNumber } from "~/lib/money";
import { COMPANY_NAME } from "~/lib/site";
import {
  SUBMISSION_KIND_LABELS,
  SUBMISSION_KINDS,
  SUBMISSION_STATUS_LABELS,
  SUBMISSION_STATUSES,
  type SubmissionKind,
  type SubmissionStatus,
} from "~/lib/submissions";
import { findFlagsForSubmissions } from "~/models/photo-match.server";
import { listSubmissionsForAdmin } from "~/models/submission-review.server";
import { loadOrFail } from "~/routes/admin/load-or-fail.server";
import type { Route } from "./+types/submissions";

// /admin/submissions: what owners have sent for review, oldest first so nobody waits longest.
// By default the queue (submitted or resubmitted); the status filter shows the decided ones or
// all, the kind filter new listings, changes or take-downs; search by title or city. Drafts stay
// the owner's until sent. A submission opens as its own page (./submission.tsx). A submission
// with a photo of another listing, or at the address of a listing on offer, is badged.

const LIST = "/admin/submissions";
/** The office never sees drafts; "all" is every other status. */
const STATUS_CHOICES = ["all", ...SUBMISSION_STATUSES.filter((s) => s !== "draft")] as const;

export const SUBMISSIONS_LIST: ListConfig<"date", "status" | "kind"> = {
  sorts: ["date"],
  defaultSort: "date",
  defaultDirection: "asc",
  filters: {
    status: { kind: "choice", values: STATUS_CHOICES },
    kind: { kind: "choice", values: SUBMISSION_KINDS },
  },
  pageSize: 20,
};

export const LOAD_FAILED = "Failed to load submissions";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const params = parseListParams(args.request.url, SUBMISSIONS_LIST);
  return loadOrFail("the admin submissions list", LOAD_FAILED, async () => {
    const list = await listSubmissionsForAdmin(
      actor,
      {
        q: params.q,
        status: params.filters.status as "all" | SubmissionStatus | undefined,
        kind: params.filters.kind as SubmissionKind | undefined,
      },
      params,
    );
    const flags = await findFlagsForSubmissions(
      actor,
      list.rows.map((row) => row.id),
    );
    const rows = list.rows.map((row) => ({ ...row, flags: flags.get(row.id) ?? null }));
    return { params: { ...params, page: list.page }, rows, total: list.total };
  });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

const COLUMNS: DataTableColumn<Row, "date">[] = [
  {
    id: "title",
    header: "Property",
    rowHeader: true,
    cell: (row) => (
      <>
        <Link to={`${LIST}/${row.id}`} className="font-medium text-brand-700 hover:underline">
          {row.title || "Untitled"}
        </Link>
        <span className="mt-0.5 block text-xs font-normal text-slate-500">
          {SUBMISSION_KIND_LABELS[row.kind]}
          {row.city ? ` · ${row.city}` : ""}
        </span>
        <QueueFlagBadges flags={row.flags} />
      </>
    ),
  },
  {
    id: "owner",
    header: "Owner",
    cell: (row) => (
      <>
        <span className="block">{row.ownerName}</span>
        <span className="block break-all text-xs text-slate-500">{row.ownerEmail}</span>
      </>
    ),
  },
  {
    id: "date",
    header: "Sent",
    sort: "date",
    className: "whitespace-nowrap",
    cell: (row) => (row.submittedAt ? formatMoment(row.submittedAt) : ""),
  },
  {
    id: "status",
    header: "Status",
    cell: (row) => <SubmissionStatusBadge status={row.status} />,
  },
  {
    id: "review",
    header: "Actions",
    card: "actions",
    cell: (row) => (
      <Link
        to={`${LIST}/${row.id}`}
        aria-label={`Review ${row.title || "the submission"}`}
        className="font-medium text-brand-700 hover:underline"
      >
        Review
      </Link>
    ),
  },
];

export default function AdminSubmissionsPage({ loaderData }: Route.ComponentProps) {
  const { outlet, recordOnly } = useListWithRecord(LIST);
  if (recordOnly) return outlet;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">
          Owner Submissions ({formatNumber(loaderData.total)})
        </h1>
        <p className="mt-1 text-slate-600">
          Properties landlords and sellers sent for review, oldest first. Approve one to put it
          live, ask the owner for changes, or decline it with a reason.
        </p>
      </div>
      <DataTable
        caption="Owner submissions"
        columns={COLUMNS}
        list={loaderData}
        config={SUBMISSIONS_LIST}
        search={{ label: "Search submissions", placeholder: "Title or city" }}
        filters={[
          {
            name: "status",
            label: "Status",
            kind: "choice",
            allLabel: "Waiting for review",
            options: STATUS_CHOICES.map((s) => ({
              value: s,
              label: s === "all" ? "All (not drafts)" : SUBMISSION_STATUS_LABELS[s],
            })),
          },
          {
            name: "kind",
            label: "Kind",
            kind: "choice",
            allLabel: "All kinds",
            options: SUBMISSION_KINDS.map((k) => ({ value: k, label: SUBMISSION_KIND_LABELS[k] })),
          },
        ]}
        emptyMessage="No submissions here"
      />
      {outlet}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={LOAD_FAILED} />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Owner Submissions | Admin | ${COMPANY_NAME}` },
];
