import type { FormEvent } from "react";
import { useNavigate } from "react-router";
import { Search } from "~/components/icons";
import { toast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { SelectOptions } from "~/components/ui/field";
import { CITIES, LISTING_TYPES, PRICE_RANGES, PURPOSES } from "~/lib/property-options";
import { cn } from "~/lib/utils";

export const SEARCH_HINT = "Tip: choose a type, location or price to narrow your search";

/** `/properties` with only the parameters that were filled in. */
export function searchHref(form: FormData) {
  const params = new URLSearchParams();
  for (const [key, value] of form) {
    if (typeof value === "string" && value.trim()) params.set(key, value.trim());
  }
  const query = params.toString();
  return query ? `/properties?${query}` : "/properties";
}

const selectClass =
  "h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs focus:border-brand-600";

/**
 * A real GET form to the listing, so it works before the JavaScript arrives; once it has, the
 * URL carries only the chosen filters and an empty search shows a hint first.
 */
export function HeroSearchForm() {
  const navigate = useNavigate();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const href = searchHref(new FormData(event.currentTarget));
    if (href === "/properties") toast.info(SEARCH_HINT);
    navigate(href);
  }

  return (
    <form
      method="get"
      action="/properties"
      onSubmit={onSubmit}
      aria-label="Search properties"
      className="w-full rounded-xl bg-white p-4 text-left shadow-xl sm:p-5"
    >
      <fieldset className="mb-4">
        <legend className="sr-only">Listing</legend>
        <div className="inline-flex rounded-lg bg-slate-100 p-1">
          {[{ value: "", label: "All" }, ...PURPOSES].map((option) => (
            <label key={option.value} className="relative">
              <input
                type="radio"
                name="status"
                value={option.value}
                defaultChecked={option.value === ""}
                className="peer sr-only"
              />
              <span
                className={cn(
                  "block cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-slate-600 sm:px-4",
                  "peer-checked:bg-white peer-checked:text-brand-800 peer-checked:shadow-sm",
                  "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600",
                )}
              >
                {option.label}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end">
        <SearchSelect
          id="hero-type"
          name="type"
          label="Property Type"
          anyLabel="All Types"
          options={LISTING_TYPES}
          className="col-span-2 lg:col-span-1"
        />
        <SearchSelect
          id="hero-location"
          name="location"
          label="Location"
          anyLabel="All Locations"
          options={CITIES.map((city) => ({ value: city.toLowerCase(), label: city }))}
        />
        <SearchSelect
          id="hero-price"
          name="price"
          label="Price Range"
          anyLabel="Any Price"
          options={PRICE_RANGES}
        />
        <Button type="submit" size="hero" className="col-span-2 h-11 lg:col-span-1">
          <Search className="size-4" aria-hidden />
          Search
        </Button>
      </div>
    </form>
  );
}

/** One labelled choice of the hero search; the empty first option means "any". */
function SearchSelect({
  id,
  name,
  label,
  anyLabel,
  options,
  className,
}: {
  id: string;
  name: string;
  label: string;
  anyLabel: string;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-600">
        {label}
      </label>
      <select id={id} name={name} defaultValue="" className={selectClass}>
        <SelectOptions options={options} placeholder={anyLabel} />
      </select>
    </div>
  );
}
