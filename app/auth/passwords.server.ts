import crypto from "node:crypto";
import { getAuth } from "./auth.server";

// The auth library's password hashing (scrypt) and checking, for the admin writes that store a
// password inside their own transaction (a new admin, an admin's own password change). Hashes
// are made before the transaction opens: they take tens of milliseconds.

export async function hashPassword(password: string): Promise<string> {
  const context = await getAuth().$context;
  return context.password.hash(password);
}

/** Whether `password` matches `hash`; a missing hash costs a hash too (no timing tell). */
export async function checkPassword(hash: string | null | undefined, password: string) {
  const context = await getAuth().$context;
  if (!hash) {
    await context.password.hash(password);
    return false;
  }
  return context.password.verify({ hash, password });
}

/** An id for rows the library would otherwise make (users, accounts): 32 URL-safe characters. */
export function newAuthId(): string {
  return crypto.randomBytes(24).toString("base64url");
}

/**
 * A single-use link token the library's reset-password endpoint accepts: its verification row
 * is `reset-password:<token>` holding the user id (better-auth's own format), so the existing
 * /reset-password page sets the password (and makes the credential when there is none).
 */
export function newPasswordResetToken() {
  const token = crypto.randomBytes(24).toString("base64url");
  return { token, identifier: `reset-password:${token}` };
}
