import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatMoment } from "~/lib/appointment-format";
import { AUDIT_ENTITIES, AUDIT_PAGE_SIZE, type AuditEntity } from "~/lib/audit";
import { AUDIT_ENTITY_LABELS, AUDIT_FOLD_LENGTH } from "~/lib/audit-format";
import { type ListConfig, parseListParams } from "~/lib/list-params";
import { COMPANY_NAME } from "~/lib/site";
import { cn } from "~/lib/utils";
import { type AuditRecordRef, listAuditActors, listAuditEvents } from "~/models/audit.server";
import type { Route } from "./+types/audit";

// /admin/audit: every change an admin made, newest first, read as a history: who (by name), what
// (the action in words and the record by its name, linked), the fields that changed under the
// forms' labels, long values folded; filter by person, kind of record and dates. The names are
// looked up as the page is read (app/models/audit.server.ts, app/lib/audit-format.ts).

type AuditFilter = "actor" | "entity" | "from" | "to";

function listConfig(actorIds: readonly string[]): ListConfig<"time", AuditFilter> {
  return {
    sorts: ["time"],
    defaultSort: "time",
    defaultDirection: "desc",
    filters: {
      actor: { kind: "choice", values: actorIds },
      entity: { kind: "choice", values: AUDIT_ENTITIES },
      from: { kind: "date" },
      to: { kind: "date" },
    },
    pageSize: AUDIT_PAGE_SIZE,
  };
}

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const actors = await listAuditActors(actor);
  const params = parseListParams(args.request.url, listConfig(actors.map((a) => a.id)));
  const { rows, total, page } = await listAuditEvents(
    actor,
    {
      actor: params.filters.actor,
      entity: params.filters.entity as AuditEntity | undefined,
      from: params.filters.from,
      to: params.filters.to,
    },
    params,
  );
  return { actors, params: { ...params, page }, rows, total };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

/** Listings of a bulk change shown before the rest fold. */
const RECORDS_SHOWN = 5;

const linkClass = "font-medium text-brand-700 underline-offset-2 hover:underline";

const COLUMNS: DataTableColumn<Row, "time">[] = [
  {
    id: "what",
    header: "What",
    rowHeader: true,
    className: "md:w-64",
    cell: (row) => (
      <>
        <span className="block">{row.action}</span>
        {row.subject ? <RecordName record={row.subject} /> : null}
      </>
    ),
  },
  {
    id: "time",
    header: "When",
    cell: (row) => formatMoment(row.createdAt),
    className: "md:w-36",
  },
  {
    id: "actor",
    header: "Who",
    className: "md:w-48",
    cell: (row) => (
      <>
        {row.who.href ? (
          <Link to={row.who.href} className={cn(linkClass, "block")}>
            {row.who.name}
          </Link>
        ) : (
          <span className="block">{row.who.name}</span>
        )}
        <span className="block text-xs text-slate-500 [overflow-wrap:anywhere]">
          {row.who.email}
          {row.clientAddress ? ` · ${row.clientAddress}` : ""}
        </span>
      </>
    ),
  },
  {
    id: "changes",
    header: "Changes",
    card: "wide",
    cell: (row) => <Changes row={row} />,
  },
];

export default function AdminAuditPage({ loaderData }: Route.ComponentProps) {
  const { actors } = loaderData;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 [overflow-wrap:anywhere] md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Audit Log</h1>
        <p className="mt-1 text-slate-600">Every change made in the admin area, newest first.</p>
      </div>
      <DataTable
        caption="Audit log"
        columns={COLUMNS}
        list={loaderData}
        config={listConfig(actors.map((a) => a.id))}
        filters={[
          {
            name: "actor",
            label: "Person",
            kind: "choice",
            allLabel: "Everyone",
            options: actors.map((a) => ({ value: a.id, label: a.name })),
          },
          {
            name: "entity",
            label: "Kind of record",
            kind: "choice",
            allLabel: "All records",
            options: AUDIT_ENTITIES.map((e) => ({ value: e, label: AUDIT_ENTITY_LABELS[e] })),
          },
          { name: "from", label: "From", kind: "date" },
          { name: "to", label: "To", kind: "date" },
        ]}
        emptyMessage="No changes recorded."
      />
    </div>
  );
}

function RecordName({ record }: { record: AuditRecordRef }) {
  return (
    <span className="block [overflow-wrap:anywhere]">
      {record.href ? (
        <Link to={record.href} className={linkClass}>
          {record.name}
        </Link>
      ) : (
        <span className="font-medium">{record.name}</span>
      )}
      {record.note ? (
        <span className="text-xs font-normal text-slate-500"> ({record.note})</span>
      ) : null}
    </span>
  );
}

function Changes({ row }: { row: Row }) {
  if (!row.summary && row.lines.length === 0 && row.records.length === 0) {
    return <span className="text-slate-500">No field changed.</span>;
  }
  return (
    <div className="space-y-2 text-sm">
      {row.summary ? <p className="text-slate-800">{row.summary}</p> : null}
      {row.records.length ? <RecordList records={row.records} /> : null}
      {row.lines.length ? (
        <dl className="space-y-1.5">
          {row.lines.map((line) => (
            <div key={line.field}>
              <dt className="text-xs font-semibold text-slate-700">{line.label}</dt>
              <dd className="text-slate-700 [overflow-wrap:anywhere]">
                {line.before !== null ? (
                  <>
                    <del className="text-slate-500 decoration-slate-400">
                      <Folded text={line.before} />
                    </del>
                    <span aria-hidden> → </span>
                    <span className="sr-only"> changed to </span>
                  </>
                ) : null}
                <ins className="no-underline">
                  <Folded text={line.after ?? "(empty)"} />
                </ins>
              </dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** The listings a bulk change touched: the first few, the rest folded. */
function RecordList({ records }: { records: readonly AuditRecordRef[] }) {
  const first = records.slice(0, RECORDS_SHOWN);
  const rest = records.slice(RECORDS_SHOWN);
  const items = (list: readonly AuditRecordRef[], offset: number) => (
    <ul className="list-inside list-disc text-xs">
      {list.map((record, index) => (
        // Listings deleted for good have no id left to key by; the list never reorders.
        <li key={offset + index}>
          <RecordName record={record} />
        </li>
      ))}
    </ul>
  );
  return (
    <div>
      {items(first, 0)}
      {rest.length ? (
        <details className="text-xs">
          <summary className="cursor-pointer font-medium text-brand-700">
            and {rest.length} more
          </summary>
          {items(rest, RECORDS_SHOWN)}
        </details>
      ) : null}
    </div>
  );
}

/** A long value shows its start; the rest opens on request. */
function Folded({ text }: { text: string }) {
  if (text.length <= AUDIT_FOLD_LENGTH) return <>{text}</>;
  return (
    <details className="inline">
      <summary className="cursor-pointer">
        {text.slice(0, AUDIT_FOLD_LENGTH - 40).trimEnd()}…{" "}
        <span className="text-xs font-medium text-brand-700">Show all</span>
      </summary>
      {text}
    </details>
  );
}

export const meta: Route.MetaFunction = () => [{ title: `Audit Log | Admin | ${COMPANY_NAME}` }];
