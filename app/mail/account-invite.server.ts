import { SET_PASSWORD_LINK_DAYS } from "~/lib/admin-users";
import { getContactDetails } from "~/models/site-content.server";
import { sendMailInBackground } from "./mail.server";
import { passwordResetLink } from "./password-reset.server";
import { accountInviteEmail } from "./templates/account-invite";

// The e-mail of an account staff added on /admin/users: a link to choose its password, through
// the password-reset page and token (app/models/admin-users.server.ts makes the token). Sent
// after the response; a failure is logged and kept in the outbox, and the person can still use
// 'Forgot password'.

export function sendAccountInvite(user: { email: string; firstName: string; token: string }) {
  sendMailInBackground(async () => {
    const contact = await getContactDetails();
    const email = accountInviteEmail({
      firstName: user.firstName,
      email: user.email,
      link: passwordResetLink(user.token),
      expiresInDays: SET_PASSWORD_LINK_DAYS,
      contact,
    });
    return { to: user.email, ...email };
  });
}
