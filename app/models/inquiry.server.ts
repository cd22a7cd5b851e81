import { and, count, desc, eq, inArray } from "drizzle-orm";
import { db } from "~/db/client.server";
import { inquiries } from "~/db/schema";

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
