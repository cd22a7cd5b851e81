import { and, asc, eq, sql } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { agentRota, officeSettings, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { AdminActor } from "~/lib/admin-actor";
import type { GeneralBookings } from "~/lib/general-bookings";

// Where a general booking (one with no listing) goes (issue 21, item 3): to the admins, or, with
// the rota, to the active agents in turn. The turn is decided inside the booking's transaction:
// it locks the office's settings row (one row, so every booking of every server instance on
// PostgreSQL waits for the one before), takes the active agent whose last rota booking is the
// oldest (never given one first), and stamps them. Two bookings at once therefore go to two
// agents, and an agent added later is next in line.

/** The office's choice for general bookings ("admins" until one is saved). */
export async function getGeneralBookings(_actor: AdminActor): Promise<GeneralBookings> {
  const [row] = await db
    .select({ generalBookings: officeSettings.generalBookings })
    .from(officeSettings)
    .where(eq(officeSettings.id, 1));
  return row?.generalBookings ?? "admins";
}

/** Saves where general bookings go, audited (settings.general-bookings). */
export async function setGeneralBookings(actor: AdminActor, to: GeneralBookings) {
  return auditedWrite(actor, "settings.general-bookings", async (tx) => {
    const [before] = await tx
      .select({ generalBookings: officeSettings.generalBookings })
      .from(officeSettings)
      .where(eq(officeSettings.id, 1))
      .for("update");
    await tx
      .insert(officeSettings)
      .values({ id: 1, generalBookings: to })
      .onConflictDoUpdate({
        target: officeSettings.id,
        set: { generalBookings: to, updatedAt: new Date() },
      });
    return {
      result: { ok: true as const },
      audit: {
        entityId: null,
        before: { generalBookings: before?.generalBookings ?? "admins" },
        after: { generalBookings: to },
      },
    };
  });
}

/**
 * Inside a general booking's transaction: the agent whose turn it is (stamped as given it now),
 * or null when the office sends general bookings to the admins or has no active agent.
 */
export async function takeRotaAgent(tx: Executor, now = new Date()): Promise<string | null> {
  const [settings] = await tx
    .select({ generalBookings: officeSettings.generalBookings })
    .from(officeSettings)
    .where(eq(officeSettings.id, 1))
    .for("update");
  if (settings?.generalBookings !== "rota") return null;
  const [next] = await tx
    .select({ id: users.id })
    .from(users)
    .leftJoin(agentRota, eq(agentRota.userId, users.id))
    .where(and(eq(users.role, "agent"), eq(users.status, "active")))
    .orderBy(sql`${agentRota.lastAssignedAt} asc nulls first`, asc(users.id))
    .limit(1);
  if (!next) return null;
  await tx
    .insert(agentRota)
    .values({ userId: next.id, lastAssignedAt: now })
    .onConflictDoUpdate({ target: agentRota.userId, set: { lastAssignedAt: now } });
  return next.id;
}
