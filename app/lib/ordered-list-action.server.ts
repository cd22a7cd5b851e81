import { data, redirect } from "react-router";
import type { FlashKey } from "~/auth/flash";
import { badRequest, failed, notFound, redirectWithFlash } from "~/lib/http.server";
import { listReturnPath } from "~/lib/list-params";
import { logger } from "~/lib/logger.server";
import { type MoveTarget, type OrderedListAnswer, parseMoveTarget } from "~/lib/ordered-list";

// The list screens' half of the ordered lists (team, slides, videos): the action behind the
// move buttons, the drag and drop, and the active switch (app/components/admin/ordered-list.tsx).
//
// Posted as plain forms (no JavaScript) they answer a redirect back to the list: a move shows
// the new order, the switch a toast. Posted by the list's fetchers (`js=1`) they answer data,
// and the page shows the toast itself, so the list does not reload or jump.

type Write = Promise<{ ok: true } | { ok: false; reason: "not-found" }>;

export type OrderedListHandlers = {
  /** The list's address (`back` must stay on it). */
  list: string;
  move: (id: string, to: MoveTarget) => Write;
  setActive: (id: string, active: boolean) => Write;
  flash: { updated: FlashKey; reorderFailed: FlashKey };
  /** The toast titles of a failed move and a failed switch (the spec's words). */
  messages: { reorderFailed: string; updateFailed: string };
};

const TRY_AGAIN = "Please try again.";

/** Handles `intent=move` and `intent=active`; undefined for any other intent (the caller's). */
export async function orderedListAction(form: FormData, handlers: OrderedListHandlers) {
  const intent = form.get("intent");
  if (intent !== "move" && intent !== "active") return undefined;
  const js = form.get("js") === "1";
  const back = listReturnPath(form.get("back"), handlers.list);
  const id = String(form.get("id") ?? "");

  if (intent === "move") {
    const title = handlers.messages.reorderFailed;
    const to = parseMoveTarget(form.get("to"));
    if (to === undefined) return badRequest({ intent, error: { title, message: TRY_AGAIN } });
    let moved: Awaited<Write>;
    try {
      moved = await handlers.move(id, to);
    } catch (error) {
      logger.error({ err: error, id }, "Reordering failed");
      if (js) return failed(500, { intent, error: { title, message: TRY_AGAIN } });
      throw redirectWithFlash(back, handlers.flash.reorderFailed);
    }
    if (!moved.ok) notFound();
    if (js) return data({ ok: true, intent } satisfies OrderedListAnswer);
    throw redirect(back);
  }

  const title = handlers.messages.updateFailed;
  const value = form.get("active");
  if (value !== "true" && value !== "false") {
    return badRequest({ intent, error: { title, message: TRY_AGAIN } });
  }
  let changed: Awaited<Write>;
  try {
    changed = await handlers.setActive(id, value === "true");
  } catch (error) {
    logger.error({ err: error, id }, "Switching an item on or off failed");
    return failed(500, { intent, error: { title, message: TRY_AGAIN } });
  }
  if (!changed.ok) notFound();
  if (js)
    return data({ ok: true, intent, flash: handlers.flash.updated } satisfies OrderedListAnswer);
  throw redirectWithFlash(back, handlers.flash.updated);
}
