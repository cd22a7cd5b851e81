import { Link } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { AdminRouteError } from "~/components/admin/admin-route-error";
import { AppointmentActions } from "~/components/admin/appointment-actions";
import { CalendarFeedCard } from "~/components/admin/calendar-feed-card";
import { InitialsAvatar } from "~/components/admin/initials-avatar";
import { useListWithRecord } from "~/components/admin/record-view";
import { CodeCheckBadge } from "~/components/admin/viewing-code-panel";
import { PhoneLinks } from "~/components/contact-links";
import { CalendarDays, Plus } from "~/components/icons";
import { StatusBadge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import {
  DataTable,
  type DataTableColumn,
  type DataTableFilter,
  statusFilter,
} from "~/components/ui/data-table";
import { getEnv } from "~/env.server";
import { versionToken } from "~/http/edit-merge.server";
import { readForm } from "~/http/read-form.server";
import { unknownIntent } from "~/http/responses.server";
import { ADMIN_APPOINTMENTS_PAGE_SIZE, ADMINS_FILTER } from "~/lib/admin-appointments";
import { formatAppointmentDate, propertyTypeLabel } from "~/lib/appointment-format";
import { appointmentFormValues } from "~/lib/appointment-merge";
import { hasAppointmentStarted } from "~/lib/appointment-rules";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { type ListConfig, parseListParams } from "~/lib/list-params";
import { formatNumber } from "~/lib/money";
import { can } from "~/lib/permissions";
import { COMPANY_NAME } from "~/lib/site";
import { APPOINTMENT_STATUS_TONES } from "~/lib/status-tones";
import {
  type AdminAppointmentSort,
  type DayViewing,
  listAppointmentsForAdmin,
  listConfirmedViewings,
} from "~/models/admin-appointments.server";
import type { AppointmentStatus } from "~/models/appointment.server";
import { getCalendarFeedCreatedAt, resetCalendarFeed } from "~/models/calendar-feed.server";
import { listActiveAgents } from "~/models/listing-agent.server";
import { loadOrFail } from "~/routes/admin/load-or-fail.server";
import type { Route } from "./+types/appointments";

// /admin/appointments: every booking, newest first; search by name, e-mail or property type,
// filter by status and day, all in the URL and in SQL. A booking opens over the list (a dialog,
// when followed from the list with JavaScript) or as its own page (./appointment.tsx).

const STATUSES = ["pending", "confirmed", "completed", "cancelled"] as const;

/** The list's config; the agent filter's values are the agents offered (and the admins). */
function appointmentsList(
  agents: readonly { id: string }[],
): ListConfig<AdminAppointmentSort, "status" | "date" | "agent"> {
  return {
    sorts: ["created", "date"],
    defaultSort: "created",
    defaultDirection: "desc",
    filters: {
      status: { kind: "choice", values: STATUSES },
      date: { kind: "date" },
      agent: { kind: "choice", values: [ADMINS_FILTER, ...agents.map((agent) => agent.id)] },
    },
    pageSize: ADMIN_APPOINTMENTS_PAGE_SIZE,
  };
}

export const LOAD_FAILED = "Failed to load appointments";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  return loadOrFail("the admin appointments list", LOAD_FAILED, async () => {
    // The office sees whose each viewing is and filters by agent; an agent's are all theirs.
    const agents = actor.role === "agent" ? [] : await listActiveAgents();
    const params = parseListParams(args.request.url, appointmentsList(agents));
    const [list, viewings] = await Promise.all([
      listAppointmentsForAdmin(
        actor,
        {
          q: params.q,
          status: params.filters.status as AppointmentStatus | undefined,
          date: params.filters.date,
          agent: params.filters.agent,
        },
        params,
      ),
      listConfirmedViewings(actor),
    ]);
    const feedCreatedAt = (await getCalendarFeedCreatedAt(actor)) ?? null;
    // Complete is offered once a viewing's start time has passed, on the server's clock.
    const now = new Date();
    // Each row's buttons post the version the row was shown at, with what it showed signed in:
    // a colleague's change meanwhile to another field is kept, not a conflict (issue 42).
    const rows = list.rows.map((row) => ({
      ...row,
      version: versionToken(row.version, appointmentFormValues(row)),
      started: hasAppointmentStarted(row.appointmentDate, row.appointmentTime, now),
    }));
    return {
      params: { ...params, page: list.page },
      rows,
      total: list.total,
      viewings,
      feedCreatedAt,
      // An agent handles the viewings given to them; booking for a caller is the office's.
      canBook: can(actor, "viewings:book"),
      isAgent: actor.role === "agent",
      agents,
    };
  });
}

/** Makes (or remakes, after asking) the admin's calendar address; answers it once. */
export async function action(args: Route.ActionArgs) {
  const actor = await requireAdmin(args);
  const form = await readForm(args.request);
  if (form.get("intent") !== "calendar-reset") {
    return unknownIntent();
  }
  if ((await getCalendarFeedCreatedAt(actor)) && !isConfirmed(form)) {
    return askToConfirm(form, "Make a new calendar link? The old one stops working.");
  }
  const { token } = await resetCalendarFeed(actor);
  return { ok: true as const, feedUrl: `${getEnv().siteUrl}/calendar/${token}.ics` };
}

type Row = Route.ComponentProps["loaderData"]["rows"][number];

function columns(back: string, isAgent: boolean): DataTableColumn<Row, AdminAppointmentSort>[] {
  return [
    {
      id: "client",
      header: "Client",
      rowHeader: true,
      cell: (row) => (
        <div className="flex items-center gap-3">
          <InitialsAvatar name={row.fullName} email={row.email} />
          <div className="min-w-0">
            <Link
              to={`/admin/appointments/${row.id}`}
              state={{ back }}
              className="block font-medium text-slate-900 hover:text-brand-700 hover:underline"
            >
              {row.fullName}
            </Link>
            <span className="block break-all text-xs font-normal text-slate-500">{row.email}</span>
            <span className="block text-sm">
              <PhoneLinks phone={row.phone} name={row.fullName} listingCode={row.propertyCode} />
            </span>
          </div>
        </div>
      ),
    },
    {
      id: "property",
      header: "Property",
      cell: (row) =>
        row.propertyId ? (
          <Link
            to={`/property/${row.propertyId}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {row.propertyTitle ?? "View property"}
            <span className="block font-mono text-xs font-normal text-slate-500">
              {row.propertyCode}
            </span>
          </Link>
        ) : (
          <>
            <span className="block">{propertyTypeLabel(row.propertyType)}</span>
            {row.propertyLocation ? (
              <span className="block text-xs text-slate-500">{row.propertyLocation}</span>
            ) : null}
          </>
        ),
    },
    {
      id: "when",
      header: "Date & Time",
      sort: "date",
      className: "whitespace-nowrap",
      cell: (row) => (
        <>
          <span className="block">{formatAppointmentDate(row.appointmentDate)}</span>
          <span className="block text-xs text-slate-500">{row.appointmentTime}</span>
        </>
      ),
    },
    {
      id: "status",
      // Staff see whose viewing it is under its status: a column of its own pushed the table
      // past a 1280-pixel screen.
      header: isAgent ? "Status" : "Status / Agent",
      cell: (row) => (
        <>
          <StatusBadge status={row.status} tones={APPOINTMENT_STATUS_TONES} />
          {/* A code that did not match is the flag the office follows up (issue 45). */}
          {row.codeMatched === false ? (
            <span className="mt-1 block">
              <CodeCheckBadge matched={false} />
            </span>
          ) : null}
          {isAgent ? null : (
            <span className="mt-1 block break-words text-xs text-slate-500">
              {row.agentId ? row.agentName || row.agentEmail : "Admins"}
            </span>
          )}
        </>
      ),
    },
    {
      id: "actions",
      header: "Actions",
      card: "actions",
      className: "md:min-w-72",
      cell: (row) => (
        <div className="flex flex-wrap items-center gap-2">
          <Link
            to={`/admin/appointments/${row.id}`}
            state={{ back }}
            className="text-sm font-medium text-brand-700 hover:underline"
            aria-label={`View the appointment of ${row.fullName}`}
          >
            View
          </Link>
          <AppointmentActions
            id={row.id}
            status={row.status}
            started={row.started}
            customerName={row.fullName}
            back={back}
            version={row.version}
          />
        </div>
      ),
    },
  ];
}

export default function AdminAppointmentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { total, viewings, feedCreatedAt, canBook, isAgent, agents } = loaderData;
  const { outlet, recordOnly, back } = useListWithRecord("/admin/appointments");
  if (recordOnly) return outlet;
  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 md:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          {isAgent ? "My viewings" : "Appointments"} ({formatNumber(total)})
        </h1>
        {canBook ? (
          <LinkButton to="/admin/appointments/new" state={{ back }} size="sm">
            <Plus className="size-4" aria-hidden /> New appointment
          </LinkButton>
        ) : null}
      </div>
      <DayView viewings={viewings} back={back} />
      <CalendarFeedCard
        createdAt={feedCreatedAt}
        feedUrl={actionData && "feedUrl" in actionData ? actionData.feedUrl : undefined}
      />
      <DataTable
        caption="Appointments"
        columns={columns(back, isAgent)}
        list={loaderData}
        config={appointmentsList(agents)}
        search={{ label: "Search appointments", placeholder: "Name, e-mail or property type" }}
        filters={[
          statusFilter(STATUSES),
          { name: "date", label: "Date", kind: "date" },
          ...(isAgent ? [] : [agentFilter(agents)]),
        ]}
        emptyMessage="No appointments found"
      />
      {outlet}
    </div>
  );
}

function agentFilter(agents: readonly { id: string; name: string }[]): DataTableFilter<"agent"> {
  return {
    name: "agent",
    label: "Agent",
    kind: "choice",
    allLabel: "All agents",
    options: [
      { value: ADMINS_FILTER, label: "Admins (no agent)" },
      ...agents.map((agent) => ({ value: agent.id, label: agent.name })),
    ],
  };
}

function DayView({ viewings, back }: { viewings: DayViewing[]; back: string }) {
  const days = [
    { id: "today", title: "Today" },
    { id: "tomorrow", title: "Tomorrow" },
  ] as const;
  return (
    <Card as="section" aria-labelledby="day-view-title">
      <h2
        id="day-view-title"
        className="mb-3 flex items-center gap-2 text-lg font-semibold text-slate-900"
      >
        <CalendarDays className="size-5 text-brand-700" aria-hidden />
        Confirmed viewings
      </h2>
      <div className="grid gap-4 md:grid-cols-2">
        {days.map((day) => {
          const items = viewings.filter((v) => v.day === day.id);
          return (
            <div key={day.id}>
              <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">
                {day.title} ({items.length})
              </h3>
              {items.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">No confirmed viewings.</p>
              ) : (
                <ul className="mt-2 divide-y divide-slate-100">
                  {items.map((v) => (
                    <li key={v.id} className="flex flex-wrap items-baseline gap-x-3 py-2 text-sm">
                      <span className="w-20 shrink-0 font-medium text-slate-900">
                        {v.appointmentTime}
                      </span>
                      <Link
                        to={`/admin/appointments/${v.id}`}
                        state={{ back }}
                        className="min-w-0 truncate text-brand-700 hover:underline"
                      >
                        {v.fullName}
                        {v.propertyTitle ? ` · ${v.propertyTitle} (${v.propertyCode})` : ""}
                      </Link>
                      {v.viewingCode ? (
                        <span className="ml-auto shrink-0 font-mono text-slate-700">
                          <span className="sr-only">Viewing code </span>
                          {v.viewingCode}
                        </span>
                      ) : null}
                      <span className="basis-full pl-[5.75rem]">
                        <PhoneLinks
                          phone={v.phone}
                          name={v.fullName}
                          listingCode={v.propertyCode}
                        />
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          );
        })}
      </div>
    </Card>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminRouteError error={error} fallback={LOAD_FAILED} />;
}

export const meta: Route.MetaFunction = () => [{ title: `Appointments | Admin | ${COMPANY_NAME}` }];
