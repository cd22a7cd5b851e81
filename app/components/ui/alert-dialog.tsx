import { AlertDialog as AlertDialogPrimitive } from "radix-ui";
import { cn } from "~/lib/utils";
import { type ButtonStyle, buttonVariants } from "./button";
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

export function AlertDialogTitle({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return (
    <AlertDialogPrimitive.Title
      className={cn("text-lg font-semibold text-slate-900", className)}
      {...props}
    />
  );
}

export function AlertDialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return (
    <AlertDialogPrimitive.Description
      className={cn("mt-2 text-sm text-slate-600", className)}
      {...props}
    />
  );
}

export function AlertDialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return (
    <div
      className={cn("mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end", className)}
      {...props}
    />
  );
}

/** The button that answers no; it has the focus when the dialog opens. */
export function AlertDialogCancel({
  variant = "outline",
  size = "md",
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Cancel> & ButtonStyle) {
  return (
    <AlertDialogPrimitive.Cancel
      className={buttonVariants({ variant, size, className })}
      {...props}
    />
  );
}

/** The button that answers yes; put a submit button inside with `asChild`. */
export function AlertDialogAction({
  variant = "destructive",
  size = "md",
  className,
  ...props
}: React.ComponentProps<typeof AlertDialogPrimitive.Action> & ButtonStyle) {
  return (
    <AlertDialogPrimitive.Action
      className={buttonVariants({ variant, size, className })}
      {...props}
    />
  );
}
