import { Form } from "react-router";
import {
  type AppointmentSlotErrors,
  AppointmentSlotFields,
} from "~/components/booking/appointment-slot-fields";
import { SubmitButton } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";

/**
 * A new date and slot for an appointment (the booking form's fields and rules): the customer's
 * for a pending one, staff's for a pending or confirmed one (`fields`: more hidden fields, such
 * as the list to go back to; `state`: the location state to keep, so a refusal stays in a
 * dialog).
 */
export function RescheduleForm({
  defaultDate,
  defaultTime,
  errors,
  fields = {},
  state,
}: {
  defaultDate: string;
  defaultTime: string;
  errors: AppointmentSlotErrors;
  fields?: Readonly<Record<string, string>>;
  state?: unknown;
}) {
  const pending = useIsPending({ intent: "reschedule" });
  return (
    <Form method="post" state={state} className="space-y-4" noValidate>
      <input type="hidden" name="intent" value="reschedule" />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {/* Keyed on the values, so a failed post shows what was sent, not the old state. */}
      <AppointmentSlotFields
        key={`${defaultDate} ${defaultTime}`}
        defaultDate={defaultDate}
        defaultTime={defaultTime}
        errors={errors}
        dateLabel="New date"
        timeLabel="New time"
      />
      <SubmitButton
        pending={pending}
        pendingLabel="Rescheduling..."
        fullWidth
        className="sm:w-auto"
      >
        Reschedule Appointment
      </SubmitButton>
    </Form>
  );
}
