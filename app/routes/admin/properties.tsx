import { Plus } from "lucide-react";
import { data, Form } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { RecordTitleLink } from "~/components/admin/record-delete";
import { useListWithRecord } from "~/components/admin/record-view";
import { Badge, StatusBadge } from "~/components/ui/badge";
import { Button, LinkButton } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import {
  type AdminPropertySort,
  BULK_ACTIONS,
  type BulkAction,
  PROPERTIES_LIST,
  propertyFiltersOf,
  TRASH_DAYS,
} from "~/lib/admin-properties";
import { formatMoment } from "~/lib/appointment-format";
import { badRequest, redirectWithFlash } from "~/lib/http.server";
import { listReturnPath, listSearch, parseListParams } from "~/lib/list-params";
import { logger } from "~/lib/logger.server";
import { formatNaira, formatNumber } from "~/lib/money";
import { LISTING_STATUSES, PROPERTY_TYPES, propertyTypeLabel } from "~/lib/property-options";
import { readForm } from "~/lib/read-form.server";
import { ADMIN_CITIES, PROPERTY_MESSAGES } from "~/lib/schemas/property";
import { COMPANY_NAME } from "~/lib/site";
import {
  bulkUpdateProperties,
  listPropertiesForAdmin,
  purgeTrash,
  restoreProperty,
} from "~/models/admin-properties.server";
import { getViewsByProperty } from "~/models/property-stats.server";
import type { Route } from "./+types/properties";

// /admin/properties: the catalogue. Search title or location, filter purpose, type, city,
// featured and status, sort and page, all in the URL and in SQL; select rows for a bulk change;
// the trash (?view=trash) lists deleted listings for TRASH_DAYS, with Restore. Add and edit are
// child routes (./property-new.tsx, ./property-edit.tsx): a dialog over the list, or a page.

const LIST = "/admin/properties";

export const LOAD_FAILED = "Failed to load properties data";

const BULK_LABELS: Record<BulkAction, string> = {
  feature: "Mark featured",
  unfeature: "Remove featured",
  sold: "Mark sold",
  let: "Mark let",
  available: "Mark available",
  delete: "Delete",
};

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const params = parseListParams(args.request.url, PROPERTIES_LIST);
  const trash = params.filters.view === "trash";
  try {
    // Listings trashed longer than TRASH_DAYS go for good before the trash is shown.
    if (trash) await purgeTrash();
    const list = await listPropertiesForAdmin(actor, propertyFiltersOf(params), params);
    const views = await getViewsByProperty(
      actor,
      list.rows.map((row) => row.id),
    );
    const rows = list.rows.map((row) => ({ ...row, views30: views.get(row.id) ?? 0 }));
    return { params: { ...params, page: list.page }, rows, total: list.total, trash };
  } catch (error) {
    logger.error({ err: error }, "Could not load the admin properties list");
    throw data(LOAD_FAILED, { status: 500 });
  }
}

export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  const back = listReturnPath(form.get("back"), LIST);
  const intent = form.get("intent");
  if (intent === "restore") {
    const result = await restoreProperty(actor, String(form.get("id") ?? ""));
    if (!result.ok) throw data("Not Found", { status: 404 });
    throw redirectWithFlash(back, "propertyRestored");
  }
  if (intent === "bulk") {
    const bulk = form.get("bulkAction");
    if (!(BULK_ACTIONS as readonly unknown[]).includes(bulk)) {
      return badRequest({ error: { title: "Error", message: "Please choose what to do." } });
    }
    const ids = form.getAll("ids").filter((id): id is string => typeof id === "string");
    const result = await bulkUpdateProperties(actor, ids, bulk as BulkAction);
    if (!result.ok) {
      return badRequest({
        error: { title: "Nothing selected", message: "Please select at least one property." },
      });
    }
    throw redirectWithFlash(back, bulk === "delete" ? "propertyDeleted" : "propertiesUpdated");
  }
  return badRequest({ error: { title: "Error", message: "Unknown action." } });
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
function columns(back: string, trash: boolean): DataTableColumn<Row, AdminPropertySort>[] {
  return [
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
      cell: (row) =>
        trash ? (
          <span>{row.title}</span>
        ) : (
          <RecordTitleLink href={`${LIST}/${row.id}`} back={back}>
            {row.title}
          </RecordTitleLink>
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
          </div>
        ),
    },
  ];
}

export default function AdminPropertiesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { params, rows, total, trash } = loaderData;
  const { outlet, recordOnly, back } = useListWithRecord(LIST);
  if (recordOnly) return outlet;
  const bulkError = actionData && "error" in actionData ? actionData.error : undefined;
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
          ) : (
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
          )}
        </div>
      </div>
      {trash ? (
        <p className="text-slate-600">
          Deleted listings wait here for {TRASH_DAYS} days, then they are removed for good.
        </p>
      ) : (
        <Form
          id="bulk-form"
          method="post"
          className="flex flex-wrap items-end gap-2 rounded-md border border-slate-200 bg-white p-3"
        >
          <input type="hidden" name="intent" value="bulk" />
          <input type="hidden" name="back" value={back} />
          <label htmlFor="bulk-action" className="text-sm font-medium text-slate-700">
            With the selected listings
          </label>
          <select
            id="bulk-action"
            name="bulkAction"
            className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            {BULK_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {BULK_LABELS[action]}
              </option>
            ))}
          </select>
          <Button type="submit" size="sm" variant="secondary">
            Apply to selected
          </Button>
          {bulkError ? (
            <p role="alert" className="w-full text-sm text-red-700">
              {bulkError.message}
            </p>
          ) : null}
        </Form>
      )}
      <DataTable
        caption={trash ? "Deleted properties" : "Properties"}
        columns={columns(back, trash)}
        rows={rows}
        rowKey={(row) => row.id}
        total={total}
        params={params}
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
