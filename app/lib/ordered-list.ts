// The ordered lists staff arrange (team members, gallery slides, featured videos): where an item
// goes when it is moved. Pure and client-safe: the server applies it inside a transaction, the
// list on screen applies it at once while the post is on its way.
//
// The spec (dashboard-and-admin §4): move up/down swaps an item with its neighbour; the first
// cannot move up and the last cannot move down. Dragging (mouse, touch or keyboard) drops an item
// at a position: the items between shift by one.

import type { FlashKey } from "~/lib/flash";

/** What the list's fetchers get back from a move or a switch: `flash` names the toast to show. */
export type OrderedListAnswer =
  | { ok: true; intent: "move" | "active"; flash?: FlashKey }
  | { ok: false; intent?: string; error: { title: string; message: string } };

/** Up or down one place, or to a 0-based position (a drop). */
export type MoveTarget = "up" | "down" | number;

/** What a posted `to` field asks for; undefined when it is neither a direction nor a position. */
export function parseMoveTarget(value: unknown): MoveTarget | undefined {
  if (value === "up" || value === "down") return value;
  if (typeof value === "string" && /^\d{1,6}$/.test(value)) return Number(value);
  return undefined;
}

/**
 * The order after moving `id` (ids, first to last). Unknown id: undefined. A move that goes
 * nowhere (the first up, the last down, a drop on its own place) answers the same order.
 */
export function movedOrder(
  order: readonly string[],
  id: string,
  to: MoveTarget,
): string[] | undefined {
  const from = order.indexOf(id);
  if (from < 0) return undefined;
  const last = order.length - 1;
  const target =
    to === "up" ? Math.max(0, from - 1) : to === "down" ? Math.min(last, from + 1) : to;
  const clamped = Math.min(Math.max(0, target), last);
  const next = order.filter((item) => item !== id);
  next.splice(clamped, 0, id);
  return next;
}

/** Whether the item at `index` of `count` can go up or down (the buttons are disabled if not). */
export function canMove(index: number, count: number) {
  return { up: index > 0, down: index < count - 1 };
}

/**
 * An item's form values as stored, in the form's field names: a switch is "on" when set (as
 * the form posts it), an empty optional value "". The edit form opens with them; the conflict
 * panel shows them as the values now.
 */
export function storedFormValues(item: object, fields: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of fields) {
    const value = (item as Record<string, unknown>)[name];
    values[name] =
      typeof value === "boolean" ? (value ? "on" : "") : value == null ? "" : String(value);
  }
  return values;
}
