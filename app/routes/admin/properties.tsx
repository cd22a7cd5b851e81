import { data, Form } from "react-router";
import { requireAdmin, requirePermissionOf } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { PropertyBulkBar } from "~/components/admin/property-bulk-bar";
import { RecordTitleLink } from "~/components/admin/record-delete";
import { useListWithRecord } from "~/components/admin/record-view";
import { Plus } from "~/components/icons";
import { Badge, StatusBadge } from "~/components/ui/badge";
import { Button, LinkButton } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { readForm } from "~/http/read-form.server";
import { badRequest, redirectWithFlash, unknownIntent } from "~/http/responses.server";
import type { AdminActor } from "~/lib/admin-actor";
import {
  type AdminPropertySort,
  ASSIGN_BULK_ACTION,
  BULK_WORDS,
  isListBulkAction,
  LIVE_BULK_ACTIONS,
  PROPERTIES_LIST,
  propertyFiltersOf,
  TRASH_BULK_ACTIONS,
  TRASH_DAYS,
} from "~/lib/admin-properties";
import { formatMoment } from "~/lib/appointment-format";
import { isConfirmed } from "~/lib/confirm";
import { listReturnPath, listSearch, parseListParams } from "~/lib/list-params";
import { formatNaira, formatNumber } from "~/lib/money";
import { can } from "~/lib/permissions";
import { LISTING_STATUSES, PROPERTY_TYPES, propertyTypeLabel } from "~/lib/property-options";
import { ADMIN_CITIES, PROPERTY_MESSAGES } from "~/lib/schemas/property";
import { COMPANY_NAME } from "~/lib/site";
import {
  assignPropertiesAgent,
  bulkUpdateProperties,
  restoreProperties,
} from "~/models/admin-property-bulk.server";
import { listPropertiesForAdmin } from "~/models/admin-property-list.server";
import { restoreProperty } from "~/models/admin-property-trash.server";
import {
  AGENT_REFUSAL_MESSAGES,
  agentRefusalOf,
  listActiveAgents,
} from "~/models/listing-agent.server";
import { getViewsByProperty } from "~/models/property-stats.server";
import { loadOrFail } from "~/routes/admin/load-or-fail.server";
import type { Route } from "./+types/properties";

// /admin/properties: the catalogue. Search title or location, filter purpose, type, city,
// featured and status, sort and page, all in the URL and in SQL; select rows for a bulk change;
// the trash (?view=trash) lists deleted listings for TRASH_DAYS, with Restore. Add and edit are
// child routes (./property-new.tsx, ./property-edit.tsx): a dialog over the list, or a page.

const LIST = "/admin/properties";

export const LOAD_FAILED = "Failed to load properties data";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const params = parseListParams(args.request.url, PROPERTIES_LIST);
  const trash = params.filters.view === "trash";
  return loadOrFail("the admin properties list", LOAD_FAILED, async () => {
    const list = await listPropertiesForAdmin(actor, propertyFiltersOf(params), params);
    const views = await getViewsByProperty(
      actor,
      list.rows.map((row) => row.id),
    );
    const rows = list.rows.map((row) => ({ ...row, views30: views.get(row.id) ?? 0 }));
    // An agent edits their own listings; adding, deleting and bulk changes are the office's.
    const canManage = can(actor, "listings:manage");
    // The agents the bulk bar's "Assign agent" offers.
    const agents = canManage && !trash ? await listActiveAgents() : [];
    return {
      params: { ...params, page: list.page },
      rows,
      total: list.total,
      trash,
      canManage,
      agents,
    };
  });
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const back = listReturnPath(form.get("back"), LIST);
  const intent = form.get("intent");
  if (intent === "restore" || intent === "bulk") requirePermissionOf(actor, "listings:manage");
  if (intent === "restore") {
    const result = await restoreProperty(actor, String(form.get("id") ?? ""));
    if (!result.ok) throw data("Not Found", { status: 404 });
    throw redirectWithFlash(back, "propertyRestored");
  }
  if (intent === "bulk") return bulkAction(actor, form);
  return unknownIntent();
}

/**
 * A change to the selected listings. It asks first with the count ("Move 20 listings to the
 * trash?"; the page asks with JavaScript, this answer asks without), then reports the count
 * done ("20 listings moved to the trash") and, for a move to the trash, the ids, so Undo
 * restores exactly those. Answered in the page, not by a redirect: the report carries them.
 */
async function bulkAction(actor: AdminActor, form: FormData) {
  const action = form.get("bulkAction");
  if (!isListBulkAction(action)) {
    return badRequest({ error: { title: "Error", message: "Please choose what to do." } });
  }
  const ids = [...new Set(form.getAll("ids").filter((id): id is string => typeof id === "string"))];
  const nothing = {
    error: { title: "Nothing selected", message: "Please select at least one property." },
  };
  if (ids.length === 0) return badRequest(nothing);
  if (action === ASSIGN_BULK_ACTION) return bulkAssign(actor, form, ids, nothing);
  if (!isConfirmed(form)) {
    return {
      ok: false as const,
      bulkConfirm: { action, ids, question: BULK_WORDS[action].question(ids.length) },
    };
  }
  const result =
    action === "restore"
      ? await restoreProperties(actor, ids)
      : await bulkUpdateProperties(actor, ids, action);
  if (!result.ok) return badRequest(nothing);
  return {
    ok: true as const,
    bulkDone: {
      // Tells one report from the next, so each shows its toast once.
      id: crypto.randomUUID(),
      action,
      message: BULK_WORDS[action].done(result.count),
      undoIds: action === "delete" && "ids" in result ? result.ids : [],
    },
  };
}

/**
 * "Assign agent": the selected listings to the agent chosen beside the action (empty: the
 * office). Asks first, naming the agent; an account that is not an active agent is refused with
 * its message and nothing is written.
 */
async function bulkAssign(
  actor: AdminActor,
  form: FormData,
  ids: string[],
  nothing: { error: { title: string; message: string } },
) {
  const agentId = String(form.get("agentId") ?? "").trim();
  const action = ASSIGN_BULK_ACTION;
  if (!isConfirmed(form)) {
    const refusal = agentId ? await agentRefusalOf(agentId) : null;
    if (refusal) {
      return badRequest({ error: { title: "Error", message: AGENT_REFUSAL_MESSAGES[refusal] } });
    }
    const agent = (await listActiveAgents()).find((a) => a.id === agentId);
    const to = agent?.name ?? "the office (no agent)";
    return {
      ok: false as const,
      bulkConfirm: { action, ids, agentId, question: BULK_WORDS[action].question(ids.length, to) },
    };
  }
  const result = await assignPropertiesAgent(actor, ids, agentId || null);
  if (!result.ok) {
    if (result.reason === "none-selected") return badRequest(nothing);
    return badRequest({
      error: { title: "Error", message: AGENT_REFUSAL_MESSAGES[result.reason] },
    });
  }
  const to = agentId ? result.to.replace(/ <[^>]*>$/, "") : "the office";
  return {
    ok: true as const,
    bulkDone: {
      id: crypto.randomUUID(),
      action,
      message: BULK_WORDS[action].done(result.count, to),
      undoIds: [],
    },
  };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

/** The list's search and filters (not its page or sort), for the export of what is shown. */
function exportSearch(params: Route.ComponentProps["loaderData"]["params"]) {
  return listSearch({ ...params, page: 1 }, PROPERTIES_LIST, {
    sort: PROPERTIES_LIST.defaultSort,
    direction: PROPERTIES_LIST.defaultDirection,
  });
}

function priceOf(row: Row) {
  if (row.price === null) return "N/A";
  const period = row.purpose === "rent" ? (row.rentPeriod === "month" ? "/month" : "/year") : "";
  // The amount never breaks; the period may go to the next line of a narrow column.
  return (
    <>
      <span className="whitespace-nowrap">{formatNaira(row.price)}</span>
      {period ? <span className="whitespace-nowrap">{period}</span> : null}
    </>
  );
}

// Every column fits beside the sidebar at 1280 px (the row's Edit and Delete in view, long
// titles and addresses wrapping); below 768 px each row is a card (responsive-table.tsx).
function columns(
  back: string,
  trash: boolean,
  canManage: boolean,
): DataTableColumn<Row, AdminPropertySort>[] {
  const all: DataTableColumn<Row, AdminPropertySort>[] = [
    {
      id: "select",
      header: "Select",
      card: "corner",
      className: "w-10",
      cell: (row) => (
        <input
          type="checkbox"
          name="ids"
          value={row.id}
          form="bulk-form"
          aria-label={`Select ${row.title}`}
          className="size-5 accent-brand-700 md:size-4"
        />
      ),
    },
    {
      id: "title",
      header: "Title",
      sort: "title",
      rowHeader: true,
      className: "md:min-w-40",
      cell: (row) => (
        <>
          {trash ? (
            <span>{row.title}</span>
          ) : (
            <RecordTitleLink href={`${LIST}/${row.id}`} back={back}>
              {row.title}
            </RecordTitleLink>
          )}
          {/* The listing's reference code (issue 45): what callers quote on the phone. */}
          <span className="block font-mono text-xs text-slate-500">{row.referenceCode}</span>
        </>
      ),
    },
    {
      id: "location",
      header: "Location",
      cell: (row) => (
        <>
          <span className="block">{row.city}</span>
          {row.address ? <span className="block text-xs text-slate-500">{row.address}</span> : null}
        </>
      ),
    },
    { id: "price", header: "Price", sort: "price", cell: priceOf },
    {
      id: "purpose",
      header: "Purpose",
      cell: (row) => (
        <div className="flex flex-wrap gap-1">
          <Badge tone={row.purpose === "rent" ? "blue" : "green"} className="whitespace-nowrap">
            {row.purpose === "rent" ? "For Rent" : "For Sale"}
          </Badge>
          {row.status !== "available" ? (
            <StatusBadge
              status={row.status}
              tones={{ "under-offer": "yellow", sold: "red", let: "red", available: "green" }}
            />
          ) : null}
        </div>
      ),
    },
    {
      id: "features",
      header: "Features",
      cell: (row) => (
        <span className="text-sm text-slate-700">
          {propertyTypeLabel(row.propertyType)}
          <span className="block text-xs text-slate-500">
            {row.beds ?? "-"} bd · {row.baths ?? "-"} ba ·{" "}
            <span className="whitespace-nowrap">
              {row.sqft ? `${formatNumber(row.sqft)} sqft` : "- sqft"}
            </span>
          </span>
        </span>
      ),
    },
    {
      id: "views",
      header: "Views (30 days)",
      className: "md:text-right tabular-nums",
      cell: (row) => formatNumber(row.views30),
    },
    {
      id: "featured",
      header: "Featured",
      cell: (row) =>
        row.featured ? (
          <Badge tone="teal">Featured</Badge>
        ) : (
          <span className="text-slate-500">No</span>
        ),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      cell: (row) =>
        trash ? (
          <div className="space-y-1">
            <Form method="post">
              <input type="hidden" name="intent" value="restore" />
              <input type="hidden" name="id" value={row.id} />
              <input type="hidden" name="back" value={back} />
              <Button type="submit" size="xs" variant="secondary">
                Restore<span className="sr-only"> {row.title}</span>
              </Button>
            </Form>
            {row.deletedAt ? (
              <span className="block text-xs text-slate-500">
                Deleted {formatMoment(row.deletedAt)}
              </span>
            ) : null}
          </div>
        ) : (
          <div className="flex flex-wrap items-start gap-2 md:flex-col">
            <LinkButton
              to={`${LIST}/${row.id}`}
              state={{ back }}
              variant="outline"
              size="xs"
              aria-label={`Edit ${row.title}`}
            >
              Edit
            </LinkButton>
            {canManage ? (
              <ConfirmForm
                action={`${LIST}/${row.id}`}
                fields={{ intent: "delete", back }}
                label={
                  <>
                    Delete<span className="sr-only"> {row.title}</span>
                  </>
                }
                question={PROPERTY_MESSAGES.confirmDelete}
                description={`The listing leaves the site at once. It can be restored from the trash for ${TRASH_DAYS} days.`}
                confirmLabel="Yes, delete it"
                cancelLabel="Cancel"
                pendingLabel="Deleting..."
                mode="dialog"
                size="xs"
              />
            ) : null}
          </div>
        ),
    },
  ];
  return canManage ? all : all.filter((column) => column.id !== "select");
}

export default function AdminPropertiesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { params, total, trash, canManage } = loaderData;
  const { outlet, recordOnly, back } = useListWithRecord(LIST);
  if (recordOnly) return outlet;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 md:p-6">
      <LinkButton to="/admin/dashboard" variant="link" size="inline">
        ← Dashboard
      </LinkButton>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          {trash ? "Trash" : "Properties"} ({formatNumber(total)})
        </h1>
        <div className="flex flex-wrap gap-2">
          {trash ? (
            <LinkButton to={LIST} variant="outline" size="sm">
              Back to the listings
            </LinkButton>
          ) : canManage ? (
            <>
              <LinkButton
                to={`${LIST}/export.csv${exportSearch(params)}`}
                reloadDocument
                variant="outline"
                size="sm"
              >
                Export CSV
              </LinkButton>
              <LinkButton to={`${LIST}/import`} state={{ back }} variant="outline" size="sm">
                Import CSV
              </LinkButton>
              <LinkButton to={`${LIST}?view=trash`} variant="outline" size="sm">
                Trash
              </LinkButton>
              <LinkButton to={`${LIST}/new`} state={{ back }} size="sm">
                <Plus className="size-4" aria-hidden /> Add Property
              </LinkButton>
            </>
          ) : null}
        </div>
      </div>
      {trash ? (
        <p className="text-slate-600">
          Deleted listings wait here for {TRASH_DAYS} days, then they are removed for good.
        </p>
      ) : null}
      {canManage ? (
        <PropertyBulkBar
          actions={trash ? TRASH_BULK_ACTIONS : LIVE_BULK_ACTIONS}
          agents={trash ? undefined : loaderData.agents}
          back={back}
          actionData={actionData}
        />
      ) : null}
      <DataTable
        caption={trash ? "Deleted properties" : "Properties"}
        columns={columns(back, trash, canManage)}
        list={loaderData}
        config={PROPERTIES_LIST}
        search={{ label: "Search properties", placeholder: "Title or location" }}
        filters={[
          {
            name: "purpose",
            label: "Purpose",
            kind: "choice",
            allLabel: "Sale and rent",
            options: [
              { value: "sale", label: "For Sale" },
              { value: "rent", label: "For Rent" },
            ],
          },
          {
            name: "type",
            label: "Type",
            kind: "choice",
            allLabel: "All types",
            options: PROPERTY_TYPES,
          },
          {
            name: "city",
            label: "City",
            kind: "choice",
            allLabel: "All cities",
            options: ADMIN_CITIES.map((city) => ({ value: city, label: city })),
          },
          {
            name: "featured",
            label: "Featured",
            kind: "choice",
            allLabel: "All",
            options: [
              { value: "yes", label: "Featured" },
              { value: "no", label: "Not featured" },
            ],
          },
          {
            name: "status",
            label: "Status",
            kind: "choice",
            allLabel: "All statuses",
            options: LISTING_STATUSES,
          },
        ]}
        emptyMessage="No properties found"
      />
      {outlet}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={LOAD_FAILED} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Properties | Admin | ${COMPANY_NAME}` }];
