import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agentProfiles, appointments, properties, teamMembers, users } from "~/db/schema";
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
  /** The number to call: the official phone (issue 45), else the card's, else the account's. */
  phone: string | null;
  /** The official WhatsApp line, if the office entered one (else chats go to `phone`). */
  whatsapp: string | null;
  /** The public e-mail (never the sign-in address unless the office ticked it), or null. */
  email: string | null;
  /** Their profile page's slug (/agents/:slug), or null before they have a profile. */
  slug: string | null;
};

/** The active agent behind `agentId`, as the property page shows them; undefined if none. */
export async function getListingAgent(
  agentId: string | null,
  executor: Executor = db,
): Promise<ListingAgent | undefined> {
  if (!agentId) return undefined;
  const [row] = await executor
    .select({
      id: users.id,
      accountName: users.name,
      accountPhone: users.phone,
      email: users.email,
      memberName: teamMembers.name,
      position: teamMembers.position,
      imageUrl: teamMembers.imageUrl,
      memberPhone: teamMembers.phone,
      slug: agentProfiles.slug,
      officialPhone: agentProfiles.officialPhone,
      officialWhatsapp: agentProfiles.officialWhatsapp,
      publicEmail: agentProfiles.publicEmail,
      publicEmailIsSignIn: agentProfiles.publicEmailIsSignIn,
    })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(and(eq(users.id, agentId), eq(users.role, "agent"), eq(users.status, "active")))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    name: row.memberName || row.accountName || row.email,
    position: row.position,
    imageUrl: row.imageUrl,
    phone: row.officialPhone || row.memberPhone || row.accountPhone,
    whatsapp: row.officialWhatsapp,
    email: publicEmailOf(row),
    slug: row.slug,
  };
}

/** The e-mail the public sees: the sign-in address only when the office said so. */
export function publicEmailOf(row: {
  email: string;
  publicEmail: string | null;
  publicEmailIsSignIn: boolean | null;
}): string | null {
  return row.publicEmailIsSignIn ? row.email : row.publicEmail || null;
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

/** Why an account cannot be given a listing or a viewing. */
export type AgentRefusal = "unknown-agent" | "not-agent" | "inactive-agent";

/** The message each refusal shows beside the agent's choice (or as its toast). */
export const AGENT_REFUSAL_MESSAGES: Record<AgentRefusal, string> = {
  "unknown-agent": "That staff account does not exist. Choose an agent from the list.",
  "not-agent": "That account is not an agent. Choose an agent from the list.",
  "inactive-agent": "That agent's account is deactivated. Choose an active agent.",
};

/**
 * Inside a write: the account `id` if it may be given work (an active agent), else why not. Its
 * row is share-locked until the write commits, so a deactivation running at the same moment
 * (which hands the agent's open work back to the admins) waits for it and then finds this work.
 */
export async function lockAgentForAssignment(
  tx: Executor,
  id: string,
): Promise<
  { ok: true; agent: { id: string; label: string } } | { ok: false; reason: AgentRefusal }
> {
  const [row] = await tx
    .select({
      id: users.id,
      role: users.role,
      status: users.status,
      name: users.name,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, id))
    .for("share");
  if (!row) return { ok: false, reason: "unknown-agent" };
  if (row.role !== "agent") return { ok: false, reason: "not-agent" };
  if (row.status !== "active") return { ok: false, reason: "inactive-agent" };
  return { ok: true, agent: { id: row.id, label: agentLabel(row) } };
}

/** Why `id` could not be given work now (read only, for a question before the write), or null. */
export async function agentRefusalOf(id: string): Promise<AgentRefusal | null> {
  const [row] = await db
    .select({ role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, id));
  if (!row) return "unknown-agent";
  if (row.role !== "agent") return "not-agent";
  return row.status === "active" ? null : "inactive-agent";
}

/** How the audit log and a history entry name an agent: "Name <e-mail>". */
export function agentLabel(row: { name: string; email: string }): string {
  return row.name.trim() ? `${row.name.trim()} <${row.email}>` : row.email;
}

/** An active agent's name and e-mail by id (for their e-mails), undefined otherwise. */
export async function getActiveAgent(
  executor: Executor,
  id: string,
): Promise<{ email: string; name: string } | undefined> {
  const [row] = await executor
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.id, id), eq(users.role, "agent"), eq(users.status, "active")))
    .limit(1);
  return row;
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
