import { eq, type SQL } from "drizzle-orm";
import { properties } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import { TRASH_DAYS } from "~/lib/admin-properties";

// Which listings an admin request reaches, shared by the catalogue's reads and writes
// (./admin-property-list, -photos, -write, -trash, -bulk).

/** When a listing trashed before this moment is due to go for good (purgeTrash). */
export function purgeCutoff(now = new Date()) {
  return new Date(now.getTime() - TRASH_DAYS * 24 * 60 * 60 * 1000);
}

/** An agent's listings are the ones assigned to them (app/lib/permissions.ts); staff see all. */
export function ownListings(actor: AdminActor): SQL | undefined {
  return actor.role === "agent" ? eq(properties.agentId, actor.id) : undefined;
}
