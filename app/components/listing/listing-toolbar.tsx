import { Link, useNavigate } from "react-router";
import { LayoutGrid, List } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { SelectOptions } from "~/components/ui/field";
import {
  type ListingFilters,
  type ListingView,
  listingHref,
  serializeListingFilters,
} from "~/lib/listing-filters";
import { SORT_OPTIONS, type SortValue } from "~/lib/property-options";
import { cn } from "~/lib/utils";

/**
 * Sort and view. Sorting is its own small GET form carrying the current filters, with a
 * "Sort" button for browsers without JavaScript (in <noscript>); with JavaScript the choice
 * applies at once. The view toggle is two links.
 */
export function ListingToolbar({ filters }: { filters: ListingFilters }) {
  const navigate = useNavigate();
  const carried = serializeListingFilters({ ...filters, sort: "newest", page: 1 });

  return (
    <div className="flex flex-wrap items-center gap-3">
      <form method="get" action="/properties" className="flex items-center gap-2">
        {[...carried].map(([key, value], index) => (
          <input key={`${key}-${index}`} type="hidden" name={key} value={value} />
        ))}
        <label htmlFor="listing-sort" className="text-sm text-slate-600">
          Sort by
        </label>
        <select
          id="listing-sort"
          name="sort"
          defaultValue={filters.sort}
          key={filters.sort}
          onChange={(event) =>
            navigate(
              listingHref(filters, { sort: event.currentTarget.value as SortValue, page: 1 }),
              {
                preventScrollReset: true,
              },
            )
          }
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <SelectOptions options={SORT_OPTIONS} />
        </select>
        {/* Only where scripts do not run: removed once the page hydrated, it moved the view
            switch and, on a phone, everything below the toolbar (a layout shift). */}
        <noscript>
          <Button type="submit" variant="outline" size="sm">
            Sort
          </Button>
        </noscript>
      </form>
      <fieldset className="flex rounded-md border border-slate-300 p-0.5">
        <legend className="sr-only">View</legend>
        <ViewLink filters={filters} view="grid" label="Grid view" icon={LayoutGrid} />
        <ViewLink filters={filters} view="list" label="List view" icon={List} />
      </fieldset>
    </div>
  );
}

function ViewLink({
  filters,
  view,
  label,
  icon: Icon,
}: {
  filters: ListingFilters;
  view: ListingView;
  label: string;
  icon: typeof List;
}) {
  const current = filters.view === view;
  return (
    <Link
      to={listingHref(filters, { view })}
      preventScrollReset
      aria-label={label}
      aria-current={current ? "true" : undefined}
      title={label}
      className={cn(
        "rounded p-1.5",
        current ? "bg-brand-700 text-white" : "text-slate-600 hover:bg-slate-100",
      )}
    >
      <Icon className="size-5" aria-hidden />
    </Link>
  );
}
