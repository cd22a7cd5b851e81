import { COMPANY_NAME } from "~/lib/site";
import type { EmailContact, RenderedEmail } from "../email-layout";
import { linkEmail } from "./link-email";

/**
 * The e-mail to someone staff added on /admin/users: their account exists and this link lets
 * them choose its password (nobody else ever types it). Pure: the caller supplies the link.
 */
export function accountInviteEmail({
  firstName,
  email,
  link,
  expiresInDays,
  contact,
}: {
  firstName?: string;
  email: string;
  link: string;
  expiresInDays: number;
  contact?: EmailContact;
}): RenderedEmail {
  return linkEmail({
    subject: `Your ${COMPANY_NAME} account is ready`,
    firstName,
    intro: `Our team has made a ${COMPANY_NAME} account for you. You sign in with your e-mail address (${email}) and a password only you know.`,
    instruction: "Open this link to choose your password:",
    buttonLabel: "Choose your password",
    link,
    expiry: `The link works once and expires in ${expiresInDays} days. If it has expired, use 'Forgot password' on the sign-in page.`,
    ignore: "If you did not expect this account, you can ignore this e-mail or tell us.",
    contact,
  });
}
