// The state of an admin list (search, filters, sort, page) lives in the URL, so a list can be
// linked to, reloaded and used without JavaScript; the model turns it into SQL. One config per
// list says which filters and sorts exist; anything else in the URL is ignored.

export const MAX_SEARCH_LENGTH = 100;

export type SortDirection = "asc" | "desc";

/** A filter: one of a fixed set of values, or a yyyy-MM-dd day. */
export type FilterSpec = { kind: "choice"; values: readonly string[] } | { kind: "date" };

export type ListConfig<Sort extends string, Filter extends string> = {
  sorts: readonly Sort[];
  defaultSort: Sort;
  defaultDirection: SortDirection;
  filters: Record<Filter, FilterSpec>;
  pageSize: number;
};

export type ListParams<Sort extends string, Filter extends string> = {
  q: string;
  sort: Sort;
  direction: SortDirection;
  filters: Partial<Record<Filter, string>>;
  page: number;
  pageSize: number;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Search text as typed, without control characters, runs of spaces or surplus length. */
export function cleanSearchText(value: string | null | undefined, maxLength = MAX_SEARCH_LENGTH) {
  return (value ?? "")
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, maxLength)
    .trim();
}

export function isDay(value: string) {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function parseListParams<Sort extends string, Filter extends string>(
  url: string | URL,
  config: ListConfig<Sort, Filter>,
): ListParams<Sort, Filter> {
  const params = new URL(url).searchParams;
  const sortValue = params.get("sort") ?? "";
  const sort = (config.sorts as readonly string[]).includes(sortValue)
    ? (sortValue as Sort)
    : config.defaultSort;
  const dirValue = params.get("dir");
  const direction: SortDirection =
    dirValue === "asc" || dirValue === "desc"
      ? dirValue
      : sort === config.defaultSort
        ? config.defaultDirection
        : "asc";
  const filters: Partial<Record<Filter, string>> = {};
  for (const [name, spec] of Object.entries(config.filters) as [Filter, FilterSpec][]) {
    const value = params.get(name) ?? "";
    if (spec.kind === "choice" ? spec.values.includes(value) : isDay(value)) filters[name] = value;
  }
  const pageValue = Number(params.get("page") ?? "1");
  const page = Number.isSafeInteger(pageValue) && pageValue >= 1 ? Math.min(pageValue, 10_000) : 1;
  return {
    q: cleanSearchText(params.get("q")),
    sort,
    direction,
    filters,
    page,
    pageSize: config.pageSize,
  };
}

/** The URL search of a list state, leaving defaults out so links stay short. */
export function listSearch<Sort extends string, Filter extends string>(
  state: ListParams<Sort, Filter>,
  config: ListConfig<Sort, Filter>,
  changes: Partial<ListParams<Sort, Filter>> = {},
): string {
  const next = { ...state, ...changes };
  const params = new URLSearchParams();
  if (next.q) params.set("q", next.q);
  for (const [name, value] of Object.entries(next.filters) as [Filter, string | undefined][]) {
    if (value) params.set(name, value);
  }
  if (next.sort !== config.defaultSort || next.direction !== config.defaultDirection) {
    params.set("sort", next.sort);
    params.set("dir", next.direction);
  }
  if (next.page > 1) params.set("page", String(next.page));
  const search = params.toString();
  return search ? `?${search}` : "";
}

/** The page count for a total, at least 1. */
export function pageCountOf(total: number, pageSize: number) {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** Where an admin list action may send the admin back to: the list itself, with its search. */
export function listReturnPath(value: unknown, list: string): string {
  if (typeof value !== "string") return list;
  if (value !== list && !value.startsWith(`${list}?`)) return list;
  // Printable ASCII only: the address goes into a Location header.
  return /^[\x21-\x7e]*$/.test(value) ? value : list;
}
