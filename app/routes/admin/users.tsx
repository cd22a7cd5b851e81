import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { RecordEditLink, RecordTitleLink } from "~/components/admin/record-delete";
import { useListWithRecord } from "~/components/admin/record-view";
import { DeleteUserForm, RoleBadge, UserStatusBadge } from "~/components/admin/user-parts";
import { UserPlus } from "~/components/icons";
import { LinkButton } from "~/components/ui/button";
import { DataTable, type DataTableColumn, statusFilter } from "~/components/ui/data-table";
import {
  roleLabel,
  USER_KINDS,
  USER_STATUS_LABELS,
  USERS_LIST,
  type UserKind,
} from "~/lib/admin-users";
import { parseListParams } from "~/lib/list-params";
import { formatNumber } from "~/lib/money";
import { USER_STATUSES, type UserStatus } from "~/lib/roles";
import { USER_MESSAGES } from "~/lib/schemas/user";
import { COMPANY_NAME } from "~/lib/site";
import { type AdminUserRow, listUsersForAdmin } from "~/models/admin-users.server";
import { loadOrFail } from "~/routes/admin/load-or-fail.server";
import type { Route } from "./+types/users";

// /admin/users: every account, and every person who booked or wrote without one (a guest),
// newest first; search by e-mail, first or last name; filter by role and status; all in the
// URL and in SQL. Add and edit open over the list (dialogs, with JavaScript) or as pages of
// their own (./user-new.tsx, ./user.tsx); delete asks 'Are you absolutely sure?' first.

const LIST = "/admin/users";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  const params = parseListParams(args.request.url, USERS_LIST);
  return loadOrFail("the admin users list", USER_MESSAGES.loadFailed, async () => {
    const list = await listUsersForAdmin(
      actor,
      {
        q: params.q,
        role: params.filters.role as UserKind | undefined,
        status: params.filters.status as UserStatus | undefined,
      },
      params,
    );
    return {
      params: { ...params, page: list.page },
      rows: list.rows,
      total: list.total,
      viewer: { id: actor.id, isSuperAdmin: actor.isSuperAdmin },
    };
  });
}

type Viewer = Route.ComponentProps["loaderData"]["viewer"];

function fullName(row: AdminUserRow) {
  return `${row.firstName} ${row.lastName}`.trim() || row.email;
}

/** A guest becomes an account from the add form, filled in with what they gave us. */
function addGuestHref(row: AdminUserRow) {
  const search = new URLSearchParams({
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
  });
  return `${LIST}/new?${search}`;
}

function columns(
  back: string,
  viewer: Viewer,
): DataTableColumn<AdminUserRow, "created" | "email">[] {
  return [
    {
      id: "email",
      header: "Email",
      sort: "email",
      rowHeader: true,
      className: "break-all",
      cell: (row) =>
        row.kind === "guest" ? (
          row.email
        ) : (
          <RecordTitleLink href={`${LIST}/${row.id}`} back={back}>
            {row.email}
          </RecordTitleLink>
        ),
    },
    { id: "firstName", header: "First Name", cell: (row) => row.firstName || "-" },
    { id: "lastName", header: "Last Name", cell: (row) => row.lastName || "-" },
    {
      id: "role",
      header: "Role",
      cell: (row) => <RoleBadge kind={row.kind} isSuperAdmin={row.isSuperAdmin} />,
    },
    {
      id: "status",
      header: "Status",
      cell: (row) =>
        row.status ? (
          <UserStatusBadge status={row.status} />
        ) : (
          <span className="whitespace-nowrap text-xs text-slate-500">No account</span>
        ),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      cell: (row) => <RowActions row={row} back={back} viewer={viewer} />,
    },
  ];
}

function RowActions({ row, back, viewer }: { row: AdminUserRow; back: string; viewer: Viewer }) {
  const name = fullName(row);
  if (row.kind === "guest") {
    return (
      <div className="relative flex flex-wrap items-center gap-2">
        <LinkButton to={addGuestHref(row)} state={{ back }} variant="outline" size="xs">
          Add as user<span className="sr-only">: {name}</span>
        </LinkButton>
        <Link
          to={`/admin/appointments?q=${encodeURIComponent(row.email)}`}
          className="text-sm text-brand-700 hover:underline"
          aria-label={`Bookings of ${name}`}
        >
          Bookings
        </Link>
      </div>
    );
  }
  // Hidden where the server would refuse: oneself, and admins for a plain admin.
  const canDelete = row.id !== viewer.id && (row.kind !== "admin" || viewer.isSuperAdmin);
  return (
    <div className="relative flex flex-wrap items-center gap-2">
      <RecordEditLink href={`${LIST}/${row.id}`} name={name} back={back} />
      {canDelete ? <DeleteUserForm userId={row.id} name={name} back={back} size="xs" /> : null}
    </div>
  );
}

export default function AdminUsersPage({ loaderData }: Route.ComponentProps) {
  const { total, viewer } = loaderData;
  const { outlet, recordOnly, back } = useListWithRecord(LIST);
  if (recordOnly) return outlet;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Users ({formatNumber(total)})</h1>
          <p className="mt-1 text-slate-600">
            Accounts, and the people who booked or wrote without one (guests).
          </p>
        </div>
        <LinkButton to={`${LIST}/new`} state={{ back }} size="md">
          <UserPlus className="size-4" aria-hidden />
          Add User
        </LinkButton>
      </div>
      <DataTable
        caption="Users"
        columns={columns(back, viewer)}
        list={loaderData}
        config={USERS_LIST}
        search={{ label: "Search users", placeholder: "E-mail, first or last name" }}
        filters={[
          {
            name: "role",
            label: "Role",
            kind: "choice",
            allLabel: "All roles",
            options: USER_KINDS.map((kind) => ({ value: kind, label: roleLabel(kind) })),
          },
          statusFilter(USER_STATUSES, (s) => USER_STATUS_LABELS[s]),
        ]}
        emptyMessage="No users found"
      />
      {outlet}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={USER_MESSAGES.loadFailed} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Users | Admin | ${COMPANY_NAME}` }];
