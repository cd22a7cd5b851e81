import { and, eq, sql } from "drizzle-orm";
import { announce } from "~/cache/announcements.server";
import { db } from "~/db/client.server";
import { accounts, userSettings, users } from "~/db/schema";
import type { Executor } from "~/db/transaction.server";
import type { Outcome } from "~/lib/action-result";
import type { Role, UserStatus } from "~/lib/roles";

// Accounts as the rest of the app sees them. Passwords are never read or written here: the
// auth library (app/auth) hashes and checks them.

export type UserSummary = {
  id: string;
  email: string;
  name: string;
  role: Role;
  isSuperAdmin: boolean;
  status: UserStatus;
};

const summaryColumns = {
  id: users.id,
  email: users.email,
  name: users.name,
  role: users.role,
  isSuperAdmin: users.isSuperAdmin,
  status: users.status,
};

/**
 * The channel on which a change to an account, or the end of its sessions, is announced: the
 * session cache drops what it holds for the account (app/cache/session-cache.server.ts, ADR 21).
 */
export const ACCOUNT_CHANGED_CHANNEL = "naija_account_changed";

/**
 * Announces a change to this account (its role, status, names) or to its sessions. Inside a
 * transaction it is delivered when the transaction commits, and never if it rolls back.
 */
export async function announceAccountChange(executor: Executor, userId: string) {
  await announce(executor, ACCOUNT_CHANGED_CHANNEL, userId);
}

export function normalizeEmail(email: string) {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string): Promise<UserSummary | undefined> {
  const [row] = await db
    .select(summaryColumns)
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  return row;
}

/** The stored password hash of an e-mail/password account (for the auth library to check). */
export async function findCredential(
  email: string,
): Promise<{ user: UserSummary; passwordHash: string | null } | undefined> {
  const [row] = await db
    .select({ ...summaryColumns, passwordHash: accounts.password })
    .from(users)
    .leftJoin(
      accounts,
      and(
        eq(accounts.userId, users.id),
        eq(accounts.providerId, "credential"),
        eq(accounts.accountId, users.id),
      ),
    )
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  if (!row) return undefined;
  const { passwordHash, ...user } = row;
  return { user, passwordHash };
}

/** Makes an account an admin (and a super admin when asked; never takes that flag away). */
export async function promoteToAdmin(
  userId: string,
  options: { superAdmin: boolean },
): Promise<Outcome<{ user: UserSummary }, "not-found">> {
  const [row] = await db
    .update(users)
    .set({
      role: "admin",
      ...(options.superAdmin ? { isSuperAdmin: true } : {}),
      status: "active",
    })
    .where(eq(users.id, userId))
    .returning(summaryColumns);
  if (row) await announceAccountChange(db, userId);
  return row ? { ok: true, user: row } : { ok: false, reason: "not-found" };
}

export async function countUsers(): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

export async function setUserStatus(userId: string, status: "active" | "inactive") {
  await db.update(users).set({ status }).where(eq(users.id, userId));
  await announceAccountChange(db, userId);
}

/**
 * Admins who get e-mail about appointments: active, with both switches of their settings on
 * ('Notifications', the master switch, and 'Email notifications'); an admin who never opened
 * the settings has no row there, which means on.
 */
export async function listAdminsForEmailNotifications(
  executor: Executor = db,
): Promise<{ email: string; name: string }[]> {
  return executor
    .select({ email: users.email, name: users.name })
    .from(users)
    .leftJoin(userSettings, eq(userSettings.userId, users.id))
    .where(
      and(
        eq(users.role, "admin"),
        eq(users.status, "active"),
        sql`coalesce(${userSettings.notificationsEnabled}, true)`,
        sql`coalesce(${userSettings.emailNotificationsEnabled}, true)`,
      ),
    )
    .orderBy(users.email);
}

/** Whom an account's e-mails go to (invitation, address confirmation), or undefined if gone. */
export async function getUserForMail(
  id: string,
  executor: Executor = db,
): Promise<{ email: string; firstName: string | null } | undefined> {
  const [row] = await executor
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row;
}

/** "Ada Grace Obi" gives first name "Ada" and last name "Grace Obi". */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName = "", ...rest] = fullName.trim().split(/\s+/);
  return { firstName, lastName: rest.join(" ") };
}

/** The customer's own profile: full name (also split into first and last) and phone. */
export async function updateProfile(
  userId: string,
  input: { fullName: string; phone: string | null },
): Promise<Outcome<object, "not-found">> {
  const name = input.fullName.trim().replace(/\s+/g, " ");
  const [row] = await db
    .update(users)
    .set({ name, ...splitFullName(name), phone: input.phone })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  // The header and the profile form show the new name from the session at once.
  if (row) await announceAccountChange(db, userId);
  return row ? { ok: true } : { ok: false, reason: "not-found" };
}

/**
 * The active account whose confirmed e-mail address is `email`, if any: a booking made signed
 * out with that address belongs to it (ADR 8), as bookings made before it was confirmed do.
 */
export async function findVerifiedUserIdByEmail(email: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.email, normalizeEmail(email)),
        eq(users.emailVerified, true),
        eq(users.status, "active"),
      ),
    )
    .limit(1);
  return row?.id;
}
