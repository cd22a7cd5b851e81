import { Dialog as DialogPrimitive } from "radix-ui";
import { X } from "~/components/icons";
import { cn } from "~/lib/utils";

// A modal dialog on Radix Dialog: focus is trapped and returned, Escape and the close button
// close it. Give every dialog a DialogTitle (and a DialogDescription, or pass
// `aria-describedby={undefined}` to DialogContent) so screen readers announce it.

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;
export const DialogPortal = DialogPrimitive.Portal;

/** The dimmed page behind a dialog, a sheet or an alert dialog. */
export const OVERLAY_CLASS = "fixed inset-0 z-50 bg-slate-900/50";

export function DialogOverlay({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Overlay>) {
  return <DialogPrimitive.Overlay className={cn(OVERLAY_CLASS, className)} {...props} />;
}

const DIALOG_WIDTHS = {
  sm: "max-w-sm",
  md: "max-w-lg",
  lg: "max-w-2xl",
  xl: "max-w-4xl",
} as const;

export function DialogContent({
  className,
  children,
  size = "md",
  closeLabel = "Close",
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  size?: keyof typeof DIALOG_WIDTHS;
  /** The close button's accessible name; `null` hides the button. */
  closeLabel?: string | null;
}) {
  return (
    <DialogPortal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-6 shadow-xl focus:outline-none",
          DIALOG_WIDTHS[size],
          className,
        )}
        {...props}
      >
        {children}
        {closeLabel === null ? null : <DialogCloseButton label={closeLabel} />}
      </DialogPrimitive.Content>
    </DialogPortal>
  );
}

/** The × in the corner of a dialog or a sheet. */
export function DialogCloseButton({ label }: { label: string }) {
  return (
    <DialogPrimitive.Close className="absolute right-3 top-3 rounded-md p-1.5 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600">
      <X className="size-4" aria-hidden />
      <span className="sr-only">{label}</span>
    </DialogPrimitive.Close>
  );
}

export function DialogHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("space-y-1 pr-8", className)} {...props} />;
}

/** The answers' row: stacked on a phone with the main one on top, in a row from 640 px. */
const FOOTER_CLASS = "mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end";

export function DialogFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn(FOOTER_CLASS, className)} {...props} />;
}

export function DialogTitle({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return (
    <DialogPrimitive.Title
      className={cn("text-lg font-semibold text-slate-900", className)}
      {...props}
    />
  );
}

export function DialogDescription({
  className,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn("text-sm text-slate-600", className)} {...props} />
  );
}
