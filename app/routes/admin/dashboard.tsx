import { useEffect } from "react";
import { data, Link, redirect } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { ActivityChart } from "~/components/admin/activity-chart";
import { Building2, CalendarDays, MessageSquare, Target, Users } from "~/components/icons";
import { toast } from "~/components/toaster";
import { ErrorNotice } from "~/components/ui/alert";
import { StatusBadge } from "~/components/ui/badge";
import { Card } from "~/components/ui/card";
import { formatAppointmentDate, formatMoment } from "~/lib/appointment-format";
import { formatNumber } from "~/lib/money";
import { can, staffHome } from "~/lib/permissions";
import { COMPANY_NAME } from "~/lib/site";
import { APPOINTMENT_STATUS_TONES, INQUIRY_STATUS_TONES } from "~/lib/status-tones";
import { logger } from "~/log/logger.server";
import {
  ACTIVITY_WEEKS,
  getDashboardCounts,
  getWeeklyActivity,
  listRecentAppointments,
  listRecentInquiries,
} from "~/models/admin-dashboard.server";
import { getLeadCounts } from "~/models/lead-inbox.server";
import { listMostViewed } from "~/models/property-stats.server";
import type { Route } from "./+types/dashboard";

const LOAD_FAILED_MESSAGE = "Failed to load dashboard data";

export async function loader(args: Route.LoaderArgs) {
  const actor = await requireAdmin(args);
  // An agent's home is their own viewings; the office figures are for admins.
  if (!can(actor, "office:dashboard")) throw redirect(staffHome(actor.role));
  try {
    const [counts, leads, recentAppointments, recentInquiries, activity, mostViewed] =
      await Promise.all([
        getDashboardCounts(actor),
        // The same query as the Leads page's figures (issue 47): the two always agree.
        getLeadCounts(actor),
        listRecentAppointments(actor),
        listRecentInquiries(actor),
        getWeeklyActivity(actor),
        listMostViewed(actor),
      ]);
    return {
      ok: true as const,
      counts,
      leads,
      recentAppointments,
      recentInquiries,
      activity,
      mostViewed,
      weeks: ACTIVITY_WEEKS,
    };
  } catch (error) {
    logger.error({ err: error }, "Could not load the admin dashboard");
    return data({ ok: false as const, error: LOAD_FAILED_MESSAGE }, { status: 500 });
  }
}

export default function AdminDashboardPage({ loaderData }: Route.ComponentProps) {
  useEffect(() => {
    if (!loaderData.ok) toast.error("Error", { description: loaderData.error });
  }, [loaderData]);

  return (
    <div className="mx-auto max-w-7xl space-y-6 p-4 md:p-6">
      <h1 className="text-2xl font-bold text-slate-900">Dashboard</h1>
      {loaderData.ok ? (
        <DashboardContent {...loaderData} />
      ) : (
        <ErrorNotice>{loaderData.error}</ErrorNotice>
      )}
    </div>
  );
}

type Loaded = Extract<Route.ComponentProps["loaderData"], { ok: true }>;

function DashboardContent({
  counts,
  leads,
  recentAppointments,
  recentInquiries,
  activity,
  mostViewed,
  weeks,
}: Loaded) {
  const cards = [
    {
      title: "Total Properties",
      value: counts.properties,
      note: "Listings on the site",
      icon: Building2,
      to: "/admin/properties",
    },
    {
      title: "Appointments",
      value: counts.appointments,
      note: `${formatNumber(counts.pendingAppointments)} pending`,
      icon: CalendarDays,
      to: "/admin/appointments",
    },
    {
      title: "Inquiries",
      value: counts.inquiries,
      note: `${formatNumber(counts.unresolvedInquiries)} unresolved`,
      icon: MessageSquare,
      to: "/admin/complaints",
    },
    {
      title: "Leads",
      value: leads.total,
      note: `${formatNumber(leads.new)} new · ${formatNumber(leads.due)} due today`,
      icon: Target,
      to: "/admin/leads",
    },
    {
      title: "Users",
      value: counts.users,
      note: "Registered accounts",
      icon: Users,
      to: "/admin/users",
    },
  ];
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {cards.map((card) => (
          <li key={card.title}>
            <Link
              to={card.to}
              className="block rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600"
            >
              <div className="flex items-center justify-between">
                <h2 className="text-sm font-medium text-slate-600">{card.title}</h2>
                <card.icon className="size-5 text-brand-700" aria-hidden />
              </div>
              <p
                className="mt-2 text-3xl font-bold text-slate-900"
                data-testid={`count-${card.title}`}
              >
                {formatNumber(card.value)}
              </p>
              <p className="mt-1 text-sm text-slate-600">{card.note}</p>
            </Link>
          </li>
        ))}
      </ul>

      <Card as="section" aria-labelledby="activity-title">
        <h2 id="activity-title" className="mb-4 text-lg font-semibold text-slate-900">
          Bookings and inquiries per week
        </h2>
        <ActivityChart
          weeks={activity}
          title={`Bookings and inquiries received per week, last ${weeks} weeks`}
        />
      </Card>

      <RecentList
        title="Most Viewed This Week"
        viewAll="/admin/properties"
        empty="No property pages opened this week yet."
        items={mostViewed.map((p) => ({
          id: p.id,
          to: `/admin/properties/${p.id}`,
          title: p.title,
          detail: p.city,
          badge: (
            <span className="whitespace-nowrap text-sm font-semibold text-slate-700">
              {formatNumber(p.views)} {p.views === 1 ? "view" : "views"}
            </span>
          ),
        }))}
      />

      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <RecentList
          title="Recent Appointments"
          viewAll="/admin/appointments"
          empty="No appointments yet."
          items={recentAppointments.map((a) => ({
            id: a.id,
            to: `/admin/appointments/${a.id}`,
            title: a.fullName,
            detail: `${formatAppointmentDate(a.appointmentDate)}, ${a.appointmentTime}`,
            badge: <StatusBadge status={a.status} tones={APPOINTMENT_STATUS_TONES} />,
          }))}
        />
        <RecentList
          title="Recent Inquiries"
          viewAll="/admin/complaints"
          empty="No inquiries yet."
          items={recentInquiries.map((i) => ({
            id: i.id,
            to: `/admin/complaints/${i.id}`,
            title: i.subject || "No Subject",
            detail: `${i.name || i.email} · ${formatMoment(i.createdAt)}`,
            badge: <StatusBadge status={i.status} tones={INQUIRY_STATUS_TONES} />,
          }))}
        />
      </div>
    </>
  );
}

function RecentList({
  title,
  viewAll,
  empty,
  items,
}: {
  title: string;
  viewAll: string;
  empty: string;
  items: { id: string; to: string; title: string; detail: string; badge: React.ReactNode }[];
}) {
  const id = title.toLowerCase().replace(/\s+/g, "-");
  return (
    <Card as="section" padding="none" aria-labelledby={id}>
      <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
        <h2 id={id} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <Link to={viewAll} className="text-sm font-medium text-brand-700 hover:underline">
          View All
        </Link>
      </div>
      {items.length === 0 ? (
        <p className="px-5 py-6 text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {items.map((item) => (
            <li key={item.id}>
              <Link
                to={item.to}
                className="flex items-center justify-between gap-3 px-5 py-3 hover:bg-slate-50"
              >
                <span className="min-w-0">
                  <span className="block truncate font-medium text-slate-900">{item.title}</span>
                  <span className="block truncate text-sm text-slate-600">{item.detail}</span>
                </span>
                {item.badge}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

export const meta: Route.MetaFunction = () => [{ title: `Admin Dashboard | ${COMPANY_NAME}` }];
