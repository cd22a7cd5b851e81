import { Link } from "react-router";
import { CompareToggle } from "~/components/compare/compare-toggle";
import { FavoriteButton } from "~/components/favorite-button";
import { Bath, BedDouble, MapPin, Ruler } from "~/components/icons";
import { ListingCode } from "~/components/listing/listing-code";
import { MediaImage } from "~/components/media-image";
import { LinkButton } from "~/components/ui/button";
import { responsiveImage } from "~/lib/images";
import { formatArea, formatPrice } from "~/lib/money";
import { CLOSED_STATUSES, listingStatusLabel, purposeLabel } from "~/lib/property-options";
import { cn } from "~/lib/utils";
import type { PropertyCardData } from "~/models/property.server";

type CardProperty = Omit<PropertyCardData, "createdAt" | "propertyType" | "featured"> & {
  featured?: boolean;
};

/** Sizes for a card in a 1 / 2 / 3 column grid. */
const GRID_SIZES = "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw";

export function PropertyCard({
  property,
  layout = "grid",
  showFavorite = true,
  imageLoading = "lazy",
  imageFirst = false,
  viewDetails = false,
  headingLevel = 3,
}: {
  property: CardProperty;
  layout?: "grid" | "list";
  showFavorite?: boolean;
  imageLoading?: "lazy" | "eager";
  /** The page's main photo (the first card of a listing): fetched first, and the scripts wait
   * for it (app/http/deferred-scripts.server.ts). */
  imageFirst?: boolean;
  /** A 'View Details' button under the facts (the dashboard's cards). */
  viewDetails?: boolean;
  /** The title's heading level: one below the section the cards are listed in. */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const image = responsiveImage(
    property.imageUrl,
    layout === "list" ? "(min-width: 640px) 320px, 100vw" : GRID_SIZES,
    960,
  );
  const location = [property.address, property.city].filter(Boolean).join(", ");
  return (
    <article
      className={cn(
        "group relative flex overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md",
        layout === "list" ? "flex-col sm:flex-row" : "flex-col",
      )}
    >
      <div
        className={cn(
          "relative aspect-[4/3] shrink-0 overflow-hidden bg-slate-100",
          layout === "list" && "sm:w-80",
        )}
      >
        <MediaImage
          {...image}
          alt={property.title}
          loading={imageLoading}
          fetchPriority={imageFirst ? "high" : undefined}
          decoding="async"
          width={640}
          height={480}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105"
          whenBroken="placeholder"
        />
        <span
          className={cn(
            "absolute left-3 top-3 rounded px-2 py-1 text-xs font-semibold text-white",
            property.purpose === "rent" ? "bg-sky-700" : "bg-brand-700",
          )}
        >
          {purposeLabel(property.purpose)}
        </span>
        {(CLOSED_STATUSES as readonly (string | undefined)[]).includes(property.status) ? (
          <span className="absolute left-3 top-11 rounded bg-red-700 px-2 py-1 text-xs font-semibold text-white">
            {listingStatusLabel(property.status as (typeof CLOSED_STATUSES)[number])}
          </span>
        ) : null}
        {property.featured ? (
          <span className="absolute bottom-3 left-3 rounded bg-accent-400 px-2 py-1 text-xs font-semibold text-slate-900">
            Featured
          </span>
        ) : null}
        {showFavorite ? (
          <FavoriteButton propertyId={property.id} className="absolute right-3 top-3 z-10" />
        ) : null}
        <CompareToggle property={property} look="card" className="absolute bottom-3 right-3 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span className="text-lg font-bold text-brand-800">
            {formatPrice(property.price, property.purpose, property.rentPeriod)}
          </span>
          <ListingCode code={property.referenceCode} />
        </p>
        <Heading className="line-clamp-2 font-semibold text-slate-900">
          {/* The whole card is clickable through this link's stretched overlay. */}
          <Link to={`/property/${property.id}`} className="after:absolute after:inset-0">
            {property.title}
          </Link>
        </Heading>
        <p className="flex items-start gap-1 text-sm text-slate-600">
          <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span className="line-clamp-1">{location}</span>
        </p>
        <ul className="mt-auto flex flex-wrap gap-x-4 gap-y-1 border-t border-slate-100 pt-3 text-sm text-slate-600">
          {property.beds !== null ? (
            <li className="flex items-center gap-1">
              <BedDouble className="size-4" aria-hidden />
              {property.beds} {property.beds === 1 ? "Bed" : "Beds"}
            </li>
          ) : null}
          {property.baths !== null ? (
            <li className="flex items-center gap-1">
              <Bath className="size-4" aria-hidden />
              {property.baths} {property.baths === 1 ? "Bath" : "Baths"}
            </li>
          ) : null}
          <li className="flex items-center gap-1">
            <Ruler className="size-4" aria-hidden />
            {formatArea(property.sqft)}
          </li>
        </ul>
        {viewDetails ? (
          <LinkButton
            to={`/property/${property.id}`}
            variant="secondary"
            size="md"
            className="relative z-10 mt-2 text-sm"
          >
            View Details
          </LinkButton>
        ) : null}
      </div>
    </article>
  );
}
