import { Slot } from "radix-ui";
import { Link, type LinkProps } from "react-router";
import { cn } from "~/lib/utils";

// Buttons and links that look like buttons: the site's one set of looks. `cn` has no
// tailwind-merge, so a caller's className may add layout (margins, width, flex, height) and a
// text size where the size leaves it open (md and up), never a second colour or padding: pick
// a variant and a size instead.

export const BUTTON_VARIANTS = {
  /** The brand green: the one main action of a screen or form. */
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  /** Outlined in the brand colour (Sign In beside Sign Up, View Details on a card). */
  secondary: "border border-brand-700 text-brand-700 hover:bg-brand-50",
  /** A neutral outline: Cancel, Back, secondary links. */
  outline: "border border-slate-300 text-slate-700 hover:bg-slate-50",
  /** Outlined in white, for dark backgrounds (hero, call to action). */
  "outline-inverse": "border border-white/70 text-white hover:bg-white/10",
  ghost: "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  destructive: "bg-red-700 text-white hover:bg-red-800",
  /** Amber, for an action inside a warning notice (confirm your e-mail). */
  warning: "bg-amber-700 text-white hover:bg-amber-800",
  /** The gold call to action on dark banners. */
  accent: "bg-accent-400 text-slate-900 hover:bg-accent-500",
  /** A destructive action that should not shout (Cancel an appointment). */
  "destructive-outline": "border border-red-300 text-red-700 hover:bg-red-50",
  /** Pale red, for a toggle that is on (Saved to Favorites). */
  "destructive-soft": "border border-red-200 bg-red-50 text-red-700 hover:bg-red-100",
  link: "text-brand-700 hover:underline",
  /** WhatsApp's green (dark text keeps it readable): chat and share links. */
  whatsapp: "bg-[#25d366] text-slate-950 hover:bg-[#1faa52]",
} as const;

export const BUTTON_SIZES = {
  /** Compact, small text: actions inside lists and cards. */
  xs: "px-3 py-1.5 text-sm font-medium",
  sm: "px-3 py-2 text-sm font-medium",
  md: "px-4 py-2 font-medium",
  /** Form buttons. */
  lg: "px-4 py-2.5 font-medium",
  xl: "px-5 py-2.5 font-medium",
  /** A tall full-width action (Book Appointment beside a property). */
  tall: "px-4 py-3 font-medium",
  /** Calls to action on landing sections. */
  cta: "px-5 py-3 font-semibold",
  hero: "px-6 py-3 font-semibold",
  icon: "size-10",
  /** No box: for the link variant inside text. */
  inline: "font-medium",
} as const;

export type ButtonVariant = keyof typeof BUTTON_VARIANTS;
export type ButtonSize = keyof typeof BUTTON_SIZES;

export type ButtonStyle = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** The whole width of its container. */
  fullWidth?: boolean;
};

const BASE =
  "inline-flex items-center justify-center gap-2 rounded-md text-center disabled:opacity-70";

/** The class string of a button look, for elements that cannot be a Button or a LinkButton. */
export function buttonVariants({
  variant = "primary",
  size = "lg",
  fullWidth = false,
  className,
}: ButtonStyle & { className?: string } = {}) {
  return cn(BASE, BUTTON_VARIANTS[variant], BUTTON_SIZES[size], fullWidth && "w-full", className);
}

export type ButtonProps = React.ComponentProps<"button"> &
  ButtonStyle & {
    /** Renders the one child (e.g. a `<label>`) with the button's look instead of a button. */
    asChild?: boolean;
  };

/** A `<button>`; `type` defaults to "button" so a stray one never submits its form. */
export function Button({
  variant,
  size,
  fullWidth,
  className,
  asChild = false,
  type = "button",
  ...props
}: ButtonProps) {
  const classes = buttonVariants({ variant, size, fullWidth, className });
  if (asChild) return <Slot.Root className={classes} {...props} />;
  return <button type={type} className={classes} {...props} />;
}

/** A react-router Link with a button's look. */
export function LinkButton({
  variant,
  size,
  fullWidth,
  className,
  ...props
}: LinkProps & React.RefAttributes<HTMLAnchorElement> & ButtonStyle) {
  return <Link className={buttonVariants({ variant, size, fullWidth, className })} {...props} />;
}

/**
 * A form's submit button: disabled and showing `pendingLabel` ('Booking...') while the form is
 * being sent. `pending` comes from useIsPending.
 */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
  disabled,
  ...props
}: Omit<ButtonProps, "type" | "asChild"> & { pending: boolean; pendingLabel: React.ReactNode }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}
