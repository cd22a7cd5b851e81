import { redirect, useNavigation } from "react-router";
import { getSessionUser } from "~/auth/session.server";
import { SavedFavorites } from "~/components/favorite-button";
import { BellPlus, Search } from "~/components/icons";
import { EmptyResults } from "~/components/listing/empty-results";
import { FILTER_FORM_ID, FilterPanel } from "~/components/listing/filter-panel";
import { ListingToolbar } from "~/components/listing/listing-toolbar";
import { PageMessage } from "~/components/page-message";
import { PropertyCard } from "~/components/property-card";
import { Button, LinkButton } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { listingCodePath } from "~/lib/listing-code";
import {
  canonicalListingSearch,
  describeListing,
  hasActiveFilters,
  listingHref,
  parseListingFilters,
} from "~/lib/listing-filters";
import { formatNumber } from "~/lib/money";
import { LISTING_PAGE_SIZE } from "~/lib/property-options";
import { pageMeta } from "~/lib/seo";
import { COMPANY_NAME } from "~/lib/site";
import { cn } from "~/lib/utils";
import { listFavoriteIds } from "~/models/favorite.server";
import { findListingByCode } from "~/models/listing-code.server";
import { searchProperties } from "~/models/property-search.server";
import { savedSearchQuery } from "~/models/saved-search.server";
import type { Route } from "./+types/properties";

/** Cards in the first row (three on desktop) load at once; the rest as they scroll into view. */
const EAGER_IMAGES = 3;

function formatCount(total: number, totalIsExact: boolean) {
  return `${formatNumber(total)}${totalIsExact ? "" : "+"}`;
}

export async function loader({ request, url }: Route.LoaderArgs) {
  // Form submissions and hand-typed URLs (minPrice/maxPrice, empty fields, bad values) are
  // sent to the one short canonical URL, so every search has a single shareable address.
  const canonical = canonicalListingSearch(url.searchParams);
  if (canonical !== null) return redirect(canonical ? `/properties?${canonical}` : "/properties");

  const filters = parseListingFilters(url.searchParams);
  // A listing's reference code typed in the search box (NH-LAG-0421, nh lag 421) opens it, or
  // the page that says it is no longer on offer or not ours (issue 45).
  const byCode = filters.q ? await findListingByCode(filters.q) : undefined;
  if (byCode) {
    return redirect(
      byCode.kind === "live" ? `/property/${byCode.propertyId}` : listingCodePath(byCode.code),
    );
  }
  const [result, user] = await Promise.all([
    searchProperties(filters, { pageSize: LISTING_PAGE_SIZE }),
    getSessionUser(request),
  ]);
  // The hearts of the cards the signed-in visitor saved.
  const favoriteIds = await listFavoriteIds(
    user?.id,
    result.items.map((p) => p.id),
  );
  // Save search: signed out, the dashboard sends the visitor to sign in and back here, the
  // search kept in the address.
  const saveQuery = savedSearchQuery(filters);
  const saveSearchHref = `/dashboard/searches/new${saveQuery ? `?${saveQuery}` : ""}`;
  return { filters, pageSize: LISTING_PAGE_SIZE, favoriteIds, saveSearchHref, ...result };
}

export default function PropertiesPage({ loaderData }: Route.ComponentProps) {
  const {
    filters,
    items,
    total,
    totalIsExact,
    page,
    pageCount,
    pageSize,
    favoriteIds,
    saveSearchHref,
  } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.location?.pathname === "/properties";
  const formKey = listingHref(filters, { sort: "newest", view: "grid", page: 1 });

  return (
    <SavedFavorites ids={favoriteIds}>
      <div className="mx-auto max-w-7xl px-4 py-8">
        <header className="mb-6 space-y-4">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
            {describeListing(filters)}
          </h1>
          <search className="flex max-w-2xl gap-2">
            <label htmlFor="listing-q" className="sr-only">
              Search properties
            </label>
            <input
              key={filters.q}
              id="listing-q"
              type="search"
              name="q"
              form={FILTER_FORM_ID}
              defaultValue={filters.q}
              placeholder="Search by title, address or city"
              maxLength={100}
              className="min-w-0 flex-1 rounded-md border border-slate-300 px-3 py-2"
            />
            <Button type="submit" form={FILTER_FORM_ID} size="md">
              <Search className="size-4" aria-hidden />
              Search
            </Button>
          </search>
        </header>

        <div className="grid gap-6 lg:grid-cols-[16rem_1fr] lg:items-start">
          <aside aria-label="Filters">
            <FilterPanel key={formKey} filters={filters} />
          </aside>

          <section aria-labelledby="results-summary" className="min-w-0">
            {/* On a phone, a column: the browser may paint the page before it has read all of
                this row, and in one wrapping row the controls still to come pushed the ones
                drawn to another line (a layout shift of 0.01-0.05 in Lighthouse runs). */}
            <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between">
              <p id="results-summary" className="text-sm text-slate-600" aria-live="polite">
                {total === 0
                  ? "No results"
                  : resultsLine(page, pageSize, items.length, total, totalIsExact)}
              </p>
              <div className="flex flex-wrap items-center gap-3">
                <LinkButton to={saveSearchHref} variant="secondary" size="sm" rel="nofollow">
                  <BellPlus className="size-4" aria-hidden />
                  Save search
                </LinkButton>
                <ListingToolbar filters={filters} />
              </div>
            </div>

            <div
              aria-busy={pending}
              className={cn("transition-opacity", pending && "pointer-events-none opacity-60")}
            >
              {items.length === 0 ? (
                <EmptyResults />
              ) : (
                <ul
                  className={cn(
                    filters.view === "list"
                      ? "flex flex-col gap-4"
                      : "grid gap-6 sm:grid-cols-2 lg:grid-cols-3",
                  )}
                >
                  {items.map((property, index) => (
                    // A grid cell: the card fills it across (list rows are all as wide as the
                    // list) and down (grid cards in a row are all as tall).
                    // Cards past the first few are drawn as they near the screen.
                    <li
                      key={property.id}
                      className={index < EAGER_IMAGES ? "grid" : "below-fold-card grid"}
                    >
                      <PropertyCard
                        property={property}
                        layout={filters.view}
                        imageLoading={index < EAGER_IMAGES ? "eager" : "lazy"}
                        imageFirst={index === 0}
                        // The results come right under the page's h1.
                        headingLevel={2}
                      />
                    </li>
                  ))}
                </ul>
              )}
            </div>

            <Pagination
              page={page}
              pageCount={pageCount}
              lastIsKnown={totalIsExact}
              hrefFor={(p) => listingHref(filters, { page: p })}
            />
          </section>
        </div>
      </div>
    </SavedFavorites>
  );
}

function resultsLine(
  page: number,
  pageSize: number,
  shown: number,
  total: number,
  totalIsExact: boolean,
) {
  const from = (page - 1) * pageSize + 1;
  const to = from + shown - 1;
  return `Showing ${formatNumber(from)}-${formatNumber(to)} of ${formatCount(total, totalIsExact)} results`;
}

function listingCanonicalPath(type: string | undefined, page: number) {
  const query = new URLSearchParams();
  if (type) query.set("type", type);
  if (page > 1) query.set("page", String(page));
  const search = query.toString();
  return search ? `/properties?${search}` : "/properties";
}

export function meta(args: Route.MetaArgs) {
  const { loaderData } = args;
  if (!loaderData) {
    return pageMeta(args, {
      title: "Failed to load properties",
      description: "The property listing could not be loaded. Please try again in a moment.",
      path: "/properties",
      noindex: true,
    });
  }
  const { filters, total, totalIsExact, page } = loaderData;
  const heading = describeListing(filters);
  const count = formatCount(total, totalIsExact);
  const description = hasActiveFilters(filters)
    ? `${count} ${heading.charAt(0).toLowerCase()}${heading.slice(1)} with photos, prices in naira and verified details. Book a viewing with ${COMPANY_NAME}.`
    : `Browse ${count} houses, apartments, land and commercial properties for sale and rent across Nigeria. Filter by price, bedrooms, location and property type.`;
  return pageMeta(args, {
    title: `${heading}${page > 1 ? ` - Page ${page}` : ""}`,
    description,
    // Every search of one property type is a view of the same page (/properties?type=...);
    // later pages of it are pages of their own, so each points at itself.
    path: listingCanonicalPath(filters.type, page),
  });
}

export function ErrorBoundary() {
  return (
    <PageMessage
      heading="Failed to load properties"
      message={<p className="text-slate-600">Please try again in a moment.</p>}
      retryHref="/properties"
    >
      <LinkButton to="/" variant="outline" size="md">
        Return to Home
      </LinkButton>
    </PageMessage>
  );
}
