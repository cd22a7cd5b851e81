import { and, asc, count, desc, eq } from "drizzle-orm";
import { auditedWrite } from "~/audit/audit.server";
import { checkPassword, hashPassword, newAuthId } from "~/auth/passwords.server";
import { db } from "~/db/client.server";
import { accounts, userSettings, users } from "~/db/schema";
import type { Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import type { NotificationSetting } from "~/lib/schemas/admin-settings";
import {
  deleteAccount,
  endSessions,
  isAccountId,
  isLastSuperAdmin,
  lockActiveSuperAdmins,
} from "./admin-users.server";
import { normalizeEmail, splitFullName } from "./user.server";

// /admin/settings: the signed-in admin's notification switches, password and account, and the
// admin accounts, which only a super admin adds or removes (DESIGN.md). The last active super
// admin can never be removed, demoted or deleted.

/** The admin's two switches; an admin who never changed them has no row, which means on. */
export async function getNotificationSettings(actor: AdminActor) {
  const [row] = await db
    .select({
      notifications: userSettings.notificationsEnabled,
      emailNotifications: userSettings.emailNotificationsEnabled,
    })
    .from(userSettings)
    .where(eq(userSettings.userId, actor.id));
  return row ?? { notifications: true, emailNotifications: true };
}

const SETTING_COLUMNS = {
  notifications: "notificationsEnabled",
  emailNotifications: "emailNotificationsEnabled",
} as const;

/** Turns one of the admin's own switches on or off. */
export async function updateNotificationSetting(
  actor: AdminActor,
  setting: NotificationSetting,
  enabled: boolean,
): Promise<{ ok: true }> {
  const column = SETTING_COLUMNS[setting];
  const change =
    column === "notificationsEnabled"
      ? { notificationsEnabled: enabled }
      : { emailNotificationsEnabled: enabled };
  return auditedWrite(actor, "settings.update", async (tx) => {
    const [old] = await tx
      .select({ value: userSettings[column] })
      .from(userSettings)
      .where(eq(userSettings.userId, actor.id))
      .for("update");
    await tx
      .insert(userSettings)
      .values({ userId: actor.id, ...change })
      .onConflictDoUpdate({ target: userSettings.userId, set: change });
    return {
      result: { ok: true as const },
      audit: {
        entityId: actor.id,
        before: { [column]: old?.value ?? true },
        after: { [column]: enabled },
      },
    };
  });
}

export type PasswordChange = Outcome<{ sessionsEnded: number }, "wrong-password">;

/**
 * The admin's own password: the current one is checked, the new one stored, and every other
 * session of the admin ended (this one, `keepSessionId`, stays signed in).
 */
export async function changeOwnPassword(
  actor: AdminActor,
  input: { currentPassword: string; newPassword: string; keepSessionId: string },
): Promise<PasswordChange> {
  const credential = and(eq(accounts.userId, actor.id), eq(accounts.providerId, "credential"));
  const [stored] = await db.select({ hash: accounts.password }).from(accounts).where(credential);
  if (!stored?.hash || !(await checkPassword(stored.hash, input.currentPassword))) {
    return { ok: false, reason: "wrong-password" };
  }
  const newHash = await hashPassword(input.newPassword);
  return auditedWrite<PasswordChange>(actor, "user.password", async (tx) => {
    // Only over the hash that was checked: a change made meanwhile wins, this one is refused.
    const changed = await tx
      .update(accounts)
      .set({ password: newHash })
      .where(and(credential, eq(accounts.password, stored.hash ?? "")))
      .returning({ id: accounts.id });
    if (changed.length === 0) return { result: { ok: false, reason: "wrong-password" } };
    const sessionsEnded = await endSessions(tx, actor.id, input.keepSessionId);
    return {
      result: { ok: true, sessionsEnded },
      audit: {
        entityId: actor.id,
        before: { password: stored.hash, otherSessions: sessionsEnded },
        after: { password: newHash, otherSessions: 0 },
      },
    };
  });
}

export type OwnAccountDeletion = Outcome<object, "not-found" | "last-super-admin">;

/** The Danger Zone: the admin deletes their own account (never the last super admin's). */
export async function deleteOwnAccount(actor: AdminActor): Promise<OwnAccountDeletion> {
  return auditedWrite<OwnAccountDeletion>(actor, "user.delete-own", (tx) =>
    deleteAccount(tx, actor.id),
  );
}

/** The Admins tab: every admin account, super admins first. */
export async function listAdminAccounts(_actor: AdminActor) {
  return db
    .select({
      id: users.id,
      email: users.email,
      name: users.name,
      isSuperAdmin: users.isSuperAdmin,
      status: users.status,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(desc(users.isSuperAdmin), asc(users.email));
}

/** How many active super admins there are (the last one can never be removed or deleted). */
export async function countActiveSuperAdmins(_actor: AdminActor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.isSuperAdmin, true), eq(users.status, "active")));
  return row?.n ?? 0;
}

export type AdminAddition = Outcome<{ userId: string }, "super-admin-only" | "exists">;

/**
 * A super admin adds an admin with an e-mail and a password (the full name is optional). New
 * admins are never super admins. An e-mail that already has an account is refused: that
 * account is given the role from /admin/users, never a password typed by someone else.
 */
export async function addAdminAccount(
  actor: AdminActor,
  input: { email: string; password: string; fullName: string },
): Promise<AdminAddition> {
  if (!actor.isSuperAdmin) return { ok: false, reason: "super-admin-only" };
  const email = normalizeEmail(input.email);
  const passwordHash = await hashPassword(input.password);
  const name = input.fullName.trim().replace(/\s+/g, " ");
  return auditedWrite<AdminAddition>(actor, "user.add-admin", async (tx) => {
    const userId = newAuthId();
    const values = {
      email,
      name,
      ...splitFullName(name),
      role: "admin" as const,
      isSuperAdmin: false,
      status: "active" as const,
    };
    const [created] = await tx
      .insert(users)
      .values({ id: userId, ...values })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) return { result: { ok: false, reason: "exists" } };
    await tx.insert(accounts).values({
      id: newAuthId(),
      accountId: userId,
      providerId: "credential",
      userId,
      password: passwordHash,
    });
    return {
      result: { ok: true, userId },
      audit: { entityId: userId, after: { ...values, password: passwordHash } },
    };
  });
}

export type AdminRemoval = Outcome<
  { email: string },
  "super-admin-only" | "not-found" | "self" | "last-super-admin"
>;

/**
 * A super admin removes an admin: the account stays (as a customer account, role tenant) but
 * loses the admin role and the super-admin flag, and its sessions end at once.
 */
export async function removeAdminAccount(actor: AdminActor, userId: string): Promise<AdminRemoval> {
  if (!actor.isSuperAdmin) return { ok: false, reason: "super-admin-only" };
  if (!isAccountId(userId)) return { ok: false, reason: "not-found" };
  if (userId === actor.id) return { ok: false, reason: "self" };
  return auditedWrite<AdminRemoval>(actor, "user.remove-admin", async (tx) => {
    await lockActiveSuperAdmins(tx);
    const [target] = await tx
      .select({ email: users.email, role: users.role, isSuperAdmin: users.isSuperAdmin })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.role, "admin")))
      .for("update");
    if (!target) return { result: { ok: false, reason: "not-found" } };
    if (await isLastSuperAdmin(tx, userId)) {
      return { result: { ok: false, reason: "last-super-admin" } };
    }
    await tx.update(users).set({ role: "tenant", isSuperAdmin: false }).where(eq(users.id, userId));
    const sessionsEnded = await endSessions(tx, userId);
    return {
      result: { ok: true, email: target.email },
      audit: {
        entityId: userId,
        before: {
          role: target.role,
          isSuperAdmin: target.isSuperAdmin,
          signedInSessions: sessionsEnded,
        },
        after: { role: "tenant", isSuperAdmin: false, signedInSessions: 0 },
      },
    };
  });
}
