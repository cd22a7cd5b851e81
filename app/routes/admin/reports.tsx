import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { Card } from "~/components/ui/card";
import { formatMoment } from "~/lib/appointment-format";
import {
  REPORT_STATUSES,
  type ReportStatus,
  reportReasonLabel,
  reportStatusLabel,
  reportSubjectText,
} from "~/lib/schemas/trust";
import { COMPANY_NAME } from "~/lib/site";
import { listReportsForAdmin } from "~/models/fraud-report.server";
import { loadOrFail } from "~/routes/admin/load-or-fail.server";
import type { Route } from "./+types/reports";

// /admin/reports (issue 45): the fraud reports queue, newest first, filtered by status with
// plain links (?status=new). Admins only (office:manage); each report opens as its own page.

const LOAD_FAILED = "Failed to load the reports";

function isStatus(value: string | null): value is ReportStatus {
  return REPORT_STATUSES.some((s) => s.value === value);
}

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const status = new URL(args.request.url).searchParams.get("status");
  const filter = isStatus(status) ? status : undefined;
  return loadOrFail("the reports", LOAD_FAILED, async () => ({
    ...(await listReportsForAdmin(actor, filter)),
    status: filter ?? null,
  }));
}

export default function AdminReportsPage({ loaderData }: Route.ComponentProps) {
  const { rows, counts, status } = loaderData;
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const tabs: { value: ReportStatus | null; label: string; n: number }[] = [
    { value: null, label: "All", n: total },
    ...REPORT_STATUSES.map((s) => ({ value: s.value, label: s.label, n: counts[s.value] ?? 0 })),
  ];
  return (
    <div className="mx-auto max-w-5xl space-y-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Reports</h1>
        <p className="mt-1 text-slate-600">
          What visitors reported about listings, agents and numbers checked on /verify. A report
          never hides anything by itself: open it to decide.
        </p>
      </div>
      <nav aria-label="Report status" className="flex flex-wrap gap-2 text-sm">
        {tabs.map((tab) => (
          <Link
            key={tab.label}
            to={tab.value ? `?status=${tab.value}` : "/admin/reports"}
            aria-current={tab.value === status ? "page" : undefined}
            className={
              tab.value === status
                ? "rounded-full bg-brand-700 px-3 py-1 text-white"
                : "rounded-full border border-slate-300 px-3 py-1 text-slate-700 hover:bg-slate-50"
            }
          >
            {tab.label} ({tab.n})
          </Link>
        ))}
      </nav>
      <Card>
        {rows.length === 0 ? (
          <p className="text-slate-500">No reports found</p>
        ) : (
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Reports</caption>
            <thead className="text-slate-500">
              <tr>
                {["About", "Reason", "Received", "Status"].map((column) => (
                  <th key={column} scope="col" className="py-2 pr-3">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <tr key={row.id}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    <Link
                      to={`/admin/reports/${row.id}`}
                      className="text-brand-700 hover:underline"
                    >
                      {reportSubjectText(row)}
                    </Link>
                  </th>
                  <td className="py-2 pr-3">{reportReasonLabel(row.reason)}</td>
                  <td className="whitespace-nowrap py-2 pr-3">{formatMoment(row.createdAt)}</td>
                  <td className="py-2" data-status={row.status}>
                    {reportStatusLabel(row.status)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={LOAD_FAILED} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Reports | Admin | ${COMPANY_NAME}` }];
