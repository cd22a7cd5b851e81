import { createHash, randomBytes } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { auditedWrite, type Transaction } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { containsText } from "~/db/like.server";
import {
  properties,
  propertySubmissions,
  submissionEvents,
  submissionHolds,
  submissionPhotos,
  users,
} from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import { pageCountOf } from "~/lib/list-params";
import type { PropertyInput } from "~/lib/schemas/property";
import { type SubmissionValues, submissionValuesOf } from "~/lib/schemas/submission";
import {
  isEditableByOwner,
  isReviewable,
  isWithdrawable,
  MAX_OPEN_SUBMISSIONS,
  MAX_SUBMISSION_PHOTOS,
  OPEN_STATUSES,
  type SubmissionKind,
  type SubmissionStatus,
  WAITING_STATUSES,
} from "~/lib/submissions";
import {
  columnsOf,
  insertPhotos,
  LISTING_FIELD_WRITES,
  listingFormFields,
  type NewPhoto,
} from "./admin-properties.server";
import { notify } from "./notification.server";
import { isStale, type Stale, staleOutcome } from "./record-version.server";
import { announceAccountChange } from "./user.server";

// Owner submissions (issue 20, ADR 22). Every owner function takes the owner's user id and puts
// it in the `where`: an owner never reads or changes another's submission, whatever the route
// passes. Each step writes its history row and the owner's e-mail (outbox) in its own
// transaction; the office's steps go through auditedWrite as well. A submission and its photos
// are stored together or not at all (the caller removes the files when the write fails).

type Submission = typeof propertySubmissions.$inferSelect;

const SUMMARY = {
  id: propertySubmissions.id,
  kind: propertySubmissions.kind,
  status: propertySubmissions.status,
  title: propertySubmissions.title,
  city: propertySubmissions.city,
  propertyId: propertySubmissions.propertyId,
  reviewMessage: propertySubmissions.reviewMessage,
  submittedAt: propertySubmissions.submittedAt,
  updatedAt: propertySubmissions.updatedAt,
};

async function photosOf(executor: Executor, submissionId: string) {
  return executor
    .select({ id: submissionPhotos.id, mediaUrl: submissionPhotos.mediaUrl })
    .from(submissionPhotos)
    .where(eq(submissionPhotos.submissionId, submissionId))
    .orderBy(asc(submissionPhotos.sortOrder), asc(submissionPhotos.id));
}

async function historyOf(executor: Executor, submissionId: string) {
  return executor
    .select({
      id: submissionEvents.id,
      fromStatus: submissionEvents.fromStatus,
      toStatus: submissionEvents.toStatus,
      note: submissionEvents.note,
      createdAt: submissionEvents.createdAt,
      byOffice: sql<boolean>`coalesce(${submissionEvents.actorUserId} <> ${propertySubmissions.ownerId}, false)`,
    })
    .from(submissionEvents)
    .innerJoin(propertySubmissions, eq(propertySubmissions.id, submissionEvents.submissionId))
    .where(eq(submissionEvents.submissionId, submissionId))
    .orderBy(asc(submissionEvents.createdAt), asc(submissionEvents.id));
}

/** Writes the step's history row and the owner's e-mail (outbox) through `tx`. */
async function recordStep(
  tx: Transaction,
  step: {
    submissionId: string;
    actorUserId: string;
    from: SubmissionStatus | null;
    to: SubmissionStatus;
    note?: string | null;
    /** Saving a draft again tells nobody. */
    quiet?: boolean;
  },
) {
  await tx.insert(submissionEvents).values({
    submissionId: step.submissionId,
    actorUserId: step.actorUserId,
    fromStatus: step.from,
    toStatus: step.to,
    note: step.note ?? null,
  });
  if (step.quiet) return;
  await notify(tx, {
    kind: "submission.status-set",
    submissionId: step.submissionId,
    status: step.to,
    message: step.note ?? null,
  });
}

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
    .select({ id: users.id, role: users.role })
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
  await tx
    .insert(submissionPhotos)
    .values(
      photos.map((photo, i) => ({ submissionId, mediaUrl: photo.url, sortOrder: start + i })),
    );
}

function summaryOf(values: SubmissionValues) {
  return { title: (values.title ?? "").trim().slice(0, 150), city: (values.city ?? "").trim() };
}

// ---------------------------------------------------------------------------------------------
// The owner's side.

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

// ---------------------------------------------------------------------------------------------
// What a signed-out visitor typed, kept while they sign in.

/** How long typed values are kept for a visitor who went to sign in. */
const HOLD_HOURS = 24;

export function holdTokenHash(token: string) {
  return createHash("sha256").update(token).digest("base64url");
}

/** Keeps `values` for a signed-out visitor; answers the token their cookie carries. */
export async function holdSubmissionValues(values: SubmissionValues) {
  const token = randomBytes(24).toString("base64url");
  await db.transaction(async (tx) => {
    // Old holds nobody came back for go as new ones arrive.
    await tx
      .delete(submissionHolds)
      .where(lt(submissionHolds.createdAt, new Date(Date.now() - HOLD_HOURS * 3_600_000)));
    await tx.insert(submissionHolds).values({ tokenHash: holdTokenHash(token), values });
  });
  return token;
}

/** The values kept under this token, if still kept. */
export async function getHeldValues(token: string): Promise<SubmissionValues | undefined> {
  const [row] = await db
    .select({ values: submissionHolds.values, createdAt: submissionHolds.createdAt })
    .from(submissionHolds)
    .where(eq(submissionHolds.tokenHash, holdTokenHash(token)));
  if (!row || row.createdAt.getTime() < Date.now() - HOLD_HOURS * 3_600_000) return undefined;
  return row.values;
}

// ---------------------------------------------------------------------------------------------
// The office's side.

export type SubmissionFilters = {
  /** "waiting" (the default: submitted or resubmitted), "all", or one status. */
  status?: "waiting" | "all" | SubmissionStatus;
  kind?: SubmissionKind;
  /** Title or city contains this. */
  q?: string;
};

function adminWhere(filters: SubmissionFilters): SQL | undefined {
  const conditions: SQL[] = [];
  const status = filters.status ?? "waiting";
  if (status === "waiting") {
    conditions.push(inArray(propertySubmissions.status, [...WAITING_STATUSES]));
  } else if (status !== "all") {
    conditions.push(eq(propertySubmissions.status, status));
  } else {
    // Drafts are the owner's business until sent.
    conditions.push(sql`${propertySubmissions.status} <> 'draft'`);
  }
  if (filters.kind) conditions.push(eq(propertySubmissions.kind, filters.kind));
  if (filters.q) {
    conditions.push(
      containsText(
        sql`${propertySubmissions.title} || ' ' || ${propertySubmissions.city}`,
        filters.q,
      ),
    );
  }
  return and(...conditions);
}

/** The queue: oldest waiting first, so nobody waits longest. */
export async function listSubmissionsForAdmin(
  _actor: AdminActor,
  filters: SubmissionFilters,
  list: { page: number; pageSize: number },
) {
  const where = adminWhere(filters);
  const [totalRow] = await db.select({ n: count() }).from(propertySubmissions).where(where);
  const total = totalRow?.n ?? 0;
  const page = Math.min(list.page, pageCountOf(total, list.pageSize));
  const rows = await db
    .select({ ...SUMMARY, ownerName: users.name, ownerEmail: users.email })
    .from(propertySubmissions)
    .innerJoin(users, eq(users.id, propertySubmissions.ownerId))
    .where(where)
    .orderBy(asc(propertySubmissions.submittedAt), asc(propertySubmissions.id))
    .limit(list.pageSize)
    .offset((page - 1) * list.pageSize);
  return { rows, total, page };
}

/** Submissions waiting for the office (the sidebar's count). */
export async function countWaitingSubmissions(_actor: AdminActor) {
  const [row] = await db
    .select({ n: count() })
    .from(propertySubmissions)
    .where(inArray(propertySubmissions.status, [...WAITING_STATUSES]));
  return row?.n ?? 0;
}

/** A submission for review, with its photos, history and owner; undefined for a draft. */
export async function getSubmissionForAdmin(_actor: AdminActor, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({
      submission: propertySubmissions,
      owner: { id: users.id, name: users.name, email: users.email, phone: users.phone },
    })
    .from(propertySubmissions)
    .innerJoin(users, eq(users.id, propertySubmissions.ownerId))
    .where(and(eq(propertySubmissions.id, id), sql`${propertySubmissions.status} <> 'draft'`));
  if (!row) return undefined;
  const listing = row.submission.propertyId
    ? ((
        await db.select().from(properties).where(eq(properties.id, row.submission.propertyId))
      )[0] ?? null)
    : null;
  return {
    ...row.submission,
    owner: row.owner,
    listing,
    photos: await photosOf(db, id),
    history: await historyOf(db, id),
  };
}

/** The owner of a listing, for admins (never shown publicly). */
export async function getListingOwner(_actor: AdminActor, propertyId: string) {
  if (!isUuid(propertyId)) return undefined;
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, phone: users.phone })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.ownerId))
    .where(eq(properties.id, propertyId));
  return row;
}

type ReviewOutcome = Outcome<{ propertyId: string | null }, "not-found" | "not-reviewable">;

async function reviewable(tx: Transaction, id: string) {
  const [row] = await tx
    .select()
    .from(propertySubmissions)
    .where(eq(propertySubmissions.id, id))
    .for("update");
  return row;
}

/**
 * The office's decision on a submission it has locked (reviewable): its status, the message the
 * owner reads (null on approval), who decided and when, the live listing it became (approval),
 * and the step in its history with the owner's e-mail.
 */
async function markReviewed(
  tx: Transaction,
  actor: AdminActor,
  before: { id: string; status: SubmissionStatus },
  to: "approved" | "changes_requested" | "declined",
  decision: { message: string | null; propertyId?: string | null },
) {
  await tx
    .update(propertySubmissions)
    .set({
      status: to,
      reviewMessage: decision.message,
      ...(decision.propertyId === undefined ? {} : { propertyId: decision.propertyId }),
      reviewedAt: new Date(),
      reviewedBy: actor.id,
      updatedAt: new Date(),
    })
    .where(eq(propertySubmissions.id, before.id));
  await recordStep(tx, {
    submissionId: before.id,
    actorUserId: actor.id,
    from: before.status,
    to,
    note: decision.message,
  });
}

/**
 * Approves a submission: a new listing goes live with the office's edits (`input`, the admin
 * form) and the submission's photos, owned by the owner; a change is applied to the live
 * listing (its new photos after the others); a take-down moves the listing to the trash.
 */
export async function approveSubmission(
  actor: AdminActor,
  id: string,
  input: PropertyInput | null,
  /** A change: the version of the live listing the review was opened at (issue 42). */
  expectedVersion?: string,
): Promise<ReviewOutcome | Stale> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  return auditedWrite<ReviewOutcome | Stale>(actor, "submission.approve", async (tx) => {
    const before = await reviewable(tx, id);
    if (!before) return { result: { ok: false, reason: "not-found" } };
    if (!isReviewable(before.status)) return { result: { ok: false, reason: "not-reviewable" } };
    const photos = (await photosOf(tx, id)).map((p) => ({ url: p.mediaUrl }));
    let propertyId = before.propertyId;
    let listingBefore: Record<string, unknown> = {};
    let listingAfter: Record<string, unknown> = {};
    if (before.kind === "takedown") {
      if (!propertyId) return { result: { ok: false, reason: "not-found" } };
      await tx
        .update(properties)
        .set({ deletedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(properties.id, propertyId), isNull(properties.deletedAt)));
    } else {
      if (!input) throw new Error("approving a listing needs its fields");
      const values = columnsOf(input);
      if (before.kind === "change") {
        if (!propertyId) return { result: { ok: false, reason: "not-found" } };
        // The live listing, locked: an office edit since the review opened makes it stale, and
        // the route merges (the review's fields only the office changed keep the office's).
        const [live] = await tx
          .select()
          .from(properties)
          .where(and(eq(properties.id, propertyId), isNull(properties.deletedAt)))
          .for("update");
        if (!live) return { result: { ok: false, reason: "not-found" } };
        if (isStale(expectedVersion, listingFormFields(live))) {
          return { result: await staleOutcome(tx, "property", propertyId, LISTING_FIELD_WRITES) };
        }
        await tx
          .update(properties)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(properties.id, propertyId));
        // The audit row names the listing's fields the approval changed, before and after.
        const was = listingFormFields(live);
        const now = { ...was, ...values };
        listingBefore = Object.fromEntries(
          Object.entries(was).map(([key, value]) => [`listing.${key}`, value]),
        );
        listingAfter = Object.fromEntries(
          Object.entries(now).map(([key, value]) => [`listing.${key}`, value]),
        );
      } else {
        const [row] = await tx
          .insert(properties)
          .values({ ...values, ownerId: before.ownerId })
          .returning({ id: properties.id });
        if (!row) throw new Error("property insert returned nothing");
        propertyId = row.id;
      }
      await insertPhotos(tx, propertyId, photos);
    }
    await markReviewed(tx, actor, before, "approved", { message: null, propertyId });
    return {
      result: { ok: true, propertyId },
      audit: {
        entityId: id,
        before: { status: before.status, ...listingBefore },
        after: { status: "approved", kind: before.kind, propertyId, ...listingAfter },
      },
    };
  });
}

/** Sends a submission back to its owner with what to change (they see the message). */
export async function requestSubmissionChanges(actor: AdminActor, id: string, message: string) {
  return decide(actor, id, "changes_requested", message);
}

/** Declines a submission, with the reason the owner sees. */
export async function declineSubmission(actor: AdminActor, id: string, reason: string) {
  return decide(actor, id, "declined", reason);
}

async function decide(
  actor: AdminActor,
  id: string,
  to: "changes_requested" | "declined",
  message: string,
): Promise<ReviewOutcome> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  return auditedWrite<ReviewOutcome>(
    actor,
    to === "declined" ? "submission.decline" : "submission.request-changes",
    async (tx) => {
      const before = await reviewable(tx, id);
      if (!before) return { result: { ok: false, reason: "not-found" } };
      if (!isReviewable(before.status)) {
        return { result: { ok: false, reason: "not-reviewable" } };
      }
      await markReviewed(tx, actor, before, to, { message });
      return {
        result: { ok: true, propertyId: before.propertyId },
        audit: {
          entityId: id,
          before: { status: before.status },
          after: { status: to, message },
        },
      };
    },
  );
}

/** A submission as its e-mail needs it (the sender reads it when it sends). */
export async function getSubmissionForMail(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      id: propertySubmissions.id,
      kind: propertySubmissions.kind,
      title: propertySubmissions.title,
      propertyId: propertySubmissions.propertyId,
      ownerName: users.name,
      ownerEmail: users.email,
    })
    .from(propertySubmissions)
    .innerJoin(users, eq(users.id, propertySubmissions.ownerId))
    .where(eq(propertySubmissions.id, id));
  return row;
}
