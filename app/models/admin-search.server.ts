import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { containsText, containsTextOrPhone } from "~/db/like.server";
import { appointments, inquiries, properties, users } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { normalizeListingCode } from "~/lib/listing-code";
import { APPOINTMENT_SUMMARY } from "./admin-dashboard.server";

/** What an appointment search matches (name, e-mail, property type), as its trigram index has it. */
export const APPOINTMENT_SEARCH_TEXT = sql`${appointments.fullName} || ' ' || ${appointments.email} || ' ' || coalesce(${appointments.propertyType}, '')`;

/** What an inquiry search matches (name, e-mail, subject), as its trigram index has it. */
export const INQUIRY_SEARCH_TEXT = sql`coalesce(${inquiries.name}, '') || ' ' || ${inquiries.email} || ' ' || coalesce(${inquiries.subject}, '')`;

/** An appointment whose name, e-mail, property type or phone number (any spelling) matches. */
export function appointmentMatches(q: string) {
  return containsTextOrPhone(APPOINTMENT_SEARCH_TEXT, [appointments.phoneNormalized], q);
}

/** An inquiry whose name, e-mail, subject or phone number (any spelling) matches. */
export function inquiryMatches(q: string) {
  return containsTextOrPhone(INQUIRY_SEARCH_TEXT, [inquiries.phoneNormalized], q);
}

/** The text an account search matches (name and e-mail), as the users trigram index has it. */
export const USER_SEARCH_TEXT = sql`${users.name} || ' ' || ${users.email}`;

/** An account whose name, e-mail or phone number (any spelling) matches. */
export function userMatches(q: string) {
  return containsTextOrPhone(USER_SEARCH_TEXT, [users.phoneNormalized], q);
}

// The admin header's search: properties (not those in the trash) by title or location, appointments and inquiries by
// name, e-mail or phone number, users by name, e-mail or phone number (issue 47). Each match is the same expression as its table's
// trigram index, so the search stays fast as the tables grow.

/** Results per kind: the search is for finding a record, not for listing. */
export const SEARCH_RESULTS_PER_KIND = 8;

export const MIN_SEARCH_LENGTH = 2;

export type AdminSearchResults = Awaited<ReturnType<typeof searchAdmin>>;

export async function searchAdmin(_actor: AdminActor, q: string) {
  if (q.length < MIN_SEARCH_LENGTH) {
    return { properties: [], appointments: [], inquiries: [], users: [] };
  }
  const limit = SEARCH_RESULTS_PER_KIND;
  // A listing's reference code, however typed, finds it too (issue 45).
  const code = normalizeListingCode(q);
  const propertyText = containsText(
    sql`${properties.title} || ' ' || ${properties.address} || ' ' || ${properties.city}`,
    q,
  );
  const [propertyRows, appointmentRows, inquiryRows, userRows] = await Promise.all([
    db
      .select({
        id: properties.id,
        title: properties.title,
        referenceCode: properties.referenceCode,
        city: properties.city,
        address: properties.address,
        purpose: properties.purpose,
        price: properties.price,
        rentPeriod: properties.rentPeriod,
      })
      .from(properties)
      .where(
        and(
          // A listing in the trash is not one to work on: the trash has its own search.
          isNull(properties.deletedAt),
          code ? or(eq(properties.referenceCode, code), propertyText) : propertyText,
        ),
      )
      .orderBy(desc(properties.createdAt), desc(properties.id))
      .limit(limit),
    db
      .select(APPOINTMENT_SUMMARY)
      .from(appointments)
      .where(appointmentMatches(q))
      .orderBy(desc(appointments.createdAt), desc(appointments.id))
      .limit(limit),
    db
      .select({
        id: inquiries.id,
        name: inquiries.name,
        email: inquiries.email,
        subject: inquiries.subject,
        source: inquiries.source,
        status: inquiries.status,
        createdAt: inquiries.createdAt,
      })
      .from(inquiries)
      .where(inquiryMatches(q))
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(limit),
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        role: users.role,
        status: users.status,
      })
      .from(users)
      .where(userMatches(q))
      .orderBy(desc(users.createdAt), users.id)
      .limit(limit),
  ]);
  return {
    properties: propertyRows,
    appointments: appointmentRows,
    inquiries: inquiryRows,
    users: userRows,
  };
}
