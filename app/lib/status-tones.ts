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

/** An owner's submission (issue 20): waiting yellow, with the owner blue, live green. */
export const SUBMISSION_STATUS_TONES = {
  draft: "slate",
  submitted: "yellow",
  resubmitted: "yellow",
  changes_requested: "blue",
  approved: "green",
  declined: "red",
  withdrawn: "slate",
} as const satisfies Record<string, Tone>;

/** 'in-progress' reads 'In Progress'. */
export function statusLabel(status: string): string {
  return status
    .split("-")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(" ");
}
