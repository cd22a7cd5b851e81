import { Form } from "react-router";
import {
  type AppointmentSlotErrors,
  AppointmentSlotFields,
} from "~/components/booking/appointment-slot-fields";
import { SubmitButton } from "~/components/ui/button";
import { useIsPending } from "~/hooks/use-is-pending";

/** A new date and slot for a pending appointment (the booking form's fields and rules). */
export function RescheduleForm({
  defaultDate,
  defaultTime,
  errors,
}: {
  defaultDate: string;
  defaultTime: string;
  errors: AppointmentSlotErrors;
}) {
  const pending = useIsPending({ intent: "reschedule" });
  return (
    <Form method="post" className="space-y-4" noValidate>
      <input type="hidden" name="intent" value="reschedule" />
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
