import { and, asc, count, desc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { appointments, inquiries, properties, users } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import { pageCountOf } from "~/lib/list-params";
import { inquiryMatches } from "./admin-search.server";
import {
  getInquiryScope,
  type InquirySource,
  type InquiryStatus,
  inquiryVersion,
} from "./inquiry.server";

// /admin/complaints (Inquiries Management): contact messages, service inquiries and complaints,
// searched, filtered and paged in SQL; one inquiry with who answered it and what else its sender
// wrote or booked. Answering and status changes are respondToInquiry and setInquiryStatus
// (./inquiry.server), which write the audit row.

export type AdminInquiryFilters = {
  /** Name, e-mail or subject contains this (case-insensitive). */
  q?: string;
  status?: InquiryStatus;
  source?: InquirySource;
};

function whereOf(actor: AdminActor, filters: AdminInquiryFilters): SQL | undefined {
  const conditions: SQL[] = [];
  const scope = getInquiryScope(actor);
  if (scope) conditions.push(scope);
  if (filters.q) conditions.push(inquiryMatches(filters.q));
  if (filters.status) conditions.push(eq(inquiries.status, filters.status));
  if (filters.source) conditions.push(eq(inquiries.source, filters.source));
  return conditions.length ? and(...conditions) : undefined;
}

export async function listInquiriesForAdmin(
  actor: AdminActor,
  filters: AdminInquiryFilters,
  list: { direction: "asc" | "desc"; page: number; pageSize: number },
) {
  const where = whereOf(actor, filters);
  const [totalRow] = await db.select({ n: count() }).from(inquiries).where(where);
  const total = totalRow?.n ?? 0;
  const page = Math.min(list.page, pageCountOf(total, list.pageSize));
  const by = list.direction === "asc" ? asc : desc;
  const rows = await db
    .select({
      id: inquiries.id,
      source: inquiries.source,
      subject: inquiries.subject,
      service: inquiries.service,
      name: inquiries.name,
      email: inquiries.email,
      status: inquiries.status,
      createdAt: inquiries.createdAt,
      propertyId: inquiries.propertyId,
      propertyTitle: properties.title,
      propertyCode: properties.referenceCode,
    })
    .from(inquiries)
    .leftJoin(properties, eq(properties.id, inquiries.propertyId))
    .where(where)
    .orderBy(by(inquiries.createdAt), by(inquiries.id))
    .limit(list.pageSize)
    .offset((page - 1) * list.pageSize);
  return { rows, total, page };
}

const responder = alias(users, "responder");

/** Same sender: the same account, or the same e-mail whatever its case. */
function sameSender(
  email: string,
  userId: string | null,
  table: typeof inquiries | typeof appointments,
) {
  const byEmail = sql`lower(${table.email}) = lower(${email})`;
  return userId ? or(byEmail, eq(table.userId, userId)) : byEmail;
}

/** How many of the sender's other inquiries and bookings the details show. */
export const SENDER_HISTORY_LIMIT = 10;

/** One inquiry for staff, with its responder and its sender's other inquiries and bookings. */
export async function getInquiryForAdmin(actor: AdminActor, id: string) {
  if (!isUuid(id)) return undefined;
  const [inquiry] = await db
    .select({
      id: inquiries.id,
      source: inquiries.source,
      name: inquiries.name,
      email: inquiries.email,
      phone: inquiries.phone,
      subject: inquiries.subject,
      service: inquiries.service,
      description: inquiries.description,
      status: inquiries.status,
      response: inquiries.response,
      respondedAt: inquiries.respondedAt,
      respondedByName: responder.name,
      respondedByEmail: responder.email,
      userId: inquiries.userId,
      createdAt: inquiries.createdAt,
      propertyId: inquiries.propertyId,
      propertyTitle: properties.title,
      propertyCode: properties.referenceCode,
    })
    .from(inquiries)
    .leftJoin(responder, eq(responder.id, inquiries.respondedBy))
    .leftJoin(properties, eq(properties.id, inquiries.propertyId))
    .where(and(eq(inquiries.id, id), getInquiryScope(actor)))
    .limit(1);
  if (!inquiry) return undefined;
  const [otherInquiries, bookings] = await Promise.all([
    db
      .select({
        id: inquiries.id,
        source: inquiries.source,
        subject: inquiries.subject,
        status: inquiries.status,
        createdAt: inquiries.createdAt,
      })
      .from(inquiries)
      .where(
        and(
          ne(inquiries.id, id),
          sameSender(inquiry.email, inquiry.userId, inquiries),
          getInquiryScope(actor),
        ),
      )
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(SENDER_HISTORY_LIMIT),
    db
      .select({
        id: appointments.id,
        appointmentDate: appointments.appointmentDate,
        appointmentTime: appointments.appointmentTime,
        propertyType: appointments.propertyType,
        status: appointments.status,
      })
      .from(appointments)
      .where(
        and(
          sameSender(inquiry.email, inquiry.userId, appointments),
          actor.role === "agent" ? eq(appointments.agentId, actor.id) : undefined,
        ),
      )
      .orderBy(desc(appointments.createdAt), desc(appointments.id))
      .limit(SENDER_HISTORY_LIMIT),
  ]);
  return { ...inquiry, otherInquiries, bookings, version: inquiryVersion(inquiry) };
}

export type AdminInquiry = NonNullable<Awaited<ReturnType<typeof getInquiryForAdmin>>>;
