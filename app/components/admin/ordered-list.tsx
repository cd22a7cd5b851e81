import {
  type FormEvent,
  type KeyboardEvent,
  type PointerEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Form, useFetcher } from "react-router";
import { ArrowDown, ArrowUp, GripVertical } from "~/components/icons";
import { toast } from "~/components/toaster";
import { Button } from "~/components/ui/button";
import { DataTableCell, type DataTableColumn } from "~/components/ui/data-table";
import {
  CardLabel,
  cardCellClass,
  rowClass,
  tableClass,
  tableFrameClass,
  tbodyClass,
  theadClass,
} from "~/components/ui/responsive-table";
import { useHydrated } from "~/hooks/use-hydrated";
import { FLASH_MESSAGES } from "~/lib/flash";
import {
  canMove,
  type MoveTarget,
  movedOrder,
  type OrderedListAnswer,
  parseMoveTarget,
} from "~/lib/ordered-list";
import { cn } from "~/lib/utils";

// The one list component of the ordered admin screens (team, gallery slides, featured videos):
// a table in the order the public page shows, with, on each row,
//   - Move up / Move down: plain form posts (the first cannot go up, the last cannot go down);
//   - a drag handle (once JavaScript runs): drag it with a mouse or a finger, or press Space on
//     it, move with the arrow keys, Space to drop, Escape to cancel; each step is announced;
//   - an Active switch: a plain form post that shows or hides the item on the site.
// With JavaScript every post goes through a fetcher: the list shows the new order at once and
// stays where it was; the server's order replaces it when the post is done (or a toast says it
// failed). The server's half is app/routes/admin/ordered-list-routes.server.ts. Below 768 px
// the rows are cards (responsive-table.tsx): the name across the top, the order controls, the
// switch and the actions at the foot.

export type OrderedRow = { id: string; isActive: boolean };

export type OrderedColumn<Row> = Omit<DataTableColumn<Row>, "sort">;

export type OrderedTableProps<Row extends OrderedRow> = {
  caption: string;
  rows: readonly Row[];
  columns: readonly OrderedColumn<Row>[];
  /** The row's name in labels and announcements ('Ada Obi', 'Slide 3: Lekki Towers'). */
  itemLabel: (row: Row) => string;
  /** The row's last cell (Edit, Delete). */
  actions: (row: Row) => React.ReactNode;
  /** Where the move and active forms post (the list route). */
  action: string;
  /** The list address to come back to after a post without JavaScript. */
  back: string;
  emptyMessage: string;
};

/** Where a dragged row would land: how many other rows' middles are above the pointer. */
function dropIndex(
  order: readonly string[],
  id: string,
  y: number,
  rowOf: (id: string) => Element | undefined,
) {
  let index = 0;
  for (const other of order) {
    if (other === id) continue;
    const rect = rowOf(other)?.getBoundingClientRect();
    if (rect && y > rect.top + rect.height / 2) index += 1;
  }
  return index;
}

type Grab = {
  id: string;
  /** The order when the row was picked up (Escape goes back to it). */
  start: string[];
  how: "pointer" | "keyboard";
};

export function OrderedTable<Row extends OrderedRow>({
  caption,
  rows,
  columns,
  itemLabel,
  actions,
  action,
  back,
  emptyMessage,
}: OrderedTableProps<Row>) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<OrderedListAnswer>({ key: `order:${action}` });
  const instructionsId = useId();
  const [grab, setGrab] = useState<Grab | null>(null);
  const [draft, setDraft] = useState<string[] | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const rowRefs = useRef(new Map<string, HTMLTableRowElement>());
  const handleRefs = useRef(new Map<string, HTMLButtonElement>());

  const byId = new Map(rows.map((row) => [row.id, row]));
  const saved = rows.map((row) => row.id);
  // While a move is on its way, show where it goes.
  const posted = fetcher.formData;
  const postedMove =
    posted?.get("intent") === "move"
      ? movedOrder(saved, String(posted.get("id")), parseMoveTarget(posted.get("to")) ?? "up")
      : undefined;
  const order = (draft ?? postedMove ?? saved).filter((id) => byId.has(id));
  const count = order.length;
  const labelOf = (id: string) => {
    const row = byId.get(id);
    return row ? itemLabel(row) : "";
  };

  // The post is done (the loaders have run): the server's order takes over.
  const wasBusy = useRef(false);
  useEffect(() => {
    const busy = fetcher.state !== "idle";
    if (wasBusy.current && !busy && !grab) setDraft(null);
    wasBusy.current = busy;
  }, [fetcher.state, grab]);

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (!answer.ok) toast.error(answer.error.title, { description: answer.error.message });
  }, [fetcher.data]);

  // Reordering rows moves DOM nodes, which can take focus away from the handle being moved.
  useLayoutEffect(() => {
    if (grab?.how !== "keyboard") return;
    const handle = handleRefs.current.get(grab.id);
    if (handle && document.activeElement !== handle) handle.focus();
  });

  function post(fields: Record<string, string>) {
    fetcher.submit({ ...fields, back, js: "1" }, { method: "post", action });
  }

  function submitMove(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const fields = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    post(fields);
  }

  function pickUp(id: string, how: Grab["how"]) {
    setGrab({ id, start: order, how });
    setDraft(order);
  }

  function drop(current: Grab, final: string[]) {
    setGrab(null);
    const from = current.start.indexOf(current.id);
    const to = final.indexOf(current.id);
    if (to === from) {
      setDraft(null);
      return to + 1;
    }
    setDraft(final);
    post({ intent: "move", id: current.id, to: String(to) });
    return to + 1;
  }

  function cancel(current: Grab) {
    setGrab(null);
    setDraft(null);
    return current.start.indexOf(current.id) + 1;
  }

  function onHandleKeyDown(event: KeyboardEvent<HTMLButtonElement>, id: string) {
    const label = labelOf(id);
    if (!grab) {
      if (event.key !== " " && event.key !== "Enter") return;
      event.preventDefault();
      pickUp(id, "keyboard");
      setAnnouncement(
        `${label} picked up, position ${order.indexOf(id) + 1} of ${count}. Use the up and down arrow keys to move it, Space to drop it, Escape to cancel.`,
      );
      return;
    }
    if (grab.id !== id) return;
    const current = draft ?? order;
    const moves: Record<string, MoveTarget> = {
      ArrowUp: "up",
      ArrowDown: "down",
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      const next = movedOrder(current, id, target) ?? current;
      setDraft(next);
      setAnnouncement(`${label}, position ${next.indexOf(id) + 1} of ${count}.`);
    } else if (event.key === " " || event.key === "Enter") {
      event.preventDefault();
      const position = drop(grab, current);
      setAnnouncement(`${label} dropped at position ${position} of ${count}.`);
    } else if (event.key === "Escape" || event.key === "Tab") {
      if (event.key === "Escape") event.preventDefault();
      const position = cancel(grab);
      setAnnouncement(`Move cancelled. ${label} is back at position ${position} of ${count}.`);
    }
  }

  function onPointerDown(event: PointerEvent<HTMLButtonElement>, id: string) {
    if (event.button !== 0 || grab) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    pickUp(id, "pointer");
    setAnnouncement(`${labelOf(id)} picked up.`);
  }

  function onPointerMove(event: PointerEvent<HTMLButtonElement>, id: string) {
    if (grab?.id !== id || grab.how !== "pointer") return;
    const current = draft ?? order;
    const to = dropIndex(current, id, event.clientY, (rowId) => rowRefs.current.get(rowId));
    if (current.indexOf(id) !== to) setDraft(movedOrder(current, id, to) ?? current);
  }

  function onPointerUp(id: string) {
    if (grab?.id !== id || grab.how !== "pointer") return;
    const position = drop(grab, draft ?? order);
    setAnnouncement(`${labelOf(id)} dropped at position ${position} of ${count}.`);
  }

  if (rows.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
        {emptyMessage}
      </p>
    );
  }

  const headerClass = "px-3 py-3 font-semibold";
  return (
    <div className="space-y-2">
      {hydrated ? (
        <p id={instructionsId} className="text-sm text-slate-600">
          Drag a row by its handle to reorder, or focus the handle, press Space, move with the arrow
          keys and press Space again to drop it (Escape cancels).
        </p>
      ) : null}
      <div aria-live="assertive" aria-atomic className="sr-only">
        {announcement}
      </div>
      {/* A table wider than a tablet's window scrolls inside its frame; keyboard users can focus
          the frame to scroll it. */}
      <section
        className={tableFrameClass}
        aria-label={caption}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus so keyboards can scroll it (axe scrollable-region-focusable).
        tabIndex={0}
      >
        <table className={tableClass}>
          <caption className="sr-only">{caption}</caption>
          <thead className={theadClass}>
            <tr>
              <th scope="col" className={headerClass}>
                Order
              </th>
              {columns.map((column) => (
                <th key={column.id} scope="col" className={cn(headerClass, column.className)}>
                  {column.header}
                </th>
              ))}
              <th scope="col" className={headerClass}>
                Status
              </th>
              <th scope="col" className={headerClass}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody className={tbodyClass}>
            {order.map((id, index) => {
              const row = byId.get(id) as Row;
              const label = itemLabel(row);
              const moving = grab?.id === id;
              const can = canMove(index, count);
              return (
                <tr
                  key={id}
                  ref={(node) => {
                    if (node) rowRefs.current.set(id, node);
                    else rowRefs.current.delete(id);
                  }}
                  data-moving={moving || undefined}
                  className={cn(
                    "align-middle",
                    rowClass,
                    moving
                      ? "relative z-10 bg-brand-50 shadow-md outline-2 outline-brand-600"
                      : "hover:bg-slate-50",
                  )}
                >
                  <td className={cn("md:px-3 md:py-2", cardCellClass("field"))}>
                    <CardLabel>Order</CardLabel>
                    <div className="flex items-center gap-1">
                      {hydrated ? (
                        <button
                          type="button"
                          ref={(node) => {
                            if (node) handleRefs.current.set(id, node);
                            else handleRefs.current.delete(id);
                          }}
                          aria-label={`Reorder ${label}`}
                          aria-describedby={instructionsId}
                          aria-pressed={moving}
                          onKeyDown={(event) => onHandleKeyDown(event, id)}
                          onBlur={(event) => {
                            // Focus leaving for another element (not a row being moved) ends it.
                            if (grab?.id === id && grab.how === "keyboard" && event.relatedTarget) {
                              const position = cancel(grab);
                              setAnnouncement(
                                `Move cancelled. ${label} is back at position ${position} of ${count}.`,
                              );
                            }
                          }}
                          onPointerDown={(event) => onPointerDown(event, id)}
                          onPointerMove={(event) => onPointerMove(event, id)}
                          onPointerUp={() => onPointerUp(id)}
                          onPointerCancel={() => {
                            if (grab?.id === id) cancel(grab);
                          }}
                          className={cn(
                            "flex size-10 touch-none items-center justify-center rounded-md text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600",
                            moving ? "cursor-grabbing bg-white" : "cursor-grab",
                          )}
                        >
                          <GripVertical className="size-5" aria-hidden />
                        </button>
                      ) : null}
                      <span className="w-6 text-center tabular-nums text-slate-700">
                        {index + 1}
                      </span>
                      {(["up", "down"] as const).map((direction) => (
                        <MoveButton
                          key={direction}
                          direction={direction}
                          id={id}
                          label={label}
                          disabled={!can[direction] || Boolean(grab)}
                          action={action}
                          back={back}
                          onSubmit={hydrated ? submitMove : undefined}
                        />
                      ))}
                    </div>
                  </td>
                  {columns.map((column) => (
                    <DataTableCell
                      key={column.id}
                      column={column}
                      row={row}
                      padding="md:px-3 md:py-2"
                    />
                  ))}
                  <td className={cn("md:px-3 md:py-2", cardCellClass("field"))}>
                    <CardLabel>Status</CardLabel>
                    <ActiveSwitch row={row} label={label} action={action} back={back} />
                  </td>
                  <td className={cn("md:px-3 md:py-2", cardCellClass("actions"))}>
                    {actions(row)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </div>
  );
}

function MoveButton({
  direction,
  id,
  label,
  disabled,
  action,
  back,
  onSubmit,
}: {
  direction: "up" | "down";
  id: string;
  label: string;
  disabled: boolean;
  action: string;
  back: string;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  const Icon = direction === "up" ? ArrowUp : ArrowDown;
  return (
    <Form method="post" action={action} onSubmit={onSubmit} preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="to" value={direction} />
      <input type="hidden" name="back" value={back} />
      <Button
        type="submit"
        variant="ghost"
        size="icon"
        disabled={disabled}
        aria-label={`Move ${label} ${direction}`}
      >
        <Icon className="size-4" aria-hidden />
      </Button>
    </Form>
  );
}

/**
 * Shown on the site or not: a switch that posts the other state. With JavaScript it posts
 * through its own fetcher and shows the new state at once.
 */
function ActiveSwitch<Row extends OrderedRow>({
  row,
  label,
  action,
  back,
}: {
  row: Row;
  label: string;
  action: string;
  back: string;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<OrderedListAnswer>({ key: `active:${action}:${row.id}` });
  const posted = fetcher.formData?.get("active");
  const active = posted === undefined || posted === null ? row.isActive : posted === "true";

  useEffect(() => {
    const answer = fetcher.data;
    if (!answer) return;
    if (!answer.ok) toast.error(answer.error.title, { description: answer.error.message });
    else if (answer.flash) toast.success(FLASH_MESSAGES[answer.flash].title);
  }, [fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    fetcher.submit(
      { intent: "active", id: row.id, active: String(!active), back, js: "1" },
      { method: "post", action },
    );
  }

  return (
    <Form
      method="post"
      action={action}
      onSubmit={hydrated ? onSubmit : undefined}
      preventScrollReset
    >
      <input type="hidden" name="intent" value="active" />
      <input type="hidden" name="id" value={row.id} />
      <input type="hidden" name="active" value={String(!active)} />
      <input type="hidden" name="back" value={back} />
      <button
        type="submit"
        role="switch"
        aria-checked={active}
        aria-label={`Active: ${label}`}
        className="inline-flex items-center gap-2 rounded-md px-1 py-1 text-sm text-slate-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
      >
        <span
          aria-hidden
          className={cn(
            "relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors",
            active ? "bg-brand-700" : "bg-slate-400",
          )}
        >
          <span
            className={cn(
              "block size-5 rounded-full bg-white shadow transition-transform",
              active ? "translate-x-5.5" : "translate-x-0.5",
            )}
          />
        </span>
        <span className="w-16 text-left">{active ? "Active" : "Inactive"}</span>
      </button>
    </Form>
  );
}
