import { getEnv } from "~/env.server";
import { getContactDetails } from "~/models/site-content.server";
import { findUserByEmail } from "~/models/user.server";
import { consumeRateLimit, rateLimitKey } from "~/rate-limit/rate-limit.server";
import { queueMailInBackground } from "./mail.server";
import { signUpAttemptEmail } from "./templates/sign-up-attempt";

/** Notices per address: enough to be told, too few to flood an inbox from many networks. */
export const SIGN_UP_ATTEMPT_MAIL_LIMIT = { limit: 3, windowMs: 24 * 60 * 60 * 1000 };

/**
 * Tells the owner of `email` that someone tried to sign up with it, after the response (the
 * sign-up answer must take the same time either way). At most SIGN_UP_ATTEMPT_MAIL_LIMIT a day.
 */
export function queueSignUpAttemptEmail(email: string) {
  queueMailInBackground(async () => {
    const { allowed } = await consumeRateLimit(
      rateLimitKey("signUpAttemptMail", email),
      SIGN_UP_ATTEMPT_MAIL_LIMIT,
    );
    const user = allowed ? await findUserByEmail(email) : undefined;
    if (!user) return undefined;
    const site = getEnv().siteUrl;
    const message = signUpAttemptEmail({
      firstName: user.name.split(" ")[0] || undefined,
      signInLink: `${site}/signin`,
      resetLink: `${site}/forgot-password`,
      contact: await getContactDetails(),
    });
    // Queued in the outbox; the sender delivers it with retries (ADR 11).
    return { to: user.email, ...message };
  });
}
