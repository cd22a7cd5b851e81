import { and, count, desc, eq, getTableColumns, inArray, isNotNull, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { inquiries } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import {
  INQUIRY_RESPONSE_MAX_LENGTH,
  type InquiryRefusal,
  RESPONSE_STATUSES,
  type ResponseStatus,
} from "~/lib/schemas/inquiry";

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
};

/** Stores one inquiry with status 'pending'. */
export async function createInquiry(input: NewInquiry) {
  const [row] = await db
    .insert(inquiries)
    .values({ ...input, status: "pending" })
    .returning({ id: inquiries.id, createdAt: inquiries.createdAt });
  if (!row) throw new Error("inquiry insert returned nothing");
  return row;
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

export async function countInquiriesForUser(
  userId: string,
  options: { sources?: InquirySource[] } = {},
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(inquiries)
    .where(
      and(
        eq(inquiries.userId, userId),
        options.sources ? inArray(inquiries.source, options.sources) : undefined,
      ),
    );
  return row?.n ?? 0;
}

// ---------------------------------------------------------------------------
// Staff answers (the admin Inquiries screen). The caller has already checked that the user is
// an admin (requireAdmin); the admin's id is recorded as responded_by.

export type RespondResult = Outcome<
  { inquiry: { id: string; status: InquiryStatus; respondedAt: Date } },
  InquiryRefusal
>;

function isResponseStatus(value: unknown): value is ResponseStatus {
  return (RESPONSE_STATUSES as readonly unknown[]).includes(value);
}

/**
 * Records an admin's response: status 'answered' (or the chosen in-progress/resolved/rejected),
 * the text, who and when. A response, once given, is read-only: a second one is refused, even
 * when two admins answer at the same moment (the update only matches an unanswered row).
 * A refusal's message is INQUIRY_RESPONSE_MESSAGES[reason] (~/lib/schemas/inquiry). Sends
 * nothing: on success the caller e-mails the sender (sendInquiryResponseEmail in
 * ~/mail/inquiry-mail.server).
 */
export async function respondToInquiry(
  adminUserId: string,
  inquiryId: string,
  input: { response: string; status?: ResponseStatus },
): Promise<RespondResult> {
  if (!isUuid(inquiryId)) return refused("not-found");
  const response = input.response.trim();
  const status = input.status ?? "answered";
  if (!isResponseStatus(status)) return refused("bad-status");

  const [existing] = await db
    .select({ response: inquiries.response })
    .from(inquiries)
    .where(eq(inquiries.id, inquiryId));
  if (!existing) return refused("not-found");
  if (existing.response !== null) return refused("already-answered");
  if (!response) return refused("missing-response");
  if (response.length > INQUIRY_RESPONSE_MAX_LENGTH) return refused("response-too-long");

  const now = new Date();
  const [row] = await db
    .update(inquiries)
    .set({ status, response, respondedAt: now, respondedBy: adminUserId, updatedAt: now })
    .where(and(eq(inquiries.id, inquiryId), isNull(inquiries.response)))
    .returning({ id: inquiries.id, status: inquiries.status, respondedAt: inquiries.respondedAt });
  // Another admin's response landed between the read and the update.
  if (!row) return refused("already-answered");

  logger.info({ inquiryId, adminUserId, status }, "Inquiry answered");

  return {
    ok: true,
    inquiry: { id: row.id, status: row.status, respondedAt: row.respondedAt ?? now },
  };
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
};

/** What the response e-mail shows about one inquiry, or undefined for an unknown id. */
export async function getInquiryForMail(id: string): Promise<InquiryForMail | undefined> {
  if (!isUuid(id)) return undefined;
  const { source, name, email, subject, description, response, userId } =
    getTableColumns(inquiries);
  const [row] = await db
    .select({ id: inquiries.id, source, name, email, subject, description, response, userId })
    .from(inquiries)
    .where(eq(inquiries.id, id))
    .limit(1);
  return row;
}

export type SetStatusResult = Outcome<
  { inquiry: { id: string; status: InquiryStatus } },
  "not-found" | "bad-status" | "missing-response"
>;

/**
 * Sets an inquiry's status (pending, in-progress, resolved, rejected; 'answered' only once it
 * has a response, since that status means the sender was answered).
 */
export async function setInquiryStatus(
  adminUserId: string,
  inquiryId: string,
  status: InquiryStatus,
): Promise<SetStatusResult> {
  if (!isUuid(inquiryId)) return refused("not-found");
  if (!(inquiries.status.enumValues as readonly unknown[]).includes(status)) {
    return refused("bad-status");
  }
  const [row] = await db
    .update(inquiries)
    .set({ status, updatedAt: new Date() })
    .where(
      and(
        eq(inquiries.id, inquiryId),
        // 'answered' without a response would tell the customer they were answered.
        status === "answered" ? isNotNull(inquiries.response) : undefined,
      ),
    )
    .returning({ id: inquiries.id, status: inquiries.status });
  if (row) {
    logger.info({ inquiryId, adminUserId, status }, "Inquiry status changed");
    return { ok: true, inquiry: row };
  }
  const [exists] = await db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(eq(inquiries.id, inquiryId));
  // 'answered' for an inquiry without a response.
  return refused(exists ? "missing-response" : "not-found");
}

function refused<Reason extends InquiryRefusal>(reason: Reason) {
  return { ok: false, reason } as const;
}
