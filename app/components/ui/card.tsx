import { cn } from "~/lib/utils";

// A white panel with a border: the profile sections, the sign-in box, list rows. The card sets
// its own padding; its parts stack with margins, so a card may hold just a title and a form.

const CARD_PADDING = {
  none: "",
  sm: "p-4",
  md: "p-5",
  lg: "p-6 sm:p-8",
} as const;

const CARD_TONES = {
  default: "border-slate-200",
  /** A card whose action cannot be undone (Sign Out of Account, a danger zone). */
  danger: "border-red-200",
} as const;

export function Card({
  as: Component = "div",
  padding = "md",
  tone = "default",
  className,
  ...props
}: React.HTMLAttributes<HTMLElement> & {
  /** The element: a `<section>` with a heading, an `<li>` in a list. */
  as?: "div" | "section" | "li" | "article" | "aside";
  padding?: keyof typeof CARD_PADDING;
  tone?: keyof typeof CARD_TONES;
}) {
  return (
    <Component
      className={cn(
        "rounded-lg border bg-white shadow-sm",
        CARD_TONES[tone],
        CARD_PADDING[padding],
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("space-y-1", className)} {...props} />;
}

/** The card's heading; an h2 unless `as` says otherwise. */
export function CardTitle({
  as: Heading = "h2",
  className,
  ...props
}: React.ComponentProps<"h2"> & { as?: "h1" | "h2" | "h3" }) {
  return <Heading className={cn("text-xl font-semibold text-slate-900", className)} {...props} />;
}

export function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p className={cn("mt-1 text-sm text-slate-600", className)} {...props} />;
}

export function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("mt-4", className)} {...props} />;
}

export function CardFooter({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("mt-4 flex flex-wrap items-center gap-3", className)} {...props} />;
}
