import { asc, eq } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import type { AdminActor } from "~/auth/session.server";
import { db } from "~/db/client.server";
import { teamMembers } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import { isUuid } from "~/lib/ids";
import type { MoveTarget } from "~/lib/ordered-list";
import type { TeamMemberInput } from "~/lib/schemas/team";
import { moveInOrder, nextSortOrder, setActiveInOrder } from "./ordered-list.server";
import {
  isStale,
  pickFields,
  recordVersion,
  type Stale,
  staleOutcome,
} from "./record-version.server";

// /admin/team: the team members staff manage; /team shows the active ones in this order
// (./team.server.ts). Every write is audited (team-member.create, .update, .delete, .move,
// .active) in the same transaction as the change.

const ROW = {
  id: teamMembers.id,
  name: teamMembers.name,
  position: teamMembers.position,
  bio: teamMembers.bio,
  email: teamMembers.email,
  phone: teamMembers.phone,
  imageUrl: teamMembers.imageUrl,
  isActive: teamMembers.isActive,
  updatedAt: teamMembers.updatedAt,
};

export type AdminTeamMember = {
  id: string;
  name: string;
  position: string;
  bio: string | null;
  email: string | null;
  phone: string | null;
  imageUrl: string | null;
  isActive: boolean;
  updatedAt: Date;
};

const NOT_FOUND = { ok: false, reason: "not-found" } as const;

/** The fields the edit form edits: their values are its version (issue 23: no lost update). */
const FORM_FIELDS = ["name", "position", "bio", "email", "phone", "imageUrl", "isActive"] as const;

function versionOf(row: Record<string, unknown>) {
  return recordVersion(pickFields(row, FORM_FIELDS));
}

/** Every member, active or not, in the order the team page shows them. */
export async function listTeamMembersForAdmin(_actor: AdminActor): Promise<AdminTeamMember[]> {
  return db
    .select(ROW)
    .from(teamMembers)
    .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.createdAt), asc(teamMembers.id));
}

export async function getTeamMemberForAdmin(
  _actor: AdminActor,
  id: string,
): Promise<(AdminTeamMember & { version: string }) | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select(ROW).from(teamMembers).where(eq(teamMembers.id, id));
  return row && { ...row, version: versionOf(row) };
}

/** The stored fields of a form's input: empty optional values are stored as null (spec §7). */
function columnsOf(input: TeamMemberInput) {
  return {
    name: input.name,
    position: input.position,
    bio: input.bio || null,
    email: input.email || null,
    phone: input.phone || null,
    imageUrl: input.imageUrl || null,
    isActive: input.isActive,
  };
}

/** A new member goes last (the highest place plus one). */
export async function createTeamMember(actor: AdminActor, input: TeamMemberInput) {
  const values = columnsOf(input);
  return auditedWrite(actor, "team-member.create", async (tx) => {
    const sortOrder = await nextSortOrder(tx, teamMembers, "highest-plus-one");
    const [row] = await tx
      .insert(teamMembers)
      .values({ ...values, sortOrder })
      .returning({ id: teamMembers.id });
    if (!row) throw new Error("team member insert returned nothing");
    return {
      result: { ok: true as const, id: row.id },
      audit: { entityId: row.id, before: null, after: { ...values, sortOrder } },
    };
  });
}

/** `expectedVersion`: the version the form was opened at (newer: nothing is written). */
export async function updateTeamMember(
  actor: AdminActor,
  id: string,
  input: TeamMemberInput,
  expectedVersion?: string,
) {
  if (!isUuid(id)) return NOT_FOUND;
  const values = columnsOf(input);
  // `formerImageUrl`: the photo the member no longer shows (its file may now be unused).
  return auditedWrite<Outcome<{ id: string; formerImageUrl: string | null }, "not-found"> | Stale>(
    actor,
    "team-member.update",
    async (tx) => {
      const [before] = await tx
        .select(ROW)
        .from(teamMembers)
        .where(eq(teamMembers.id, id))
        .for("update");
      if (!before) return { result: NOT_FOUND };
      if (isStale(expectedVersion, pickFields(before, FORM_FIELDS)))
        return {
          result: await staleOutcome(tx, "team-member", id, [
            "team-member.update",
            "team-member.active",
          ]),
        };
      if (isStale(expectedVersion, pickFields(before, FORM_FIELDS)))
        return {
          result: await staleOutcome(tx, "team-member", id, [
            "team-member.update",
            "team-member.active",
          ]),
        };
      await tx.update(teamMembers).set(values).where(eq(teamMembers.id, id));
      const formerImageUrl = before.imageUrl !== values.imageUrl ? before.imageUrl : null;
      return {
        result: { ok: true, id, formerImageUrl },
        audit: { entityId: id, before, after: values },
      };
    },
  );
}

export async function deleteTeamMember(actor: AdminActor, id: string) {
  if (!isUuid(id)) return NOT_FOUND;
  type Deleted = Outcome<{ formerImageUrl: string | null }, "not-found">;
  return auditedWrite<Deleted>(actor, "team-member.delete", async (tx) => {
    const [removed] = await tx.delete(teamMembers).where(eq(teamMembers.id, id)).returning(ROW);
    if (!removed) return { result: NOT_FOUND };
    return {
      result: { ok: true, formerImageUrl: removed.imageUrl },
      audit: { entityId: id, before: removed, after: null },
    };
  });
}

/** Up, down (a swap with the neighbour) or to a position (a drop); see ./ordered-list.server. */
export async function moveTeamMember(actor: AdminActor, id: string, to: MoveTarget) {
  if (!isUuid(id)) return NOT_FOUND;
  return auditedWrite<Outcome<object, "not-found">>(actor, "team-member.move", async (tx) => {
    const moved = await moveInOrder(tx, teamMembers, id, to);
    if (!moved.ok) return { result: NOT_FOUND };
    return {
      result: { ok: true },
      audit: { entityId: id, before: { order: moved.before }, after: { order: moved.after } },
    };
  });
}

/** Shows (active) or hides a member on /team. */
export async function setTeamMemberActive(actor: AdminActor, id: string, active: boolean) {
  if (!isUuid(id)) return NOT_FOUND;
  return auditedWrite<Outcome<object, "not-found">>(actor, "team-member.active", async (tx) => {
    const changed = await setActiveInOrder(tx, teamMembers, id, active);
    if (!changed) return { result: NOT_FOUND };
    return {
      result: { ok: true },
      audit: { entityId: id, before: { isActive: changed.before }, after: { isActive: active } },
    };
  });
}
