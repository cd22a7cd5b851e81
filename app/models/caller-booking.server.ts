import { and, asc, eq, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appointments, properties, users } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { isUuid } from "~/lib/ids";
import { COMPANY_NAME } from "~/lib/site";
import { type ViewingMessage, viewingMessage } from "~/lib/viewing-message";
import { activeAgentOfListing, getListingAgent } from "./listing-agent.server";
import { ON_SITE } from "./property.server";
import { getContactDetails } from "./site-content.server";

// Staff booking for a caller (issue 47 item 2), the parts the New appointment screen and a
// viewing's screen need beyond the booking itself: the property picker (code, title, area and
// agent, searched in the database) and the text to send the caller.

/** How many listings the picker shows at once: type to narrow the rest. */
export const PICKER_LIMIT = 50;

export type PickerProperty = {
  id: string;
  code: string;
  title: string;
  city: string;
  /** The listing's agent, or null: the office shows it. */
  agentName: string | null;
};

/** An agent books only for their own listings; the office for any listing on the site. */
function bookableBy(actor: Pick<AdminActor, "id" | "role">) {
  return actor.role === "agent" ? and(ON_SITE, eq(properties.agentId, actor.id)) : ON_SITE;
}

/**
 * The listings staff may book for, by title, matching `q` in the code, title, address, area or
 * agent's name (any case); `chosen` is kept first whatever `q` says, so a search never drops the
 * listing already picked. At most PICKER_LIMIT; `more` says there are others.
 */
export async function searchBookableProperties(
  actor: Pick<AdminActor, "id" | "role">,
  { q = "", chosen = "" }: { q?: string; chosen?: string } = {},
): Promise<{ properties: PickerProperty[]; more: boolean }> {
  const needle = q
    .trim()
    .toLowerCase()
    .replace(/[\\%_]/g, (c) => `\\${c}`);
  const agentName = sql<
    string | null
  >`nullif(coalesce(nullif(trim(${users.name}), ''), ${users.email}), '')`;
  const haystack = sql`lower(${properties.referenceCode} || ' ' || ${properties.title} || ' ' || ${properties.address} || ' ' || ${properties.city} || ' ' || coalesce(${users.name}, ''))`;
  const picked = isUuid(chosen) ? sql`${properties.id} = ${chosen}` : undefined;
  const rows = await db
    .select({
      id: properties.id,
      code: properties.referenceCode,
      title: properties.title,
      city: properties.city,
      agentName,
    })
    .from(properties)
    .leftJoin(users, eq(users.id, properties.agentId))
    .where(
      and(
        bookableBy(actor),
        needle ? or(sql`${haystack} like ${`%${needle}%`}`, picked) : undefined,
      ),
    )
    .orderBy(
      ...(picked ? [sql`${picked} desc`] : []),
      asc(properties.title),
      asc(properties.referenceCode),
    )
    .limit(PICKER_LIMIT + 1);
  return { properties: rows.slice(0, PICKER_LIMIT), more: rows.length > PICKER_LIMIT };
}

/** Whose viewing a booking of the listing would be: its active agent, else null (the office). */
export function bookingAgentOf(propertyId: string): Promise<string | null> {
  return activeAgentOfListing(db, propertyId);
}

/**
 * The text to send the caller of an open viewing staff may see (an agent: their own), and its
 * WhatsApp link; undefined for an unknown one or a closed one (cancelled, completed).
 */
export async function getViewingMessage(
  actor: Pick<AdminActor, "id" | "role">,
  appointmentId: string,
): Promise<ViewingMessage | undefined> {
  if (!isUuid(appointmentId)) return undefined;
  const [row] = await db
    .select({
      fullName: appointments.fullName,
      phone: appointments.phone,
      status: appointments.status,
      appointmentDate: appointments.appointmentDate,
      appointmentTime: appointments.appointmentTime,
      viewingCode: appointments.viewingCode,
      agentId: appointments.agentId,
      code: properties.referenceCode,
      title: properties.title,
      address: properties.address,
      city: properties.city,
    })
    .from(appointments)
    .leftJoin(properties, eq(properties.id, appointments.propertyId))
    .where(
      and(
        eq(appointments.id, appointmentId),
        actor.role === "agent" ? eq(appointments.agentId, actor.id) : undefined,
      ),
    )
    .limit(1);
  if (!row || (row.status !== "pending" && row.status !== "confirmed")) return undefined;
  const agent = await getListingAgent(row.agentId);
  const office = agent ? undefined : await getContactDetails();
  return viewingMessage({
    customerName: row.fullName,
    customerPhone: row.phone,
    status: row.status,
    appointmentDate: row.appointmentDate,
    appointmentTime: row.appointmentTime,
    listing:
      row.code && row.title
        ? { code: row.code, title: row.title, address: row.address ?? "", city: row.city ?? "" }
        : null,
    agent: agent
      ? { name: agent.name, phone: agent.phone }
      : { name: `the ${COMPANY_NAME} office`, phone: office?.phones[0] ?? null },
    viewingCode: row.status === "confirmed" ? row.viewingCode : null,
  });
}
