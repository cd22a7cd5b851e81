import { APIError } from "better-auth/api";
import { announceAllSessionsEnded } from "~/cache/session-cache.server";
import type { Outcome } from "~/lib/action-result";
import { isWellFormedToken } from "~/lib/tokens";
import { logger } from "~/log/logger.server";
import { getAuth } from "./auth.server";

// Forgot-password and reset-password on top of better-auth. The library stores the single-use
// token (a verification row `reset-password:<token>`, deleted when used) and calls
// emailAndPassword.sendResetPassword, which e-mails a link to our /reset-password page.

/**
 * Asks for a reset e-mail. Answers nothing: whether the e-mail is registered, and whether
 * anything failed, must not reach the visitor (failures are logged).
 */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    await getAuth().api.requestPasswordReset({ body: { email } });
  } catch (error) {
    logger.error({ err: error }, "Password reset request failed");
  }
}

/** Whether a reset link is still usable (exists, unused, unexpired). Reads only. */
export async function isResetTokenUsable(token: string): Promise<boolean> {
  if (!isWellFormedToken(token)) return false;
  const context = await getAuth().$context;
  const verification = await context.internalAdapter.findVerificationValue(
    `reset-password:${token}`,
  );
  return Boolean(verification && new Date(verification.expiresAt) > new Date());
}

/**
 * Sets a new password with a reset token; the token is spent and (revokeSessionsOnPasswordReset)
 * every session of the account ends. "invalid-token": unknown, used or expired.
 */
export async function resetPasswordWithToken(
  token: string,
  newPassword: string,
): Promise<Outcome<object, "invalid-token">> {
  if (!isWellFormedToken(token)) return { ok: false, reason: "invalid-token" };
  try {
    await getAuth().api.resetPassword({ body: { token, newPassword } });
    // The library ended the account's sessions without naming the account: forget them all.
    await announceAllSessionsEnded();
    return { ok: true };
  } catch (error) {
    if (
      error instanceof APIError &&
      (error.body?.code === "INVALID_TOKEN" || error.body?.code === "USER_NOT_FOUND")
    ) {
      return { ok: false, reason: "invalid-token" };
    }
    throw error;
  }
}
