import { requireAdmin } from "~/auth/session.server";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatMoment } from "~/lib/appointment-format";
import { AUDIT_ENTITIES, AUDIT_PAGE_SIZE, type AuditEntity } from "~/lib/audit";
import { type ListConfig, parseListParams } from "~/lib/list-params";
import { COMPANY_NAME } from "~/lib/site";
import { statusLabel } from "~/lib/status-tones";
import { listAuditActors, listAuditEvents } from "~/models/audit.server";
import type { Route } from "./+types/audit";

// /admin/audit: every change an admin made, newest first; filter by who, what and when.

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

const COLUMNS: DataTableColumn<Row, "time">[] = [
  {
    id: "time",
    header: "When",
    cell: (row) => formatMoment(row.createdAt),
    className: "whitespace-nowrap",
  },
  {
    id: "actor",
    header: "Who",
    rowHeader: true,
    cell: (row) => (
      <>
        <span className="block">{row.actorEmail}</span>
        {row.clientAddress ? (
          <span className="block text-xs font-normal text-slate-500">{row.clientAddress}</span>
        ) : null}
      </>
    ),
  },
  {
    id: "action",
    header: "Action",
    cell: (row) => (
      <>
        <code className="rounded bg-slate-100 px-1.5 py-0.5 text-xs">{row.action}</code>
        {row.entityId ? (
          <span className="mt-1 block text-xs text-slate-500">
            {statusLabel(row.entityType)} {row.entityId.slice(0, 8)}
          </span>
        ) : null}
      </>
    ),
  },
  { id: "changes", header: "Changes", cell: (row) => <Changes changes={row.changes} /> },
];

export default function AdminAuditPage({ loaderData }: Route.ComponentProps) {
  const { actors, params, rows, total } = loaderData;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Audit Log</h1>
        <p className="mt-1 text-slate-600">Every change made in the admin area, newest first.</p>
      </div>
      <DataTable
        caption="Audit log"
        columns={COLUMNS}
        rows={rows}
        rowKey={(row) => row.id}
        total={total}
        params={params}
        config={listConfig(actors.map((a) => a.id))}
        filters={[
          {
            name: "actor",
            label: "Admin",
            kind: "choice",
            allLabel: "All admins",
            options: actors.map((a) => ({ value: a.id, label: a.email })),
          },
          {
            name: "entity",
            label: "Record",
            kind: "choice",
            allLabel: "All records",
            options: AUDIT_ENTITIES.map((e) => ({ value: e, label: statusLabel(e) })),
          },
          { name: "from", label: "From", kind: "date" },
          { name: "to", label: "To", kind: "date" },
        ]}
        emptyMessage="No changes recorded."
      />
    </div>
  );
}

function Changes({ changes }: { changes: Row["changes"] }) {
  const entries = Object.entries(changes);
  if (entries.length === 0) return <span className="text-slate-500">-</span>;
  return (
    <dl className="space-y-1 text-xs">
      {entries.map(([field, { before, after }]) => (
        <div key={field}>
          <dt className="font-semibold text-slate-700">{field}</dt>
          <dd className="break-words text-slate-600">
            <span className="line-through decoration-slate-400">{show(before)}</span>
            {" → "}
            <span>{show(after)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

function show(value: unknown) {
  if (value === null || value === undefined || value === "") return "(empty)";
  return typeof value === "string" ? value : JSON.stringify(value);
}

export const meta: Route.MetaFunction = () => [{ title: `Audit Log | Admin | ${COMPANY_NAME}` }];
