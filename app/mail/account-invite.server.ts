import type { Executor } from "~/db/transaction.server";
import { SET_PASSWORD_LINK_DAYS } from "~/lib/admin-users";
import { getContactDetails } from "~/models/site-content.server";
import { enqueueMail } from "./mail.server";
import { passwordResetLink } from "./password-reset.server";
import { accountInviteEmail } from "./templates/account-invite";

// The e-mail of an account staff added on /admin/users: a link to choose its password, through
// the password-reset page and token (app/models/admin-users.server.ts makes the token). Queued
// in the transaction that creates the account (createUserByAdmin's InTransaction hook); the
// person can still use 'Forgot password' if it never arrives.

export async function queueAccountInvite(
  tx: Executor,
  user: { email: string; firstName: string; token: string },
): Promise<void> {
  const contact = await getContactDetails(tx);
  const email = accountInviteEmail({
    firstName: user.firstName,
    email: user.email,
    link: passwordResetLink(user.token),
    expiresInDays: SET_PASSWORD_LINK_DAYS,
    contact,
  });
  await enqueueMail(tx, { to: user.email, ...email });
}
