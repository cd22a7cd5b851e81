import type { Executor } from "~/db/transaction.server";
import { SET_PASSWORD_LINK_DAYS } from "~/lib/admin-users";
import { renderToAccount } from "./account-mail.server";
import type { MailMessage } from "./mail-message";
import { accountInviteEmail } from "./templates/account-invite";
import { passwordResetLink } from "./token-link.server";

// The e-mail of an account staff added on /admin/users: a link to choose its password, through
// the password-reset page and token (app/models/admin-users.server.ts makes the token and stores
// the notification with the account); the sender renders it. The person can still use 'Forgot
// password' if it never arrives.

export function renderAccountInvite(
  executor: Executor,
  { userId, token }: { userId: string; token: string },
): Promise<MailMessage[]> {
  return renderToAccount(executor, userId, (user, contact) =>
    accountInviteEmail({
      firstName: user.firstName,
      email: user.email,
      link: passwordResetLink(token),
      expiresInDays: SET_PASSWORD_LINK_DAYS,
      contact,
    }),
  );
}
