import { badRequest, failed } from "~/http/responses.server";
import type { FieldErrors } from "~/lib/action-result";
import { APPOINTMENT_MESSAGES, type BookingInput } from "~/lib/schemas/appointment";
import { logger } from "~/log/logger.server";
import { kickMailSender } from "~/mail/mail-sender.server";
import type { NewAppointment } from "~/models/appointment.server";

// What the two booking actions share, the web's (/book-appointment) and the staff's
// (/admin/appointments/new): both check the public booking schema and store the same
// appointment, and answer a refusal or a failure alike, keeping what was typed.

/** A refused booking form: the first field's message (in the form's order) as its alert. */
export function refuseBooking<V>(fields: FieldErrors, order: readonly string[], values: V) {
  const first = order.map((name) => fields[name]).find(Boolean);
  const error = { title: "Error", message: first ?? APPOINTMENT_MESSAGES.failed };
  return badRequest({ error, fields, values });
}

/**
 * Stores a booking checked by bookingSchema with `store` (createAppointment, or
 * createAppointmentByStaff for an actor), its notification in the same transaction, then wakes
 * the mail sender. Answers nothing once stored, or the spec's failure message (500) when the
 * database refused it.
 */
export async function storeBooking<V>(
  store: (appointment: NewAppointment) => Promise<unknown>,
  input: BookingInput,
  owner: Pick<NewAppointment, "userId" | "propertyId">,
  values: V,
  what: string,
) {
  try {
    await store({
      fullName: input.fullName,
      email: input.email,
      phone: input.phone,
      appointmentDate: input.appointmentDate,
      appointmentTime: input.appointmentTime,
      propertyType: input.propertyType || null,
      propertyLocation: input.propertyLocation || null,
      purpose: input.purpose || null,
      message: input.message || null,
      ...owner,
    });
  } catch (error) {
    logger.error({ err: error }, `Could not store ${what}`);
    return failed(500, {
      error: { title: "Error", message: APPOINTMENT_MESSAGES.failed },
      fields: {},
      values,
    });
  }
  kickMailSender();
  return undefined;
}
