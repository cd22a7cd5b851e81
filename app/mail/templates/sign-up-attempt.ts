import { COMPANY_NAME } from "~/lib/site";
import type { EmailContact, RenderedEmail } from "../email-layout";
import { linkEmail } from "./link-email";

/**
 * To the owner of an e-mail address someone tried to sign up with again. The sign-up page
 * answers exactly as for a new address (it must not tell who has an account), so this is how
 * the owner learns of it. Pure: the caller supplies the links and contact.
 */
export function signUpAttemptEmail({
  firstName,
  signInLink,
  resetLink,
  contact,
}: {
  firstName?: string;
  signInLink: string;
  resetLink: string;
  contact?: EmailContact;
}): RenderedEmail {
  return linkEmail({
    subject: `Someone tried to sign up with your address at ${COMPANY_NAME}`,
    firstName,
    intro: `Someone, perhaps you, tried to create a ${COMPANY_NAME} account with this e-mail address. It already has an account, so no new one was made.`,
    instruction: "If it was you, sign in with your password here:",
    buttonLabel: "Sign in",
    link: signInLink,
    expiry: `Forgotten your password? Choose a new one at ${resetLink}`,
    ignore:
      "If it was not you, you can ignore this e-mail: nobody can use your account without your password.",
    contact,
  });
}
