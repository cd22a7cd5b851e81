// The spec's original listing: read every property row, then filter, sort, count and page in
// JavaScript (its client did this in the browser after downloading the whole table). Same
// semantics as searchProperties, so the benchmark also checks that both give the same page.

import { db } from "~/db/client.server";
import { properties } from "~/db/schema";
import type { ListingFilters } from "~/lib/listing-filters";

type Row = typeof properties.$inferSelect;

export async function readAllRows(): Promise<Row[]> {
  return db.select().from(properties);
}

function squash(text: string) {
  return text.toLowerCase().replace(/\s+/g, "");
}

export function filterSortPage(rows: Row[], filters: ListingFilters, pageSize: number) {
  const q = filters.q.toLowerCase();
  const needles = filters.locations.map(squash);
  const matches = rows.filter((p) => {
    if (q && !`${p.title} ${p.address} ${p.city}`.toLowerCase().includes(q)) return false;
    if (filters.type === "new-developments" && !p.isNewDevelopment) return false;
    if (
      (filters.type === "residential" || filters.type === "commercial") &&
      p.category !== filters.type
    )
      return false;
    if (needles.length && !needles.some((n) => squash(p.city).includes(n))) return false;
    if (filters.status && p.purpose !== filters.status) return false;
    if (
      filters.price &&
      (p.price === null || p.price < filters.price.min || p.price > filters.price.max)
    )
      return false;
    if (filters.beds !== undefined && (p.beds === null || p.beds < filters.beds)) return false;
    if (filters.baths !== undefined && (p.baths === null || p.baths < filters.baths)) return false;
    if (filters.propertyTypes.length && !filters.propertyTypes.includes(p.propertyType))
      return false;
    return true;
  });
  const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const nullsLast = (a: Row, b: Row, direction: 1 | -1) => {
    if (a.price === null || b.price === null) {
      return a.price === b.price ? 0 : a.price === null ? 1 : -1;
    }
    return (a.price - b.price) * direction;
  };
  matches.sort((a, b) => {
    const primary =
      filters.sort === "newest"
        ? b.createdAt.getTime() - a.createdAt.getTime()
        : nullsLast(a, b, filters.sort === "price-asc" ? 1 : -1);
    return primary || byId(a, b);
  });
  const total = matches.length;
  const pageCount = Math.ceil(total / pageSize);
  const page = total === 0 ? 1 : Math.min(filters.page, pageCount);
  const items = matches.slice((page - 1) * pageSize, page * pageSize);
  return { items, total, page, pageCount };
}
