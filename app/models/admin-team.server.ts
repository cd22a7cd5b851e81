import { and, asc, eq, inArray, ne, or } from "drizzle-orm";
import type { Transaction } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { teamMembers, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { FieldErrors } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import type { MoveTarget } from "~/lib/ordered-list";
import { isStaffRole, STAFF_ACCOUNT_ROLES } from "~/lib/roles";
import { staffTakenMessage, TEAM_MESSAGES, type TeamMemberInput } from "~/lib/schemas/team";
import {
  type OrderedItemCreated,
  type OrderedItemRefused,
  type OrderedItemUpdated,
  orderedListModel,
} from "./ordered-list.server";
import type { Stale } from "./record-version.server";

// /admin/team: the team members staff manage; /team shows the active ones in this order
// (./team.server.ts). Every write is audited (team-member.create, .update, .delete, .move,
// .active) in the same transaction as the change (./ordered-list.server.ts).
//
// A member may be linked to a staff account (issue 21): the listings that account is the agent
// of show the member's name, photo and phone (./listing-agent.server.ts). The link is checked
// inside the save's transaction: an existing, active staff account (an agent or an admin), no
// other member's. The account's row is locked first, so two saves linking it queue and the
// second sees the first's link; the unique index answers the same message if one slips past.

export type AdminTeamMember = {
  id: string;
  name: string;
  position: string;
  bio: string | null;
  email: string | null;
  phone: string | null;
  imageUrl: string | null;
  /** The staff account this member is, or null (not linked). */
  userId: string | null;
  isActive: boolean;
  updatedAt: Date;
};

/** A staff account as the team screens name it. */
export type TeamStaffAccount = { id: string; name: string; email: string };

/** A row of the admin list: the member and the account linked to it. */
export type AdminTeamRow = AdminTeamMember & { account: TeamStaffAccount | null };

/** A choice of the form's "Staff account": who it is, and what may make it a poor one. */
export type TeamStaffChoice = TeamStaffAccount & {
  /** The member it is linked to now (another one: choosing it is refused). */
  linkedTo: { id: string; name: string } | null;
  /** Deactivated or no longer staff: listed only while it is this member's link. */
  inactive: boolean;
};

/** A member's columns, as the list and the edit form read them. */
const TEAM_ROW = {
  id: teamMembers.id,
  name: teamMembers.name,
  position: teamMembers.position,
  bio: teamMembers.bio,
  email: teamMembers.email,
  phone: teamMembers.phone,
  imageUrl: teamMembers.imageUrl,
  userId: teamMembers.userId,
  isActive: teamMembers.isActive,
  updatedAt: teamMembers.updatedAt,
};

const team = orderedListModel<AdminTeamMember, TeamMemberInput, OrderedItemRefused>({
  table: teamMembers,
  entity: "team-member",
  row: TEAM_ROW,
  formFields: ["name", "position", "bio", "email", "phone", "imageUrl", "userId", "isActive"],
  columnsOf: (input) => ({
    name: input.name,
    position: input.position,
    bio: input.bio || null,
    email: input.email || null,
    phone: input.phone || null,
    imageUrl: input.imageUrl || null,
    userId: input.userId || null,
    isActive: input.isActive,
  }),
  // A new member goes last (the highest place plus one).
  newPlace: "highest-plus-one",
  media: "imageUrl",
  checkInput: checkStaffAccount,
});

const LINKED_ONCE = "team_members_user_id_unique";

/**
 * Inside the save: why `input.userId` cannot be this member's staff account, or null. A link
 * kept as it was is not checked again (an account deactivated since stays linked until someone
 * changes it: the property page already stops showing an inactive agent).
 */
async function checkStaffAccount(
  tx: Transaction,
  input: TeamMemberInput,
  stored: AdminTeamMember | null,
): Promise<FieldErrors | null> {
  const userId = input.userId || null;
  if (!userId || userId === stored?.userId) return null;
  const [account] = await tx
    .select({ role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .for("no key update");
  if (!account) return { userId: TEAM_MESSAGES.staffUnknown };
  if (!isStaffRole(account.role)) return { userId: TEAM_MESSAGES.staffNotStaff };
  if (account.status !== "active") return { userId: TEAM_MESSAGES.staffInactive };
  const other = await memberLinkedTo(tx, userId, stored?.id);
  return other ? { userId: staffTakenMessage(other.name) } : null;
}

/** The member (other than `exceptId`) linked to the account `userId`, if any. */
async function memberLinkedTo(executor: Executor, userId: string, exceptId?: string) {
  const [member] = await executor
    .select({ id: teamMembers.id, name: teamMembers.name })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, userId), exceptId ? ne(teamMembers.id, exceptId) : undefined))
    .limit(1);
  return member;
}

/**
 * A save that hit the unique index on the staff account after all (a race the lock did not
 * cover): the same refusal as the check's, naming the member that has it now.
 */
async function takenRefusal(error: unknown, input: TeamMemberInput, id?: string) {
  if (!input.userId || !isUniqueViolation(error, LINKED_ONCE)) throw error;
  const other = await memberLinkedTo(db, input.userId, id);
  return {
    ok: false as const,
    reason: "refused" as const,
    fields: { userId: staffTakenMessage(other?.name ?? "another team member") },
  };
}

/** Every member, active or not, in the order the team page shows them, with their account. */
export async function listTeamMembersForAdmin(_actor: AdminActor): Promise<AdminTeamRow[]> {
  const rows = await db
    .select({
      ...TEAM_ROW,
      accountName: users.name,
      accountEmail: users.email,
    })
    .from(teamMembers)
    .leftJoin(users, eq(users.id, teamMembers.userId))
    .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.createdAt), asc(teamMembers.id));
  return rows.map(({ accountName, accountEmail, ...member }) => ({
    ...member,
    account:
      member.userId && accountEmail
        ? { id: member.userId, name: accountName?.trim() || accountEmail, email: accountEmail }
        : null,
  }));
}

/**
 * The form's "Staff account" choices: every active staff account (agents, admins, super
 * admins) by name, each with the member it is linked to, plus `currentUserId` (the member's
 * own link) even when it is no longer an active staff account, so saving keeps it.
 */
export async function listStaffAccountsForTeam(
  _actor: AdminActor,
  currentUserId?: string | null,
): Promise<TeamStaffChoice[]> {
  const activeStaff = and(
    inArray(users.role, [...STAFF_ACCOUNT_ROLES]),
    eq(users.status, "active"),
  );
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      role: users.role,
      status: users.status,
      memberId: teamMembers.id,
      memberName: teamMembers.name,
    })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .where(currentUserId ? or(activeStaff, eq(users.id, currentUserId)) : activeStaff)
    .orderBy(asc(users.name), asc(users.email));
  return rows.map((row) => ({
    id: row.id,
    name: row.name.trim() || row.email,
    email: row.email,
    linkedTo: row.memberId && row.memberName ? { id: row.memberId, name: row.memberName } : null,
    inactive: !isStaffRole(row.role) || row.status !== "active",
  }));
}

export function getTeamMemberForAdmin(_actor: AdminActor, id: string) {
  return team.get(id);
}

/** Adds the member last; a staff account that cannot be linked is refused by field. */
export async function createTeamMember(
  actor: AdminActor,
  input: TeamMemberInput,
): Promise<OrderedItemCreated | OrderedItemRefused> {
  try {
    return await team.create(actor, input);
  } catch (error) {
    return takenRefusal(error, input);
  }
}

export async function updateTeamMember(
  actor: AdminActor,
  id: string,
  input: TeamMemberInput,
  expectedVersion?: string,
): Promise<OrderedItemUpdated | OrderedItemRefused | Stale> {
  try {
    return await team.update(actor, id, input, expectedVersion);
  } catch (error) {
    return takenRefusal(error, input, id);
  }
}

export function deleteTeamMember(actor: AdminActor, id: string) {
  return team.remove(actor, id);
}

export function moveTeamMember(actor: AdminActor, id: string, to: MoveTarget) {
  return team.move(actor, id, to);
}

/** Shows (active) or hides a member on /team. */
export function setTeamMemberActive(actor: AdminActor, id: string, active: boolean) {
  return team.setActive(actor, id, active);
}
