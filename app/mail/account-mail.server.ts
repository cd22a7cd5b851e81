import type { Executor } from "~/db/transaction.server";
import { logger } from "~/log/logger.server";
import { getContactDetails } from "~/models/site-content.server";
import { getUserForMail } from "~/models/user.server";
import type { EmailContact } from "./email-layout";
import type { MailMessage } from "./mail-message";

// The e-mails that go to an account's own address (an invitation, an address confirmation):
// rendered from a notification, to the account as it is when the e-mail is sent.

type Recipient = { email: string; firstName?: string };
type Composed = Omit<MailMessage, "to">;

/** The e-mail `compose` makes for account `userId`; none when the account is gone. */
export async function renderToAccount(
  executor: Executor,
  userId: string,
  compose: (user: Recipient, contact: EmailContact) => Composed,
): Promise<MailMessage[]> {
  const user = await getUserForMail(userId, executor);
  if (!user) {
    logger.warn({ userId }, "No e-mail: the account is gone");
    return [];
  }
  const recipient = { email: user.email, firstName: user.firstName ?? undefined };
  return [{ to: user.email, ...compose(recipient, await getContactDetails(executor)) }];
}
