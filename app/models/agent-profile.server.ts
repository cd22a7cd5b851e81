import { and, asc, desc, eq, like, or, sql } from "drizzle-orm";
import { auditedWrite, type Transaction } from "~/audit/audit.server";
import { db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/errors.server";
import { agentProfiles, properties, teamMembers, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { nthSlug, slugFromName } from "~/lib/agent-profile";
import { AGENT_PROFILE_FIELDS, type AgentProfileInput } from "~/lib/schemas/agent-profile";
import { publicEmailOf } from "./listing-agent.server";
import { type PropertyCardData, propertyCardColumns } from "./property.server";
import { confirmedOnOffer, getAvailabilityRules } from "./property-visibility.server";
import {
  isStale,
  pickFields,
  recordVersion,
  type Stale,
  staleOutcome,
} from "./record-version.server";

// Agents you can identify (issue 45 item 3). Every agent account has a profile row: made with
// the account (or when an account becomes an agent), with a slug from the agent's name that
// never changes afterwards, so a link sent last year still opens the same person. The public
// page shows an active agent only; anyone else's slug is the site's 404. The office edits the
// numbers on the agent's account (/admin/users/:id); the name, photo and position come from the
// team card linked to the account (else the account's name, "Agent").

/** What /agents/:slug shows. */
export type PublicAgentProfile = {
  /** The agent's account: what a report about them names (issue 45 item 6). */
  userId: string;
  slug: string;
  name: string;
  /** The team card's position, else null ("Agent"). */
  position: string | null;
  imageUrl: string | null;
  bio: string | null;
  staffId: string | null;
  lasreraNumber: string | null;
  esvarbonNumber: string | null;
  officialPhone: string | null;
  officialWhatsapp: string | null;
  publicEmail: string | null;
  /** Their live listings (on the site, not sold or let), newest first. */
  listings: PropertyCardData[];
};

/** A profile's own columns, as the public page and the admin form read them. */
const PROFILE_ROW = {
  userId: agentProfiles.userId,
  slug: agentProfiles.slug,
  staffId: agentProfiles.staffId,
  lasreraNumber: agentProfiles.lasreraNumber,
  esvarbonNumber: agentProfiles.esvarbonNumber,
  officialPhone: agentProfiles.officialPhone,
  officialWhatsapp: agentProfiles.officialWhatsapp,
  publicEmail: agentProfiles.publicEmail,
  publicEmailIsSignIn: agentProfiles.publicEmailIsSignIn,
};

/** The most listings the profile shows. */
export const AGENT_PROFILE_LISTINGS = 24;

/** The active agent whose profile has this slug, with their live listings; undefined if none. */
export async function getPublicAgentProfile(slug: string): Promise<PublicAgentProfile | undefined> {
  // A slug is what slugFromName makes: anything else (a NUL, a slash) names nobody.
  if (!/^[a-z0-9-]{1,80}$/.test(slug.toLowerCase())) return undefined;
  const [row] = await db
    .select({
      ...PROFILE_ROW,
      accountName: users.name,
      email: users.email,
      memberName: teamMembers.name,
      position: teamMembers.position,
      imageUrl: teamMembers.imageUrl,
      bio: teamMembers.bio,
    })
    .from(agentProfiles)
    .innerJoin(users, eq(users.id, agentProfiles.userId))
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .where(
      and(
        eq(agentProfiles.slug, slug.toLowerCase()),
        eq(users.role, "agent"),
        eq(users.status, "active"),
      ),
    )
    .limit(1);
  if (!row) return undefined;
  const listings = await db
    .select(propertyCardColumns)
    .from(properties)
    .where(
      and(
        confirmedOnOffer(await getAvailabilityRules(), new Date()),
        eq(properties.agentId, row.userId),
      ),
    )
    .orderBy(desc(properties.createdAt), asc(properties.id))
    .limit(AGENT_PROFILE_LISTINGS);
  return {
    userId: row.userId,
    slug: row.slug,
    name: row.memberName || row.accountName || "Agent",
    position: row.position,
    imageUrl: row.imageUrl,
    bio: row.bio,
    staffId: row.staffId,
    lasreraNumber: row.lasreraNumber,
    esvarbonNumber: row.esvarbonNumber,
    officialPhone: row.officialPhone,
    officialWhatsapp: row.officialWhatsapp,
    publicEmail: publicEmailOf(row),
    listings,
  };
}

/**
 * Inside an account's write: gives the agent `userId` a profile if they have none, its slug
 * made from their team card's name, else their account's (the first free of "name", "name-2",
 * ...). An agent who had one (made an agent again) keeps it, slug and numbers.
 */
export async function ensureAgentProfile(tx: Executor, userId: string): Promise<string> {
  const [existing] = await tx
    .select({ slug: agentProfiles.slug })
    .from(agentProfiles)
    .where(eq(agentProfiles.userId, userId));
  if (existing) return existing.slug;
  const [person] = await tx
    .select({ accountName: users.name, email: users.email, memberName: teamMembers.name })
    .from(users)
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .where(eq(users.id, userId));
  const name =
    person?.memberName?.trim() || person?.accountName.trim() || person?.email.split("@")[0] || "";
  const base = slugFromName(name);
  const taken = new Set(
    (
      await tx
        .select({ slug: agentProfiles.slug })
        .from(agentProfiles)
        .where(or(eq(agentProfiles.slug, base), like(agentProfiles.slug, `${base}-%`)))
    ).map((row) => row.slug),
  );
  for (let n = 1; ; n += 1) {
    const slug = nthSlug(base, n);
    if (taken.has(slug)) continue;
    // A slug taken by a write at the same moment: the next one is tried.
    const [made] = await tx
      .insert(agentProfiles)
      .values({ userId, slug })
      .onConflictDoNothing()
      .returning({ slug: agentProfiles.slug });
    if (made) return made.slug;
    const [mine] = await tx
      .select({ slug: agentProfiles.slug })
      .from(agentProfiles)
      .where(eq(agentProfiles.userId, userId));
    if (mine) return mine.slug;
    taken.add(slug);
  }
}

/** The profile fields as the admin form edits them; their values are its version. */
const FORM_FIELDS = AGENT_PROFILE_FIELDS;

export type AdminAgentProfile = {
  userId: string;
  slug: string;
  staffId: string | null;
  lasreraNumber: string | null;
  esvarbonNumber: string | null;
  officialPhone: string | null;
  officialWhatsapp: string | null;
  publicEmail: string | null;
  publicEmailIsSignIn: boolean;
  /** The team card the name, photo and position come from, if one is linked. */
  member: { id: string; name: string; hasPhoto: boolean } | null;
  version: string;
};

/** An agent account's profile for the office, or undefined (not an agent, or no profile). */
export async function getAgentProfileForAdmin(
  _actor: AdminActor,
  userId: string,
): Promise<AdminAgentProfile | undefined> {
  const [row] = await db
    .select({
      ...PROFILE_ROW,
      memberId: teamMembers.id,
      memberName: teamMembers.name,
      memberImage: teamMembers.imageUrl,
    })
    .from(agentProfiles)
    .innerJoin(users, eq(users.id, agentProfiles.userId))
    .leftJoin(teamMembers, eq(teamMembers.userId, users.id))
    .where(and(eq(agentProfiles.userId, userId), eq(users.role, "agent")));
  if (!row) return undefined;
  const { memberId, memberName, memberImage, ...profile } = row;
  return {
    ...profile,
    member: memberId
      ? { id: memberId, name: memberName ?? "", hasPhoto: Boolean(memberImage) }
      : null,
    version: recordVersion(pickFields(profile, FORM_FIELDS)),
  };
}

export type AgentProfileSave =
  | Outcome<{ slug: string }, "not-found" | "not-agent" | "staff-id-taken">
  | Stale;

const STAFF_ID_INDEX = "agent_profiles_staff_id_idx";

/**
 * The office saves an agent's profile fields (office:manage). The account must be an agent;
 * a staff ID another agent has is refused beside the field. Audited (agent-profile.update) and
 * public: the property pages and the profile show these, so the content generation moves.
 */
export async function saveAgentProfile(
  actor: AdminActor,
  userId: string,
  input: AgentProfileInput,
  expectedVersion?: string,
): Promise<AgentProfileSave> {
  try {
    return await auditedWrite<AgentProfileSave>(actor, "agent-profile.update", async (tx) => {
      const [account] = await tx
        .select({ role: users.role })
        .from(users)
        .where(eq(users.id, userId))
        .for("share");
      if (!account) return { result: { ok: false, reason: "not-found" } };
      if (account.role !== "agent") return { result: { ok: false, reason: "not-agent" } };
      await ensureAgentProfile(tx, userId);
      const [before] = await tx
        .select(PROFILE_ROW)
        .from(agentProfiles)
        .where(eq(agentProfiles.userId, userId))
        .for("update");
      if (!before) return { result: { ok: false, reason: "not-found" } };
      if (isStale(expectedVersion, pickFields(before, FORM_FIELDS))) {
        return { result: await staleOutcome(tx, "agent-profile", userId) };
      }
      if (input.staffId && (await staffIdTaken(tx, input.staffId, userId))) {
        return { result: { ok: false, reason: "staff-id-taken" } };
      }
      const after = {
        staffId: input.staffId || null,
        lasreraNumber: input.lasreraNumber || null,
        esvarbonNumber: input.esvarbonNumber || null,
        officialPhone: input.officialPhone || null,
        officialWhatsapp: input.officialWhatsapp || null,
        publicEmail: input.publicEmailIsSignIn ? null : input.publicEmail || null,
        publicEmailIsSignIn: input.publicEmailIsSignIn,
      };
      await tx.update(agentProfiles).set(after).where(eq(agentProfiles.userId, userId));
      return {
        result: { ok: true, slug: before.slug },
        audit: {
          entityId: userId,
          before: pickFields(before, FORM_FIELDS),
          after,
        },
      };
    });
  } catch (error) {
    // Two saves giving one staff ID at the same moment: the index refuses the second.
    if (isUniqueViolation(error, STAFF_ID_INDEX)) return { ok: false, reason: "staff-id-taken" };
    throw error;
  }
}

async function staffIdTaken(tx: Transaction, staffId: string, userId: string) {
  const [other] = await tx
    .select({ userId: agentProfiles.userId })
    .from(agentProfiles)
    .where(
      and(
        sql`lower(${agentProfiles.staffId}) = ${staffId.toLowerCase()}`,
        sql`${agentProfiles.userId} <> ${userId}`,
      ),
    )
    .limit(1);
  return Boolean(other);
}
