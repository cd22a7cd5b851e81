import type { Executor } from "~/db/transaction.server";
import { EMAIL_VERIFICATION_TOKEN_HOURS } from "~/models/email-verification.server";
import { renderToAccount } from "./account-mail.server";
import type { MailMessage } from "./mail-message";
import { emailVerificationEmail } from "./templates/email-verification";
import { tokenLink } from "./token-link.server";

// The confirmation e-mail a signed-in customer asks for from the dashboard: the token and its
// notification are stored in one transaction (createEmailVerificationToken), and the sender
// renders and delivers the e-mail with the link (ADR 20).

export function emailVerificationLink(token: string, siteUrl?: string): string {
  return tokenLink("/verify-email", token, siteUrl);
}

/** The e-mail with the confirmation link, to the account's address. */
export function renderEmailVerification(
  executor: Executor,
  { userId, token }: { userId: string; token: string },
): Promise<MailMessage[]> {
  return renderToAccount(executor, userId, (user, contact) =>
    emailVerificationEmail({
      firstName: user.firstName,
      email: user.email,
      link: emailVerificationLink(token),
      expiresInHours: EMAIL_VERIFICATION_TOKEN_HOURS,
      contact,
    }),
  );
}

/** Confirmation e-mails per account: enough for a lost one, too few to flood an inbox. */
export const EMAIL_VERIFICATION_MAIL_LIMIT = { limit: 3, windowMs: 60 * 60 * 1000 };
