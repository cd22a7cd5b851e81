import { Link, useNavigate } from "react-router";
import { MediaImage } from "~/components/media-image";
import { buttonVariants } from "~/components/ui/button";
import { useHydrated } from "~/hooks/use-hydrated";
import { type CompareProperty, type CompareRow, compareHref } from "~/lib/compare";
import { responsiveImage } from "~/lib/images";
import { cn } from "~/lib/utils";
import { clearCompare, removeFromCompare } from "./compare-store";

// The comparison on /compare: one column per property (photo, name, Remove), one row per fact,
// the first column kept in view while the table scrolls sideways on a narrow screen.

export function ComparisonTable({
  properties,
  rows,
  ids,
}: {
  properties: CompareProperty[];
  rows: CompareRow[];
  ids: string[];
}) {
  return (
    // Scrolls sideways on a narrow screen with the row names kept in view; focusable, so a
    // keyboard can scroll it too.
    <section
      aria-labelledby="comparison-caption"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so keyboards can scroll it (axe scrollable-region-focusable).
      tabIndex={0}
      className="relative mt-4 overflow-x-auto rounded-lg border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <table className="w-full border-separate border-spacing-0 text-left text-sm">
        <caption id="comparison-caption" className="sr-only">
          {properties.length === 1
            ? "The property to compare"
            : `${properties.length} properties side by side`}
        </caption>
        <thead>
          <tr>
            <td className="sticky left-0 z-10 w-28 border-b border-slate-200 bg-white sm:w-40" />
            {properties.map((property) => (
              <th
                key={property.id}
                scope="col"
                className="min-w-44 border-b border-l border-slate-200 p-3 align-top font-normal sm:min-w-52"
              >
                <div className="aspect-[4/3] overflow-hidden rounded-md bg-slate-100">
                  <MediaImage
                    {...responsiveImage(property.imageUrl, "(min-width: 1024px) 280px, 50vw", 640)}
                    alt=""
                    loading="lazy"
                    width={320}
                    height={240}
                    className="h-full w-full object-cover"
                    whenBroken="placeholder"
                  />
                </div>
                <Link
                  to={`/property/${property.id}`}
                  className="mt-2 line-clamp-2 block font-semibold text-slate-900 hover:text-brand-700"
                >
                  {property.title}
                </Link>
                <p className="line-clamp-1 text-xs text-slate-500">
                  {[property.address, property.city].filter(Boolean).join(", ")}
                </p>
                <ShortlistForm intent="remove" ids={ids} id={property.id} small>
                  Remove<span className="sr-only"> {property.title}</span>
                </ShortlistForm>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <th
                scope="row"
                className={cn(
                  "sticky left-0 z-10 border-b border-slate-200 p-3 align-top font-medium text-slate-700",
                  row.differs ? "bg-amber-50" : "bg-white",
                )}
              >
                {row.label}
                {row.differs ? (
                  <span className="mt-1 block w-fit rounded bg-amber-200 px-1.5 py-0.5 text-xs font-semibold text-amber-950">
                    Differs
                  </span>
                ) : null}
              </th>
              {row.values.map((value, index) => (
                <td
                  key={ids[index]}
                  className={cn(
                    "border-b border-l border-slate-200 p-3 align-top",
                    row.differs ? "bg-amber-50 font-semibold text-slate-900" : "text-slate-700",
                  )}
                >
                  {value}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * Remove one property, or clear the comparison: a form post that updates the no-JavaScript
 * shortlist (a cookie) and shows the comparison left. With JavaScript the shortlist in the
 * browser changes too, and the page moves to the new address without posting.
 */
export function ShortlistForm({
  intent,
  ids,
  id,
  small = false,
  children,
}: {
  intent: "remove" | "clear";
  ids: string[];
  id?: string;
  small?: boolean;
  children: React.ReactNode;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  return (
    <form
      method="post"
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        if (intent === "clear") {
          clearCompare();
          navigate("/compare");
        } else if (id) {
          removeFromCompare(id);
          navigate(compareHref(ids.filter((shownId) => shownId !== id)), {
            preventScrollReset: true,
          });
        }
      }}
      className={small ? "mt-2" : undefined}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="ids" value={ids.join(",")} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <button
        type="submit"
        className={
          small
            ? "text-xs font-medium text-red-700 underline-offset-2 hover:underline"
            : buttonVariants({ variant: "ghost", size: "sm" })
        }
      >
        {children}
      </button>
    </form>
  );
}
