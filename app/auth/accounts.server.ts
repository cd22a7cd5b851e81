import { APIError } from "better-auth/api";
import { db } from "~/db/client.server";
import type { Outcome } from "~/lib/action-result";
import { isStaffRole } from "~/lib/roles";
import {
  announceAccountChange,
  findCredential,
  findUserByEmail,
  normalizeEmail,
  promoteToAdmin,
  type UserSummary,
} from "~/models/user.server";
import { getAuth } from "./auth.server";
import { ADMIN_SESSION_HOURS } from "./session.server";

// Sign-up and sign-in on top of better-auth, with our rules: inactive accounts cannot sign in,
// the admin login signs in only admins, and a refused sign-in never creates a session.

export type SignInResult = Outcome<
  { user: UserSummary; headers: Headers },
  "invalid" | "deactivated"
>;

/**
 * Checks an e-mail and password with the library's hashing, without creating a session.
 * Unknown e-mails cost a hash too, so the answer time does not tell which e-mails exist.
 */
export async function verifyCredentials(
  email: string,
  password: string,
): Promise<UserSummary | undefined> {
  const context = await getAuth().$context;
  const found = await findCredential(email);
  if (!found?.passwordHash) {
    await context.password.hash(password);
    return undefined;
  }
  const valid = await context.password.verify({ hash: found.passwordHash, password });
  return valid ? found.user : undefined;
}

/**
 * Signs in with e-mail and password. `adminOnly` (the admin login) refuses every account that
 * is not an admin, and `customersOnly` (/signin) every admin account, exactly like a wrong
 * password: an admin's password is only ever tried under the admin login's stricter limit.
 * A deactivated account is told so ("deactivated"), but only after its correct password and
 * only on the login its role belongs to: a wrong password, or the other login, never reveals it.
 * Answers the Set-Cookie headers to forward; an admin's cookie lasts as long as an admin
 * session (ADMIN_SESSION_HOURS), not the customers' 30 days.
 */
export async function signInWithPassword(input: {
  email: string;
  password: string;
  requestHeaders: Headers;
  adminOnly?: boolean;
  customersOnly?: boolean;
}): Promise<SignInResult> {
  const user = await verifyCredentials(input.email, input.password);
  if (
    !user ||
    (input.adminOnly && !isStaffRole(user.role)) ||
    (input.customersOnly && isStaffRole(user.role))
  ) {
    return { ok: false, reason: "invalid" };
  }
  if (user.status !== "active") return { ok: false, reason: "deactivated" };
  try {
    const { headers } = await getAuth().api.signInEmail({
      body: { email: normalizeEmail(input.email), password: input.password },
      headers: forwardedHeaders(input.requestHeaders),
      returnHeaders: true,
    });
    if (isStaffRole(user.role)) limitCookieLifetime(headers, ADMIN_SESSION_HOURS * 60 * 60);
    return { ok: true, user, headers };
  } catch (error) {
    if (error instanceof APIError) return { ok: false, reason: "invalid" };
    throw error;
  }
}

export type NewAccount = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
};

/**
 * Creates a customer account (role tenant). "exists" when the e-mail is already registered,
 * after hashing the password all the same, so the answer takes as long either way.
 */
export async function registerAccount(
  input: NewAccount,
  requestHeaders?: Headers,
): Promise<Outcome<{ userId: string }, "exists">> {
  if (await findUserByEmail(input.email)) {
    await (await getAuth().$context).password.hash(input.password);
    return { ok: false, reason: "exists" };
  }
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  let createdId: string;
  try {
    const result = await getAuth().api.signUpEmail({
      body: {
        email: normalizeEmail(input.email),
        password: input.password,
        name: `${firstName} ${lastName}`.trim(),
        firstName,
        lastName,
      },
      headers: requestHeaders ? forwardedHeaders(requestHeaders) : new Headers(),
    });
    createdId = result.user.id;
  } catch (error) {
    // A concurrent sign-up of the same e-mail won the unique index.
    if (error instanceof APIError && (await findUserByEmail(input.email))) {
      return { ok: false, reason: "exists" };
    }
    throw error;
  }
  // ...or got the library's look-alike answer for an existing e-mail: check the row.
  const stored = await findUserByEmail(input.email);
  if (!stored || stored.id !== createdId) return { ok: false, reason: "exists" };
  return { ok: true, userId: stored.id };
}

/**
 * Creates an admin account, or makes an existing account an admin (`superAdmin` also grants
 * the super-admin flag). For the create-admin command and the demo seed.
 */
export async function createOrPromoteAdmin(input: {
  email: string;
  password: string;
  superAdmin: boolean;
  firstName?: string;
  lastName?: string;
}): Promise<{ action: "created" | "promoted"; user: UserSummary }> {
  let action: "created" | "promoted" = "promoted";
  let existing = await findUserByEmail(input.email);
  if (!existing) {
    const created = await registerAccount({
      email: input.email,
      password: input.password,
      firstName: input.firstName ?? "Site",
      lastName: input.lastName ?? "Admin",
    });
    existing = await findUserByEmail(input.email);
    if (created.ok) action = "created";
  }
  if (!existing) throw new Error(`Could not create the account ${input.email}`);
  const promoted = await promoteToAdmin(existing.id, { superAdmin: input.superAdmin });
  if (!promoted.ok) throw new Error(`Could not update the account ${input.email}`);
  return { action, user: promoted.user };
}

export type PasswordChangeResult = Outcome<{ headers: Headers }, "invalid">;

/**
 * Changes the signed-in user's password after checking the current one on the server. Every
 * session of the user is ended and this browser gets a new one (in the answered Set-Cookie
 * headers), so a stolen session or a device signed in elsewhere is signed out. A wrong current
 * password changes nothing.
 */
export async function changePassword(input: {
  currentPassword: string;
  newPassword: string;
  requestHeaders: Headers;
}): Promise<PasswordChangeResult> {
  const headers = forwardedHeaders(input.requestHeaders);
  const cookie = input.requestHeaders.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  try {
    const result = await getAuth().api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers,
      returnHeaders: true,
    });
    // The library ended the account's other sessions: none may be answered from memory.
    await announceAccountChange(db, result.response.user.id);
    return { ok: true, headers: result.headers };
  } catch (error) {
    if (error instanceof APIError) return { ok: false, reason: "invalid" };
    throw error;
  }
}

/**
 * Rewrites the lifetime of the cookies being set (Max-Age, and Expires where present) to at most
 * `seconds`; cookies being cleared are left alone.
 */
export function limitCookieLifetime(headers: Headers, seconds: number) {
  const cookies = headers.getSetCookie();
  if (cookies.length === 0) return;
  headers.delete("Set-Cookie");
  const expires = new Date(Date.now() + seconds * 1000).toUTCString();
  for (const cookie of cookies) {
    const maxAge = /;\s*max-age=(-?\d+)/i.exec(cookie);
    if (maxAge && Number(maxAge[1]) <= seconds) {
      headers.append("Set-Cookie", cookie);
      continue;
    }
    const parts = cookie
      .split(";")
      .map((part) => part.trim())
      .filter((part) => !/^(max-age|expires)=/i.test(part));
    headers.append("Set-Cookie", [...parts, `Max-Age=${seconds}`, `Expires=${expires}`].join("; "));
  }
}

/**
 * The incoming headers the library may store with the session: the user agent only (client
 * address headers are the visitor's to forge unless a trusted proxy set them).
 */
function forwardedHeaders(source: Headers) {
  const headers = new Headers();
  for (const name of ["user-agent"]) {
    const value = source.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
