import { logger } from "~/log/logger.server";
import { getContactDetails } from "~/models/site-content.server";
import { queueMailInBackground } from "./mail.server";
import { passwordResetEmail } from "./templates/password-reset";
import { passwordResetLink } from "./token-link.server";

// The e-mail better-auth asks for when someone requests a password reset
// (emailAndPassword.sendResetPassword in app/auth/auth.server.ts).

/** How long a reset link works; better-auth's resetPasswordTokenExpiresIn is set from it. */
export const RESET_PASSWORD_TOKEN_MINUTES = 30;

export type ResetMailUser = {
  email: string;
  firstName?: string | null;
  status?: string | null;
};

/**
 * Queues the reset e-mail after the response and returns at once: the request-a-reset answer
 * must take as long for a registered e-mail as for an unknown one, and must not fail when the
 * mail server does. better-auth has already stored the token, outside any transaction of ours,
 * so the message is queued on its own (mail.server.ts: queueMailInBackground).
 * A deactivated account gets no e-mail (it could not sign in with the new password anyway).
 */
export function queuePasswordResetEmail({ user, token }: { user: ResetMailUser; token: string }) {
  if (user.status && user.status !== "active") {
    logger.info(
      { email: user.email },
      "Password reset requested for an inactive account: no e-mail",
    );
    return;
  }
  const link = passwordResetLink(token);
  queueMailInBackground(async () => {
    const contact = await getContactDetails();
    const email = passwordResetEmail({
      firstName: user.firstName ?? undefined,
      link,
      expiresInMinutes: RESET_PASSWORD_TOKEN_MINUTES,
      contact,
    });
    return { to: user.email, ...email };
  });
}
