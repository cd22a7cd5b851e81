import { mergeFieldsOf } from "./edit-conflict";

// What staff change on a booking, as their screens show it: the base of a merge (issue 42).
// The booking's page and each row of the list sign these values into the forms' version, so a
// status button pressed on a row a colleague reassigned meanwhile keeps the colleague's agent.

export const APPOINTMENT_MERGE_FIELDS = mergeFieldsOf([
  "status",
  "appointmentDate",
  "appointmentTime",
  "agentId",
]);

/** The merge fields of a booking as a staff screen shows it (no agent: ""). */
export function appointmentFormValues(appointment: {
  status: string;
  appointmentDate: string;
  appointmentTime: string;
  agentId: string | null;
}) {
  return {
    status: appointment.status,
    appointmentDate: appointment.appointmentDate,
    appointmentTime: appointment.appointmentTime,
    agentId: appointment.agentId ?? "",
  };
}
