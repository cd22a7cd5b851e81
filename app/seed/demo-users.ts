import { createOrPromoteAdmin, registerAccount } from "~/auth/accounts.server";
import { markEmailVerified } from "~/models/email-verification.server";
import { countUsers, findUserByEmail } from "~/models/user.server";
import { seedDemoActivity } from "./demo-activity";
import { assignDemoAgents, DEMO_AGENT_PASSWORD, DEMO_AGENTS } from "./demo-agents";
import { seedDemoInbox } from "./demo-inbox";
import { seedDemoLeads } from "./demo-leads";
import { seedDemoOwner } from "./demo-owner";

// The demo accounts of a new installation: one super admin, one customer and one owner, with fixed
// passwords printed at start-up and listed in the README (and docs/accounts.md). Only for an empty account table.

export const DEMO_USERS = [
  {
    email: "admin@naijahomes.ng",
    password: "admin-demo-2024",
    firstName: "Demo",
    lastName: "Admin",
    kind: "super admin",
  },
  {
    email: "customer@naijahomes.ng",
    password: "customer-demo-2024",
    firstName: "Chidi",
    lastName: "Okafor",
    kind: "customer",
  },
  // A landlord who lists with the agency (issue 20): a live listing, one waiting, one sent back.
  {
    email: "owner@naijahomes.ng",
    password: "owner-demo-2024",
    firstName: "Funke",
    lastName: "Adeyemi",
    kind: "owner",
  },
  // Issue 21: three agents (demo-agents.ts); the first is the one the README names.
  ...DEMO_AGENTS.map((agent) => ({
    ...agent,
    password: DEMO_AGENT_PASSWORD,
    kind: "agent" as const,
  })),
] as const;

export type DemoCredential = { email: string; password: string; kind: string };

/**
 * Creates the demo accounts when there are no accounts at all; answers the credentials it
 * created (empty when there were accounts already).
 */
export async function seedDemoUsers(): Promise<DemoCredential[]> {
  if ((await countUsers()) > 0) return [];
  const created: DemoCredential[] = [];
  for (const user of DEMO_USERS) {
    if (user.kind === "super admin") {
      const { action } = await createOrPromoteAdmin({ ...user, superAdmin: true });
      if (action === "created") created.push(user);
    } else {
      // Another instance seeding at the same moment may have created it: "exists" is fine.
      const result = await registerAccount(user);
      if (!result.ok) continue;
      // Its address counts as confirmed, as a customer with a month of history would have
      // confirmed it: nobody reads that inbox, so the demo would otherwise ask, forever, for a
      // confirmation that can never come (ADR 8). No guest bookings exist yet to be claimed.
      await markEmailVerified(result.userId);
      created.push(user);
    }
  }
  // A brand-new demo customer gets a history to look at; an instance that lost the race to
  // create the accounts (or found them) leaves it alone.
  if (created.length === DEMO_USERS.length) {
    const [admin, customer, owner, ...agents] = await Promise.all(
      DEMO_USERS.map((u) => findUserByEmail(u.email)),
    );
    if (admin && customer) await seedDemoActivity({ customer, adminId: admin.id });
    if (admin && owner) await seedDemoOwner({ ownerId: owner.id, adminId: admin.id });
    await assignDemoAgents(agents.flatMap((agent) => (agent ? [agent.id] : [])));
    await seedDemoLeads();
    await seedDemoInbox();
  }
  return created;
}
