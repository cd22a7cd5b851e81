import { COMPANY_NAME } from "~/lib/site";
import type { EmailContact, RenderedEmail } from "../email-layout";
import { linkEmail } from "./link-email";

/** The e-mail with the link to /verify-email. Pure: the caller supplies link and contact. */
export function emailVerificationEmail({
  firstName,
  email,
  link,
  expiresInHours,
  contact,
}: {
  firstName?: string;
  email: string;
  link: string;
  expiresInHours: number;
  contact?: EmailContact;
}): RenderedEmail {
  return linkEmail({
    subject: `Confirm your e-mail address for ${COMPANY_NAME}`,
    firstName,
    intro: `Please confirm that ${email} is the address of your ${COMPANY_NAME} account. Once it is confirmed, the appointments you booked with it before signing up appear in your dashboard.`,
    instruction: "Open this link to confirm your e-mail address:",
    buttonLabel: "Confirm my e-mail",
    link,
    expiry: `The link works once and expires in ${expiresInHours} hours.`,
    ignore: "If you did not ask for this, you can ignore this e-mail: nothing changes.",
    contact,
  });
}
