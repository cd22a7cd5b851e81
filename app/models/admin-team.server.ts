import { teamMembers } from "~/db/schema";
import type { AdminActor } from "~/lib/admin-actor";
import type { MoveTarget } from "~/lib/ordered-list";
import type { TeamMemberInput } from "~/lib/schemas/team";
import { orderedListModel } from "./ordered-list.server";

// /admin/team: the team members staff manage; /team shows the active ones in this order
// (./team.server.ts). Every write is audited (team-member.create, .update, .delete, .move,
// .active) in the same transaction as the change (./ordered-list.server.ts).

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

const team = orderedListModel<AdminTeamMember, TeamMemberInput>({
  table: teamMembers,
  entity: "team-member",
  row: {
    id: teamMembers.id,
    name: teamMembers.name,
    position: teamMembers.position,
    bio: teamMembers.bio,
    email: teamMembers.email,
    phone: teamMembers.phone,
    imageUrl: teamMembers.imageUrl,
    isActive: teamMembers.isActive,
    updatedAt: teamMembers.updatedAt,
  },
  formFields: ["name", "position", "bio", "email", "phone", "imageUrl", "isActive"],
  columnsOf: (input) => ({
    name: input.name,
    position: input.position,
    bio: input.bio || null,
    email: input.email || null,
    phone: input.phone || null,
    imageUrl: input.imageUrl || null,
    isActive: input.isActive,
  }),
  // A new member goes last (the highest place plus one).
  newPlace: "highest-plus-one",
  media: "imageUrl",
});

/** Every member, active or not, in the order the team page shows them. */
export function listTeamMembersForAdmin(_actor: AdminActor) {
  return team.list();
}

export function getTeamMemberForAdmin(_actor: AdminActor, id: string) {
  return team.get(id);
}

export function createTeamMember(actor: AdminActor, input: TeamMemberInput) {
  return team.create(actor, input);
}

export function updateTeamMember(
  actor: AdminActor,
  id: string,
  input: TeamMemberInput,
  expectedVersion?: string,
) {
  return team.update(actor, id, input, expectedVersion);
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
