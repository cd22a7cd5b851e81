import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Transaction } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import {
  properties,
  propertySubmissions,
  submissionHolds,
  submissionPhotos,
  users,
} from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { Outcome } from "~/lib/action-result";
import { isUuid } from "~/lib/ids";
import { type SubmissionValues, submissionValuesOf } from "~/lib/schemas/submission";
import {
  isEditableByOwner,
  isWithdrawable,
  MAX_OPEN_SUBMISSIONS,
  MAX_SUBMISSION_PHOTOS,
  OPEN_STATUSES,
  type SubmissionStatus,
} from "~/lib/submissions";
import type { NewPhoto } from "./admin-property-photos.server";
import { recordLead } from "./lead-inbox.server";
import { historyOf, photosOf, recordStep, SUMMARY } from "./submission.server";
import { announceAccountChange } from "./user.server";

// The owner's side of submissions (issue 20, ADR 22): a new listing sent for review, a change
// to or the take-down of a live one, withdrawn, read back. Every function takes the owner's user
// id and puts it in the `where`: an owner never reads or changes another's submission, whatever
// the route passes. A submission and its photos are stored together or not at all (the caller
// removes the files when the write fails). The office's side: ./submission-review.

type Submission = typeof propertySubmissions.$inferSelect;

async function openCount(executor: Executor, ownerId: string) {
  const [row] = await executor
    .select({ n: count() })
    .from(propertySubmissions)
    .where(
      and(
        eq(propertySubmissions.ownerId, ownerId),
        inArray(propertySubmissions.status, [...OPEN_STATUSES]),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Locks the owner's account row: two requests of one owner adding submissions at once take
 * turns, so the cap on open submissions holds.
 */
async function lockOwner(tx: Transaction, ownerId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      role: users.role,
      name: users.name,
      phone: users.phone,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, ownerId))
    .for("update");
  return row;
}

/** Locks one of the owner's submissions for a change: its status, or undefined for anyone else's. */
async function lockOwnSubmission(tx: Transaction, ownerId: string, id: string) {
  const [row] = await tx
    .select({ status: propertySubmissions.status })
    .from(propertySubmissions)
    .where(and(eq(propertySubmissions.id, id), eq(propertySubmissions.ownerId, ownerId)))
    .for("update");
  return row;
}

/** Sending makes the account an owner (a tenant stays a customer: the dashboard is the same). */
async function makeOwner(tx: Transaction, ownerId: string, role: string | undefined) {
  if (role !== "tenant") return;
  await tx.update(users).set({ role: "owner" }).where(eq(users.id, ownerId));
  await announceAccountChange(tx, ownerId);
}

/** Whether `adding` more photos fit in the submission (MAX_SUBMISSION_PHOTOS). */
async function photosFit(tx: Transaction, submissionId: string | undefined, adding: number) {
  if (adding === 0) return true;
  if (adding > MAX_SUBMISSION_PHOTOS) return false;
  if (!submissionId) return true;
  const [row] = await tx
    .select({ n: count() })
    .from(submissionPhotos)
    .where(eq(submissionPhotos.submissionId, submissionId));
  return (row?.n ?? 0) + adding <= MAX_SUBMISSION_PHOTOS;
}

/** Adds photos after the submission's others. */
async function insertSubmissionPhotos(
  tx: Transaction,
  submissionId: string,
  photos: readonly NewPhoto[],
) {
  if (photos.length === 0) return;
  const [last] = await tx
    .select({ n: sql<number>`coalesce(max(${submissionPhotos.sortOrder}), -1)::int` })
    .from(submissionPhotos)
    .where(eq(submissionPhotos.submissionId, submissionId));
  const start = (last?.n ?? -1) + 1;
  await tx.insert(submissionPhotos).values(
    photos.map((photo, i) => ({
      submissionId,
      mediaUrl: photo.url,
      sortOrder: start + i,
      fingerprint: photo.fingerprint ?? null,
    })),
  );
}

function summaryOf(values: SubmissionValues) {
  return { title: (values.title ?? "").trim().slice(0, 150), city: (values.city ?? "").trim() };
}

export type SaveRefusal = "not-found" | "not-editable" | "too-many" | "too-many-photos";

/**
 * Saves the owner's form: a new submission (no `id`) or one they may still edit, with the
 * photos already stored. `send`: sent for review (the caller has checked the values in full with
 * checkSubmission); otherwise kept as a draft. `holdTokenHash`: what the owner typed before
 * signing in, used now and so removed with this write.
 */
export async function saveOwnerSubmission(
  ownerId: string,
  input: {
    id?: string;
    values: SubmissionValues;
    photos: readonly NewPhoto[];
    send: boolean;
    holdTokenHash?: string;
  },
): Promise<Outcome<{ id: string; status: SubmissionStatus }, SaveRefusal>> {
  if (input.id !== undefined && !isUuid(input.id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const owner = await lockOwner(tx, ownerId);
    if (!owner) return { ok: false, reason: "not-found" };
    let before: Submission | undefined;
    if (input.id) {
      [before] = await tx
        .select()
        .from(propertySubmissions)
        .where(and(eq(propertySubmissions.id, input.id), eq(propertySubmissions.ownerId, ownerId)))
        .for("update");
      if (!before) return { ok: false, reason: "not-found" };
      if (!isEditableByOwner(before.status)) return { ok: false, reason: "not-editable" };
    } else if ((await openCount(tx, ownerId)) >= MAX_OPEN_SUBMISSIONS) {
      return { ok: false, reason: "too-many" };
    }
    if (!(await photosFit(tx, before?.id, input.photos.length))) {
      return { ok: false, reason: "too-many-photos" };
    }
    const from = before?.status ?? null;
    const to: SubmissionStatus = !input.send
      ? (from ?? "draft")
      : from === "changes_requested"
        ? "resubmitted"
        : "submitted";
    const now = new Date();
    const columns = {
      ...summaryOf(input.values),
      values: input.values,
      status: to,
      updatedAt: now,
      ...(input.send ? { submittedAt: now } : {}),
    };
    let id: string;
    if (before) {
      id = before.id;
      await tx.update(propertySubmissions).set(columns).where(eq(propertySubmissions.id, id));
    } else {
      const [row] = await tx
        .insert(propertySubmissions)
        .values({ ownerId, kind: "listing", ...columns })
        .returning({ id: propertySubmissions.id });
      if (!row) throw new Error("submission insert returned nothing");
      id = row.id;
    }
    await insertSubmissionPhotos(tx, id, input.photos);
    // A draft saved again is no step of its life; its first save and every sending are.
    if (from !== to || !before) {
      await recordStep(tx, {
        submissionId: id,
        actorUserId: ownerId,
        from,
        to,
        quiet: !input.send,
      });
    }
    if (input.send) await makeOwner(tx, ownerId, owner.role);
    // An owner's listing sent for the first time: the owner is a lead for the office (issue 47).
    if (to === "submitted" && from !== "submitted") {
      await recordLead(tx, {
        source: "submission",
        submissionId: id,
        name: owner.name,
        phone: owner.phone,
        email: owner.email,
      });
    }
    if (input.holdTokenHash) {
      await tx.delete(submissionHolds).where(eq(submissionHolds.tokenHash, input.holdTokenHash));
    }
    return { ok: true, id, status: to };
  });
}

/**
 * A change to one of the owner's live listings, or taking it down: sent for review at once; the
 * listing stays as it is until the office approves. `values` for a change (checked in full by
 * the caller), `note` for a take-down.
 */
export async function requestListingChange(
  ownerId: string,
  propertyId: string,
  request:
    | {
        kind: "change";
        values: SubmissionValues;
        photos: readonly NewPhoto[];
        /** The listing as the owner's form showed it; by default, the listing as it is now. */
        base?: SubmissionValues;
      }
    | { kind: "takedown"; note: string },
): Promise<
  Outcome<{ id: string }, "not-found" | "too-many" | "too-many-photos" | "already-asked">
> {
  if (!isUuid(propertyId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const owner = await lockOwner(tx, ownerId);
    const [listing] = await tx
      .select()
      .from(properties)
      .where(
        and(
          eq(properties.id, propertyId),
          eq(properties.ownerId, ownerId),
          isNull(properties.deletedAt),
        ),
      );
    if (!owner || !listing) return { ok: false, reason: "not-found" };
    // One request of a kind waits at a time for a listing: the office reads the latest.
    const [waiting] = await tx
      .select({ id: propertySubmissions.id })
      .from(propertySubmissions)
      .where(
        and(
          eq(propertySubmissions.propertyId, propertyId),
          eq(propertySubmissions.kind, request.kind),
          inArray(propertySubmissions.status, [...OPEN_STATUSES]),
        ),
      );
    if (waiting) return { ok: false, reason: "already-asked" };
    if ((await openCount(tx, ownerId)) >= MAX_OPEN_SUBMISSIONS) {
      return { ok: false, reason: "too-many" };
    }
    if (request.kind === "change" && !(await photosFit(tx, undefined, request.photos.length))) {
      return { ok: false, reason: "too-many-photos" };
    }
    const values = request.kind === "change" ? request.values : {};
    const [row] = await tx
      .insert(propertySubmissions)
      .values({
        ownerId,
        kind: request.kind,
        status: "submitted",
        propertyId,
        ...(request.kind === "change"
          ? summaryOf(values)
          : { title: listing.title, city: listing.city }),
        values,
        // The copy the owner changed (issue 42): approving applies only what differs from it.
        base: request.kind === "change" ? (request.base ?? submissionValuesOf(listing)) : null,
        ownerNote: request.kind === "takedown" ? request.note : null,
        submittedAt: new Date(),
      })
      .returning({ id: propertySubmissions.id });
    if (!row) throw new Error("submission insert returned nothing");
    if (request.kind === "change") await insertSubmissionPhotos(tx, row.id, request.photos);
    await recordStep(tx, {
      submissionId: row.id,
      actorUserId: ownerId,
      from: null,
      to: "submitted",
      note: request.kind === "takedown" ? request.note : null,
    });
    return { ok: true, id: row.id };
  });
}

/** The owner takes back a submission not decided yet. */
export async function withdrawSubmission(
  ownerId: string,
  id: string,
): Promise<Outcome<object, "not-found" | "not-editable">> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const before = await lockOwnSubmission(tx, ownerId, id);
    if (!before) return { ok: false, reason: "not-found" };
    if (!isWithdrawable(before.status)) return { ok: false, reason: "not-editable" };
    await tx
      .update(propertySubmissions)
      .set({ status: "withdrawn", updatedAt: new Date() })
      .where(eq(propertySubmissions.id, id));
    await recordStep(tx, {
      submissionId: id,
      actorUserId: ownerId,
      from: before.status,
      to: "withdrawn",
      // Withdrawing a draft the office never saw tells nobody.
      quiet: before.status === "draft",
    });
    return { ok: true };
  });
}

/** Takes a photo off a submission the owner may still edit; answers its URL for the file. */
export async function removeSubmissionPhoto(
  ownerId: string,
  id: string,
  photoId: string,
): Promise<Outcome<{ removedUrl: string }, "not-found" | "not-editable">> {
  if (!isUuid(id) || !isUuid(photoId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const before = await lockOwnSubmission(tx, ownerId, id);
    if (!before) return { ok: false, reason: "not-found" };
    if (!isEditableByOwner(before.status)) return { ok: false, reason: "not-editable" };
    const [removed] = await tx
      .delete(submissionPhotos)
      .where(and(eq(submissionPhotos.id, photoId), eq(submissionPhotos.submissionId, id)))
      .returning({ mediaUrl: submissionPhotos.mediaUrl });
    if (!removed) return { ok: false, reason: "not-found" };
    return { ok: true, removedUrl: removed.mediaUrl };
  });
}

/** The owner's submissions, most recently changed first. */
export async function listOwnerSubmissions(ownerId: string) {
  const photo = sql<string | null>`(
    select ${submissionPhotos.mediaUrl} from ${submissionPhotos}
    where ${submissionPhotos.submissionId} = ${propertySubmissions.id}
    order by ${submissionPhotos.sortOrder}, ${submissionPhotos.id} limit 1)`;
  return db
    .select({ ...SUMMARY, photo })
    .from(propertySubmissions)
    .where(eq(propertySubmissions.ownerId, ownerId))
    .orderBy(desc(propertySubmissions.updatedAt), desc(propertySubmissions.id))
    .limit(200);
}

/** One of the owner's submissions with its photos and history; undefined for anyone else's. */
export async function getOwnerSubmission(ownerId: string, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select()
    .from(propertySubmissions)
    .where(and(eq(propertySubmissions.id, id), eq(propertySubmissions.ownerId, ownerId)));
  if (!row) return undefined;
  return { ...row, photos: await photosOf(db, id), history: await historyOf(db, id) };
}

export async function countOpenSubmissions(ownerId: string) {
  return openCount(db, ownerId);
}
