import { Square, SquareCheck } from "~/components/icons";
import { buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { COMPARE_PATH } from "~/lib/compare";
import { cn } from "~/lib/utils";
import { addToCompare, removeFromCompare, useShortlist } from "./compare-store";

// "Compare" on a property card and on the property page. With JavaScript a toggle button
// (aria-pressed) that adds the property to the shortlist in the tray; without, a form posting to
// /compare, which adds it to the list kept in a cookie and shows the comparison.

const LOOKS = {
  /** Over a card's photo, beside the heart. */
  card: "rounded-full bg-white/95 px-3 py-1.5 text-xs font-semibold text-slate-800 shadow hover:bg-white",
  /** Under the price on the property page. */
  page: buttonVariants({ variant: "outline", size: "sm" }),
} as const;

export function CompareToggle({
  property,
  look,
  className,
}: {
  property: { id: string; title: string };
  look: keyof typeof LOOKS;
  className?: string;
}) {
  const hydrated = useHydrated();
  const shortlist = useShortlist();
  const selected = shortlist.some((item) => item.id === property.id);
  const classes = cn(
    "inline-flex items-center gap-1.5",
    LOOKS[look],
    selected && "ring-2 ring-brand-700",
    className,
  );
  const content = (
    <>
      {selected ? (
        <SquareCheck className="size-4 text-brand-700" aria-hidden />
      ) : (
        <Square className="size-4" aria-hidden />
      )}
      Compare<span className="sr-only"> {property.title}</span>
    </>
  );

  if (!hydrated) {
    return (
      <form method="post" action={COMPARE_PATH} className="contents">
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="id" value={property.id} />
        <button type="submit" className={classes}>
          {content}
        </button>
      </form>
    );
  }
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() =>
        selected
          ? removeFromCompare(property.id)
          : addToCompare({ id: property.id, title: property.title })
      }
      className={classes}
    >
      {content}
    </button>
  );
}
