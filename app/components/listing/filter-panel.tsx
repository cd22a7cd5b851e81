import { type FormEvent, useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { ChevronDown, SlidersHorizontal } from "~/components/icons";
import { Button, LinkButton } from "~/components/ui/button";
import { SelectOptions } from "~/components/ui/field";
import {
  displayLocation,
  type ListingFilters,
  listingHref,
  matchCity,
  parseListingFilters,
} from "~/lib/listing-filters";
import {
  BATHROOM_OPTIONS,
  BEDROOM_OPTIONS,
  CITIES,
  FURNISHING,
  LISTING_TYPES,
  PROPERTY_TYPES,
  PURPOSES,
  TITLE_DOCUMENTS,
} from "~/lib/property-options";
import { PriceRangeFields } from "./price-range-fields";

export const FILTER_FORM_ID = "listing-filters";

/** The tick-box filters after the location, in the panel's order: a box per option. */
const TICK_FILTERS: readonly {
  legend: string;
  name: string;
  twoColumns: boolean;
  options: readonly { value: string; label: string }[];
  chosen: (filters: ListingFilters) => readonly string[];
}[] = [
  {
    legend: "Property type",
    name: "ptype",
    twoColumns: true,
    options: PROPERTY_TYPES,
    chosen: (filters) => filters.propertyTypes,
  },
  {
    legend: "Title document",
    name: "title",
    twoColumns: false,
    options: TITLE_DOCUMENTS.filter((t) => t.value !== "none" && t.value !== "other"),
    chosen: (filters) => filters.titleDocuments,
  },
  {
    legend: "Furnishing",
    name: "furnish",
    twoColumns: false,
    options: FURNISHING,
    chosen: (filters) => filters.furnishings,
  },
];
const DESKTOP_QUERY = "(min-width: 1024px)";

/** The submitted form as query parameters (FormData holds strings only for this form). */
export function formParams(form: HTMLFormElement) {
  const params = new URLSearchParams();
  for (const [key, value] of new FormData(form)) {
    if (typeof value === "string") params.append(key, value);
  }
  return params;
}

/**
 * The filter panel: a plain GET form, so filtering works without JavaScript (the loader then
 * redirects to the short canonical URL). With JavaScript the submit goes straight to the
 * canonical URL. On phones the panel folds behind a "Filters" button (a <details> element).
 * It scrolls with the page (a scroll area of its own hid Apply and Reset below its fold).
 */
export function FilterPanel({ filters }: { filters: ListingFilters }) {
  const navigate = useNavigate();
  const location = useLocation();
  const details = useRef<HTMLDetailsElement>(null);

  // Open on desktop (browsers with ::details-content already show it through CSS); fold away
  // on phones after each search so the results are what the visitor sees.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again on each navigation.
  useEffect(() => {
    if (details.current) details.current.open = window.matchMedia(DESKTOP_QUERY).matches;
  }, [location.key]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = parseListingFilters(formParams(event.currentTarget));
    navigate(listingHref({ ...next, page: 1 }));
  }

  // A typed location that stands for a listed city ticks its box ("harcourt"); any other
  // ("lekki") gets a ticked box of its own, so Apply keeps it and unticking removes it.
  const chosenCities = new Set(filters.locations.map(matchCity));
  const otherLocations = filters.locations.filter((l) => matchCity(l) === undefined);

  return (
    <details
      ref={details}
      className="group rounded-lg border border-slate-200 bg-white lg:[&::details-content]:[content-visibility:visible]"
    >
      <summary className="flex cursor-pointer list-none items-center justify-between gap-2 px-4 py-3 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2">
          <SlidersHorizontal className="size-4" aria-hidden />
          Filters
        </span>
        <ChevronDown
          className="size-4 transition-transform group-open:rotate-180 lg:hidden"
          aria-hidden
        />
      </summary>
      <form
        id={FILTER_FORM_ID}
        method="get"
        action="/properties"
        onSubmit={onSubmit}
        className="space-y-6 border-t border-slate-200 px-4 pb-4 pt-4"
      >
        {filters.sort !== "newest" ? (
          <input type="hidden" name="sort" value={filters.sort} />
        ) : null}
        {filters.view !== "grid" ? <input type="hidden" name="view" value={filters.view} /> : null}

        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-slate-900">Status</legend>
          <div className="grid grid-cols-3 gap-1 rounded-md bg-slate-100 p-1 text-sm">
            {[{ value: "", label: "All" }, ...PURPOSES].map((option) => (
              <label
                key={option.value}
                className="relative cursor-pointer rounded px-2 py-1.5 text-center has-[:checked]:bg-white has-[:checked]:font-semibold has-[:checked]:text-brand-800 has-[:checked]:shadow-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
              >
                <input
                  type="radio"
                  name="status"
                  value={option.value}
                  defaultChecked={(filters.status ?? "") === option.value}
                  // Stretched over the pill, invisible: the pill is what shows the choice.
                  className="absolute inset-0 cursor-pointer opacity-0"
                />
                {option.label}
              </label>
            ))}
          </div>
        </fieldset>

        <div className="space-y-2">
          <label htmlFor="filter-type" className="block text-sm font-semibold text-slate-900">
            Category
          </label>
          <select
            id="filter-type"
            name="type"
            defaultValue={filters.type ?? ""}
            className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
          >
            <SelectOptions options={LISTING_TYPES} placeholder="All categories" />
          </select>
        </div>

        <PriceRangeFields price={filters.price} />

        <div className="grid grid-cols-2 gap-3">
          <MinimumSelect
            name="beds"
            label="Bedrooms"
            options={BEDROOM_OPTIONS}
            value={filters.beds}
          />
          <MinimumSelect
            name="baths"
            label="Bathrooms"
            options={BATHROOM_OPTIONS}
            value={filters.baths}
          />
        </div>

        <CheckboxGroup
          legend="Location"
          name="location"
          twoColumns
          options={[
            ...CITIES.map((city) => ({ value: city, label: city })),
            ...otherLocations.map((l) => ({ value: l, label: displayLocation(l) })),
          ]}
          chosen={[...CITIES.filter((city) => chosenCities.has(city)), ...otherLocations]}
        />

        {TICK_FILTERS.map(({ chosen, ...group }) => (
          <CheckboxGroup key={group.name} {...group} chosen={chosen(filters)} />
        ))}

        <div className="text-sm">
          <CheckboxOption
            name="closed"
            value="1"
            label="Include sold and let"
            checked={filters.includeClosed}
          />
        </div>

        {/* Apply and Reset stay on screen, pinned to the bottom of the window, while any of the
            panel is: the panel is longer than a laptop screen and has no scroll area of its own. */}
        <div className="sticky bottom-0 -mx-4 -mb-4 flex gap-2 rounded-b-lg border-t border-slate-200 bg-white px-4 py-3">
          <Button type="submit" size="md" className="flex-1">
            Apply
          </Button>
          <LinkButton to="/properties" variant="outline" size="md" className="flex-1">
            Reset
          </LinkButton>
        </div>
      </form>
    </details>
  );
}

/** One filter's ticks, a box an option: the location, property type, title and furnishing. */
function CheckboxGroup({
  legend,
  name,
  options,
  chosen,
  twoColumns = false,
}: {
  legend: string;
  name: string;
  options: readonly { value: string; label: string }[];
  /** The values ticked (the filters read from the address). */
  chosen: readonly string[];
  twoColumns?: boolean;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">{legend}</legend>
      <div
        className={
          twoColumns ? "grid grid-cols-2 gap-x-3 gap-y-1.5 text-sm" : "space-y-1.5 text-sm"
        }
      >
        {options.map((option) => (
          <CheckboxOption
            key={option.value}
            name={name}
            value={option.value}
            label={option.label}
            checked={chosen.includes(option.value)}
          />
        ))}
      </div>
    </fieldset>
  );
}

function CheckboxOption({
  name,
  value,
  label,
  checked,
}: {
  name: string;
  value: string;
  label: string;
  checked: boolean;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-2 text-slate-700">
      <input
        type="checkbox"
        name={name}
        value={value}
        defaultChecked={checked}
        className="size-4 rounded border-slate-300 accent-brand-700"
      />
      {label}
    </label>
  );
}

/** A minimum count ("Any", "1+", "2+", ...): the listing's bedroom and bathroom filters. */
function MinimumSelect({
  name,
  label,
  options,
  value,
}: {
  name: string;
  label: string;
  options: readonly number[];
  value: number | undefined;
}) {
  const id = `filter-${name}`;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value ?? ""}
        className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        <option value="">Any</option>
        {options.map((n) => (
          <option key={n} value={n}>
            {n}+
          </option>
        ))}
      </select>
    </div>
  );
}
