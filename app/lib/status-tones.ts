// Badge colours of appointment and inquiry statuses (spec §4), for the dashboard and admin.

export type Tone = "yellow" | "green" | "red" | "blue" | "teal" | "slate";

export const APPOINTMENT_STATUS_TONES = {
  pending: "yellow",
  confirmed: "green",
  cancelled: "red",
  completed: "blue",
} as const satisfies Record<string, Tone>;

export const INQUIRY_STATUS_TONES = {
  pending: "yellow",
  "in-progress": "blue",
  answered: "green",
  resolved: "teal",
  rejected: "red",
} as const satisfies Record<string, Tone>;

/** 'in-progress' reads 'In Progress'. */
export function statusLabel(status: string): string {
  return status
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
