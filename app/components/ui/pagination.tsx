import { Link, useLocation } from "react-router";
import { ChevronLeft, ChevronRight } from "~/components/icons";
import { cn } from "~/lib/utils";

// Page links for a list whose state lives in the URL (the public listing, the admin tables).
// Plain links: they work without JavaScript, can be shared, and keep the list's other search
// parameters (filters, sort, search text) while changing the page.

/** The number parameter a list reads its page from. */
export const PAGE_PARAM = "page";

/**
 * The address of page `page` of the list at `location`: every other search parameter is kept.
 * Page 1 is the list without the parameter, so the first page has one address.
 */
export function pageHref(
  location: { pathname: string; search: string },
  page: number,
  param = PAGE_PARAM,
) {
  const params = new URLSearchParams(location.search);
  if (page > 1) params.set(param, String(page));
  else params.delete(param);
  const query = params.toString();
  return query ? `${location.pathname}?${query}` : location.pathname;
}

export type PageItem = number | "ellipsis";

/**
 * The page numbers to show: the first, the last (when known), and two either side of the
 * current one, with gaps as ellipses. A gap of one page shows the page instead.
 */
export function paginationItems(page: number, pageCount: number, lastIsKnown = true): PageItem[] {
  const wanted = new Set<number>([1, page - 2, page - 1, page, page + 1, page + 2]);
  if (lastIsKnown) wanted.add(pageCount);
  const pages = [...wanted].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const p of pages) {
    if (p - previous === 2) items.push(previous + 1);
    else if (p - previous > 2) items.push("ellipsis");
    items.push(p);
    previous = p;
  }
  if (!lastIsKnown && previous < pageCount + 1) items.push("ellipsis");
  return items;
}

const itemClass =
  "inline-flex min-w-10 items-center justify-center gap-1 rounded-md border px-3 py-2 text-sm font-medium";

export function Pagination({
  page,
  pageCount,
  lastIsKnown = true,
  hrefFor,
  param = PAGE_PARAM,
  className = "mt-10",
}: {
  page: number;
  pageCount: number;
  /** False when the total is a lower bound: there are more pages than pageCount. */
  lastIsKnown?: boolean;
  /** The link of a page; by default the current URL with `param` set (see pageHref). */
  hrefFor?: (page: number) => string;
  /** The search parameter of the default links. */
  param?: string;
  /** Spacing around the bar (layout only); the public listing's mt-10 unless given. */
  className?: string;
}) {
  const location = useLocation();
  const linkTo = hrefFor ?? ((p: number) => pageHref(location, p, param));
  const hasNext = page < pageCount || !lastIsKnown;
  if (pageCount <= 1 && !hasNext) return null;
  return (
    <nav
      aria-label="Pagination"
      className={cn("flex flex-wrap items-center justify-center gap-2", className)}
    >
      {page > 1 ? (
        <Link
          to={linkTo(page - 1)}
          rel="prev"
          className={cn(itemClass, "border-slate-300 hover:bg-slate-50")}
        >
          <ChevronLeft className="size-4" aria-hidden />
          Previous
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(itemClass, "border-slate-200 text-slate-400")}>
          <ChevronLeft className="size-4" aria-hidden />
          Previous
        </span>
      )}
      <ul className="flex flex-wrap items-center gap-1">
        {paginationItems(page, pageCount, lastIsKnown).map((item, index) => (
          <li key={item === "ellipsis" ? `gap-${index}` : item}>
            {item === "ellipsis" ? (
              <span className="px-2 text-slate-500" aria-hidden>
                …
              </span>
            ) : item === page ? (
              <Link
                to={linkTo(item)}
                aria-current="page"
                aria-label={`Page ${item}`}
                className={cn(itemClass, "border-brand-700 bg-brand-700 text-white")}
              >
                {item}
              </Link>
            ) : (
              <Link
                to={linkTo(item)}
                aria-label={`Page ${item}`}
                className={cn(itemClass, "border-slate-300 hover:bg-slate-50")}
              >
                {item}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {hasNext ? (
        <Link
          to={linkTo(page + 1)}
          rel="next"
          className={cn(itemClass, "border-slate-300 hover:bg-slate-50")}
        >
          Next
          <ChevronRight className="size-4" aria-hidden />
        </Link>
      ) : (
        <span aria-disabled="true" className={cn(itemClass, "border-slate-200 text-slate-400")}>
          Next
          <ChevronRight className="size-4" aria-hidden />
        </span>
      )}
    </nav>
  );
}
