import { and, desc, eq, getTableColumns, inArray, isNull, type SQL } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { inquiries, properties } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { lagosToday } from "~/lib/appointment-rules";
import { isUuid } from "~/lib/ids";
import {
  INQUIRY_RESPONSE_MAX_LENGTH,
  type InquiryRefusal,
  RESPONSE_STATUSES,
  type ResponseStatus,
} from "~/lib/schemas/inquiry";
import { logger } from "~/log/logger.server";
import { recordLead } from "./lead-inbox.server";
import { notify } from "./notification.server";
import { notifyOwnerOfInterest } from "./owner-alerts.server";
import { isStale, recordVersion, type Stale, staleOutcome } from "./record-version.server";

// Inquiries: the contact form, service inquiries and customer complaints, all seen by staff in
// the admin Inquiries screen (DESIGN.md). Customer queries take the user id.

export type InquirySource = (typeof inquiries.$inferSelect)["source"];
export type InquiryStatus = (typeof inquiries.$inferSelect)["status"];

export type NewInquiry = {
  source: InquirySource;
  email: string;
  description: string;
  name?: string | null;
  phone?: string | null;
  subject?: string | null;
  /** The service page's id, for service inquiries. */
  service?: string | null;
  /** The signed-in sender, when there is one. */
  userId?: string | null;
  /** The listing it is about ("Ask about this property"), when there is one. */
  propertyId?: string | null;
};

/**
 * Stores one inquiry with status 'pending'. In the same transaction: its lead (complaints aside),
 * and for one about a listing, a notification (to the listing's agent, else the admins) and the
 * owner's e-mail (issue 47: no contact details, their switch decides).
 */
export async function createInquiry(input: NewInquiry) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(inquiries)
      .values({ ...input, status: "pending" })
      .returning({ id: inquiries.id, createdAt: inquiries.createdAt });
    if (!row) throw new Error("inquiry insert returned nothing");
    // Every inquiry but a complaint is a lead (issue 47); one about a listing is counted in its
    // figures and e-mailed to its agent by inquiry.received (so the lead's own e-mail is not).
    if (input.source !== "complaint") {
      await recordLead(tx, {
        source: "inquiry",
        inquiryId: row.id,
        name: input.name,
        phone: input.phone,
        email: input.email,
        propertyId: input.propertyId,
        agentTold: Boolean(input.propertyId),
      });
    }
    if (input.propertyId) {
      await notify(tx, { kind: "inquiry.received", inquiryId: row.id });
      await notifyOwnerOfInterest(tx, input.propertyId, {
        event: "inquiry",
        day: lagosToday(row.createdAt),
      });
    }
    return row;
  });
}

export type CustomerInquiry = {
  id: string;
  source: InquirySource;
  subject: string | null;
  description: string;
  status: InquiryStatus;
  response: string | null;
  respondedAt: Date | null;
  createdAt: Date;
};

/** The customer's own inquiries of the given kinds, newest first. */
export async function listInquiriesForUser(
  userId: string,
  options: { sources?: InquirySource[]; limit?: number } = {},
): Promise<CustomerInquiry[]> {
  const query = db
    .select({
      id: inquiries.id,
      source: inquiries.source,
      subject: inquiries.subject,
      description: inquiries.description,
      status: inquiries.status,
      response: inquiries.response,
      respondedAt: inquiries.respondedAt,
      createdAt: inquiries.createdAt,
    })
    .from(inquiries)
    .where(
      and(
        eq(inquiries.userId, userId),
        options.sources ? inArray(inquiries.source, options.sources) : undefined,
      ),
    )
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id));
  return options.limit === undefined ? query : query.limit(options.limit);
}

// ---------------------------------------------------------------------------
// Staff answers (the admin Inquiries screen).

/**
 * The inquiries a staff member handles: an admin all of them, an agent those about the listings
 * assigned to them (issue 21), in SQL like their viewings.
 */
export function getInquiryScope(actor: AdminActor): SQL | undefined {
  if (actor.role !== "agent") return undefined;
  return inArray(
    inquiries.propertyId,
    db.select({ id: properties.id }).from(properties).where(eq(properties.agentId, actor.id)),
  );
}

// The caller has already checked that the user is staff (requireAdmin); the staff member's id is
// recorded as responded_by.

export type RespondResult =
  | Outcome<{ inquiry: { id: string; status: InquiryStatus; respondedAt: Date } }, InquiryRefusal>
  | Stale;

/**
 * The version of what the inquiry screen's forms change (its status and response): a form
 * opened at an older one writes nothing (issue 23: no lost update).
 */
export function inquiryVersion(row: { status: InquiryStatus; response: string | null }) {
  return recordVersion({ status: row.status, response: row.response });
}

const INQUIRY_WRITES = ["inquiry.respond", "inquiry.status"] as const;

function isResponseStatus(value: unknown): value is ResponseStatus {
  return (RESPONSE_STATUSES as readonly unknown[]).includes(value);
}

/**
 * Records an admin's response: status 'answered' (or the chosen in-progress/resolved/rejected),
 * the text, who and when. A response, once given, is read-only: a second one is refused, even
 * when two admins answer at the same moment (the update only matches an unanswered row).
 * A refusal's message is INQUIRY_RESPONSE_MESSAGES[reason] (~/lib/schemas/inquiry). A stored
 * response notifies the inquiry's sender (the e-mail commits with it).
 */
export async function respondToInquiry(
  actor: AdminActor,
  inquiryId: string,
  input: { response: string; status?: ResponseStatus; expectedVersion?: string },
): Promise<RespondResult> {
  if (!isUuid(inquiryId)) return refused("not-found");
  const response = input.response.trim();
  const status = input.status ?? "answered";
  if (!isResponseStatus(status)) return refused("bad-status");

  return auditedWrite<RespondResult>(actor, "inquiry.respond", async (tx) => {
    // Locked, so of two admins answering at the same moment one is told it is already answered.
    const [existing] = await tx
      .select({ status: inquiries.status, response: inquiries.response })
      .from(inquiries)
      .where(and(eq(inquiries.id, inquiryId), getInquiryScope(actor)))
      .for("update");
    if (!existing) return { result: refused("not-found") };
    if (
      isStale(input.expectedVersion, { status: existing.status, response: existing.response }) &&
      existing.response === null
    )
      return { result: await staleOutcome(tx, "inquiry", inquiryId, INQUIRY_WRITES) };
    if (existing.response !== null) return { result: refused("already-answered") };
    if (!response) return { result: refused("missing-response") };
    if (response.length > INQUIRY_RESPONSE_MAX_LENGTH) {
      return { result: refused("response-too-long") };
    }

    const now = new Date();
    const [row] = await tx
      .update(inquiries)
      .set({ status, response, respondedAt: now, respondedBy: actor.id, updatedAt: now })
      .where(and(eq(inquiries.id, inquiryId), isNull(inquiries.response)))
      .returning({
        id: inquiries.id,
        status: inquiries.status,
        respondedAt: inquiries.respondedAt,
      });
    if (!row) return { result: refused("already-answered") };

    await notify(tx, { kind: "inquiry.answered", inquiryId });
    logger.info({ inquiryId, adminUserId: actor.id, status }, "Inquiry answered");
    return {
      result: {
        ok: true,
        inquiry: { id: row.id, status: row.status, respondedAt: row.respondedAt ?? now },
      },
      audit: {
        entityId: inquiryId,
        before: { status: existing.status, response: null },
        after: { status: row.status, response, respondedBy: actor.id },
      },
    };
  });
}

export type InquiryForMail = {
  id: string;
  source: InquirySource;
  name: string | null;
  email: string;
  subject: string | null;
  description: string;
  response: string | null;
  userId: string | null;
  phone: string | null;
  propertyId: string | null;
  propertyTitle: string | null;
  /** The listing's reference code (issue 45). */
  propertyCode: string | null;
};

/** What the response e-mail shows about one inquiry, or undefined for an unknown id. */
export async function getInquiryForMail(
  id: string,
  executor: Executor = db,
): Promise<InquiryForMail | undefined> {
  if (!isUuid(id)) return undefined;
  const { source, name, email, subject, description, response, userId, phone, propertyId } =
    getTableColumns(inquiries);
  const [row] = await executor
    .select({
      id: inquiries.id,
      source,
      name,
      email,
      subject,
      description,
      response,
      userId,
      phone,
      propertyId,
      propertyTitle: properties.title,
      propertyCode: properties.referenceCode,
    })
    .from(inquiries)
    .leftJoin(properties, eq(properties.id, inquiries.propertyId))
    .where(eq(inquiries.id, id))
    .limit(1);
  return row;
}

export type SetStatusResult =
  | Outcome<
      { inquiry: { id: string; status: InquiryStatus } },
      "not-found" | "bad-status" | "missing-response"
    >
  | Stale;

/**
 * Sets an inquiry's status (pending, in-progress, resolved, rejected; 'answered' only once it
 * has a response, since that status means the sender was answered).
 */
export async function setInquiryStatus(
  actor: AdminActor,
  inquiryId: string,
  status: InquiryStatus,
  expectedVersion?: string,
): Promise<SetStatusResult> {
  if (!isUuid(inquiryId)) return refused("not-found");
  if (!(inquiries.status.enumValues as readonly unknown[]).includes(status)) {
    return refused("bad-status");
  }
  return auditedWrite<SetStatusResult>(actor, "inquiry.status", async (tx) => {
    const [current] = await tx
      .select({ status: inquiries.status, response: inquiries.response })
      .from(inquiries)
      .where(and(eq(inquiries.id, inquiryId), getInquiryScope(actor)))
      .for("update");
    if (!current) return { result: refused("not-found") };
    if (isStale(expectedVersion, { status: current.status, response: current.response }))
      return { result: await staleOutcome(tx, "inquiry", inquiryId, INQUIRY_WRITES) };
    // 'answered' without a response would tell the customer they were answered.
    if (status === "answered" && current.response === null) {
      return { result: refused("missing-response") };
    }
    await tx
      .update(inquiries)
      .set({ status, updatedAt: new Date() })
      .where(eq(inquiries.id, inquiryId));
    logger.info({ inquiryId, adminUserId: actor.id, status }, "Inquiry status changed");
    return {
      result: { ok: true, inquiry: { id: inquiryId, status } },
      audit: { entityId: inquiryId, before: { status: current.status }, after: { status } },
    };
  });
}

function refused<Reason extends InquiryRefusal>(reason: Reason) {
  return { ok: false, reason } as const;
}
