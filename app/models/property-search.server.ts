import { and, asc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import { cachedUntilContentChanges } from "~/cache/reference-data.server";
import { db } from "~/db/client.server";
import { containsText } from "~/db/like.server";
import { properties } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { ListingFilters } from "~/lib/listing-filters";
import { LISTING_PAGE_SIZE } from "~/lib/property-options";
import { type PropertyCardData, propertyCardColumns } from "~/models/property.server";
import { getAvailabilityRules, listedPublicly } from "~/models/property-visibility.server";
import { publicAddressSql } from "./public-address.server";

// The listing's search: filters, sort, count and page all run in the database on indexes
// (see bench/README.md for the plans and numbers behind each choice).

/**
 * The count is exact up to this many matches past the current page, and "at least" beyond.
 * Counting is the one step whose cost grows with the number of matches (on the embedded
 * database about a millisecond per 10,000 rows read), so it stops once the pagination has what
 * it needs: whether this page exists, and enough pages to show. Below the limit, which covers
 * every search on a realistic catalogue, the total is exact.
 */
export const COUNT_LOOKAHEAD = 1000;

export type ListingSearchOptions = {
  pageSize?: number;
  /** Overrides COUNT_LOOKAHEAD; Infinity always counts exactly (the benchmark compares both). */
  countLookahead?: number;
};

export type ListingSearchResult = {
  items: PropertyCardData[];
  /** The number of matches; when `totalIsExact` is false, a lower bound ("1,000+"). */
  total: number;
  totalIsExact: boolean;
  /** The page shown: the one asked for, or the last one when that was past the end. */
  page: number;
  /** Pages known to exist (all of them when the total is exact); 0 when nothing matches. */
  pageCount: number;
};

/** Removes spaces and lowercases, the form location texts and cities are compared in. */
function squash(text: string) {
  return text.toLowerCase().replace(/\s+/g, "");
}

/**
 * The spec's location match (a city by case-insensitive containment), made indexable: the
 * distinct cities are read from the lower(city) index by a skip scan (one probe per city, well
 * under a millisecond), the ones containing any of the texts are kept, and the search then asks
 * for those cities by equality, which the same index answers and the planner can estimate from
 * its statistics. Spaces are ignored on both sides, so the home page's `portHarcourt` finds
 * Port Harcourt as `harcourt` and `port harcourt` do.
 */
export async function resolveLocations(
  locations: string[],
  executor: Executor = db,
): Promise<string[]> {
  const needles = locations.map(squash);
  // Inside a transaction (the alert job) the cities are read through it, uncached.
  const cities = executor === db ? await listCachedCities() : await listCities(executor);
  return cities.filter((city) => needles.some((n) => squash(city).includes(n)));
}

/** Every city of a listing, lower-case. */
async function listCities(executor: Executor): Promise<string[]> {
  const rows = await executor.execute<{ v: string }>(sql`
    with recursive c(v) as (
      (select lower(city) from properties order by lower(city) limit 1)
      union all
      select (select lower(city) from properties where lower(city) > c.v order by lower(city) limit 1)
      from c where c.v is not null
    )
    select v from c where v is not null`);
  return rows.rows.map((r) => r.v);
}

/** The cities, kept until an admin changes something. */
const listCachedCities = cachedUntilContentChanges(() => listCities(db));

/**
 * The WHERE clause for a filter set; sort, view and page do not narrow. `cities` are the
 * lower-case cities the locations resolved to (see resolveLocations); `listed` is what the public
 * may see now (listedPublicly: dated availability, issue 46).
 */
export function listingConditions(
  filters: ListingFilters,
  cities: string[],
  listed: SQL,
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [listed];
  if (filters.q) {
    // Exactly the expression of properties_public_search_trgm_idx, so the trigram index answers
    // it: the address as the site shows it, so a private street finds nothing.
    conditions.push(
      containsText(
        sql`${properties.title} || ' ' || ${publicAddressSql} || ' ' || ${properties.city}`,
        filters.q,
      ),
    );
  }
  if (filters.type === "new-developments") conditions.push(eq(properties.isNewDevelopment, true));
  else if (filters.type) conditions.push(eq(properties.category, filters.type));
  if (filters.locations.length > 0) {
    conditions.push(inArray(sql`lower(${properties.city})`, cities));
  }
  if (filters.status) conditions.push(eq(properties.purpose, filters.status));
  if (filters.price) {
    conditions.push(
      gte(properties.price, filters.price.min),
      lte(properties.price, filters.price.max),
    );
  }
  if (filters.beds !== undefined) conditions.push(gte(properties.beds, filters.beds));
  if (filters.baths !== undefined) conditions.push(gte(properties.baths, filters.baths));
  if (filters.propertyTypes.length > 0) {
    conditions.push(inArray(properties.propertyType, filters.propertyTypes));
  }
  if (filters.titleDocuments.length > 0) {
    conditions.push(inArray(properties.titleDocument, filters.titleDocuments));
  }
  if (filters.furnishings.length > 0) {
    conditions.push(inArray(properties.furnishing, filters.furnishings));
  }
  return and(...conditions);
}

async function countUpTo(where: SQL | undefined, limit: number) {
  const matches = db
    .select({ one: sql`1` })
    .from(properties)
    .where(where)
    .limit(limit)
    .as("matches");
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matches);
  return row?.n ?? 0;
}

async function countAll(where: SQL | undefined) {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(properties).where(where);
  return row?.n ?? 0;
}

/**
 * One page in the requested order. Each ORDER BY is spelled to match an index exactly
 * (created_at is NOT NULL, so "desc nulls last" changes nothing but lets the planner walk
 * properties_created_at_idx instead of sorting the whole table).
 */
async function fetchPage(
  where: SQL | undefined,
  sort: ListingFilters["sort"],
  offset: number,
  pageSize: number,
): Promise<PropertyCardData[]> {
  const base = () => db.select(propertyCardColumns).from(properties);
  if (sort === "newest") {
    return base()
      .where(where)
      .orderBy(sql`${properties.createdAt} desc nulls last`, asc(properties.id))
      .limit(pageSize)
      .offset(offset);
  }
  if (sort === "price-asc") {
    return base()
      .where(where)
      .orderBy(sql`${properties.price} asc nulls last`, asc(properties.id))
      .limit(pageSize)
      .offset(offset);
  }
  // price desc nulls last, id. The (price, id) index read backwards gives "desc nulls first",
  // which is the same order for priced rows: they are read that way (an incremental sort puts
  // ids in order within a price), and unpriced rows, by id, only fill a page the priced ones
  // do not.
  const priced = await base()
    .where(and(where, sql`${properties.price} is not null`))
    .orderBy(sql`${properties.price} desc nulls first`, asc(properties.id))
    .limit(pageSize)
    .offset(offset);
  if (priced.length === pageSize) return priced;
  // Fewer than a page: the priced rows end here, at offset + priced.length (when this page has
  // none, count them to find where the unpriced run starts).
  const pricedTotal =
    priced.length > 0
      ? offset + priced.length
      : await countAll(and(where, sql`${properties.price} is not null`));
  const unpriced = await base()
    .where(and(where, sql`${properties.price} is null`))
    .orderBy(asc(properties.id))
    .limit(pageSize - priced.length)
    .offset(Math.max(0, offset - pricedTotal));
  return [...priced, ...unpriced];
}

export async function searchProperties(
  filters: ListingFilters,
  options: ListingSearchOptions = {},
): Promise<ListingSearchResult> {
  // An exact count on request (the benchmark) is never kept.
  if (options.countLookahead === Number.POSITIVE_INFINITY) return runSearch(filters, options);
  return readSearch({ filters, options });
}

// The same search answers the same until an admin changes something: kept, a few hundred
// searches at most (app/cache/reference-data.server.ts).
const readSearch = cachedUntilContentChanges(
  ({ filters, options }: { filters: ListingFilters; options: ListingSearchOptions }) =>
    runSearch(filters, options),
  { key: (search) => JSON.stringify(search), maxKeys: 500 },
);

async function runSearch(
  filters: ListingFilters,
  options: ListingSearchOptions,
): Promise<ListingSearchResult> {
  const pageSize = options.pageSize ?? LISTING_PAGE_SIZE;
  const lookahead = options.countLookahead ?? COUNT_LOOKAHEAD;
  const cities = filters.locations.length > 0 ? await resolveLocations(filters.locations) : [];
  if (filters.locations.length > 0 && cities.length === 0) {
    return { items: [], total: 0, totalIsExact: true, page: 1, pageCount: 0 };
  }
  const listed = listedPublicly(await getAvailabilityRules(), new Date(), {
    includeClosed: filters.includeClosed,
  });
  const where = listingConditions(filters, cities, listed);
  const requestedPage = Math.max(1, Math.floor(filters.page));
  const offset = (requestedPage - 1) * pageSize;

  // Count far enough to know whether this page exists and to show the pages after it; the
  // limit is rounded so the "at least" total reads "1,000+" rather than "1,006+".
  const countLimit = Number.isFinite(lookahead)
    ? Math.ceil((offset + pageSize) / lookahead) * lookahead
    : Number.POSITIVE_INFINITY;
  const [counted, firstTry] = await Promise.all([
    Number.isFinite(countLimit) ? countUpTo(where, countLimit + 1) : countAll(where),
    fetchPage(where, filters.sort, offset, pageSize),
  ]);
  const totalIsExact = counted <= countLimit;
  const total = totalIsExact ? counted : countLimit;
  const pageCount = Math.ceil(total / pageSize);

  if (total === 0) return { items: [], total: 0, totalIsExact: true, page: 1, pageCount: 0 };
  // Past the end: the count read every match (it stopped above this offset), so it is exact.
  if (requestedPage > pageCount) {
    const items = await fetchPage(where, filters.sort, (pageCount - 1) * pageSize, pageSize);
    return { items, total, totalIsExact, page: pageCount, pageCount };
  }
  return { items: firstTry, total, totalIsExact, page: requestedPage, pageCount };
}
