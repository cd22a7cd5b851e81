import { APPOINTMENT_STATUS_TONES, statusLabel, type Tone } from "~/lib/status-tones";
import { cn } from "~/lib/utils";
import type { AppointmentStatus } from "~/models/appointment.server";

// A small pill. The status badges take their colour from the tone maps in
// app/lib/status-tones.ts (spec §4: pending yellow, confirmed green, cancelled red, completed
// blue), so the dashboard and the admin screens colour a status alike.

export const BADGE_TONES: Record<Tone, string> = {
  yellow: "bg-yellow-100 text-yellow-800 ring-yellow-600/20",
  green: "bg-green-100 text-green-800 ring-green-600/20",
  red: "bg-red-100 text-red-800 ring-red-600/20",
  blue: "bg-blue-100 text-blue-800 ring-blue-600/20",
  teal: "bg-teal-100 text-teal-800 ring-teal-600/20",
  slate: "bg-slate-100 text-slate-700 ring-slate-500/20",
};

export function Badge({
  tone = "slate",
  className,
  ...props
}: React.ComponentProps<"span"> & { tone?: Tone }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset",
        BADGE_TONES[tone],
        className,
      )}
      {...props}
    />
  );
}

/** A status pill: the colour comes from the status's tone map, the text from the status. */
export function StatusBadge({
  status,
  tones,
}: {
  status: string;
  tones: Readonly<Record<string, Tone>>;
}) {
  return (
    <Badge data-status={status} tone={tones[status] ?? "slate"}>
      {statusLabel(status)}
    </Badge>
  );
}

/** An appointment's status in the spec's colours (pending yellow, confirmed green, ...). */
export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return <StatusBadge status={status} tones={APPOINTMENT_STATUS_TONES} />;
}
