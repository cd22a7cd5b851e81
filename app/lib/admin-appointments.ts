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

/**
 * Confirm a pending booking; cancel a pending or confirmed one, and complete it once its start
 * time has passed (`started`, hasAppointmentStarted in ~/lib/appointment-rules: a viewing that
 * has not happened cannot be marked completed); completed and cancelled are final.
 */
export function adminActionsFor(status: Status, started: boolean): AdminAppointmentAction[] {
  if (status !== "pending" && status !== "confirmed") return [];
  return ADMIN_APPOINTMENT_ACTIONS.filter(
    (action) =>
      (action !== "confirm" || status === "pending") && (action !== "complete" || started),
  );
}

export function isAdminAppointmentAction(value: unknown): value is AdminAppointmentAction {
  return (ADMIN_APPOINTMENT_ACTIONS as readonly unknown[]).includes(value);
}

/** Rows per page of /admin/appointments. */
export const ADMIN_APPOINTMENTS_PAGE_SIZE = 20;

/** What each action asks before it is done (each e-mails the customer). */
export function appointmentActionQuestion(action: AdminAppointmentAction): string {
  return {
    confirm: "Confirm this appointment?",
    complete: "Mark this appointment completed?",
    cancel: "Cancel this appointment?",
  }[action];
}

/** The appointments list's agent filter value for the viewings no agent has (the admins'). */
export const ADMINS_FILTER = "admins";
