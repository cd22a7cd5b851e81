import { asc, eq, sql } from "drizzle-orm";
import type { Transaction } from "~/audit/audit.server";
import {
  properties,
  propertySubmissions,
  submissionEvents,
  submissionPhotos,
  users,
} from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { SubmissionStatus } from "~/lib/submissions";
import { notify } from "./notification.server";

// Owner submissions (issue 20, ADR 22): what both sides read and write. The owner's side is
// ./submission-owner (and ./submission-hold, what a signed-out visitor typed), the office's
// ./submission-review. Each step writes its history row and the owner's e-mail (outbox) in its
// own transaction (recordStep).

/** A submission's columns on the owner's list and the office's queue. */
export const SUMMARY = {
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

export async function photosOf(executor: Executor, submissionId: string) {
  return executor
    .select({ id: submissionPhotos.id, mediaUrl: submissionPhotos.mediaUrl })
    .from(submissionPhotos)
    .where(eq(submissionPhotos.submissionId, submissionId))
    .orderBy(asc(submissionPhotos.sortOrder), asc(submissionPhotos.id));
}

export async function historyOf(executor: Executor, submissionId: string) {
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
export async function recordStep(
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

/** A submission as its e-mail needs it (the sender reads it when it sends). */
export async function getSubmissionForMail(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      id: propertySubmissions.id,
      kind: propertySubmissions.kind,
      title: propertySubmissions.title,
      propertyId: propertySubmissions.propertyId,
      // The listing's reference code once there is a listing (issue 45).
      listingCode: properties.referenceCode,
      ownerName: users.name,
      ownerEmail: users.email,
    })
    .from(propertySubmissions)
    .innerJoin(users, eq(users.id, propertySubmissions.ownerId))
    .leftJoin(properties, eq(properties.id, propertySubmissions.propertyId))
    .where(eq(propertySubmissions.id, id));
  return row;
}
