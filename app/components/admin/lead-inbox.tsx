import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { formatAppointmentDate } from "~/lib/appointment-format";
import {
  INBOX_SOURCE_LABELS,
  INBOX_SOURCES,
  INBOX_VIEW_LABELS,
  INBOX_VIEWS,
  type InboxSource,
  type InboxView,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadStatus,
  leadDueState,
} from "~/lib/lead-inbox";
import { formatNumber } from "~/lib/money";
import type { Tone } from "~/lib/status-tones";

// The lead inbox's pieces (issue 47 item 1), mobile first: one card per lead that reads on a
// 390 px phone, a number that dials when tapped, and the filters as a plain GET form.

export const LEAD_STATUS_TONES: Record<LeadStatus, Tone> = {
  new: "blue",
  contacted: "teal",
  viewing_booked: "yellow",
  offer_made: "yellow",
  won: "green",
  lost: "slate",
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return (
    <Badge tone={LEAD_STATUS_TONES[status]} data-status={status}>
      {LEAD_STATUS_LABELS[status]}
    </Badge>
  );
}

/** A phone number that dials when tapped (the shared tel:/WhatsApp component replaces it). */
export function PhoneLink({ phone }: { phone: string }) {
  return (
    <a
      href={`tel:${phone.replace(/[^\d+]/g, "")}`}
      className="inline-flex min-h-11 items-center font-medium text-brand-700 underline underline-offset-2"
    >
      {phone}
    </a>
  );
}

const DUE_TEXT = { overdue: "Overdue", today: "Due today", new: "New" } as const;
const DUE_TONE: Record<keyof typeof DUE_TEXT, Tone> = {
  overdue: "red",
  today: "yellow",
  new: "blue",
};

export type InboxRow = {
  id: string;
  source: InboxSource;
  name: string;
  phone: string | null;
  email: string | null;
  status: LeadStatus;
  nextFollowUp: string | null;
  createdAt: Date | string;
  propertyTitle: string | null;
  propertyCode: string | null;
  owner: string | null;
};

/** The inbox as a list of cards, what is due first (the model's order). */
export function LeadInboxList({
  rows,
  today,
  showOwner,
  empty,
}: {
  rows: readonly InboxRow[];
  today: string;
  showOwner: boolean;
  empty: string;
}) {
  if (rows.length === 0) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul className="space-y-3" data-testid="lead-inbox">
      {rows.map((lead) => {
        const due = leadDueState(lead, today);
        return (
          <li
            key={lead.id}
            className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
            data-testid="lead-row"
          >
            <div className="flex flex-wrap items-start justify-between gap-2">
              <Link
                to={`/admin/leads/${lead.id}`}
                className="min-w-0 text-base font-semibold text-brand-700 hover:underline [overflow-wrap:anywhere]"
              >
                {lead.name || lead.email || lead.phone || "No name given"}
              </Link>
              <span className="flex flex-wrap gap-1">
                {due && due !== "new" ? <Badge tone={DUE_TONE[due]}>{DUE_TEXT[due]}</Badge> : null}
                <LeadStatusBadge status={lead.status} />
              </span>
            </div>
            <p className="mt-1 text-sm text-slate-600 [overflow-wrap:anywhere]">
              {INBOX_SOURCE_LABELS[lead.source]}
              {lead.propertyTitle
                ? ` · ${lead.propertyTitle}${lead.propertyCode ? ` (${lead.propertyCode})` : ""}`
                : ""}
            </p>
            <div className="mt-1 flex flex-wrap items-center gap-x-4 text-sm">
              {lead.phone ? <PhoneLink phone={lead.phone} /> : null}
              {lead.nextFollowUp ? (
                <span className="text-slate-700">
                  Follow up: {formatAppointmentDate(lead.nextFollowUp)}
                </span>
              ) : null}
              {showOwner ? (
                <span className="text-slate-500">{lead.owner ?? "Office (no agent)"}</span>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The filters: which leads (open, due today, all) and a status; a GET form in the URL. */
export function LeadFilters({ view, status }: { view: InboxView; status: LeadStatus | null }) {
  const selectClass = "h-11 w-full rounded-md border border-slate-300 bg-white px-3 sm:w-48";
  return (
    <Form method="get" className="flex flex-wrap items-end gap-2" aria-label="Filter leads">
      <label className="grid w-full gap-1 text-sm sm:w-auto">
        <span className="text-slate-700">Show</span>
        <select name="view" defaultValue={view} className={selectClass}>
          {INBOX_VIEWS.map((value) => (
            <option key={value} value={value}>
              {INBOX_VIEW_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <label className="grid w-full gap-1 text-sm sm:w-auto">
        <span className="text-slate-700">Status</span>
        <select name="status" defaultValue={status ?? ""} className={selectClass}>
          <option value="">Any status</option>
          {LEAD_STATUSES.map((value) => (
            <option key={value} value={value}>
              {LEAD_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <button
        type="submit"
        className="h-11 rounded-md bg-brand-700 px-4 text-sm font-medium text-white hover:bg-brand-800"
      >
        Filter
      </button>
    </Form>
  );
}

export type LeadFigures = {
  total: number;
  open: number;
  new: number;
  due: number;
  sources: Record<InboxSource, number>;
};

/** The inbox's figures (getLeadCounts: the dashboard's Leads card reads the same). */
export function LeadFiguresList({ counts }: { counts: LeadFigures }) {
  const figures: [label: string, value: number, testId: string][] = [
    ["Due today", counts.due, "due"],
    ["New", counts.new, "new"],
    ["Open", counts.open, "open"],
    ["All leads", counts.total, "total"],
    ...INBOX_SOURCES.map(
      (source) =>
        [INBOX_SOURCE_LABELS[source], counts.sources[source], source] as [string, number, string],
    ),
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-8">
      {figures.map(([label, value, testId]) => (
        <div key={testId} className="rounded-md border border-slate-200 p-3">
          <dt className="text-sm text-slate-600">{label}</dt>
          <dd
            className="text-xl font-semibold text-slate-900 tabular-nums"
            data-testid={`lead-count-${testId}`}
          >
            {formatNumber(value)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
