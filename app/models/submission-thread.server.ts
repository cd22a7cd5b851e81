import { and, asc, desc, eq, ne } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { properties, propertySubmissions, submissionMessages, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import { notify } from "./notification.server";

// The thread between an owner and the office on a submission (issue 47): the owner replies (to
// "changes requested" too) from their submission's page, or from their live listing's page (the
// thread of the submission that made it); the office reads and answers on the admin submission
// page. Each message is stored with its notification (the other side's e-mail) in one
// transaction. The owner's side takes the owner's id and puts it in the WHERE: another owner's
// submission is not found. A draft has no thread: the office does not see drafts.

export type ThreadMessage = {
  id: string;
  fromOffice: boolean;
  /** Who wrote it: the owner's or the staff member's name (the office's, once the account is gone). */
  author: string;
  body: string;
  createdAt: Date;
};

/** The thread of a submission, oldest first (callers check who may read it). */
async function threadOf(executor: Executor, submissionId: string): Promise<ThreadMessage[]> {
  const rows = await executor
    .select({
      id: submissionMessages.id,
      fromOffice: submissionMessages.fromOffice,
      name: users.name,
      email: users.email,
      body: submissionMessages.body,
      createdAt: submissionMessages.createdAt,
    })
    .from(submissionMessages)
    .leftJoin(users, eq(users.id, submissionMessages.authorId))
    .where(eq(submissionMessages.submissionId, submissionId))
    .orderBy(asc(submissionMessages.createdAt), asc(submissionMessages.id))
    .limit(500);
  return rows.map(({ name, email, ...row }) => ({
    ...row,
    author: name?.trim() || email || (row.fromOffice ? "Our office" : "The owner"),
  }));
}

/** The owner's thread on one of their submissions; undefined for anyone else's. */
export async function getOwnerThread(ownerId: string, submissionId: string) {
  if (!isUuid(submissionId)) return undefined;
  const [row] = await db
    .select({ id: propertySubmissions.id })
    .from(propertySubmissions)
    .where(and(eq(propertySubmissions.id, submissionId), eq(propertySubmissions.ownerId, ownerId)));
  return row ? threadOf(db, submissionId) : undefined;
}

/** The office's view of a submission's thread (the admin submission page). */
export async function getOfficeThread(_actor: AdminActor, submissionId: string) {
  if (!isUuid(submissionId)) return [];
  return threadOf(db, submissionId);
}

/**
 * The submission a live listing of the owner came from (the newest sent one that made it or
 * asked to change it): its thread is the listing's. Undefined when there is none, or the listing
 * is not theirs.
 */
export async function getListingThreadSubmission(ownerId: string, propertyId: string) {
  if (!isUuid(propertyId)) return undefined;
  const [row] = await db
    .select({ id: propertySubmissions.id })
    .from(propertySubmissions)
    .innerJoin(properties, eq(properties.id, propertySubmissions.propertyId))
    .where(
      and(
        eq(propertySubmissions.propertyId, propertyId),
        eq(propertySubmissions.ownerId, ownerId),
        eq(properties.ownerId, ownerId),
        eq(propertySubmissions.kind, "listing"),
        ne(propertySubmissions.status, "draft"),
      ),
    )
    .orderBy(desc(propertySubmissions.createdAt))
    .limit(1);
  return row?.id;
}

type PostOutcome = Outcome<{ id: string }, "not-found" | "not-sent">;

/** The owner writes on one of their own sent submissions; the office is e-mailed. */
export function postOwnerMessage(
  ownerId: string,
  submissionId: string,
  body: string,
): Promise<PostOutcome> {
  return postMessage({ submissionId, authorId: ownerId, fromOffice: false, body }, ownerId);
}

/**
 * Staff answer on a sent submission (the admin submission page); the owner is e-mailed. An admin
 * write like any other: audited, in the message's transaction.
 */
export function postOfficeMessage(
  actor: AdminActor,
  submissionId: string,
  body: string,
): Promise<PostOutcome> {
  if (!isUuid(submissionId)) return Promise.resolve({ ok: false, reason: "not-found" });
  return auditedWrite<PostOutcome>(actor, "submission.message", async (tx) => {
    const [submission] = await tx
      .select({ status: propertySubmissions.status })
      .from(propertySubmissions)
      .where(eq(propertySubmissions.id, submissionId));
    // The office never sees a draft: to it, one is unknown.
    if (!submission || submission.status === "draft") {
      return { result: { ok: false, reason: "not-found" } };
    }
    const result = await insertMessage(tx, {
      submissionId,
      authorId: actor.id,
      fromOffice: true,
      body,
    });
    return {
      result,
      audit: { entityId: submissionId, before: null, after: { message: body, id: result.id } },
    };
  });
}

/**
 * Stores the owner's message on one of their sent submissions and its notification (a draft is
 * "not sent" yet).
 */
async function postMessage(message: NewMessage, ownerId: string): Promise<PostOutcome> {
  if (!isUuid(message.submissionId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx) => {
    const [submission] = await tx
      .select({ status: propertySubmissions.status })
      .from(propertySubmissions)
      .where(
        and(
          eq(propertySubmissions.id, message.submissionId),
          eq(propertySubmissions.ownerId, ownerId),
        ),
      );
    if (!submission) return { ok: false, reason: "not-found" };
    if (submission.status === "draft") return { ok: false, reason: "not-sent" };
    return insertMessage(tx, message);
  });
}

type NewMessage = { submissionId: string; authorId: string; fromOffice: boolean; body: string };

async function insertMessage(tx: Executor, message: NewMessage): Promise<{ ok: true; id: string }> {
  const [row] = await tx
    .insert(submissionMessages)
    .values(message)
    .returning({ id: submissionMessages.id });
  if (!row) throw new Error("message insert returned nothing");
  await notify(tx, { kind: "submission.message", messageId: row.id });
  return { ok: true, id: row.id };
}

/** A message as its e-mail needs it: the submission, its listing's code and the owner. */
export async function getThreadMessageForMail(executor: Executor, messageId: string) {
  const author = users;
  const [row] = await executor
    .select({
      id: submissionMessages.id,
      fromOffice: submissionMessages.fromOffice,
      body: submissionMessages.body,
      authorName: author.name,
      submissionId: propertySubmissions.id,
      title: propertySubmissions.title,
      ownerId: propertySubmissions.ownerId,
      listingCode: properties.referenceCode,
    })
    .from(submissionMessages)
    .innerJoin(propertySubmissions, eq(propertySubmissions.id, submissionMessages.submissionId))
    .leftJoin(author, eq(author.id, submissionMessages.authorId))
    .leftJoin(properties, eq(properties.id, propertySubmissions.propertyId))
    .where(eq(submissionMessages.id, messageId));
  return row;
}
