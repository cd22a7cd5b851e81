import { Form } from "react-router";
import { AppointmentSlotFields } from "~/components/booking/appointment-slot-fields";
import { BookerFields, PurposeFields } from "~/components/booking/booking-form";
import { SubmitButton } from "~/components/ui/button";
import { SelectField } from "~/components/ui/field";
import { FormAlert } from "~/components/ui/form-alert";
import { useIsPending } from "~/hooks/use-is-pending";
import type { FieldErrors, FormMessage } from "~/lib/action-result";

// The New appointment screen's form (/admin/appointments/new): staff book for a caller, with
// the public booking form's date and slot fields and rules. A plain POST form.

export const STAFF_BOOKING_FIELDS = [
  "fullName",
  "email",
  "phone",
  "propertyId",
  "appointmentDate",
  "appointmentTime",
  "purpose",
  "message",
] as const;

export type StaffBookingValues = Record<(typeof STAFF_BOOKING_FIELDS)[number], string>;

export type StaffBookingProperty = { id: string; title: string; city: string };

export function StaffBookingForm({
  values,
  errors,
  error,
  properties,
  back,
  state,
}: {
  values: Partial<StaffBookingValues>;
  errors: FieldErrors;
  error?: FormMessage;
  properties: StaffBookingProperty[];
  back: string;
  state: unknown;
}) {
  const pending = useIsPending({ intent: "create" });
  return (
    <Form method="post" state={state} className="space-y-5" noValidate>
      <FormAlert error={error} />
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="back" value={back} />
      <BookerFields values={values} errors={errors} autoFill={false} />
      <SelectField
        label="Property"
        name="propertyId"
        placeholder="No specific property"
        options={properties.map((p) => ({ value: p.id, label: `${p.title} (${p.city})` }))}
        defaultValue={values.propertyId}
        error={errors.propertyId}
      />
      <AppointmentSlotFields
        defaultDate={values.appointmentDate}
        defaultTime={values.appointmentTime}
        errors={errors}
      />
      <PurposeFields values={values} errors={errors} messageRows={3} />
      <p className="text-sm text-slate-600">
        The customer is e-mailed the booking, as for a booking on the website. It is pending until
        someone confirms it.
      </p>
      <SubmitButton pending={pending} pendingLabel="Booking...">
        Book Appointment
      </SubmitButton>
    </Form>
  );
}
