import { asc, count, eq, getTableName, max, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { auditedWrite, type Transaction } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import type { slideshowItems, teamMembers, videos } from "~/db/schema";
import type { FieldErrors, Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import { type MoveTarget, movedOrder } from "~/lib/ordered-list";
import {
  isStale,
  pickFields,
  recordVersion,
  type Stale,
  staleOutcome,
} from "./record-version.server";

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

// ---------------------------------------------------------------------------------------------
// The admin side of one ordered list (./admin-team.server.ts, ./admin-slideshow.server.ts,
// ./admin-videos.server.ts configure it): read every item, add one last, edit one against the
// version its form was opened at, delete, move, switch. Every write is audited as
// `<entity>.create`, `.update`, `.delete`, `.move` or `.active` in the same transaction. Each
// model module still exports its writes as named functions taking the AdminActor first: that
// is how app/audit/admin-writes.test.ts finds every admin write and checks its audit row.

/** One list: its table and what differs between the lists. */
export type OrderedListModelConfig<Row extends { id: string }, Input> = {
  table: OrderedTable;
  /** The audit entity of the list's writes. */
  entity: "team-member" | "slide" | "video";
  /** The columns the admin screens read (the columns of `Row`). */
  row: Record<keyof Row, PgColumn>;
  /** The fields the edit form edits: their values are its version (issue 23: no lost update). */
  formFields: readonly (keyof Row & string)[];
  /** The stored values of a form's input (empty optional values are stored as null, spec §7). */
  columnsOf: (input: Input) => Record<string, unknown>;
  /** Where a new item goes (nextSortOrder). */
  newPlace: "count" | "highest-plus-one";
  /** The column with the item's uploaded photo: a write answers the one it left unused. */
  media?: keyof Row & string;
  /**
   * What the form cannot check alone, against other rows inside the write's transaction (the
   * team's staff account: it exists, is active staff, is no other member's): the messages by
   * field, or null. A refusal writes nothing. `stored`: the item as it was, when editing.
   */
  checkInput?: (tx: Transaction, input: Input, stored: Row | null) => Promise<FieldErrors | null>;
};

const NOT_FOUND = { ok: false, reason: "not-found" } as const;

/** `checkInput`'s messages as the write's answer (a list with a check declares `Refusal`). */
function refusal<Refusal extends OrderedItemRefused>(fields: FieldErrors) {
  return { ok: false, reason: "refused", fields } as OrderedItemRefused as Refusal;
}

type Written = Outcome<object, "not-found">;
/**
 * A save refused by `checkInput`: the messages beside the fields; nothing was written. A list
 * whose model has a check says so in its type (`orderedListModel<Row, Input, OrderedItemRefused>`);
 * the others' writes cannot answer it.
 */
export type OrderedItemRefused = { ok: false; reason: "refused"; fields: FieldErrors };
export type OrderedItemCreated = { ok: true; id: string };
/** `formerMedia`: the photo the item no longer shows (its file may now be unused). */
export type OrderedItemUpdated = Outcome<{ id: string; formerMedia: string | null }, "not-found">;
export type OrderedItemDeleted = Outcome<{ formerMedia: string | null }, "not-found">;

export function orderedListModel<
  Row extends { id: string },
  Input,
  Refusal extends OrderedItemRefused = never,
>(config: OrderedListModelConfig<Row, Input>) {
  const { table, entity, formFields } = config;
  const t = columnsOf(table);
  const row = config.row as unknown as typeof videos._.columns;
  const mediaOf = (item: Row): string | null =>
    config.media ? ((item[config.media] as string | null) ?? null) : null;

  return {
    /** Every item, active or not, in the order the site shows the active ones. */
    async list(): Promise<Row[]> {
      const rows = await db
        .select(row)
        .from(t)
        .orderBy(asc(t.sortOrder), asc(t.createdAt), asc(t.id));
      return rows as unknown as Row[];
    },

    /** One item with the version of what its form edits; undefined for an unknown id. */
    async get(id: string): Promise<(Row & { version: string }) | undefined> {
      if (!isUuid(id)) return undefined;
      const [found] = (await db.select(row).from(t).where(eq(t.id, id))) as unknown as Row[];
      return found && { ...found, version: recordVersion(pickFields(found, formFields)) };
    },

    async create(actor: AdminActor, input: Input) {
      const values = config.columnsOf(input);
      return auditedWrite<OrderedItemCreated | Refusal>(actor, `${entity}.create`, async (tx) => {
        const fields = await config.checkInput?.(tx, input, null);
        if (fields) return { result: refusal<Refusal>(fields) };
        const sortOrder = await nextSortOrder(tx, table, config.newPlace);
        const [created] = await tx
          .insert(t)
          .values({ ...values, sortOrder } as typeof videos.$inferInsert)
          .returning({ id: t.id });
        if (!created) throw new Error(`${entity} insert returned nothing`);
        return {
          result: { ok: true, id: created.id },
          audit: { entityId: created.id, before: null, after: { ...values, sortOrder } },
        };
      });
    },

    /** `expectedVersion`: the version the form was opened at (newer: nothing is written). */
    async update(actor: AdminActor, id: string, input: Input, expectedVersion?: string) {
      if (!isUuid(id)) return NOT_FOUND;
      const values = config.columnsOf(input);
      type Updated = OrderedItemUpdated | Stale | Refusal;
      return auditedWrite<Updated>(actor, `${entity}.update`, async (tx) => {
        const [before] = (await tx
          .select(row)
          .from(t)
          .where(eq(t.id, id))
          .for("update")) as unknown as Row[];
        if (!before) return { result: NOT_FOUND };
        if (isStale(expectedVersion, pickFields(before, formFields))) {
          const writes = [`${entity}.update`, `${entity}.active`] as const;
          return { result: await staleOutcome(tx, entity, id, writes) };
        }
        const fields = await config.checkInput?.(tx, input, before);
        if (fields) return { result: refusal<Refusal>(fields) };
        await tx.update(t).set(values).where(eq(t.id, id));
        const former = mediaOf(before);
        const formerMedia = config.media && former !== values[config.media] ? former : null;
        return {
          result: { ok: true, id, formerMedia },
          audit: { entityId: id, before, after: values },
        };
      });
    },

    async remove(actor: AdminActor, id: string) {
      if (!isUuid(id)) return NOT_FOUND;
      return auditedWrite<OrderedItemDeleted>(actor, `${entity}.delete`, async (tx) => {
        const [removed] = (await tx
          .delete(t)
          .where(eq(t.id, id))
          .returning(row)) as unknown as Row[];
        if (!removed) return { result: NOT_FOUND };
        return {
          result: { ok: true, formerMedia: mediaOf(removed) },
          audit: { entityId: id, before: removed, after: null },
        };
      });
    },

    /** Up, down (a swap with the neighbour) or to a position (a drop). */
    async move(actor: AdminActor, id: string, to: MoveTarget) {
      if (!isUuid(id)) return NOT_FOUND;
      return auditedWrite<Written>(actor, `${entity}.move`, async (tx) => {
        const moved = await moveInOrder(tx, table, id, to);
        if (!moved.ok) return { result: NOT_FOUND };
        return {
          result: { ok: true },
          audit: { entityId: id, before: { order: moved.before }, after: { order: moved.after } },
        };
      });
    },

    /** Shows (active) or hides an item on the site. */
    async setActive(actor: AdminActor, id: string, active: boolean) {
      if (!isUuid(id)) return NOT_FOUND;
      return auditedWrite<Written>(actor, `${entity}.active`, async (tx) => {
        const changed = await setActiveInOrder(tx, table, id, active);
        if (!changed) return { result: NOT_FOUND };
        return {
          result: { ok: true },
          audit: {
            entityId: id,
            before: { isActive: changed.before },
            after: { isActive: active },
          },
        };
      });
    },
  };
}

/** The admin model of one ordered list (orderedListModel). */
export type OrderedListModel<
  Row extends { id: string },
  Input,
  Refusal extends OrderedItemRefused = never,
> = ReturnType<typeof orderedListModel<Row, Input, Refusal>>;
