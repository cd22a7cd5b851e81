import type { ButtonVariant } from "~/components/ui/button";
import { ConfirmForm } from "~/components/ui/confirm-form";
import {
  type AdminAppointmentAction,
  adminActionsFor,
  appointmentActionQuestion,
} from "~/lib/admin-appointments";
import { VERSION_FIELD } from "~/lib/edit-conflict";
import type { AppointmentStatus } from "~/models/appointment.server";

// Confirm (pending), Complete (pending or confirmed, once its start time has passed) and Cancel
// (pending or confirmed) for one booking, posted to its details route. Each e-mails the
// customer, so each asks first and says so ("This e-mails Ngozi Okafor ..."); the action asks
// again without JavaScript. Completed and cancelled bookings are final: no actions. `back` is
// the list address to come back to (its search, filters and page), checked by the action;
// `version` is the booking as shown (a colleague's change in between makes the action ask again).

const ACTIONS: Record<
  AdminAppointmentAction,
  { label: string; confirmLabel: string; pending: string; variant: ButtonVariant; after: string }
> = {
  confirm: {
    label: "Confirm",
    confirmLabel: "Yes, confirm it",
    pending: "Confirming...",
    variant: "primary",
    after: "to say it is confirmed, with a calendar file.",
  },
  complete: {
    label: "Complete",
    confirmLabel: "Yes, mark it completed",
    pending: "Completing...",
    variant: "secondary",
    after: "to thank them for meeting. A completed appointment is final.",
  },
  cancel: {
    label: "Cancel",
    confirmLabel: "Yes, cancel it",
    pending: "Cancelling...",
    variant: "destructive-outline",
    after: "to say it is cancelled. A cancelled appointment cannot be reopened.",
  },
};

export function AppointmentActions({
  id,
  status,
  started,
  customerName,
  back,
  version,
  size = "xs",
}: {
  id: string;
  status: AppointmentStatus;
  /** Whether its start time has passed (the loader decides, on the server's clock). */
  started: boolean;
  /** Who the e-mail goes to, named in each question. */
  customerName: string;
  back: string;
  version: string;
  size?: "xs" | "sm";
}) {
  const actions = adminActionsFor(status, started);
  if (actions.length === 0) return null;
  const action = `/admin/appointments/${id}`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {actions.map((intent) => {
        const { label, confirmLabel, pending, variant, after } = ACTIONS[intent];
        return (
          <ConfirmForm
            key={intent}
            action={action}
            fields={{ intent, back, [VERSION_FIELD]: version }}
            label={label}
            question={appointmentActionQuestion(intent)}
            description={`This e-mails ${customerName} ${after}`}
            confirmLabel={confirmLabel}
            cancelLabel="Keep it"
            pendingLabel={pending}
            mode="dialog"
            variant={variant}
            size={size}
          />
        );
      })}
    </div>
  );
}
