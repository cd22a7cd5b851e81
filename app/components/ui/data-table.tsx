import { Form, Link, useLocation, useNavigation, useSubmit } from "react-router";
import { ArrowDown, ArrowUp, ArrowUpDown } from "~/components/icons";
import { Pagination } from "~/components/ui/pagination";
import { type ListConfig, type ListParams, listSearch, pageCountOf } from "~/lib/list-params";
import { formatNumber } from "~/lib/money";
import { statusLabel } from "~/lib/status-tones";
import { cn } from "~/lib/utils";
import { Button, LinkButton } from "./button";
import {
  CardLabel,
  type CardPlace,
  cardCellClass,
  emptyCellClass,
  rowClass,
  tableClass,
  tableFrameClass,
  tbodyClass,
  theadClass,
} from "./responsive-table";

// The admin list screens' table. Columns come from one config array; search, filters, sort
// and page live in the URL (app/lib/list-params.ts) and the model runs them in SQL, so the
// table itself only renders rows and links. Without JavaScript the toolbar is a GET form with
// an Apply button; with it, a changed filter applies at once. Below 768 px the rows are cards
// (responsive-table.tsx); from 768 px up the columns must fit beside the sidebar, so nothing
// scrolls sideways: long text wraps.

export type DataTableColumn<Row, Sort extends string = string> = {
  id: string;
  header: string;
  cell: (row: Row) => React.ReactNode;
  /** Sortable by this key of the list config. */
  sort?: Sort;
  /** The cell that names the row (a row header for screen readers). */
  rowHeader?: boolean;
  /** Where the cell goes on a phone's card (responsive-table.tsx); the row header's is "title". */
  card?: CardPlace;
  /** Classes of the column's cells at every width; prefix with md: what a card must not take. */
  className?: string;
};

export type DataTableFilter<Filter extends string = string> =
  | {
      name: Filter;
      label: string;
      kind: "choice";
      /** The first option, meaning "no filter". */
      allLabel: string;
      options: readonly { value: string; label: string }[];
    }
  | { name: Filter; label: string; kind: "date" };

export type DataTableProps<
  Row extends { id: string },
  Sort extends string,
  Filter extends string,
> = {
  caption: string;
  columns: readonly DataTableColumn<Row, Sort>[];
  /** A list loader's answer: the page's rows (keyed by id), the total, the parsed params. */
  list: { rows: readonly Row[]; total: number; params: ListParams<Sort, Filter> };
  config: ListConfig<Sort, Filter>;
  filters?: readonly DataTableFilter<NoInfer<Filter>>[];
  /** Shows the search box with this label. */
  search?: { label: string; placeholder?: string };
  emptyMessage: string;
};

/**
 * One cell of a list row (this table's and the ordered lists'): the column's row header or data
 * cell, with its header as the label on a phone's card.
 */
export function DataTableCell<Row>({
  column,
  row,
  padding,
}: {
  column: Omit<DataTableColumn<Row>, "sort">;
  row: Row;
  padding: string;
}) {
  const place = column.card ?? (column.rowHeader ? "title" : "field");
  const Cell = column.rowHeader ? "th" : "td";
  return (
    <Cell
      scope={column.rowHeader ? "row" : undefined}
      className={cn(
        padding,
        column.rowHeader ? "font-medium text-slate-900" : "text-slate-700",
        cardCellClass(place),
        column.className,
      )}
    >
      <CardLabel place={place}>{column.header}</CardLabel>
      {column.cell(row)}
    </Cell>
  );
}

/**
 * A list's Status filter: every status, labelled as its badge reads ('In Progress') unless
 * `label` says otherwise.
 */
export function statusFilter<S extends string>(
  statuses: readonly S[],
  label: (status: S) => string = statusLabel,
): DataTableFilter<"status"> {
  const options = statuses.map((status) => ({ value: status, label: label(status) }));
  return { name: "status", label: "Status", kind: "choice", allLabel: "All statuses", options };
}

const fieldClass =
  "block h-10 rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-600";

export function DataTable<Row extends { id: string }, Sort extends string, Filter extends string>({
  caption,
  columns,
  list: { rows, total, params },
  config,
  filters = [],
  search,
  emptyMessage,
}: DataTableProps<Row, Sort, Filter>) {
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const loading =
    navigation.state === "loading" && navigation.location.pathname === location.pathname;
  const pageCount = pageCountOf(total, params.pageSize);
  const first = total === 0 ? 0 : (params.page - 1) * params.pageSize + 1;
  const last = Math.min(total, params.page * params.pageSize);
  const filtered = Boolean(params.q) || Object.values(params.filters).some(Boolean);
  const href = (changes: Partial<ListParams<Sort, Filter>>) =>
    `${location.pathname}${listSearch(params, config, changes)}`;

  return (
    <div className="space-y-4">
      {search || filters.length ? (
        <Form
          method="get"
          role="search"
          // Two search landmarks on a page (this and the header's) need names of their own; not
          // the search box's label, which would name two things on the page alike.
          aria-label={`Filter ${caption.toLowerCase()}`}
          className="flex flex-wrap items-end gap-3"
          onChange={(event) => {
            const target = event.target as HTMLElement;
            // A filter applies at once; the search box waits for Enter or Apply.
            if (target.tagName === "SELECT" || (target as HTMLInputElement).type === "date") {
              submit(event.currentTarget, { preventScrollReset: true });
            }
          }}
        >
          {search ? (
            <div className="min-w-48 flex-1">
              <label htmlFor="list-q" className="mb-1 block text-sm font-medium text-slate-700">
                {search.label}
              </label>
              <input
                id="list-q"
                type="search"
                name="q"
                defaultValue={params.q}
                placeholder={search.placeholder}
                className={cn(fieldClass, "w-full")}
              />
            </div>
          ) : null}
          {filters.map((filter) => (
            // A select is as wide as its longest option (the audit log's people include admins
            // known by long e-mails): on a phone it shrinks to the screen and cuts the text.
            <div key={filter.name} className="min-w-0 max-w-full">
              <label
                htmlFor={`list-${filter.name}`}
                className="mb-1 block text-sm font-medium text-slate-700"
              >
                {filter.label}
              </label>
              {filter.kind === "choice" ? (
                <select
                  id={`list-${filter.name}`}
                  name={filter.name}
                  defaultValue={params.filters[filter.name] ?? ""}
                  className={cn(fieldClass, "max-w-full")}
                >
                  <option value="">{filter.allLabel}</option>
                  {filter.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              ) : (
                <input
                  id={`list-${filter.name}`}
                  type="date"
                  name={filter.name}
                  defaultValue={params.filters[filter.name] ?? ""}
                  className={fieldClass}
                />
              )}
            </div>
          ))}
          {/* Filters the toolbar does not show (a view such as the trash) stay as they are. */}
          {(Object.entries(params.filters) as [Filter, string | undefined][])
            .filter(([name, value]) => value && !filters.some((f) => f.name === name))
            .map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          {params.sort !== config.defaultSort || params.direction !== config.defaultDirection ? (
            <>
              <input type="hidden" name="sort" value={params.sort} />
              <input type="hidden" name="dir" value={params.direction} />
            </>
          ) : null}
          <Button type="submit" size="sm" className="h-10">
            Apply
          </Button>
          {filtered ? (
            <LinkButton to={location.pathname} variant="outline" size="sm" className="h-10">
              Clear
            </LinkButton>
          ) : null}
        </Form>
      ) : null}

      {/* Between 768 px and a desktop's width a table may still be wider than the window: it
          scrolls inside its frame, and keyboard users can focus the frame to scroll it. */}
      <section
        className={cn(tableFrameClass, "transition-opacity", loading && "opacity-60")}
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so keyboards can scroll it (axe scrollable-region-focusable).
        tabIndex={0}
        aria-busy={loading || undefined}
      >
        <table className={tableClass}>
          <caption className="sr-only">{caption}</caption>
          <thead className={theadClass}>
            <tr>
              {columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={cn("px-3 py-3 font-semibold", column.className)}
                  aria-sort={
                    column.sort && column.sort === params.sort
                      ? params.direction === "asc"
                        ? "ascending"
                        : "descending"
                      : undefined
                  }
                >
                  {column.sort ? (
                    <SortLink
                      label={column.header}
                      active={column.sort === params.sort}
                      direction={params.direction}
                      to={href({
                        sort: column.sort,
                        direction:
                          column.sort === params.sort && params.direction === "asc"
                            ? "desc"
                            : "asc",
                        page: 1,
                      })}
                    />
                  ) : (
                    column.header
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={tbodyClass}>
            {rows.length === 0 ? (
              <tr className="max-md:block">
                <td colSpan={columns.length} className={emptyCellClass}>
                  {emptyMessage}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr key={row.id} className={cn("align-top hover:bg-slate-50", rowClass)}>
                  {columns.map((column) => (
                    <DataTableCell
                      key={column.id}
                      column={column}
                      row={row}
                      padding="md:px-3 md:py-3"
                    />
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>

      {total > 0 ? (
        <p className="text-sm text-slate-600" role="status">
          Showing {formatNumber(first)}-{formatNumber(last)} of {formatNumber(total)}
        </p>
      ) : null}
      <Pagination
        page={params.page}
        pageCount={pageCount}
        lastIsKnown
        hrefFor={(page) => href({ page })}
      />
    </div>
  );
}

function SortLink({
  label,
  active,
  direction,
  to,
}: {
  label: string;
  active: boolean;
  direction: "asc" | "desc";
  to: string;
}) {
  const Icon = !active ? ArrowUpDown : direction === "asc" ? ArrowUp : ArrowDown;
  return (
    <Link
      to={to}
      preventScrollReset
      className="inline-flex items-center gap-1 hover:text-slate-900"
    >
      {label}
      <Icon className={cn("size-3.5", !active && "text-slate-400")} aria-hidden />
    </Link>
  );
}
