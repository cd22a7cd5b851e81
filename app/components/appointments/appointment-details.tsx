import { Link } from "react-router";
import { MapLink, PhoneLinks } from "~/components/contact-links";
import { AppointmentStatusBadge } from "~/components/ui/badge";
import {
  APPOINTMENT_STATUS_LABELS,
  formatAppointmentDate,
  formatMoment,
  propertyTypeLabel,
} from "~/lib/appointment-format";
import { APPOINTMENT_PURPOSES } from "~/lib/appointment-rules";
import type { AppointmentDetails } from "~/models/appointment-changes.server";

// Everything about one booking, and what happened to it since.

function purposeLabel(purpose: AppointmentDetails["purpose"]) {
  return APPOINTMENT_PURPOSES.find((p) => p.value === purpose)?.label ?? "Not specified";
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-2.5 sm:grid-cols-3 sm:gap-4">
      <dt className="text-sm font-medium text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900 sm:col-span-2">{children}</dd>
    </div>
  );
}

export function AppointmentDetailsList({
  appointment,
  staff = false,
}: {
  /** Staff's own loader adds the listing's full address (`propertyPlace`) for the map link. */
  appointment: AppointmentDetails & { propertyPlace?: string | null };
  /** Staff see the number and place as links to call, WhatsApp and map (issue 47). */
  staff?: boolean;
}) {
  const location = appointment.propertyLocation?.trim();
  return (
    <dl className="divide-y divide-slate-100">
      <Row label="Name">{appointment.fullName}</Row>
      <Row label="E-mail">
        <span className="break-all">{appointment.email}</span>
      </Row>
      <Row label="Phone">
        {staff ? (
          <PhoneLinks
            phone={appointment.phone}
            name={appointment.fullName}
            listingCode={appointment.propertyCode}
          />
        ) : (
          appointment.phone
        )}
      </Row>
      <Row label="Date">{formatAppointmentDate(appointment.appointmentDate)}</Row>
      <Row label="Time">{appointment.appointmentTime}</Row>
      <Row label="Property type">{propertyTypeLabel(appointment.propertyType)}</Row>
      <Row label="Location">
        {location && staff ? <MapLink address={location} /> : location || "Not specified"}
      </Row>
      <Row label="Purpose">{purposeLabel(appointment.purpose)}</Row>
      <Row label="Property">
        {appointment.propertyId ? (
          <Link
            to={`/property/${appointment.propertyId}`}
            className="font-medium text-brand-700 hover:underline"
          >
            {appointment.propertyTitle ?? "View property"}
          </Link>
        ) : (
          "No specific property"
        )}
      </Row>
      {appointment.propertyCode ? (
        <Row label="Listing code">
          <span className="font-mono">{appointment.propertyCode}</span>
        </Row>
      ) : null}
      {staff && appointment.propertyPlace ? (
        <Row label="Address">
          <MapLink address={appointment.propertyPlace} />
        </Row>
      ) : !staff && appointment.propertyId ? (
        <Row label="Address">
          {appointment.propertyAddress ?? (
            <span className="text-slate-500">Given when the viewing is confirmed</span>
          )}
        </Row>
      ) : null}
      <Row label="Status">
        <AppointmentStatusBadge status={appointment.status} />
      </Row>
      <Row label="Booked on">{formatMoment(appointment.createdAt)}</Row>
      <Row label="Message">
        {appointment.message?.trim() ? (
          <span className="whitespace-pre-line">{appointment.message}</span>
        ) : (
          <span className="text-slate-500">No message provided</span>
        )}
      </Row>
    </dl>
  );
}

function eventTitle(event: AppointmentDetails["history"][number]) {
  if (event.fromStatus === null) return "Booked";
  if (event.fromStatus === event.toStatus) return "Rescheduled";
  return `${APPOINTMENT_STATUS_LABELS[event.fromStatus]} → ${APPOINTMENT_STATUS_LABELS[event.toStatus]}`;
}

export function AppointmentHistory({ history }: { history: AppointmentDetails["history"] }) {
  if (history.length === 0) return <p className="text-sm text-slate-600">No changes yet.</p>;
  return (
    <ol className="space-y-3 border-l-2 border-slate-200 pl-4">
      {history.map((event) => (
        <li key={event.id} className="relative">
          <span
            className="absolute -left-[1.4rem] top-1.5 size-2.5 rounded-full bg-brand-700"
            aria-hidden
          />
          <p className="text-sm font-medium text-slate-900">{eventTitle(event)}</p>
          <p className="text-xs text-slate-500">
            <time dateTime={new Date(event.createdAt).toISOString()}>
              {formatMoment(event.createdAt)}
            </time>
          </p>
          {event.note && event.note !== "Booked" ? (
            <p className="text-sm text-slate-700">{event.note}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
