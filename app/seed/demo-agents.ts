import { and, asc, eq, isNotNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import {
  agentProfiles,
  appointments,
  listingConfirmations,
  properties,
  teamMembers,
  users,
} from "~/db/schema";
import { ensureAgentProfile } from "~/models/agent-profile.server";

// The demo agents (issue 21): three of the demo team are agents with accounts. Their listings
// are spread among them (every fourth stays with the office), each agent's team card is linked
// to their account, and the demo viewings of their listings are theirs.

/** The demo agents' accounts: first and last name are the demo team member they are. */
export const DEMO_AGENTS = [
  { email: "agent@naijahomes.ng", firstName: "Babatunde", lastName: "Adeyemi" },
  { email: "aisha@naijahomes.ng", firstName: "Aisha", lastName: "Bello" },
  { email: "ibrahim@naijahomes.ng", firstName: "Ibrahim", lastName: "Musa" },
] as const;

export const DEMO_AGENT_PASSWORD = "agent-demo-2024";

/**
 * What the office entered on each demo agent's profile (issue 45 item 3), in DEMO_AGENTS order.
 * The registration numbers are made up, in the shape the regulators print them.
 */
export const DEMO_AGENT_PROFILES = [
  {
    staffId: "NH-0142",
    lasreraNumber: "LASRERA/AG/2023/0142",
    esvarbonNumber: "NIESV/A/3318",
    officialPhone: "+234 802 555 1834",
    officialWhatsapp: "+234 802 555 1834",
    publicEmail: "babatunde.adeyemi@naijahomes.ng",
  },
  {
    staffId: "NH-0157",
    lasreraNumber: null,
    esvarbonNumber: "ESVARBON/R/2291",
    officialPhone: "+234 806 227 9010",
    officialWhatsapp: "+234 806 227 9010",
    publicEmail: "aisha.bello@naijahomes.ng",
  },
  {
    staffId: "NH-0163",
    lasreraNumber: null,
    esvarbonNumber: null,
    officialPhone: "+234 803 902 4417",
    officialWhatsapp: null,
    publicEmail: null,
  },
] as const;

/** Makes the accounts agents, links their team cards, spreads the listings and viewings. */
export async function assignDemoAgents(agentIds: readonly string[]) {
  if (agentIds.length === 0) return;
  await db.transaction(async (tx) => {
    for (const [i, id] of agentIds.entries()) {
      const demo = DEMO_AGENTS[i];
      const [member] = demo
        ? await tx
            .select({ id: teamMembers.id, phone: teamMembers.phone })
            .from(teamMembers)
            .where(eq(teamMembers.name, `${demo.firstName} ${demo.lastName}`))
            .limit(1)
        : [];
      await tx
        .update(users)
        .set({ role: "agent", phone: member?.phone ?? null })
        .where(eq(users.id, id));
      if (member) {
        await tx.update(teamMembers).set({ userId: id }).where(eq(teamMembers.id, member.id));
      }
      await ensureAgentProfile(tx, id);
      const profile = DEMO_AGENT_PROFILES[i];
      if (profile) {
        await tx.update(agentProfiles).set(profile).where(eq(agentProfiles.userId, id));
      }
    }
    const listings = await tx
      .select({ id: properties.id })
      .from(properties)
      .orderBy(asc(properties.createdAt), asc(properties.id));
    for (const [i, listing] of listings.entries()) {
      if (i % 4 === 3) continue;
      const agentId = agentIds[i % agentIds.length] ?? null;
      await tx.update(properties).set({ agentId }).where(eq(properties.id, listing.id));
    }
    // The availability of a listing with an agent was confirmed by its agent (issue 46).
    await tx
      .update(properties)
      .set({ availabilityConfirmedBy: sql`${properties.agentId}` })
      .where(isNotNull(properties.agentId));
    await tx
      .update(listingConfirmations)
      .set({
        confirmedBy: sql`(select ${properties.agentId} from ${properties} where ${properties.id} = ${listingConfirmations.propertyId})`,
      })
      .where(isNotNull(listingConfirmations.propertyId));
    // The viewings of a listing are its agent's.
    await tx
      .update(appointments)
      .set({
        agentId: sql`(select ${properties.agentId} from ${properties} where ${properties.id} = ${appointments.propertyId})`,
      })
      .where(and(isNotNull(appointments.propertyId)));
  });
}
