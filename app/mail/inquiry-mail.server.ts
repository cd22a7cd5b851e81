import type { Executor } from "~/db/transaction.server";
import { getEnv } from "~/env.server";
import { getInquiryForMail } from "~/models/inquiry.server";
import { getContactDetails } from "~/models/site-content.server";
import { enqueueMail } from "./mail.server";
import { inquiryResponseEmail } from "./templates/inquiry-response";

// The e-mail around an inquiry: the staff's response, to whoever sent it. Queued in the
// transaction that stores the response (respondToInquiry's InTransaction hook), so the answer
// and its e-mail commit together; the sender delivers it (ADR 11).

/** To the sender of the inquiry, whose response `tx` has just stored. */
export async function queueInquiryResponseEmail(tx: Executor, inquiryId: string): Promise<void> {
  const inquiry = await getInquiryForMail(inquiryId, tx);
  if (!inquiry?.response) throw new Error(`inquiry ${inquiryId} has no response to send`);
  const email = inquiryResponseEmail({
    name: inquiry.name,
    source: inquiry.source,
    subject: inquiry.subject,
    originalMessage: inquiry.description,
    response: inquiry.response,
    dashboardUrl:
      inquiry.source === "complaint" && inquiry.userId
        ? `${getEnv().siteUrl}/dashboard/complaints`
        : undefined,
    contact: await getContactDetails(tx),
  });
  await enqueueMail(tx, { to: inquiry.email, ...email });
}
