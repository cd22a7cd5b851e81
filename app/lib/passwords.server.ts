import crypto from "node:crypto";
import { hashPassword as libraryHash, verifyPassword } from "better-auth/crypto";

// The auth library's password hashing (scrypt) and checking, for the admin writes that store a
// password inside their own transaction (a new admin, an admin's own password change). Hashes
// are made before the transaction opens: they take tens of milliseconds. These are the functions
// the library's sign-in uses (app/auth/auth.server.ts sets no password hook of its own), taken
// from the library directly so the models need nothing from app/auth.

export async function hashPassword(password: string): Promise<string> {
  return libraryHash(password);
}

/** Whether `password` matches `hash`; a missing hash costs a hash too (no timing tell). */
export async function checkPassword(hash: string | null | undefined, password: string) {
  if (!hash) {
    await libraryHash(password);
    return false;
  }
  return verifyPassword({ hash, password });
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
