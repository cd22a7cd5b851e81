import { and, asc, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { auditEvents, properties, titleCopyRequests, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import type { TitleCopyStatus } from "~/lib/title-check";
import { notify } from "./notification.server";

// A signed-in buyer's request for copies of a sale listing's title documents (issue 46, item 2),
// and the office's answer: sent, or declined with a note. One open request per buyer and listing
// (a unique index); each step is in the audit log, the buyer's under their own account, and the
// answer is e-mailed to the buyer (the dashboard shows it too).

/** The buyer: a signed-in customer (or any account) asking from the property page. */
export type Requester = { id: string; email: string; clientAddress: string };

export type RequestOutcome =
  | { ok: true; id: string }
  | { ok: false; reason: "not-found" | "not-for-sale" | "waiting" };

/** Records the request and its audit row in one transaction. */
export async function requestTitleCopies(
  requester: Requester,
  propertyId: string,
): Promise<RequestOutcome> {
  if (!isUuid(propertyId)) return { ok: false, reason: "not-found" };
  return db.transaction(async (tx): Promise<RequestOutcome> => {
    const [listing] = await tx
      .select({ purpose: properties.purpose })
      .from(properties)
      .where(and(eq(properties.id, propertyId), isNull(properties.deletedAt)));
    if (!listing) return { ok: false, reason: "not-found" };
    if (listing.purpose !== "sale") return { ok: false, reason: "not-for-sale" };
    const [row] = await tx
      .insert(titleCopyRequests)
      .values({ propertyId, userId: requester.id })
      .onConflictDoNothing()
      .returning({ id: titleCopyRequests.id });
    if (!row) return { ok: false, reason: "waiting" };
    await tx.insert(auditEvents).values({
      actorUserId: requester.id,
      actorEmail: requester.email,
      action: "title-copy.request",
      entityType: "title-copy",
      entityId: row.id,
      changes: { propertyId: { before: null, after: propertyId } },
      clientAddress: requester.clientAddress || null,
    });
    return { ok: true, id: row.id };
  });
}

/** What the buyer's and the office's lists show of a request, with its listing. */
const REQUEST_COLUMNS = {
  id: titleCopyRequests.id,
  status: titleCopyRequests.status,
  note: titleCopyRequests.note,
  createdAt: titleCopyRequests.createdAt,
  answeredAt: titleCopyRequests.answeredAt,
  propertyId: titleCopyRequests.propertyId,
  propertyTitle: properties.title,
  referenceCode: properties.referenceCode,
};

/** The buyer's own requests, newest first, with the listing they are about. */
export async function listMyTitleCopyRequests(userId: string, limit = 20) {
  return db
    .select(REQUEST_COLUMNS)
    .from(titleCopyRequests)
    .innerJoin(properties, eq(properties.id, titleCopyRequests.propertyId))
    .where(eq(titleCopyRequests.userId, userId))
    .orderBy(desc(titleCopyRequests.createdAt), desc(titleCopyRequests.id))
    .limit(limit);
}

/** How many answered requests the office's list shows under the open ones. */
const ANSWERED_SHOWN = 50;

function officeListQuery() {
  return db
    .select({
      ...REQUEST_COLUMNS,
      buyerName: users.name,
      buyerEmail: users.email,
      buyerPhone: users.phone,
    })
    .from(titleCopyRequests)
    .innerJoin(properties, eq(properties.id, titleCopyRequests.propertyId))
    .innerJoin(users, eq(users.id, titleCopyRequests.userId));
}

/** The office's list: every open request (oldest first), then the latest answered ones. */
export async function listTitleCopyRequests(_actor: AdminActor) {
  const [open, answered] = await Promise.all([
    officeListQuery()
      .where(eq(titleCopyRequests.status, "requested"))
      .orderBy(asc(titleCopyRequests.createdAt), asc(titleCopyRequests.id)),
    officeListQuery()
      .where(ne(titleCopyRequests.status, "requested"))
      .orderBy(desc(titleCopyRequests.answeredAt), desc(titleCopyRequests.id))
      .limit(ANSWERED_SHOWN),
  ]);
  return { open, answered };
}

export type TitleCopyRequestRow = Awaited<ReturnType<typeof listTitleCopyRequests>>["open"][number];

/** Open requests, for the sidebar's count. */
export async function countOpenTitleCopyRequests(_actor: AdminActor) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(titleCopyRequests)
    .where(eq(titleCopyRequests.status, "requested"));
  return row?.n ?? 0;
}

/**
 * The office answers an open request: sent (the copies went to the buyer by e-mail or by hand)
 * or declined with a note. The buyer's e-mail is queued in the same transaction.
 */
export async function answerTitleCopyRequest(
  actor: AdminActor,
  id: string,
  answer: { status: Exclude<TitleCopyStatus, "requested">; note: string },
) {
  if (!isUuid(id)) return { ok: false as const, reason: "not-found" as const };
  return auditedWrite<{ ok: true } | { ok: false; reason: "not-found" | "answered" }>(
    actor,
    "title-copy.answer",
    async (tx) => {
      const [before] = await tx
        .select({ status: titleCopyRequests.status, note: titleCopyRequests.note })
        .from(titleCopyRequests)
        .where(eq(titleCopyRequests.id, id))
        .for("update");
      if (!before) return { result: { ok: false, reason: "not-found" } };
      if (before.status !== "requested") return { result: { ok: false, reason: "answered" } };
      const after = { status: answer.status, note: answer.note || null };
      await tx
        .update(titleCopyRequests)
        .set({ ...after, answeredBy: actor.id, answeredAt: new Date() })
        .where(eq(titleCopyRequests.id, id));
      await notify(tx, {
        kind: "title-copy.answered",
        requestId: id,
        status: answer.status,
        note: after.note,
      });
      return { result: { ok: true }, audit: { entityId: id, before, after } };
    },
  );
}

/** The request as its e-mail tells it: the buyer, the listing. */
export async function getTitleCopyRequestForMail(executor: Executor, id: string) {
  const [row] = await executor
    .select({
      email: users.email,
      name: users.name,
      propertyId: properties.id,
      propertyTitle: properties.title,
      referenceCode: properties.referenceCode,
    })
    .from(titleCopyRequests)
    .innerJoin(properties, eq(properties.id, titleCopyRequests.propertyId))
    .innerJoin(users, eq(users.id, titleCopyRequests.userId))
    .where(eq(titleCopyRequests.id, id));
  return row;
}
