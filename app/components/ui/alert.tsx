import type { IconComponent } from "~/components/icons";
import { cn } from "~/lib/utils";

// A message in the page with an icon: a success after a form (in the page for visitors
// without JavaScript, who see no toast), a warning. A form's error is FormAlert; what could not
// be loaded is ErrorNotice; a short error beside a control is ErrorText.

const ALERT_TONES = {
  success: "border-green-200 bg-green-50",
  warning: "border-amber-200 bg-amber-50",
  error: "border-red-200 bg-red-50",
} as const;

const ICON_TONES = {
  success: "text-green-700",
  warning: "text-amber-700",
  error: "text-red-700",
} as const;

export function Alert({
  tone = "success",
  icon: Icon,
  role = tone === "error" ? "alert" : "status",
  className,
  children,
}: {
  tone?: keyof typeof ALERT_TONES;
  icon?: IconComponent;
  /** How it is announced: an error interrupts ("alert"), else it waits its turn ("status"). */
  role?: "alert" | "status";
  /** Spacing around the alert (layout only). */
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <div
      role={role}
      className={cn("flex gap-3 rounded-md border p-4", ALERT_TONES[tone], className)}
    >
      {Icon ? <Icon className={cn("size-5 shrink-0", ICON_TONES[tone])} aria-hidden /> : null}
      {children}
    </div>
  );
}

/** In the place of what could not be loaded (a list, the dashboard's figures): announced. */
export function ErrorNotice({ children }: { children: React.ReactNode }) {
  return (
    <Alert tone="error">
      <p className="text-red-800">{children}</p>
    </Alert>
  );
}

const TEXT_SIZES = { sm: "text-sm", base: "text-base" } as const;

/**
 * A short error beside the control it is about (an upload, a bulk action), or under a page's
 * heading at the text's own size ("base"); nothing when empty. Several messages (`lines`): one
 * line each.
 */
export function ErrorText({
  id,
  size = "sm",
  className,
  lines,
  children,
}: {
  /** For the control's aria-describedby. */
  id?: string;
  size?: keyof typeof TEXT_SIZES;
  /** Spacing around the text (layout only). */
  className?: string;
  lines?: readonly string[];
  children?: React.ReactNode;
}) {
  const messages = lines?.filter(Boolean) ?? [];
  if (!children && messages.length === 0) return null;
  return (
    <p id={id} role="alert" className={cn(TEXT_SIZES[size], "text-red-700", className)}>
      {children}
      {messages.map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
    </p>
  );
}
