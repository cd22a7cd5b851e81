import { data, redirect } from "react-router";
import { flashCookie } from "~/auth/flash.server";
import { CANCEL_FAILED_MESSAGE } from "~/lib/schemas/appointment";
import { cancelAppointmentForUser } from "~/models/appointment-changes.server";

// What the customer's appointment pages answer to a cancel: the list and the details page post
// the same intent. Success goes back (Post/Redirect/Get, so a reload does not post again) with
// the 'Appointment Cancelled' toast; another customer's or an unknown id is a 404.

export const CANCEL_FAILED_ERROR = { title: "Error", message: CANCEL_FAILED_MESSAGE } as const;

export function notFound(): never {
  throw new Response("Not Found", { status: 404 });
}

export async function cancelAppointmentAction(userId: string, id: string, redirectTo: string) {
  const outcome = await cancelAppointmentForUser(userId, id);
  if (!outcome.ok && outcome.reason === "not-found") notFound();
  if (!outcome.ok) {
    // Already cancelled (a replay, a second tab) or confirmed meanwhile: nothing changed.
    return data({ error: CANCEL_FAILED_ERROR }, { status: 409 });
  }
  throw redirect(redirectTo, { headers: { "Set-Cookie": flashCookie("appointmentCancelled") } });
}
