import { and, eq, inArray, ne, or, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { appointments, properties, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { AdminActor } from "~/lib/admin-actor";
import { findClashes, type ViewingClash, type WantedSlot } from "~/lib/viewing-clash";

// The open viewings a staff booking or move would clash with (the rule: ~/lib/viewing-clash).
// The day's viewings of the same listing or agent are read; the rule decides which overlap.

export async function findViewingClashes(
  actor: Pick<AdminActor, "id" | "role">,
  wanted: WantedSlot,
  executor: Executor = db,
): Promise<ViewingClash[]> {
  const same: SQL[] = [];
  if (wanted.propertyId) same.push(eq(appointments.propertyId, wanted.propertyId));
  if (wanted.agentId) same.push(eq(appointments.agentId, wanted.agentId));
  if (same.length === 0) return [];
  const rows = await executor
    .select({
      id: appointments.id,
      propertyId: appointments.propertyId,
      agentId: appointments.agentId,
      appointmentDate: appointments.appointmentDate,
      appointmentTime: appointments.appointmentTime,
      status: appointments.status,
      fullName: appointments.fullName,
      propertyCode: properties.referenceCode,
      propertyTitle: properties.title,
      agentAccountName: users.name,
      agentEmail: users.email,
    })
    .from(appointments)
    .leftJoin(properties, eq(properties.id, appointments.propertyId))
    .leftJoin(users, eq(users.id, appointments.agentId))
    .where(
      and(
        eq(appointments.appointmentDate, wanted.appointmentDate),
        inArray(appointments.status, ["pending", "confirmed"]),
        or(...same),
        wanted.id ? ne(appointments.id, wanted.id) : undefined,
      ),
    )
    .orderBy(appointments.createdAt, appointments.id);
  return findClashes(wanted, rows).map((row) => ({
    id: row.id,
    appointmentDate: row.appointmentDate,
    appointmentTime: row.appointmentTime,
    reason: row.reason,
    propertyCode: row.propertyCode,
    propertyTitle: row.propertyTitle,
    agentName: row.agentId ? row.agentAccountName?.trim() || row.agentEmail : null,
    customerName: actor.role !== "agent" || row.agentId === actor.id ? row.fullName : null,
  }));
}
