import { Link } from "react-router";
import { CalendarPlus, Home, MessageSquare } from "~/components/icons";
import { StatusBadge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatAppointmentDate, propertyTypeLabel } from "~/lib/appointment-format";
import { formatDay } from "~/lib/dates";
import { formatPrice } from "~/lib/money";
import { APPOINTMENT_STATUS_TONES, INQUIRY_STATUS_TONES } from "~/lib/status-tones";
import type { CustomerAppointment } from "~/models/appointment.server";
import type { CustomerInquiry } from "~/models/inquiry.server";
import type { PropertyCardData } from "~/models/property.server";
import { EmptyState } from "./empty-state";

// The pieces of the dashboard overview: the welcome card, the three latest-items lists and the
// quick actions.

export type OverviewCounts = { saved: number; appointments: number; inquiries: number };

export function WelcomeCard({ firstName, counts }: { firstName: string; counts: OverviewCounts }) {
  const stats = [
    { label: "Saved Properties", value: counts.saved },
    { label: "Appointments", value: counts.appointments },
    { label: "Inquiries", value: counts.inquiries },
  ];
  return (
    <section className="rounded-lg bg-brand-800 p-6 text-white shadow-sm">
      <h1 className="text-2xl font-bold">Welcome back{firstName ? `, ${firstName}` : ""}!</h1>
      <p className="mt-1 text-brand-100">Here is where your property search stands.</p>
      <dl className="mt-6 grid grid-cols-3 gap-3">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-md bg-white/10 p-2 sm:p-3">
            <dt className="text-xs text-brand-100 sm:text-sm">{stat.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{stat.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ItemRow({
  title,
  detail,
  badge,
  to,
}: {
  title: string;
  detail: string;
  badge?: React.ReactNode;
  to: string;
}) {
  return (
    // Title and date take the row; on a phone the badge and View move under them rather than
    // squeezing them to a few cut-off letters.
    <li className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 py-3">
      <div className="min-w-0 flex-1 basis-52">
        <p className="line-clamp-2 break-words font-medium text-slate-900">{title}</p>
        <p className="text-sm text-slate-600">{detail}</p>
      </div>
      <div className="flex shrink-0 items-center gap-3">
        {badge}
        <LinkButton to={to} variant="outline" size="xs">
          View
        </LinkButton>
      </div>
    </li>
  );
}

function LatestList({
  children,
  count,
  viewAll,
}: {
  children: React.ReactNode;
  count: number;
  viewAll: string;
}) {
  return (
    <div>
      {count > 0 ? <ul className="divide-y divide-slate-100">{children}</ul> : null}
      <Link
        to={viewAll}
        className="mt-3 inline-block text-sm font-medium text-brand-700 hover:underline"
      >
        View All
      </Link>
    </div>
  );
}

export function LatestAppointments({ items }: { items: CustomerAppointment[] }) {
  if (items.length === 0) {
    return (
      <EmptyState
        title="No appointments yet"
        text="Book a viewing or a consultation with one of our agents."
        action={{ label: "Book an Appointment", to: "/book-appointment" }}
      />
    );
  }
  return (
    <LatestList count={items.length} viewAll="/dashboard/appointments">
      {items.map((item) => (
        <ItemRow
          key={item.id}
          title={item.propertyTitle ?? propertyTypeLabel(item.propertyType)}
          detail={`${formatAppointmentDate(item.appointmentDate)} at ${item.appointmentTime}`}
          badge={<StatusBadge status={item.status} tones={APPOINTMENT_STATUS_TONES} />}
          to={`/dashboard/appointments/${item.id}`}
        />
      ))}
    </LatestList>
  );
}

export function LatestSaved({ items }: { items: PropertyCardData[] }) {
  if (items.length === 0) {
    return (
      <EmptyState
        title="No saved properties yet"
        text="Tap the heart on a property to keep it here."
        action={{ label: "Browse Properties", to: "/properties" }}
      />
    );
  }
  return (
    <LatestList count={items.length} viewAll="/dashboard/properties">
      {items.map((item) => (
        <ItemRow
          key={item.id}
          title={item.title}
          detail={`${formatPrice(item.price, item.purpose, item.rentPeriod)} · ${item.city}`}
          to={`/property/${item.id}`}
        />
      ))}
    </LatestList>
  );
}

export function LatestInquiries({ items }: { items: CustomerInquiry[] }) {
  if (items.length === 0) {
    return (
      <EmptyState
        title="No inquiries yet"
        text="Questions or a problem? Send us a message."
        action={{ label: "Contact Us", to: "/contact" }}
      />
    );
  }
  return (
    <LatestList count={items.length} viewAll="/dashboard/complaints">
      {items.map((item) => (
        <ItemRow
          key={item.id}
          title={item.subject || item.description}
          detail={formatDay(item.createdAt)}
          badge={<StatusBadge status={item.status} tones={INQUIRY_STATUS_TONES} />}
          to="/dashboard/complaints"
        />
      ))}
    </LatestList>
  );
}

const QUICK_ACTIONS = [
  { label: "Book an Appointment", to: "/book-appointment", icon: CalendarPlus },
  { label: "Browse Properties", to: "/properties", icon: Home },
  { label: "Contact Us", to: "/contact", icon: MessageSquare },
] as const;

export function QuickActions() {
  return (
    <Card as="section">
      <h2 className="font-semibold text-slate-900">Quick Actions</h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-3">
        {QUICK_ACTIONS.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <Link
              to={to}
              className="flex items-center gap-2 rounded-md border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-700 hover:border-brand-600 hover:text-brand-800"
            >
              <Icon className="size-4" aria-hidden />
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
