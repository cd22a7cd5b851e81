import { asc, eq } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import type { AdminActor } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { slideshowItems } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import { isUuid } from "~/lib/ids";
import type { MoveTarget } from "~/lib/ordered-list";
import type { SlideInput } from "~/lib/schemas/slide";
import { moveInOrder, nextSortOrder, setActiveInOrder } from "./ordered-list.server";
import {
  isStale,
  pickFields,
  recordVersion,
  type Stale,
  staleOutcome,
} from "./record-version.server";

// /admin/slideshow ('3D Gallery'): the home page's gallery slides (./slideshow.server.ts reads the
// active ones in this order). Every write is audited (slide.create, .update, .delete, .move,
// .active) in the same transaction as the change.

const ROW = {
  id: slideshowItems.id,
  title: slideshowItems.title,
  description: slideshowItems.description,
  mediaUrl: slideshowItems.mediaUrl,
  mediaType: slideshowItems.mediaType,
  linkUrl: slideshowItems.linkUrl,
  category: slideshowItems.category,
  isActive: slideshowItems.isActive,
};

export type AdminSlide = {
  id: string;
  title: string | null;
  description: string | null;
  mediaUrl: string;
  mediaType: "image" | "video";
  linkUrl: string | null;
  category: "finished" | "under_construction";
  isActive: boolean;
};

const NOT_FOUND = { ok: false, reason: "not-found" } as const;

/** The fields the edit form edits: their values are its version (issue 23: no lost update). */
const FORM_FIELDS = [
  "title",
  "description",
  "mediaUrl",
  "mediaType",
  "linkUrl",
  "category",
  "isActive",
] as const;

function versionOf(row: Record<string, unknown>) {
  return recordVersion(pickFields(row, FORM_FIELDS));
}

/** Every slide, active or not, by sort order (spec §7). */
export async function listSlidesForAdmin(_actor: AdminActor): Promise<AdminSlide[]> {
  return db
    .select(ROW)
    .from(slideshowItems)
    .orderBy(asc(slideshowItems.sortOrder), asc(slideshowItems.createdAt), asc(slideshowItems.id));
}

export async function getSlideForAdmin(
  _actor: AdminActor,
  id: string,
): Promise<(AdminSlide & { version: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(ROW).from(slideshowItems).where(eq(slideshowItems.id, id));
  return row && { ...row, version: versionOf(row) };
}

/** Empty optional values are stored as null (spec §7). */
function columnsOf(input: SlideInput) {
  return {
    title: input.title || null,
    description: input.description || null,
    mediaUrl: input.mediaUrl,
    mediaType: input.mediaType,
    linkUrl: input.linkUrl || null,
    category: input.category,
    isActive: input.isActive,
  };
}

/** A new slide's sort order is the current count (spec §4): it goes last. */
export async function createSlide(actor: AdminActor, input: SlideInput) {
  const values = columnsOf(input);
  return auditedWrite(actor, "slide.create", async (tx) => {
    const sortOrder = await nextSortOrder(tx, slideshowItems, "count");
    const [row] = await tx
      .insert(slideshowItems)
      .values({ ...values, sortOrder })
      .returning({ id: slideshowItems.id });
    if (!row) throw new Error("slide insert returned nothing");
    return {
      result: { ok: true as const, id: row.id },
      audit: { entityId: row.id, before: null, after: { ...values, sortOrder } },
    };
  });
}

/** The same fields without the sort order (spec §7). */
/** `expectedVersion`: the version the form was opened at (newer: nothing is written). */
export async function updateSlide(
  actor: AdminActor,
  id: string,
  input: SlideInput,
  expectedVersion?: string,
) {
  if (!isUuid(id)) return NOT_FOUND;
  const values = columnsOf(input);
  // `formerMediaUrl`: the picture the slide no longer shows (its file may now be unused).
  type Updated = Outcome<{ id: string; formerMediaUrl: string | null }, "not-found"> | Stale;
  return auditedWrite<Updated>(actor, "slide.update", async (tx) => {
    const [before] = await tx
      .select(ROW)
      .from(slideshowItems)
      .where(eq(slideshowItems.id, id))
      .for("update");
    if (!before) return { result: NOT_FOUND };
    if (isStale(expectedVersion, pickFields(before, FORM_FIELDS)))
      return { result: await staleOutcome(tx, "slide", id, ["slide.update", "slide.active"]) };
    await tx.update(slideshowItems).set(values).where(eq(slideshowItems.id, id));
    const formerMediaUrl = before.mediaUrl !== values.mediaUrl ? before.mediaUrl : null;
    return {
      result: { ok: true, id, formerMediaUrl },
      audit: { entityId: id, before, after: values },
    };
  });
}

export async function deleteSlide(actor: AdminActor, id: string) {
  if (!isUuid(id)) return NOT_FOUND;
  type Deleted = Outcome<{ formerMediaUrl: string }, "not-found">;
  return auditedWrite<Deleted>(actor, "slide.delete", async (tx) => {
    const [removed] = await tx
      .delete(slideshowItems)
      .where(eq(slideshowItems.id, id))
      .returning(ROW);
    if (!removed) return { result: NOT_FOUND };
    return {
      result: { ok: true, formerMediaUrl: removed.mediaUrl },
      audit: { entityId: id, before: removed, after: null },
    };
  });
}

export async function moveSlide(actor: AdminActor, id: string, to: MoveTarget) {
  if (!isUuid(id)) return NOT_FOUND;
  return auditedWrite<Outcome<object, "not-found">>(actor, "slide.move", async (tx) => {
    const moved = await moveInOrder(tx, slideshowItems, id, to);
    if (!moved.ok) return { result: NOT_FOUND };
    return {
      result: { ok: true },
      audit: { entityId: id, before: { order: moved.before }, after: { order: moved.after } },
    };
  });
}

export async function setSlideActive(actor: AdminActor, id: string, active: boolean) {
  if (!isUuid(id)) return NOT_FOUND;
  return auditedWrite<Outcome<object, "not-found">>(actor, "slide.active", async (tx) => {
    const changed = await setActiveInOrder(tx, slideshowItems, id, active);
    if (!changed) return { result: NOT_FOUND };
    return {
      result: { ok: true },
      audit: { entityId: id, before: { isActive: changed.before }, after: { isActive: active } },
    };
  });
}
