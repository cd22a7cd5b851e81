import { Form, useNavigation } from "react-router";
import {
  type AppointmentSlotErrors,
  AppointmentSlotFields,
} from "~/components/booking/appointment-slot-fields";

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
  const navigation = useNavigation();
  const pending =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "reschedule";
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
      <button
        type="submit"
        disabled={pending}
        className="w-full rounded-md bg-brand-700 px-4 py-2.5 font-medium text-white hover:bg-brand-800 disabled:opacity-70 sm:w-auto"
      >
        {pending ? "Rescheduling..." : "Reschedule Appointment"}
      </button>
    </Form>
  );
}
