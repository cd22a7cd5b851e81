import { failed, notFound, redirectWithFlash } from "~/http/responses.server";
import { CANCEL_FAILED_MESSAGE } from "~/lib/schemas/appointment";
import { cancelAppointmentForUser } from "~/models/appointment-changes.server";

// What the customer's appointment pages answer to a cancel: the list and the details page post
// the same intent. Success goes back (Post/Redirect/Get, so a reload does not post again) with
// the 'Appointment Cancelled' toast; another customer's or an unknown id is a 404.

const CANCEL_FAILED_ERROR = { title: "Error", message: CANCEL_FAILED_MESSAGE };

export async function cancelAppointmentAction(userId: string, id: string, redirectTo: string) {
  const outcome = await cancelAppointmentForUser(userId, id);
  if (outcome.ok) throw redirectWithFlash(redirectTo, "appointmentCancelled");
  if (outcome.reason === "not-found") notFound();
  // Already cancelled (a replay, a second tab) or confirmed meanwhile: nothing changed.
  return failed(409, { error: CANCEL_FAILED_ERROR });
}
