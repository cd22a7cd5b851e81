import { Tooltip as TooltipPrimitive } from "radix-ui";
import { cn } from "~/lib/utils";

// A short label shown on hover and keyboard focus (Radix Tooltip). Tooltips need a
// TooltipProvider above them (one per layout is enough). A tooltip repeats what the trigger's
// accessible name says; never put the only copy of information in one (no hover on phones).

export function TooltipProvider({
  delayDuration = 200,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Provider>) {
  return <TooltipPrimitive.Provider delayDuration={delayDuration} {...props} />;
}

export const Tooltip = TooltipPrimitive.Root;
export const TooltipTrigger = TooltipPrimitive.Trigger;

export function TooltipContent({
  className,
  sideOffset = 6,
  ...props
}: React.ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        sideOffset={sideOffset}
        className={cn(
          "z-50 rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow",
          className,
        )}
        {...props}
      />
    </TooltipPrimitive.Portal>
  );
}

/** The common case: `label` beside `children` (one element that can take a ref). */
export function SimpleTooltip({
  label,
  side = "top",
  children,
}: {
  label: React.ReactNode;
  side?: "top" | "right" | "bottom" | "left";
  children: React.ReactElement;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>{children}</TooltipTrigger>
      <TooltipContent side={side}>{label}</TooltipContent>
    </Tooltip>
  );
}
