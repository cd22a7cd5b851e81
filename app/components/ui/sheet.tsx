import { Dialog as DialogPrimitive } from "radix-ui";
import { cn } from "~/lib/utils";
import { DialogCloseButton, DialogOverlay } from "./dialog";

// A dialog that slides in from a side of the screen: the phone menu, the admin sidebar on a
// phone (18rem, spec §9). The same Radix Dialog underneath: focus trap, Escape, a title.

export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;

export const SHEET_WIDTH = "18rem";

export function SheetContent({
  side = "left",
  width = SHEET_WIDTH,
  closeLabel = "Close",
  className,
  style,
  children,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & {
  side?: "left" | "right";
  /** Any CSS width; at most 85% of the screen. */
  width?: string;
  /** The close button's accessible name; `null` hides the button. */
  closeLabel?: string | null;
}) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        style={{ width, ...style }}
        className={cn(
          "fixed inset-y-0 z-50 flex max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl focus:outline-none",
          side === "left" ? "left-0" : "right-0",
          className,
        )}
        {...props}
      >
        {children}
        {closeLabel === null ? null : <DialogCloseButton label={closeLabel} />}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function SheetHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("space-y-1 p-4 pr-12", className)} {...props} />;
}

/** A sheet is a dialog: the same title and description. */
export { DialogDescription as SheetDescription, DialogTitle as SheetTitle } from "./dialog";
