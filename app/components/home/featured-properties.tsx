import { ArrowRight } from "lucide-react";
import { Link, useNavigation } from "react-router";
import { PropertyCard } from "~/components/property-card";
import { LinkButton } from "~/components/ui/button";
import { FEATURED_FILTERS, type FeaturedFilter } from "~/lib/home-content";
import { cn } from "~/lib/utils";
import type { PropertyCardData } from "~/models/property.server";

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
      <nav aria-label="Filter featured properties" className="mb-8 flex justify-center">
        <ul className="flex gap-1 rounded-lg bg-slate-100 p-1">
          {FEATURED_FILTERS.map((option) => {
            const current = option.value === filter;
            return (
              <li key={option.value}>
                <Link
                  to={option.value === "all" ? "/" : `/?featured=${option.value}`}
                  preventScrollReset
                  prefetch="intent"
                  aria-current={current ? "true" : undefined}
                  className={cn(
                    "block rounded-md px-4 py-2 text-sm font-medium",
                    current
                      ? "bg-white text-brand-800 shadow-sm"
                      : "text-slate-600 hover:text-slate-900",
                  )}
                >
                  {option.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>

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
