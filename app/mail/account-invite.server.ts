import type { Executor } from "~/db/transaction.server";
import { SET_PASSWORD_LINK_DAYS } from "~/lib/admin-users";
import { logger } from "~/lib/logger.server";
import { getContactDetails } from "~/models/site-content.server";
import { getUserForMail } from "~/models/user.server";
import type { MailMessage } from "./mail-message";
import { accountInviteEmail } from "./templates/account-invite";
import { passwordResetLink } from "./token-link.server";

// The e-mail of an account staff added on /admin/users: a link to choose its password, through
// the password-reset page and token (app/models/admin-users.server.ts makes the token and stores
// the notification with the account); the sender renders it. The person can still use 'Forgot
// password' if it never arrives.

export async function renderAccountInvite(
  executor: Executor,
  { userId, token }: { userId: string; token: string },
): Promise<MailMessage[]> {
  const user = await getUserForMail(userId, executor);
  if (!user) {
    logger.warn({ userId }, "No invitation: the account is gone");
    return [];
  }
  const email = accountInviteEmail({
    firstName: user.firstName ?? undefined,
    email: user.email,
    link: passwordResetLink(token),
    expiresInDays: SET_PASSWORD_LINK_DAYS,
    contact: await getContactDetails(executor),
  });
  return [{ to: user.email, ...email }];
}
