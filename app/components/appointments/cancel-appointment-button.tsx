import { useState } from "react";
import { Form, useNavigation } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { cn } from "~/lib/utils";

// Cancel for a pending appointment. Without JavaScript the button posts at once; with it, a
// second click confirms, so a stray tap on a phone does not cancel a viewing.

const outline =
  "inline-flex items-center justify-center rounded-md border px-3 py-2 text-sm font-medium disabled:opacity-70";

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
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [confirming, setConfirming] = useState(false);
  const pending =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "cancel" &&
    navigation.formData?.get("appointmentId") === appointmentId;

  const submit = (
    <button
      type="submit"
      disabled={pending}
      className={cn(outline, "border-red-300 text-red-700 hover:bg-red-50")}
    >
      {pending ? "Cancelling..." : hydrated ? "Yes, cancel it" : "Cancel"}
    </button>
  );

  return (
    <Form
      method="post"
      action={action}
      className={cn("flex flex-wrap items-center gap-2", className)}
    >
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="appointmentId" value={appointmentId} />
      {!hydrated ? (
        submit
      ) : confirming || pending ? (
        <>
          <span className="text-sm text-slate-700" role="status">
            Cancel this appointment?
          </span>
          {submit}
          <button
            type="button"
            onClick={() => setConfirming(false)}
            className={cn(outline, "border-slate-300 text-slate-700 hover:bg-slate-50")}
          >
            Keep it
          </button>
        </>
      ) : (
        <button
          type="button"
          onClick={() => setConfirming(true)}
          className={cn(outline, "border-red-300 text-red-700 hover:bg-red-50")}
        >
          Cancel
        </button>
      )}
    </Form>
  );
}
