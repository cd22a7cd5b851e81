import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appointments, properties, teamMembers, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";

// The agent of a listing (issue 21, item 2): a staff account with role agent, shown on the
// property page under the team member linked to it (name, photo, phone), else under the
// account's own name and phone. An inactive account is no one's agent: the page falls back to
// the company's contacts and its viewings go to the admins.

export type ListingAgent = {
  id: string;
  name: string;
  position: string | null;
  imageUrl: string | null;
  phone: string | null;
  email: string;
};

/** The active agent behind `agentId`, as the property page shows them; undefined if none. */
export async function getListingAgent(agentId: string | null): Promise<ListingAgent | undefined> {
  if (!agentId) return undefined;
  const [row] = await db
    .select({
      id: users.id,
      accountName: users.name,
      accountPhone: users.phone,
      email: users.email,
      memberName: teamMembers.name,
      position: teamMembers.position,
      imageUrl: teamMembers.imageUrl,
      memberPhone: teamMembers.phone,
    })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .where(and(eq(users.id, agentId), eq(users.role, "agent"), eq(users.status, "active")))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.memberName || row.accountName || row.email,
    position: row.position,
    imageUrl: row.imageUrl,
    phone: row.memberPhone || row.accountPhone,
    email: row.email,
  };
}

/** The agents a listing or a viewing may be given to (active agent accounts), by name. */
export async function listActiveAgents(): Promise<{ id: string; name: string }[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.role, "agent"), eq(users.status, "active")))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((row) => ({ id: row.id, name: row.name || row.email }));
}

/** Inside a booking: the listing's agent if it has an active one, else null (the admins). */
export async function activeAgentOfListing(
  tx: Executor,
  propertyId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ id: users.id })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.agentId))
    .where(and(eq(properties.id, propertyId), eq(users.role, "agent"), eq(users.status, "active")))
    .limit(1);
  return row?.id ?? null;
}

/** The active agent a viewing is given to, for its e-mails; undefined: the admins handle it. */
export async function getAgentOfAppointment(
  executor: Executor,
  appointmentId: string,
): Promise<{ email: string; name: string } | undefined> {
  const [row] = await executor
    .select({ email: users.email, name: users.name })
    .from(appointments)
    .innerJoin(users, eq(users.id, appointments.agentId))
    .where(
      and(eq(appointments.id, appointmentId), eq(users.role, "agent"), eq(users.status, "active")),
    )
    .limit(1);
  return row;
}

/** Inside a write: whether `id` is an active agent account (a listing or viewing may get it). */
export async function isActiveAgent(tx: Executor, id: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, "agent"), eq(users.status, "active")))
    .limit(1);
  return Boolean(row);
}

/** The active agent of a listing, for its e-mails; undefined: the admins handle it. */
export async function getAgentOfListing(
  executor: Executor,
  propertyId: string,
): Promise<{ email: string; name: string } | undefined> {
  const [row] = await executor
    .select({ email: users.email, name: users.name })
    .from(properties)
    .innerJoin(users, eq(users.id, properties.agentId))
    .where(and(eq(properties.id, propertyId), eq(users.role, "agent"), eq(users.status, "active")))
    .limit(1);
  return row;
}
