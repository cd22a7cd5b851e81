import { deliverAllDueMail } from "~/mail/mail-delivery.server";
import type { MailTransport, OutgoingMail } from "~/mail/mail-transport.server";

/** Renders and delivers what the outbox holds; answers the e-mails as the transport got them. */
export async function deliverDueMail(): Promise<OutgoingMail[]> {
  const delivered: OutgoingMail[] = [];
  const transport: MailTransport = {
    name: "smtp",
    deliver: async (mail) => {
      delivered.push(mail);
    },
  };
  await deliverAllDueMail({ transport });
  return delivered;
}
