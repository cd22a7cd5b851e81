import { data, Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { InitialsAvatar } from "~/components/admin/initials-avatar";
import { useListWithRecord } from "~/components/admin/record-view";
import { Badge } from "~/components/ui/badge";
import { DataTable, type DataTableColumn } from "~/components/ui/data-table";
import { formatMoment } from "~/lib/appointment-format";
import { type ListConfig, parseListParams } from "~/lib/list-params";
import { logger } from "~/lib/logger.server";
import { formatNumber } from "~/lib/money";
import { ROLES, type Role, USER_STATUSES, type UserStatus } from "~/lib/roles";
import { ROLE_LABELS } from "~/lib/schemas/admin-user";
import { COMPANY_NAME } from "~/lib/site";
import { statusLabel } from "~/lib/status-tones";
import { listPeopleForAdmin, type PersonKind, type PersonRow } from "~/models/admin-users.server";
import type { Route } from "./+types/users";

// /admin/users: the accounts, and the people who booked or wrote without one (guests, derived
// from their bookings and inquiries). Search e-mail, first or last name; filter by kind, role
// and status. An account opens for editing over the list or as a page (./user.tsx).

const LIST = "/admin/users";

export const USERS_LIST: ListConfig<"seen", "kind" | "role" | "status"> = {
  sorts: ["seen"],
  defaultSort: "seen",
  defaultDirection: "desc",
  filters: {
    kind: { kind: "choice", values: ["account", "guest"] },
    role: { kind: "choice", values: ROLES },
    status: { kind: "choice", values: USER_STATUSES },
  },
  pageSize: 25,
};

export const LOAD_FAILED = "Failed to load users data";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const params = parseListParams(args.request.url, USERS_LIST);
  try {
    const list = await listPeopleForAdmin(
      actor,
      {
        q: params.q,
        kind: params.filters.kind as PersonKind | undefined,
        role: params.filters.role as Role | undefined,
        status: params.filters.status as UserStatus | undefined,
      },
      params,
    );
    return { params: { ...params, page: list.page }, rows: list.rows, total: list.total };
  } catch (error) {
    logger.error({ err: error }, "Could not load the admin users list");
    throw data(LOAD_FAILED, { status: 500 });
  }
}

function displayName(row: PersonRow) {
  return `${row.firstName} ${row.lastName}`.trim() || row.name || row.email;
}

function columns(back: string): DataTableColumn<PersonRow, "seen">[] {
  return [
    {
      id: "email",
      header: "Email",
      rowHeader: true,
      cell: (row) => (
        <div className="flex items-center gap-3">
          <InitialsAvatar name={displayName(row)} email={row.email} />
          {row.id ? (
            <Link
              to={`${LIST}/${row.id}`}
              state={{ back }}
              className="break-all font-medium text-slate-900 hover:text-brand-700 hover:underline"
            >
              {row.email}
            </Link>
          ) : (
            <span className="break-all">{row.email}</span>
          )}
        </div>
      ),
    },
    {
      id: "first",
      header: "First Name",
      cell: (row) => row.firstName || (row.kind === "guest" ? row.name : "") || "-",
    },
    { id: "last", header: "Last Name", cell: (row) => row.lastName || "-" },
    {
      id: "role",
      header: "Role",
      cell: (row) =>
        row.kind === "guest" ? (
          <Badge>Guest</Badge>
        ) : (
          <Badge tone={row.role === "admin" ? "blue" : "slate"}>
            {row.role ? ROLE_LABELS[row.role] : "-"}
            {row.isSuperAdmin ? " (super)" : ""}
          </Badge>
        ),
    },
    {
      id: "status",
      header: "Status",
      cell: (row) =>
        row.status ? (
          <Badge tone={row.status === "active" ? "green" : "red"}>{statusLabel(row.status)}</Badge>
        ) : (
          <span className="text-xs text-slate-500">No account</span>
        ),
    },
    {
      id: "seen",
      header: "Since",
      sort: "seen",
      className: "whitespace-nowrap",
      cell: (row) => formatMoment(row.firstSeen),
    },
    {
      id: "actions",
      header: "Actions",
      cell: (row) =>
        row.id ? (
          <Link
            to={`${LIST}/${row.id}`}
            state={{ back }}
            className="text-sm font-medium text-brand-700 hover:underline"
            aria-label={`Edit ${row.email}`}
          >
            Edit
          </Link>
        ) : null,
    },
  ];
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { params, rows, total } = loaderData;
  const { outlet, recordOnly, back } = useListWithRecord(LIST);
  if (recordOnly) return outlet;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 md:p-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Users ({formatNumber(total)})</h1>
        <p className="mt-1 text-slate-600">
          Accounts, and guests: people who booked or wrote without an account.
        </p>
      </div>
      <DataTable
        caption="Users"
        columns={columns(back)}
        rows={rows}
        rowKey={(row) => row.id ?? `guest:${row.email}`}
        total={total}
        params={params}
        config={USERS_LIST}
        search={{ label: "Search users", placeholder: "E-mail, first or last name" }}
        filters={[
          {
            name: "kind",
            label: "Kind",
            kind: "choice",
            allLabel: "Accounts and guests",
            options: [
              { value: "account", label: "Accounts" },
              { value: "guest", label: "Guests" },
            ],
          },
          {
            name: "role",
            label: "Role",
            kind: "choice",
            allLabel: "All roles",
            options: ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
          },
          {
            name: "status",
            label: "Status",
            kind: "choice",
            allLabel: "All statuses",
            options: USER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
          },
        ]}
        emptyMessage="No users found"
      />
      {outlet}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={LOAD_FAILED} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Users | Admin | ${COMPANY_NAME}` }];
