import { APPOINTMENT_STATUS_TONES, statusLabel, type Tone } from "~/lib/status-tones";
import { cn } from "~/lib/utils";
import type { AppointmentStatus } from "~/models/appointment.server";

const TONE_CLASSES: Record<Tone, string> = {
  yellow: "bg-yellow-100 text-yellow-800 ring-yellow-600/20",
  green: "bg-green-100 text-green-800 ring-green-600/20",
  red: "bg-red-100 text-red-800 ring-red-600/20",
  blue: "bg-blue-100 text-blue-800 ring-blue-600/20",
  teal: "bg-teal-100 text-teal-800 ring-teal-600/20",
  slate: "bg-slate-100 text-slate-700 ring-slate-500/20",
};

/** A status pill: the colour comes from the status's tone map, the text from the status. */
export function StatusBadge({
  status,
  tones,
}: {
  status: string;
  tones: Readonly<Record<string, Tone>>;
}) {
  const tone = tones[status] ?? "slate";
  return (
    <span
      data-status={status}
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        TONE_CLASSES[tone],
      )}
    >
      {statusLabel(status)}
    </span>
  );
}

/** An appointment's status in the spec's colours (pending yellow, confirmed green, ...). */
export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return <StatusBadge status={status} tones={APPOINTMENT_STATUS_TONES} />;
}
