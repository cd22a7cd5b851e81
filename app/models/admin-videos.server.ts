import { asc, eq } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import type { AdminActor } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { videos } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import { isUuid } from "~/lib/ids";
import type { MoveTarget } from "~/lib/ordered-list";
import type { VideoInput } from "~/lib/schemas/video";
import { moveInOrder, nextSortOrder, setActiveInOrder } from "./ordered-list.server";
import {
  isStale,
  pickFields,
  recordVersion,
  type Stale,
  staleOutcome,
} from "./record-version.server";

// /admin/videos ('Featured Videos'): the home page's video carousel (./video.server.ts reads the
// active ones in this order). The URL stored is always a YouTube or Vimeo embed URL
// (app/lib/schemas/video.ts). Every write is audited (video.create, .update, .delete, .move,
// .active) in the same transaction as the change.

const ROW = {
  id: videos.id,
  title: videos.title,
  description: videos.description,
  videoUrl: videos.videoUrl,
  isActive: videos.isActive,
};

export type AdminVideo = {
  id: string;
  title: string | null;
  description: string | null;
  videoUrl: string;
  isActive: boolean;
};

const NOT_FOUND = { ok: false, reason: "not-found" } as const;

/** The fields the edit form edits: their values are its version (issue 23: no lost update). */
const FORM_FIELDS = ["title", "description", "videoUrl", "isActive"] as const;

function versionOf(row: Record<string, unknown>) {
  return recordVersion(pickFields(row, FORM_FIELDS));
}

export async function listVideosForAdmin(_actor: AdminActor): Promise<AdminVideo[]> {
  return db
    .select(ROW)
    .from(videos)
    .orderBy(asc(videos.sortOrder), asc(videos.createdAt), asc(videos.id));
}

export async function getVideoForAdmin(
  _actor: AdminActor,
  id: string,
): Promise<(AdminVideo & { version: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(ROW).from(videos).where(eq(videos.id, id));
  return row && { ...row, version: versionOf(row) };
}

function columnsOf(input: VideoInput) {
  return {
    title: input.title || null,
    description: input.description || null,
    videoUrl: input.videoUrl,
    isActive: input.isActive,
  };
}

/** A new video's sort order is the highest existing one plus one (spec §4): it goes last. */
export async function createVideo(actor: AdminActor, input: VideoInput) {
  const values = columnsOf(input);
  return auditedWrite(actor, "video.create", async (tx) => {
    const sortOrder = await nextSortOrder(tx, videos, "highest-plus-one");
    const [row] = await tx
      .insert(videos)
      .values({ ...values, sortOrder })
      .returning({ id: videos.id });
    if (!row) throw new Error("video insert returned nothing");
    return {
      result: { ok: true as const, id: row.id },
      audit: { entityId: row.id, before: null, after: { ...values, sortOrder } },
    };
  });
}

/** `expectedVersion`: the version the form was opened at (newer: nothing is written). */
export async function updateVideo(
  actor: AdminActor,
  id: string,
  input: VideoInput,
  expectedVersion?: string,
) {
  if (!isUuid(id)) return NOT_FOUND;
  const values = columnsOf(input);
  return auditedWrite<Outcome<{ id: string }, "not-found"> | Stale>(
    actor,
    "video.update",
    async (tx) => {
      const [before] = await tx.select(ROW).from(videos).where(eq(videos.id, id)).for("update");
      if (!before) return { result: NOT_FOUND };
      if (isStale(expectedVersion, pickFields(before, FORM_FIELDS)))
        return { result: await staleOutcome(tx, "video", id, ["video.update", "video.active"]) };
      await tx.update(videos).set(values).where(eq(videos.id, id));
      return { result: { ok: true, id }, audit: { entityId: id, before, after: values } };
    },
  );
}

export async function deleteVideo(actor: AdminActor, id: string) {
  if (!isUuid(id)) return NOT_FOUND;
  return auditedWrite<Outcome<object, "not-found">>(actor, "video.delete", async (tx) => {
    const [removed] = await tx.delete(videos).where(eq(videos.id, id)).returning(ROW);
    if (!removed) return { result: NOT_FOUND };
    return { result: { ok: true }, audit: { entityId: id, before: removed, after: null } };
  });
}

export async function moveVideo(actor: AdminActor, id: string, to: MoveTarget) {
  if (!isUuid(id)) return NOT_FOUND;
  return auditedWrite<Outcome<object, "not-found">>(actor, "video.move", async (tx) => {
    const moved = await moveInOrder(tx, videos, id, to);
    if (!moved.ok) return { result: NOT_FOUND };
    return {
      result: { ok: true },
      audit: { entityId: id, before: { order: moved.before }, after: { order: moved.after } },
    };
  });
}

export async function setVideoActive(actor: AdminActor, id: string, active: boolean) {
  if (!isUuid(id)) return NOT_FOUND;
  return auditedWrite<Outcome<object, "not-found">>(actor, "video.active", async (tx) => {
    const changed = await setActiveInOrder(tx, videos, id, active);
    if (!changed) return { result: NOT_FOUND };
    return {
      result: { ok: true },
      audit: { entityId: id, before: { isActive: changed.before }, after: { isActive: active } },
    };
  });
}
