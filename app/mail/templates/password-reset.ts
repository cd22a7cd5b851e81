import { COMPANY_NAME } from "~/lib/site";
import type { EmailContact, RenderedEmail } from "../email-layout";
import { linkEmail } from "./link-email";

/** The e-mail with the link to /reset-password. Pure: the caller supplies link and contact. */
export function passwordResetEmail({
  firstName,
  link,
  expiresInMinutes,
  contact,
}: {
  firstName?: string;
  link: string;
  expiresInMinutes: number;
  contact?: EmailContact;
}): RenderedEmail {
  return linkEmail({
    subject: `Reset your ${COMPANY_NAME} password`,
    firstName,
    intro: `We received a request to reset the password of your ${COMPANY_NAME} account.`,
    instruction: "Open this link to choose a new password:",
    buttonLabel: "Reset your password",
    link,
    expiry: `The link works once and expires in ${expiresInMinutes} minutes.`,
    ignore:
      "If you did not ask for this, you can ignore this e-mail: your password stays the same.",
    contact,
  });
}
