import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { useListWithRecord } from "~/components/admin/record-view";
import { StatusBadge } from "~/components/ui/badge";
import { DataTable, type DataTableColumn, statusFilter } from "~/components/ui/data-table";
import { formatMoment } from "~/lib/appointment-format";
import { type ListConfig, parseListParams } from "~/lib/list-params";
import { formatNumber } from "~/lib/money";
import { INQUIRY_SOURCE_LABELS } from "~/lib/schemas/inquiry";
import { COMPANY_NAME } from "~/lib/site";
import { INQUIRY_STATUS_TONES } from "~/lib/status-tones";
import { listInquiriesForAdmin } from "~/models/admin-inquiries.server";
import type { InquirySource, InquiryStatus } from "~/models/inquiry.server";
import { loadOrFail } from "~/routes/admin/load-or-fail.server";
import type { Route } from "./+types/complaints";

// /admin/complaints (Inquiries Management): contact messages, service inquiries and complaints,
// newest first; search by name, e-mail or subject; filter by status and source; all in the URL
// and in SQL. An inquiry opens over the list or as its own page (./complaint.tsx).

const LIST = "/admin/complaints";
const STATUSES = Object.keys(INQUIRY_STATUS_TONES) as InquiryStatus[];
const SOURCES = Object.keys(INQUIRY_SOURCE_LABELS) as InquirySource[];

export const INQUIRIES_LIST: ListConfig<"date", "status" | "source"> = {
  sorts: ["date"],
  defaultSort: "date",
  defaultDirection: "desc",
  filters: {
    status: { kind: "choice", values: STATUSES },
    source: { kind: "choice", values: SOURCES },
  },
  pageSize: 20,
};

export const LOAD_FAILED = "Failed to load complaints data";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const params = parseListParams(args.request.url, INQUIRIES_LIST);
  return loadOrFail("the admin inquiries list", LOAD_FAILED, async () => {
    const list = await listInquiriesForAdmin(
      actor,
      {
        q: params.q,
        status: params.filters.status as InquiryStatus | undefined,
        source: params.filters.source as InquirySource | undefined,
      },
      params,
    );
    return { params: { ...params, page: list.page }, rows: list.rows, total: list.total };
  });
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function columns(back: string): DataTableColumn<Row, "date">[] {
  const open = (row: Row, label: React.ReactNode, extra?: string) => (
    <Link
      to={`${LIST}/${row.id}`}
      state={{ back }}
      aria-label={extra}
      className="font-medium text-brand-700 hover:underline"
    >
      {label}
    </Link>
  );
  return [
    {
      id: "subject",
      header: "Subject",
      rowHeader: true,
      cell: (row) => (
        <>
          {open(row, row.subject?.trim() || "No Subject")}
          <span className="mt-0.5 block text-xs font-normal text-slate-500">
            {INQUIRY_SOURCE_LABELS[row.source]}
            {row.service ? ` · ${row.service}` : ""}
          </span>
          {row.propertyId ? (
            <Link
              to={`/admin/properties/${row.propertyId}`}
              className="mt-0.5 block text-xs text-brand-700 hover:underline"
            >
              About: {row.propertyTitle ?? "a listing"}
              {row.propertyCode ? ` (${row.propertyCode})` : ""}
            </Link>
          ) : null}
        </>
      ),
    },
    {
      id: "from",
      header: "From",
      cell: (row) => (
        <>
          <span className="block">{row.name?.trim() || "No name given"}</span>
          <span className="block break-all text-xs text-slate-500">{row.email}</span>
        </>
      ),
    },
    {
      id: "date",
      header: "Date",
      sort: "date",
      className: "whitespace-nowrap",
      cell: (row) => formatMoment(row.createdAt),
    },
    {
      id: "status",
      header: "Status",
      cell: (row) => <StatusBadge status={row.status} tones={INQUIRY_STATUS_TONES} />,
    },
    {
      id: "view",
      header: "Actions",
      card: "actions",
      cell: (row) => open(row, "View", `View the inquiry from ${row.name?.trim() || row.email}`),
    },
  ];
}

export default function AdminInquiriesPage({ loaderData }: Route.ComponentProps) {
  const { total } = loaderData;
  const { outlet, recordOnly, back } = useListWithRecord(LIST);
  if (recordOnly) return outlet;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">
          Inquiries Management ({formatNumber(total)})
        </h1>
        <p className="mt-1 text-slate-600">
          Contact messages, service inquiries and customers' complaints, newest first.
        </p>
      </div>
      <DataTable
        caption="Inquiries"
        columns={columns(back)}
        list={loaderData}
        config={INQUIRIES_LIST}
        search={{ label: "Search inquiries", placeholder: "Name, e-mail or subject" }}
        filters={[
          statusFilter(STATUSES),
          {
            name: "source",
            label: "Source",
            kind: "choice",
            allLabel: "All sources",
            options: SOURCES.map((s) => ({ value: s, label: INQUIRY_SOURCE_LABELS[s] })),
          },
        ]}
        emptyMessage="No inquiries found"
      />
      {outlet}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={LOAD_FAILED} />;
}

export const meta: Route.MetaFunction = () => [
  { title: `Inquiries Management | Admin | ${COMPANY_NAME}` },
];
