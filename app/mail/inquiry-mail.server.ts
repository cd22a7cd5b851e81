import { getEnv } from "~/env.server";
import { getInquiryForMail } from "~/models/inquiry.server";
import { getContactDetails } from "~/models/site-content.server";
import { sendMailInBackground } from "./mail.server";
import { inquiryResponseEmail } from "./templates/inquiry-response";

// The e-mail around an inquiry: the staff's response, to whoever sent it. Returns at once and
// sends after the response, so a failed e-mail never undoes (or delays) the admin's answer; it
// is logged and recorded in mail_outbox by sendMail.

/** To the sender, once respondToInquiry has stored the response (call it when that answered ok). */
export function sendInquiryResponseEmail(inquiryId: string): void {
  sendMailInBackground(async () => {
    const inquiry = await getInquiryForMail(inquiryId);
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
      contact: await getContactDetails(),
    });
    return { to: inquiry.email, ...email };
  });
}
