import { eq } from "drizzle-orm";
import { requireAdmin } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { users } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { createSignedInUser } from "./accounts";
import { routeArgs } from "./route-calls";

// Admin fixtures: an admin account with a session, and the typed actor admin model functions
// take, made by the real guard (requireAdmin) from that session.

export type SignedInAdmin = { id: string; email: string; cookie: string; actor: AdminActor };

export async function createSignedInAdmin(
  email = "admin@example.com",
  options: { superAdmin?: boolean; name?: string } = {},
): Promise<SignedInAdmin> {
  const user = await createSignedInUser(email, options.name ?? "Ada Admin");
  await db
    .update(users)
    .set({ role: "admin", isSuperAdmin: options.superAdmin ?? false })
    .where(eq(users.id, user.id));
  const actor = await requireAdmin(routeArgs("/admin/dashboard", { cookie: user.cookie }));
  return { ...user, actor };
}

/**
 * The actor for an admin row a test inserted itself, for model tests that do not go through a
 * request. Routes and the authorization tests get theirs from requireAdmin (createSignedInAdmin).
 */
export function actorFor(admin: { id: string; email: string; name?: string }): AdminActor {
  return {
    id: admin.id,
    email: admin.email,
    name: admin.name ?? "Admin",
    isSuperAdmin: false,
    role: "admin",
    clientAddress: "127.0.0.1",
  } as AdminActor;
}

/** An agent account (issue 21) with a session, and its actor made by the real guard. */
export async function createSignedInAgent(
  email = "agent@example.com",
  options: { name?: string } = {},
): Promise<SignedInAdmin> {
  const user = await createSignedInUser(email, options.name ?? "Tunde Agent");
  await db.update(users).set({ role: "agent" }).where(eq(users.id, user.id));
  const actor = await requireAdmin(routeArgs("/admin/appointments", { cookie: user.cookie }));
  return { ...user, actor };
}
