import { useNavigation } from "react-router";
import { ArrowRight } from "~/components/icons";
import { PropertyCard } from "~/components/property-card";
import { LinkButton } from "~/components/ui/button";
import { UrlTabs } from "~/components/ui/tabs";
import { FEATURED_FILTERS, type FeaturedFilter } from "~/lib/home-content";
import { cn } from "~/lib/utils";
import type { PropertyCardData } from "~/models/property.server";

const FILTER_TABS = FEATURED_FILTERS.map(({ value, label }) => ({ id: value, label }));

/** The filter is a set of links (/?featured=rent) read by the loader: it works without JS. */
export function FeaturedProperties({
  properties,
  filter,
}: {
  properties: PropertyCardData[];
  filter: FeaturedFilter;
}) {
  const navigation = useNavigation();
  const switching = navigation.state === "loading" && navigation.location.pathname === "/";
  const listingHref = filter === "all" ? "/properties" : `/properties?status=${filter}`;

  return (
    <div>
      <UrlTabs
        tabs={FILTER_TABS}
        current={filter}
        label="Filter featured properties"
        hrefFor={(value) => (value === "all" ? "/" : `/?featured=${value}`)}
        ariaCurrent="true"
        prefetch="intent"
        className="mb-8 flex justify-center"
      />

      <div aria-busy={switching} className={cn("transition-opacity", switching && "opacity-60")}>
        {properties.length > 0 ? (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {properties.map((property) => (
              <li key={property.id} className="grid">
                <PropertyCard property={property} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 p-10 text-center text-slate-600">
            {filter === "all"
              ? "No properties are listed yet. Please check back soon."
              : `No properties ${filter === "rent" ? "for rent" : "for sale"} right now. Please check back soon.`}
          </p>
        )}
      </div>

      <div className="mt-10 text-center">
        <LinkButton to={listingHref} variant="secondary" size="hero">
          View All Properties
          <ArrowRight className="size-4" aria-hidden />
        </LinkButton>
      </div>
    </div>
  );
}
