// What staff may do to a booking (spec §4, DESIGN.md): client-safe, shared by the admin list,
// the details and the action that checks it again on the server.

type Status = "pending" | "confirmed" | "cancelled" | "completed";

export const ADMIN_APPOINTMENT_ACTIONS = ["confirm", "complete", "cancel"] as const;

export type AdminAppointmentAction = (typeof ADMIN_APPOINTMENT_ACTIONS)[number];

/** The status each action sets. */
export const ACTION_STATUS = {
  confirm: "confirmed",
  complete: "completed",
  cancel: "cancelled",
} as const satisfies Record<AdminAppointmentAction, Status>;

/** Confirm a pending booking; complete or cancel a pending or confirmed one; the rest is final. */
export function adminActionsFor(status: Status): AdminAppointmentAction[] {
  if (status === "pending") return ["confirm", "complete", "cancel"];
  if (status === "confirmed") return ["complete", "cancel"];
  return [];
}

export function isAdminAppointmentAction(value: unknown): value is AdminAppointmentAction {
  return (ADMIN_APPOINTMENT_ACTIONS as readonly unknown[]).includes(value);
}

/** Rows per page of /admin/appointments. */
export const ADMIN_APPOINTMENTS_PAGE_SIZE = 20;
