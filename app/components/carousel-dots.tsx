import { cn } from "~/lib/utils";

// The row of dots that picks a slide (the hero's backgrounds, the featured gallery). Each dot is
// a 24 px target with a small visible mark; the current one is marked for assistive technology.

const MARKS = {
  /** On a photo: white, the current one stretched into a bar. */
  light: {
    base: "h-2 transition-all motion-reduce:transition-none",
    current: "w-6 bg-white",
    other: "w-2 bg-white/50 group-hover:bg-white/80",
  },
  /** On the page: brand colour for the current one. */
  brand: {
    base: "size-2.5 transition-colors",
    current: "bg-brand-700",
    other: "bg-slate-300 group-hover:bg-slate-400",
  },
} as const;

export function CarouselDots({
  items,
  current,
  onSelect,
  tone,
  className,
}: {
  items: readonly { key: string; label: string }[];
  current: number;
  onSelect: (index: number) => void;
  tone: keyof typeof MARKS;
  className?: string;
}) {
  const marks = MARKS[tone];
  return (
    <div className={className}>
      {items.map((item, index) => (
        <button
          key={item.key}
          type="button"
          onClick={() => onSelect(index)}
          aria-label={item.label}
          aria-current={index === current ? "true" : undefined}
          className="group flex size-6 items-center justify-center rounded-full"
        >
          <span
            className={cn(
              "block rounded-full",
              marks.base,
              index === current ? marks.current : marks.other,
            )}
          />
        </button>
      ))}
    </div>
  );
}
