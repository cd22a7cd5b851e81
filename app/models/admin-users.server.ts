import crypto from "node:crypto";
import { and, count, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { auditedWrite, type Transaction } from "~/audit/audit.server";
import { newAuthId, newPasswordResetToken } from "~/auth/passwords.server";
import { db } from "~/db/client.server";
import { containsPhone, escapeLike } from "~/db/like.server";
import { appointments, inquiries, properties, sessions, users, verifications } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { SET_PASSWORD_LINK_DAYS, type UserKind } from "~/lib/admin-users";
import { pageCountOf } from "~/lib/list-params";
import type { Role, UserStatus } from "~/lib/roles";
import type { AddUserInput, EditUserInput, UserRefusal } from "~/lib/schemas/user";
import { appointmentMatches, inquiryMatches, userMatches } from "./admin-search.server";
import { ensureAgentProfile } from "./agent-profile.server";
import { notify } from "./notification.server";
import {
  isStale,
  pickFields,
  recordVersion,
  type Stale,
  staleOutcome,
} from "./record-version.server";
import { announceAccountChange, normalizeEmail } from "./user.server";

// /admin/users: the accounts, and the people who booked or wrote without one ("guests"),
// derived in SQL from the bookings and inquiries that no account owns (nothing is stored twice:
// once someone has an account with that e-mail, they are that account, not a guest).
//
// The rules of DESIGN.md hold here, whatever the screen: only a super admin grants or removes
// the admin role (or deactivates or deletes an admin), nobody changes their own role or status
// or deletes themselves from this screen, and the last active super admin can never be
// demoted, deactivated, removed or deleted. Deactivating or taking the admin role away ends
// the account's sessions in the same transaction, so the person is signed out at their next
// request; deleting keeps their bookings and inquiries, no longer linked.

/** Account ids are made by the auth library (or newAuthId): URL-safe characters. */
const ACCOUNT_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function isAccountId(value: unknown): value is string {
  return typeof value === "string" && ACCOUNT_ID.test(value);
}

export type AdminUserFilters = {
  /** E-mail, first or last name contains this (case-insensitive), or the phone number is this one (any spelling). */
  q?: string;
  role?: UserKind;
  status?: UserStatus;
};

export type AdminUserRow = {
  /** The account id; `guest:<e-mail>` for a guest. */
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  kind: UserKind;
  /** Null for a guest. */
  status: UserStatus | null;
  isSuperAdmin: boolean;
  /** When the account was made, or when the guest first booked or wrote. */
  createdAt: Date;
};

type RawRow = {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  kind: UserKind;
  status: UserStatus | null;
  is_super_admin: boolean;
  created_at: Date | string;
};

/** Everyone the list shows, with the search applied, as one SQL expression (a CTE chain). */
function peopleQuery(q: string | undefined) {
  const pattern = q ? `%${escapeLike(q.toLowerCase())}%` : undefined;
  // With a search, the guests are only worked out for e-mails whose rows can match (the
  // trigram indexes find those); their name is still the latest of all their rows.
  const candidates = q
    ? sql`and c.email in (
        select lower(${appointments.email}) from ${appointments}
        where ${appointments.userId} is null and ${appointmentMatches(q)}
        union
        select lower(${inquiries.email}) from ${inquiries}
        where ${inquiries.userId} is null and ${inquiryMatches(q)}
      )`
    : sql``;
  // A guest found by a phone number on one of their rows (issue 47).
  const appointmentPhone = q ? containsPhone(appointments.phoneNormalized, q) : undefined;
  const inquiryPhone = q ? containsPhone(inquiries.phoneNormalized, q) : undefined;
  const guestByPhone =
    appointmentPhone && inquiryPhone
      ? sql` or g.email in (
          select lower(${appointments.email}) from ${appointments}
          where ${appointments.userId} is null and ${appointmentPhone}
          union
          select lower(${inquiries.email}) from ${inquiries}
          where ${inquiries.userId} is null and ${inquiryPhone}
        )`
      : sql``;
  return sql`
    with contacts as (
      select lower(${appointments.email}) as email, ${appointments.fullName} as name,
        ${appointments.createdAt} as at
      from ${appointments} where ${appointments.userId} is null
      union all
      select lower(${inquiries.email}), coalesce(${inquiries.name}, ''), ${inquiries.createdAt}
      from ${inquiries} where ${inquiries.userId} is null
    ),
    guests as (
      select c.email,
        coalesce(regexp_replace(trim(
          (array_agg(c.name order by c.at desc) filter (where trim(c.name) <> ''))[1]
        ), '\\s+', ' ', 'g'), '') as name,
        min(c.at) as first_seen
      from contacts c
      where not exists (select 1 from ${users} where ${users.email} = c.email) ${candidates}
      group by c.email
    ),
    people as (
      select ${users.id} as id, ${users.email} as email, ${users.firstName} as first_name,
        ${users.lastName} as last_name, ${users.role}::text as kind, ${users.status}::text as status,
        ${users.isSuperAdmin} as is_super_admin, ${users.createdAt} as created_at
      from ${users}
      ${q ? sql`where ${userMatches(q)}` : sql``}
      union all
      select 'guest:' || g.email, g.email, split_part(g.name, ' ', 1),
        trim(substr(g.name, length(split_part(g.name, ' ', 1)) + 1)), 'guest', null, false,
        g.first_seen
      from guests g
      ${pattern ? sql`where lower(g.email || ' ' || g.name) like ${pattern}${guestByPhone}` : sql``}
    )`;
}

function filtersOf(filters: AdminUserFilters): SQL {
  const conditions: SQL[] = [];
  if (filters.role) conditions.push(sql`kind = ${filters.role}`);
  if (filters.status) conditions.push(sql`status = ${filters.status}`);
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/** One page of the accounts and guests, newest first unless sorted by e-mail. */
export async function listUsersForAdmin(
  _actor: AdminActor,
  filters: AdminUserFilters,
  list: {
    sort: "created" | "email";
    direction: "asc" | "desc";
    page: number;
    pageSize: number;
  },
) {
  const people = peopleQuery(filters.q);
  const where = filtersOf(filters);
  const totalResult = await db.execute<{ n: number }>(
    sql`${people} select count(*)::int as n from people ${where}`,
  );
  const total = Number(totalResult.rows[0]?.n ?? 0);
  const page = Math.min(list.page, pageCountOf(total, list.pageSize));
  const dir = list.direction === "asc" ? sql`asc` : sql`desc`;
  const order =
    list.sort === "email" ? sql`email ${dir}, id ${dir}` : sql`created_at ${dir}, id ${dir}`;
  const result = await db.execute<RawRow>(sql`${people}
    select * from people ${where} order by ${order}
    limit ${list.pageSize} offset ${(page - 1) * list.pageSize}`);
  const rows: AdminUserRow[] = result.rows.map((row) => ({
    id: row.id,
    email: row.email,
    firstName: row.first_name ?? "",
    lastName: row.last_name ?? "",
    kind: row.kind,
    status: row.status,
    isSuperAdmin: row.is_super_admin === true,
    createdAt: new Date(row.created_at),
  }));
  return { rows, total, page };
}

/** The columns an admin edits, and the ones that decide who may change them. */
const EDITABLE = {
  firstName: users.firstName,
  lastName: users.lastName,
  name: users.name,
  phone: users.phone,
  role: users.role,
  status: users.status,
  isSuperAdmin: users.isSuperAdmin,
};

/** One account for the edit form, with how many bookings and inquiries it has. */
export async function getUserForAdmin(_actor: AdminActor, userId: string) {
  if (!isAccountId(userId)) return undefined;
  const [user] = await db
    .select({ id: users.id, email: users.email, createdAt: users.createdAt, ...EDITABLE })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) return undefined;
  const [[bookings], [messages]] = await Promise.all([
    db
      .select({ n: count() })
      .from(appointments)
      .where(
        or(eq(appointments.userId, userId), sql`lower(${appointments.email}) = ${user.email}`),
      ),
    db
      .select({ n: count() })
      .from(inquiries)
      .where(or(eq(inquiries.userId, userId), sql`lower(${inquiries.email}) = ${user.email}`)),
  ]);
  return {
    ...user,
    bookings: bookings?.n ?? 0,
    inquiries: messages?.n ?? 0,
    version: userVersion(user),
  };
}

export type AdminUser = NonNullable<Awaited<ReturnType<typeof getUserForAdmin>>>;

/**
 * The active super admins, locked until the transaction ends: two admins demoting each other
 * at once then run one after the other, and the second sees the first's change.
 */
export async function lockActiveSuperAdmins(tx: Transaction): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isSuperAdmin, true), eq(users.status, "active")))
    .for("update");
  return rows.map((row) => row.id);
}

/** Whether taking `userId` out of the active super admins would leave none. */
export async function isLastSuperAdmin(tx: Transaction, userId: string) {
  const ids = await lockActiveSuperAdmins(tx);
  return ids.includes(userId) && ids.length <= 1;
}

/** Ends every session of the account (it is signed out at its next request); answers how many. */
export async function endSessions(tx: Transaction, userId: string, keepSessionId?: string) {
  const ended = await tx
    .delete(sessions)
    .where(
      keepSessionId
        ? and(eq(sessions.userId, userId), sql`${sessions.id} <> ${keepSessionId}`)
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id });
  if (ended.length > 0) await announceAccountChange(tx, userId);
  return ended.length;
}

function fullNameOf(firstName: string, lastName: string) {
  return `${firstName} ${lastName}`.trim().replace(/\s+/g, " ");
}

export type CreatedUser = Outcome<
  { userId: string; email: string; firstName: string; token: string },
  Extract<UserRefusal, "exists" | "admin-role">
>;

/**
 * Adds an account without a password: it gets a single-use link (valid SET_PASSWORD_LINK_DAYS)
 * to the /reset-password page, e-mailed by the notification stored with the account, so the
 * account and its e-mail commit together. Answers the link's token.
 */
export async function createUserByAdmin(
  actor: AdminActor,
  input: AddUserInput,
): Promise<CreatedUser> {
  if (input.role === "admin" && !actor.isSuperAdmin) return { ok: false, reason: "admin-role" };
  const email = normalizeEmail(input.email);
  const { token, identifier } = newPasswordResetToken();
  return auditedWrite<CreatedUser>(actor, "user.create", async (tx) => {
    const values = {
      email,
      name: fullNameOf(input.firstName, input.lastName),
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone || null,
      role: input.role,
      status: "active" as const,
    };
    const [created] = await tx
      .insert(users)
      .values({ id: newAuthId(), ...values })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) return { result: { ok: false, reason: "exists" } };
    // An agent has a public profile from the start (issue 45): their listings link to it.
    if (input.role === "agent") await ensureAgentProfile(tx, created.id);
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier,
      value: created.id,
      expiresAt: new Date(Date.now() + SET_PASSWORD_LINK_DAYS * 24 * 60 * 60 * 1000),
    });
    await notify(tx, { kind: "user.invited", userId: created.id, token });
    return {
      result: { ok: true, userId: created.id, email, firstName: input.firstName, token },
      audit: { entityId: created.id, after: values },
    };
  });
}

export type UserUpdate = Outcome<{ sessionsEnded: number }, "not-found" | UserRefusal> | Stale;

/** The fields the edit form edits: their values are its version (issue 23: no lost update). */
const FORM_FIELDS = ["firstName", "lastName", "phone", "role", "status"] as const;

function userVersion(row: Record<string, unknown>) {
  return recordVersion(pickFields(row, FORM_FIELDS));
}

/**
 * Edits an account's names, phone, role and status under the rules above. `expectedVersion`:
 * the version the form was opened at (newer: nothing is written).
 */
export async function updateUserByAdmin(
  actor: AdminActor,
  userId: string,
  input: EditUserInput,
  expectedVersion?: string,
): Promise<UserUpdate> {
  if (!isAccountId(userId)) return { ok: false, reason: "not-found" };
  return auditedWrite<UserUpdate>(actor, "user.update", async (tx) => {
    const [before] = await tx
      .select(EDITABLE)
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!before) return { result: { ok: false, reason: "not-found" } };
    if (isStale(expectedVersion, pickFields(before, FORM_FIELDS)))
      return { result: await staleOutcome(tx, "user", userId, ["user.update"]) };
    const refusal = editRefusal(actor, userId, before, input);
    if (refusal) return { result: { ok: false, reason: refusal } };
    const wasActiveSuperAdmin =
      before.role === "admin" && before.isSuperAdmin && before.status === "active";
    const staysActiveAdmin = input.role === "admin" && input.status === "active";
    if (wasActiveSuperAdmin && !staysActiveAdmin && (await isLastSuperAdmin(tx, userId))) {
      return { result: { ok: false, reason: "last-super-admin" } };
    }
    const after = {
      firstName: input.firstName,
      lastName: input.lastName,
      name: fullNameOf(input.firstName, input.lastName),
      phone: input.phone || null,
      role: input.role,
      status: input.status,
      // The flag means nothing without the admin role; a new grant starts without it.
      isSuperAdmin: input.role === "admin" && before.role === "admin" && before.isSuperAdmin,
    };
    await tx.update(users).set(after).where(eq(users.id, userId));
    await announceAccountChange(tx, userId);
    if (after.role === "agent") await ensureAgentProfile(tx, userId);
    const signOut =
      (input.status === "inactive" && before.status !== "inactive") ||
      (before.role === "admin" && input.role !== "admin") ||
      (before.role === "agent" && input.role !== "agent");
    const sessionsEnded = signOut ? await endSessions(tx, userId) : 0;
    // An agent deactivated (or no longer an agent): their open viewings return to the admins and
    // their listings to the office, in this transaction, so nothing waits on someone who left.
    const stopsBeingAgent =
      before.role === "agent" && (input.role !== "agent" || input.status === "inactive");
    const returned = stopsBeingAgent ? await returnAgentWork(tx, userId) : undefined;
    // The log shows the sign-out as the sessions going from n to none.
    const sessionsBefore = {
      ...(sessionsEnded ? { signedInSessions: sessionsEnded } : {}),
      ...(returned ? { openViewings: returned.viewings, listings: returned.listings } : {}),
    };
    const sessionsAfter = {
      ...(sessionsEnded ? { signedInSessions: 0 } : {}),
      ...(returned ? { openViewings: 0, listings: 0 } : {}),
    };
    return {
      result: { ok: true, sessionsEnded },
      audit: {
        entityId: userId,
        before: { ...before, ...sessionsBefore },
        after: { ...after, ...sessionsAfter },
      },
      // A listing's page shows its agent's name and phone: an agent's account is public.
      publicContent: before.role === "agent" || after.role === "agent",
    };
  });
}

/** An agent's open viewings back to the admins, their listings back to the office: the counts. */
async function returnAgentWork(tx: Transaction, agentId: string) {
  const viewings = await tx
    .update(appointments)
    .set({ agentId: null, updatedAt: new Date() })
    .where(
      and(
        eq(appointments.agentId, agentId),
        inArray(appointments.status, ["pending", "confirmed"]),
      ),
    )
    .returning({ id: appointments.id });
  const listings = await tx
    .update(properties)
    .set({ agentId: null, updatedAt: new Date() })
    .where(eq(properties.agentId, agentId))
    .returning({ id: properties.id });
  return { viewings: viewings.length, listings: listings.length };
}

function editRefusal(
  actor: AdminActor,
  userId: string,
  before: { role: Role; status: UserStatus },
  input: EditUserInput,
): UserRefusal | undefined {
  const changesAdminRole = (before.role === "admin") !== (input.role === "admin");
  if (changesAdminRole && !actor.isSuperAdmin) return "admin-role";
  if (before.role === "admin" && before.status !== input.status && !actor.isSuperAdmin) {
    return "admin-account";
  }
  if (userId === actor.id && (before.role !== input.role || before.status !== input.status)) {
    return "self";
  }
  return undefined;
}

export type UserDeletion = Outcome<{ email: string }, "not-found" | UserRefusal>;

/**
 * Deletes an account: its sessions, settings and favourites go with it; its bookings and
 * inquiries stay, no longer linked (the foreign keys set them to null).
 */
export async function deleteUserByAdmin(actor: AdminActor, userId: string): Promise<UserDeletion> {
  if (!isAccountId(userId)) return { ok: false, reason: "not-found" };
  if (userId === actor.id) return { ok: false, reason: "self-delete" };
  return auditedWrite<UserDeletion>(actor, "user.delete", async (tx) => {
    const [target] = await tx
      .select({ role: users.role, isSuperAdmin: users.isSuperAdmin })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!target) return { result: { ok: false, reason: "not-found" } };
    if (target.role === "admin" && !actor.isSuperAdmin) {
      return { result: { ok: false, reason: "admin-account" } };
    }
    // A deleted agent leaves their listings' pages (their agent card falls back to the office).
    return { ...(await deleteAccount(tx, userId)), publicContent: target.role === "agent" };
  });
}

/**
 * Deletes the account in `tx` (refused for the last active super admin); the audit record
 * keeps who it was and how many bookings and inquiries it leaves behind.
 */
export async function deleteAccount(tx: Transaction, userId: string) {
  if (await isLastSuperAdmin(tx, userId)) {
    return { result: { ok: false as const, reason: "last-super-admin" as const } };
  }
  const [before] = await tx
    .select({ email: users.email, ...EDITABLE })
    .from(users)
    .where(eq(users.id, userId));
  if (!before) return { result: { ok: false as const, reason: "not-found" as const } };
  const [[bookings], [messages]] = await Promise.all([
    tx.select({ n: count() }).from(appointments).where(eq(appointments.userId, userId)),
    tx.select({ n: count() }).from(inquiries).where(eq(inquiries.userId, userId)),
  ]);
  await tx.delete(users).where(eq(users.id, userId));
  await announceAccountChange(tx, userId);
  return {
    result: { ok: true as const, email: before.email },
    audit: {
      entityId: userId,
      before: { ...before, bookingsKept: bookings?.n ?? 0, inquiriesKept: messages?.n ?? 0 },
      after: null,
    },
  };
}
