import { APPOINTMENT_STATUS_LABELS } from "~/lib/appointment-format";
import { cn } from "~/lib/utils";
import type { AppointmentStatus } from "~/models/appointment.server";

// The spec's colours: pending yellow, confirmed green, cancelled red, completed blue.
const STATUS_CLASSES: Record<AppointmentStatus, string> = {
  pending: "bg-yellow-100 text-yellow-900 ring-yellow-300",
  confirmed: "bg-green-100 text-green-900 ring-green-300",
  cancelled: "bg-red-100 text-red-900 ring-red-300",
  completed: "bg-blue-100 text-blue-900 ring-blue-300",
};

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        STATUS_CLASSES[status],
      )}
    >
      {APPOINTMENT_STATUS_LABELS[status]}
    </span>
  );
}
