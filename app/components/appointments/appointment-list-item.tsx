import { CalendarDays, Clock, MapPin } from "~/components/icons";
import { AppointmentStatusBadge } from "~/components/ui/badge";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { formatAppointmentDate, propertyTypeLabel, shortId } from "~/lib/appointment-format";
import type { CustomerAppointment } from "~/models/appointment.server";
import { CancelAppointmentButton } from "./cancel-appointment-button";
import { ViewingCodeNotice } from "./viewing-code";

/** One row of My Appointments: what, when, where, and what the customer can do about it. */
export function AppointmentListItem({ appointment }: { appointment: CustomerAppointment }) {
  const details = `/dashboard/appointments/${appointment.id}`;
  return (
    <Card as="li" padding="sm">
      <div className="flex flex-wrap items-center gap-2">
        <AppointmentStatusBadge status={appointment.status} />
        <span className="font-mono text-xs text-slate-500">#{shortId(appointment.id)}</span>
      </div>
      <h2 className="mt-2 font-semibold text-slate-900">
        {propertyTypeLabel(appointment.propertyType)}
      </h2>
      {appointment.propertyTitle ? (
        <p className="text-sm text-slate-600">
          {appointment.propertyTitle}
          {appointment.propertyCode ? (
            <span className="ml-2 font-mono text-xs">{appointment.propertyCode}</span>
          ) : null}
        </p>
      ) : null}
      <dl className="mt-2 grid gap-1 text-sm text-slate-700 sm:grid-cols-3">
        <div className="flex items-center gap-1.5">
          <CalendarDays className="size-4 shrink-0 text-slate-500" aria-hidden />
          <dt className="sr-only">Date</dt>
          <dd>{formatAppointmentDate(appointment.appointmentDate)}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <Clock className="size-4 shrink-0 text-slate-500" aria-hidden />
          <dt className="sr-only">Time</dt>
          <dd>{appointment.appointmentTime}</dd>
        </div>
        <div className="flex items-center gap-1.5">
          <MapPin className="size-4 shrink-0 text-slate-500" aria-hidden />
          <dt className="sr-only">Location</dt>
          <dd>{appointment.propertyLocation?.trim() || "Location not specified"}</dd>
        </div>
      </dl>
      {appointment.status === "confirmed" && appointment.viewingCode ? (
        <ViewingCodeNotice code={appointment.viewingCode} compact />
      ) : null}
      <div className="mt-3 flex flex-wrap items-center gap-2">
        {appointment.status === "pending" ? (
          <>
            <LinkButton to={`${details}#reschedule`} variant="outline" size="sm">
              Reschedule
            </LinkButton>
            <CancelAppointmentButton
              appointmentId={appointment.id}
              action="/dashboard/appointments"
            />
          </>
        ) : (
          <LinkButton to={details} variant="outline" size="sm">
            View Details
          </LinkButton>
        )}
      </div>
    </Card>
  );
}
