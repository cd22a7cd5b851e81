import { asc, count, eq, getTableName, max, sql } from "drizzle-orm";
import type { Transaction } from "~/audit/audit.server";
import type { slideshowItems, teamMembers, videos } from "~/db/schema";
import { type MoveTarget, movedOrder } from "~/lib/ordered-list";

// The one ordering mechanism behind the team, the gallery slides and the featured videos: each
// table has `id`, `sort_order`, `is_active`, `created_at`. These run inside the caller's
// auditedWrite transaction; the rows of the list are locked first (FOR UPDATE), so two admins
// moving items at the same moment queue up instead of leaving two items on one place.
//
// After a move the list is renumbered 0..n-1 in its new order (only the rows whose number
// changed are written), so ties and gaps left by older data never make the order ambiguous.

export type OrderedTable = typeof teamMembers | typeof slideshowItems | typeof videos;

/**
 * The columns every ordered table shares. The three tables declare them alike, so one of them
 * stands for the type the queries need; the table actually queried is the one passed in.
 */
function columnsOf(table: OrderedTable) {
  return table as typeof videos;
}

/**
 * The list's order (ids, first to last), locked until the transaction ends: a lock on the list
 * itself (an empty list too, so two first items cannot both take place 0) and on its rows.
 */
export async function lockOrder(tx: Transaction, table: OrderedTable) {
  const t = columnsOf(table);
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`ordered-list:${getTableName(table)}`}))`,
  );
  return tx
    .select({ id: t.id, sortOrder: t.sortOrder })
    .from(t)
    .orderBy(asc(t.sortOrder), asc(t.createdAt), asc(t.id))
    .for("update");
}

export type MoveResult =
  | { ok: true; before: string[]; after: string[] }
  | { ok: false; reason: "not-found" };

/**
 * Moves `id` up, down or to a position and renumbers the list. The first cannot go up, the last
 * cannot go down: such a move succeeds with the order unchanged.
 */
export async function moveInOrder(
  tx: Transaction,
  table: OrderedTable,
  id: string,
  to: MoveTarget,
): Promise<MoveResult> {
  const t = columnsOf(table);
  const rows = await lockOrder(tx, table);
  const before = rows.map((row) => row.id);
  const after = movedOrder(before, id, to);
  if (!after) return { ok: false, reason: "not-found" };
  const stored = new Map(rows.map((row) => [row.id, row.sortOrder]));
  for (const [position, rowId] of after.entries()) {
    if (stored.get(rowId) === position) continue;
    await tx.update(t).set({ sortOrder: position }).where(eq(t.id, rowId));
  }
  return { ok: true, before, after };
}

/**
 * The sort order of a new item (spec §4): a new slide goes at the current count, a new video
 * (and a new team member) at the highest existing one plus one. Both put it last.
 */
export async function nextSortOrder(
  tx: Transaction,
  table: OrderedTable,
  rule: "count" | "highest-plus-one",
): Promise<number> {
  const t = columnsOf(table);
  // Locked like a move, so two items added at once do not get the same place.
  await lockOrder(tx, table);
  if (rule === "count") {
    const [row] = await tx.select({ n: count() }).from(t);
    return row?.n ?? 0;
  }
  const [row] = await tx.select({ highest: max(t.sortOrder) }).from(t);
  return row?.highest === null || row?.highest === undefined ? 0 : row.highest + 1;
}

/** Shows or hides an item on the site; answers whether it was active before, or undefined. */
export async function setActiveInOrder(
  tx: Transaction,
  table: OrderedTable,
  id: string,
  active: boolean,
): Promise<{ before: boolean } | undefined> {
  const t = columnsOf(table);
  const [row] = await tx.select({ isActive: t.isActive }).from(t).where(eq(t.id, id)).for("update");
  if (!row) return undefined;
  if (row.isActive !== active) await tx.update(t).set({ isActive: active }).where(eq(t.id, id));
  return { before: row.isActive };
}
