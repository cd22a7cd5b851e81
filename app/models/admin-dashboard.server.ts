import { count, desc, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appointments, inquiries, properties, users } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { BOOKING_TIME_ZONE } from "~/lib/appointment-rules";
import { ON_SITE } from "./property.server";

// What /admin/dashboard shows: counts, the latest bookings and inquiries, and bookings and
// inquiries per week. Every number is counted in SQL.

/** Inquiries still waiting for the office. */
export const UNRESOLVED_INQUIRY_STATUSES = ["pending", "in-progress"] as const;

export const RECENT_ITEMS = 5;

/** Weeks in the activity chart, this week included. */
export const ACTIVITY_WEEKS = 12;

export type DashboardCounts = {
  properties: number;
  appointments: number;
  pendingAppointments: number;
  inquiries: number;
  unresolvedInquiries: number;
  users: number;
};

export type WeeklyActivity = {
  /** Monday of the week, yyyy-MM-dd in Lagos. */
  weekStart: string;
  bookings: number;
  inquiries: number;
};

export async function getDashboardCounts(_actor: AdminActor): Promise<DashboardCounts> {
  const [[propertyRow], [appointmentRow], [inquiryRow], [userRow]] = await Promise.all([
    db.select({ n: count() }).from(properties).where(ON_SITE),
    db
      .select({
        n: count(),
        pending: sql<number>`count(*) filter (where ${appointments.status} = 'pending')::int`,
      })
      .from(appointments),
    db
      .select({
        n: count(),
        unresolved: sql<number>`count(*) filter (where ${inArray(inquiries.status, [...UNRESOLVED_INQUIRY_STATUSES])})::int`,
      })
      .from(inquiries),
    db.select({ n: count() }).from(users),
  ]);
  return {
    properties: propertyRow?.n ?? 0,
    appointments: appointmentRow?.n ?? 0,
    pendingAppointments: appointmentRow?.pending ?? 0,
    inquiries: inquiryRow?.n ?? 0,
    unresolvedInquiries: inquiryRow?.unresolved ?? 0,
    users: userRow?.n ?? 0,
  };
}

/** What admin lists show of an appointment (recent items, search results). */
export const APPOINTMENT_SUMMARY = {
  id: appointments.id,
  fullName: appointments.fullName,
  email: appointments.email,
  appointmentDate: appointments.appointmentDate,
  appointmentTime: appointments.appointmentTime,
  status: appointments.status,
};

export async function listRecentAppointments(_actor: AdminActor) {
  return db
    .select({ ...APPOINTMENT_SUMMARY, createdAt: appointments.createdAt })
    .from(appointments)
    .orderBy(desc(appointments.createdAt), desc(appointments.id))
    .limit(RECENT_ITEMS);
}

export async function listRecentInquiries(_actor: AdminActor) {
  return db
    .select({
      id: inquiries.id,
      source: inquiries.source,
      name: inquiries.name,
      email: inquiries.email,
      subject: inquiries.subject,
      status: inquiries.status,
      createdAt: inquiries.createdAt,
    })
    .from(inquiries)
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
    .limit(RECENT_ITEMS);
}

/**
 * Bookings and inquiries received per week (Monday to Sunday in Lagos) over the last
 * ACTIVITY_WEEKS weeks, oldest first; weeks with nothing are there with zeros.
 */
export async function getWeeklyActivity(_actor: AdminActor, now = new Date()) {
  const zone = BOOKING_TIME_ZONE;
  const result = await db.execute<{ week_start: string; bookings: number; inquiries: number }>(sql`
    with bounds as (
      select date_trunc('week', ${now.toISOString()}::timestamptz at time zone ${zone}) as this_week
    ),
    weeks as (
      select generate_series(
        (select this_week from bounds) - make_interval(weeks => ${ACTIVITY_WEEKS - 1}),
        (select this_week from bounds),
        interval '1 week'
      ) as week_start
    ),
    booked as (
      select date_trunc('week', ${appointments.createdAt} at time zone ${zone}) as week_start,
        count(*)::int as n
      from ${appointments}
      where ${appointments.createdAt} >= ((select min(week_start) from weeks) at time zone ${zone})
      group by 1
    ),
    asked as (
      select date_trunc('week', ${inquiries.createdAt} at time zone ${zone}) as week_start,
        count(*)::int as n
      from ${inquiries}
      where ${inquiries.createdAt} >= ((select min(week_start) from weeks) at time zone ${zone})
      group by 1
    )
    select to_char(weeks.week_start, 'YYYY-MM-DD') as week_start,
      coalesce(booked.n, 0)::int as bookings,
      coalesce(asked.n, 0)::int as inquiries
    from weeks
    left join booked on booked.week_start = weeks.week_start
    left join asked on asked.week_start = weeks.week_start
    order by weeks.week_start
  `);
  return result.rows.map(
    (row): WeeklyActivity => ({
      weekStart: row.week_start,
      bookings: Number(row.bookings),
      inquiries: Number(row.inquiries),
    }),
  );
}
