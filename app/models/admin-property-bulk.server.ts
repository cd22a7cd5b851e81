import { and, inArray, isNotNull, isNull } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { properties } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import type { BulkAction } from "~/lib/admin-properties";
import { isUuid } from "~/lib/ids";
import { ownListings } from "./admin-property-scope.server";
import { type AgentRefusal, lockAgentForAssignment } from "./listing-agent.server";

// The bulk actions of /admin/properties: one change to the listings ticked on the list (feature,
// status, the trash, their agent), and the trash's bulk Restore. Each is one auditedWrite
// (property.bulk) whose audit row lists the listings it changed.

/**
 * One change to several live listings at once; one audit row lists them. Answers how many
 * changed and which (a move to the trash's Undo restores exactly those).
 */
export async function bulkUpdateProperties(actor: AdminActor, ids: string[], action: BulkAction) {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return { ok: false as const, reason: "none-selected" as const };
  const change: Partial<typeof properties.$inferInsert> =
    action === "feature"
      ? { featured: true }
      : action === "unfeature"
        ? { featured: false }
        : action === "delete"
          ? { deletedAt: new Date() }
          : { status: action };
  return auditedWrite<
    { ok: true; count: number; ids: string[] } | { ok: false; reason: "none-selected" }
  >(actor, "property.bulk", async (tx) => {
    const rows = await tx
      .update(properties)
      .set({ ...change, updatedAt: new Date() })
      .where(and(inArray(properties.id, valid), isNull(properties.deletedAt), ownListings(actor)))
      .returning({ id: properties.id });
    if (rows.length === 0) return { result: { ok: false, reason: "none-selected" } };
    return {
      result: { ok: true, count: rows.length, ids: rows.map((r) => r.id) },
      audit: {
        entityId: null,
        before: null,
        after: { action, ids: rows.map((r) => r.id) },
      },
    };
  });
}

/**
 * Gives several live listings to one active agent (or, `agentId` null, to the office) at once:
 * one audit row lists them with the agent. An account that is unknown, not an agent or
 * deactivated is refused and nothing is written. Their future viewings go to the new agent;
 * viewings already booked stay with whoever has them (the appointment screen reassigns those).
 */
export async function assignPropertiesAgent(
  actor: AdminActor,
  ids: string[],
  agentId: string | null,
) {
  const valid = [...new Set(ids.filter(isUuid))];
  type Result =
    | { ok: true; count: number; to: string }
    | { ok: false; reason: "none-selected" | AgentRefusal };
  if (valid.length === 0) return { ok: false, reason: "none-selected" } as Result;
  return auditedWrite<Result>(actor, "property.bulk", async (tx) => {
    let to = "the office";
    if (agentId !== null) {
      const target = await lockAgentForAssignment(tx, agentId);
      if (!target.ok) return { result: target };
      to = target.agent.label;
    }
    const rows = await tx
      .update(properties)
      .set({ agentId, updatedAt: new Date() })
      .where(and(inArray(properties.id, valid), isNull(properties.deletedAt), ownListings(actor)))
      .returning({ id: properties.id });
    if (rows.length === 0) return { result: { ok: false, reason: "none-selected" } };
    return {
      result: { ok: true, count: rows.length, to },
      audit: {
        entityId: null,
        before: null,
        after: { action: "assign", agent: to, ids: rows.map((r) => r.id) },
      },
    };
  });
}

/**
 * Takes several listings out of the trash at once (the trash's bulk Restore, and the Undo of a
 * bulk move to the trash, which posts the ids it just trashed); listings not in the trash are
 * left alone. One audit row lists them.
 */
export async function restoreProperties(actor: AdminActor, ids: string[]) {
  const valid = [...new Set(ids.filter(isUuid))];
  if (valid.length === 0) return { ok: false as const, reason: "none-selected" as const };
  return auditedWrite<{ ok: true; count: number } | { ok: false; reason: "none-selected" }>(
    actor,
    "property.bulk",
    async (tx) => {
      const rows = await tx
        .update(properties)
        .set({ deletedAt: null, updatedAt: new Date() })
        .where(
          and(inArray(properties.id, valid), isNotNull(properties.deletedAt), ownListings(actor)),
        )
        .returning({ id: properties.id });
      if (rows.length === 0) return { result: { ok: false, reason: "none-selected" } };
      return {
        result: { ok: true, count: rows.length },
        audit: {
          entityId: null,
          before: null,
          after: { action: "restore", ids: rows.map((r) => r.id) },
        },
      };
    },
  );
}
