import {
  createEmailVerificationToken,
  EMAIL_VERIFICATION_TOKEN_HOURS,
} from "~/models/email-verification.server";
import { getContactDetails } from "~/models/site-content.server";
import { sendMail } from "./mail.server";
import { emailVerificationEmail } from "./templates/email-verification";
import { tokenLink } from "./token-link.server";

// The confirmation e-mail a signed-in customer asks for from the dashboard. Sent while they
// wait (unlike the password reset, there is nothing to hide): a failure reaches them.

export function emailVerificationLink(token: string, siteUrl?: string): string {
  return tokenLink("/verify-email", token, siteUrl);
}

/** Creates a confirmation token for the user and e-mails the link. Throws when sending failed. */
export async function sendEmailVerification(user: {
  id: string;
  email: string;
  firstName?: string | null;
}): Promise<void> {
  const token = await createEmailVerificationToken(user.id);
  const contact = await getContactDetails();
  const email = emailVerificationEmail({
    firstName: user.firstName ?? undefined,
    email: user.email,
    link: emailVerificationLink(token),
    expiresInHours: EMAIL_VERIFICATION_TOKEN_HOURS,
    contact,
  });
  await sendMail({ to: user.email, ...email });
}

/** Confirmation e-mails per account: enough for a lost one, too few to flood an inbox. */
export const EMAIL_VERIFICATION_MAIL_LIMIT = { limit: 3, windowMs: 60 * 60 * 1000 };
