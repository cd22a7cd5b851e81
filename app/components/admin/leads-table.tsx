import { formatWeekLabel } from "~/lib/admin-format";
import {
  formatLeadRate,
  LEAD_SOURCE_LABELS,
  LEAD_SOURCES,
  type LeadCounts,
  type LeadWeek,
  totalLeads,
} from "~/lib/leads";
import { formatNumber } from "~/lib/money";

// Leads (issue 21 item 4) as tables: per week by source (the listing's edit screen, the Leads
// dashboard) and per row by source (agents, listings). Plain tables: readable, sortable by eye,
// the same for screen readers.

const CELL = "px-3 py-2 text-right tabular-nums";
const HEAD = "px-3 py-2 text-right font-medium text-slate-600";

function SourceHeads() {
  return (
    <>
      {LEAD_SOURCES.map((source) => (
        <th key={source} scope="col" className={HEAD}>
          {LEAD_SOURCE_LABELS[source]}
        </th>
      ))}
      <th scope="col" className={HEAD}>
        Total
      </th>
    </>
  );
}

function SourceCells({ counts }: { counts: LeadCounts }) {
  return (
    <>
      {LEAD_SOURCES.map((source) => (
        <td key={source} className={CELL}>
          {formatNumber(counts[source])}
        </td>
      ))}
      <td className={`${CELL} font-semibold`}>{formatNumber(totalLeads(counts))}</td>
    </>
  );
}

/** Leads per week (oldest first) by source, with the totals. */
export function WeeklyLeadsTable({
  weeks,
  totals,
  caption,
}: {
  weeks: LeadWeek[];
  totals: LeadCounts;
  caption: string;
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200">
      <table className="w-full text-sm">
        <caption className="px-3 py-2 text-left text-sm text-slate-700">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium text-slate-600">
              Week from
            </th>
            <SourceHeads />
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.start} className="border-t border-slate-100">
              <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap">
                {formatWeekLabel(week.start)}
              </th>
              <SourceCells counts={week.counts} />
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-slate-200 bg-slate-50">
          <tr>
            <th scope="row" className="px-3 py-2 text-left">
              Total
            </th>
            <SourceCells counts={totals} />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

export type LeadRow = {
  id: string;
  name: React.ReactNode;
  counts: LeadCounts;
  views?: number;
  rate?: number | null;
};

/** One row per agent or listing, by source; with views and the rate when given. */
export function LeadRowsTable({
  rows,
  caption,
  firstHeader,
  withRate = false,
  testId,
}: {
  rows: LeadRow[];
  caption: string;
  firstHeader: string;
  withRate?: boolean;
  testId?: string;
}) {
  return (
    <div className="overflow-x-auto rounded-md border border-slate-200" data-testid={testId}>
      <table className="w-full text-sm">
        <caption className="px-3 py-2 text-left text-sm text-slate-700">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="px-3 py-2 text-left font-medium text-slate-600">
              {firstHeader}
            </th>
            <SourceHeads />
            {withRate ? (
              <>
                <th scope="col" className={HEAD}>
                  Views
                </th>
                <th scope="col" className={HEAD}>
                  Leads per 100 views
                </th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={withRate ? 8 : 6} className="px-3 py-4 text-center text-slate-500">
                No leads in these weeks.
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-100">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  {row.name}
                </th>
                <SourceCells counts={row.counts} />
                {withRate ? (
                  <>
                    <td className={CELL}>{formatNumber(row.views ?? 0)}</td>
                    <td className={CELL}>{formatLeadRate(row.rate ?? null)}</td>
                  </>
                ) : null}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
