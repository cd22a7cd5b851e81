import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";
import { useIsPending } from "~/hooks/use-is-pending";
import type { AdminAppointmentAction } from "~/lib/admin-appointments";
import { adminActionsFor } from "~/lib/admin-appointments";
import type { AppointmentStatus } from "~/models/appointment.server";

// Confirm (pending), Complete and Cancel (pending or confirmed) for one booking, posted to its
// details route. Completed and cancelled bookings are final: no actions. `back` is the list
// address to come back to (its search, filters and page), checked by the action.

const LABELS = {
  confirm: { label: "Confirm", pending: "Confirming..." },
  complete: { label: "Complete", pending: "Completing..." },
} as const;

export function AppointmentActions({
  id,
  status,
  back,
  size = "xs",
}: {
  id: string;
  status: AppointmentStatus;
  back: string;
  size?: "xs" | "sm";
}) {
  const actions = adminActionsFor(status);
  if (actions.length === 0) return null;
  const action = `/admin/appointments/${id}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {actions.map((intent) =>
        intent === "cancel" ? (
          <ConfirmForm
            key={intent}
            action={action}
            fields={{ intent, back }}
            label="Cancel"
            question="Cancel this appointment?"
            description="The customer is told by e-mail. A cancelled appointment cannot be reopened."
            confirmLabel="Yes, cancel it"
            pendingLabel="Cancelling..."
            mode="dialog"
            size={size}
          />
        ) : (
          <StatusButton key={intent} action={action} intent={intent} back={back} size={size} />
        ),
      )}
    </div>
  );
}

function StatusButton({
  action,
  intent,
  back,
  size,
}: {
  action: string;
  intent: Exclude<AdminAppointmentAction, "cancel">;
  back: string;
  size: "xs" | "sm";
}) {
  const pending = useIsPending({ formAction: action, intent });
  const { label, pending: pendingLabel } = LABELS[intent];
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="back" value={back} />
      <Button
        type="submit"
        size={size}
        variant={intent === "confirm" ? "primary" : "secondary"}
        disabled={pending}
      >
        {pending ? pendingLabel : label}
      </Button>
    </Form>
  );
}
