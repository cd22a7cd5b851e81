import crypto from "node:crypto";
import { hashPassword as libraryHash, verifyPassword } from "better-auth/crypto";

// Every password's hashing (the auth library's scrypt) and checking: the library's sign-up,
// sign-in and reset call these (app/auth/auth.server.ts), and so do the admin writes that store
// a password inside their own transaction (a new admin, an admin's own password change); the
// models take them from this module, which the layer table places below the models (not from
// app/auth/auth.server.ts). Hashes are made before a transaction opens:
// they take ~100 ms of processor time (32 MB of memory-hard work), on purpose. The Vitest suite
// memoizes the two functions (tests/setup/memoized-passwords.ts).

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
