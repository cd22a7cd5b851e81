import {
  createEmailVerificationToken,
  EMAIL_VERIFICATION_TOKEN_HOURS,
} from "~/models/email-verification.server";
import { getContactDetails } from "~/models/site-content.server";
import { enqueueMail } from "./mail.server";
import { kickMailSender } from "./mail-sender.server";
import { emailVerificationEmail } from "./templates/email-verification";
import { tokenLink } from "./token-link.server";

// The confirmation e-mail a signed-in customer asks for from the dashboard: the token and the
// e-mail carrying its link are stored in one transaction, and the sender delivers it (ADR 11).

export function emailVerificationLink(token: string, siteUrl?: string): string {
  return tokenLink("/verify-email", token, siteUrl);
}

/** Creates a confirmation token for the user and queues the e-mail with its link. */
export async function sendEmailVerification(user: {
  id: string;
  email: string;
  firstName?: string | null;
}): Promise<void> {
  await createEmailVerificationToken(user.id, new Date(), async (tx, { token }) => {
    const contact = await getContactDetails(tx);
    const email = emailVerificationEmail({
      firstName: user.firstName ?? undefined,
      email: user.email,
      link: emailVerificationLink(token),
      expiresInHours: EMAIL_VERIFICATION_TOKEN_HOURS,
      contact,
    });
    await enqueueMail(tx, { to: user.email, ...email });
  });
  kickMailSender();
}

/** Confirmation e-mails per account: enough for a lost one, too few to flood an inbox. */
export const EMAIL_VERIFICATION_MAIL_LIMIT = { limit: 3, windowMs: 60 * 60 * 1000 };
