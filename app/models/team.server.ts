import { and, asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { agentProfiles, teamMembers, users } from "~/db/schema";

export type TeamMemberCard = {
  id: string;
  name: string;
  position: string;
  bio: string | null;
  imageUrl: string | null;
  email: string | null;
  phone: string | null;
  /** The profile page's slug when the member is an active agent (issue 45), else null. */
  agentSlug: string | null;
};

/**
 * The team page's members: active ones in the admin's sort order (ties by creation, then id, so
 * the order is stable). A failed query throws: the page shows the spec's error, not an empty team.
 */
export async function listActiveTeamMembers(): Promise<TeamMemberCard[]> {
  return db
    .select({
      id: teamMembers.id,
      name: teamMembers.name,
      position: teamMembers.position,
      bio: teamMembers.bio,
      imageUrl: teamMembers.imageUrl,
      email: teamMembers.email,
      phone: teamMembers.phone,
      agentSlug: agentProfiles.slug,
    })
    .from(teamMembers)
    .leftJoin(
      users,
      and(eq(users.id, teamMembers.userId), eq(users.role, "agent"), eq(users.status, "active")),
    )
    .leftJoin(agentProfiles, eq(agentProfiles.userId, users.id))
    .where(eq(teamMembers.isActive, true))
    .orderBy(asc(teamMembers.sortOrder), asc(teamMembers.createdAt), asc(teamMembers.id));
}
