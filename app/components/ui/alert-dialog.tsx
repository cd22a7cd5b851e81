import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { cn } from "~/lib/utils";
import { OVERLAY_CLASS } from "./dialog";

// A question that must be answered before going on ('Are you absolutely sure?'): like a
// Dialog, but a click outside does not close it, and Cancel has the focus first. For a
// destructive form post, ConfirmForm (confirm-form.tsx) wraps this and also asks without
// JavaScript.

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;

export function AlertDialogContent({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className={OVERLAY_CLASS} />
      <AlertDialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-6 shadow-xl focus:outline-none",
          className,
        )}
        {...props}
      />
    </AlertDialogPrimitive.Portal>
  );
}

/**
 * The question and what answering yes does; both are announced when the dialog opens. Without
 * a `description` the question is repeated for screen readers only.
 */
export function AlertDialogHeader({
  title,
  description,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
}) {
  return (
    <>
      <AlertDialogPrimitive.Title className="text-lg font-semibold text-slate-900">
        {title}
      </AlertDialogPrimitive.Title>
      <AlertDialogPrimitive.Description
        className={description ? "mt-2 text-sm text-slate-600" : "sr-only"}
      >
        {description ?? title}
      </AlertDialogPrimitive.Description>
    </>
  );
}

/** The row of answers; the same as a dialog's. */
export { DialogFooter as AlertDialogFooter } from "./dialog";

/**
 * The answers. Put a Button inside with `asChild`: Cancel (no) has the focus when the dialog
 * opens; Action (yes) closes it, or use a submit button with `form` to post a form.
 */
export const AlertDialogCancel = AlertDialogPrimitive.Cancel;
export const AlertDialogAction = AlertDialogPrimitive.Action;
