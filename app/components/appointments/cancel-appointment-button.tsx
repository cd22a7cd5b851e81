import { ConfirmForm } from "~/components/ui/confirm-form";

// Cancel for a pending appointment. With JavaScript a second click confirms, so a stray tap on
// a phone does not cancel a viewing. Without JavaScript the button posts at once, as it always
// has: the cancel actions do not ask (see ConfirmForm's withoutJs).

export function CancelAppointmentButton({
  appointmentId,
  action,
  className,
}: {
  appointmentId: string;
  /** The page that answers the post (the list or the details page). */
  action: string;
  className?: string;
}) {
  return (
    <ConfirmForm
      action={action}
      fields={{ intent: "cancel", appointmentId }}
      label="Cancel"
      question="Cancel this appointment?"
      confirmLabel="Yes, cancel it"
      cancelLabel="Keep it"
      pendingLabel="Cancelling..."
      withoutJs="submit"
      className={className}
    />
  );
}
