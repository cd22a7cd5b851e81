import { and, asc, count, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { auditedWrite, type Transaction } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { containsPhone, containsText } from "~/db/like.server";
import { properties, propertySubmissions, users } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import { pageCountOf } from "~/lib/list-params";
import type { PropertyInput } from "~/lib/schemas/property";
import {
  isReviewable,
  type SubmissionKind,
  type SubmissionStatus,
  WAITING_STATUSES,
} from "~/lib/submissions";
import { insertPhotos } from "./admin-property-photos.server";
import { LISTING_FIELD_WRITES, listingFormFields } from "./admin-property-version.server";
import { columnsOf } from "./admin-property-write.server";
import { submissionPhotosToList } from "./photo-match.server";
import { isStale, type Stale, staleOutcome } from "./record-version.server";
import { historyOf, photosOf, recordStep, SUMMARY } from "./submission.server";

// The office's side of submissions (issue 20, ADR 22): the queue, the review page, and the
// decisions (approve, ask for changes, decline), each through auditedWrite (submission.*) with
// the step in the submission's history and the owner's e-mail. The owner's side:
// ./submission-owner.

export type SubmissionFilters = {
  /** "waiting" (the default: submitted or resubmitted), "all", or one status. */
  status?: "waiting" | "all" | SubmissionStatus;
  kind?: SubmissionKind;
  /** Title or city contains this, or the contact's or owner's phone number is this one. */
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
    // The contact's number on the submission or the owner's on their account, in any spelling.
    const ownerPhone = containsPhone(users.phoneNormalized, filters.q);
    const text = or(
      containsText(
        sql`${propertySubmissions.title} || ' ' || ${propertySubmissions.city}`,
        filters.q,
      ),
      containsPhone(propertySubmissions.contactPhoneNormalized, filters.q),
      ownerPhone &&
        sql`${propertySubmissions.ownerId} in (select ${users.id} from ${users} where ${ownerPhone})`,
    );
    if (text) conditions.push(text);
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
    const photos = await submissionPhotosToList(tx, id);
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
