import type { Executor } from "~/db/transaction.server";
import { getEnv } from "~/env.server";
import { logger } from "~/log/logger.server";
import { getInquiryForMail } from "~/models/inquiry.server";
import { getAgentOfListing } from "~/models/listing-agent.server";
import { getContactDetails } from "~/models/site-content.server";
import { listAdminsForEmailNotifications } from "~/models/user.server";
import type { MailMessage } from "./mail-message";
import { inquiryResponseEmail } from "./templates/inquiry-response";
import { listingInquiryEmail } from "./templates/listing-inquiry";

// The e-mail around an inquiry: the staff's response, to whoever sent it. The response is stored
// with its notification (respondToInquiry); the sender renders this from it (ADR 11). A
// response is read-only once given, so reading it at sending time reads what was answered.

/** To the sender of the inquiry, from the response stored on it. */
export async function renderInquiryResponseEmail(
  executor: Executor,
  inquiryId: string,
): Promise<MailMessage[]> {
  const inquiry = await getInquiryForMail(inquiryId, executor);
  if (!inquiry) {
    logger.warn({ inquiryId }, "No e-mail: unknown inquiry");
    return [];
  }
  if (!inquiry.response) throw new Error(`inquiry ${inquiryId} has no response to send`);
  const email = inquiryResponseEmail({
    name: inquiry.name,
    source: inquiry.source,
    subject: inquiry.subject,
    originalMessage: inquiry.description,
    response: inquiry.response,
    listing:
      inquiry.propertyId && inquiry.propertyTitle && inquiry.propertyCode
        ? {
            title: inquiry.propertyTitle,
            code: inquiry.propertyCode,
            url: `${getEnv().siteUrl}/property/${inquiry.propertyId}`,
          }
        : undefined,
    dashboardUrl:
      inquiry.source === "complaint" && inquiry.userId
        ? `${getEnv().siteUrl}/dashboard/complaints`
        : undefined,
    contact: await getContactDetails(executor),
  });
  return [{ to: inquiry.email, ...email }];
}

/**
 * A visitor asked about a listing: to the listing's active agent, else to every active admin with
 * e-mail notifications on (one message each), as a booking's notice goes.
 */
export async function renderListingInquiryEmail(
  executor: Executor,
  inquiryId: string,
): Promise<MailMessage[]> {
  const inquiry = await getInquiryForMail(inquiryId, executor);
  if (!inquiry?.propertyId) {
    logger.warn({ inquiryId }, "No e-mail: unknown inquiry or no listing");
    return [];
  }
  const siteUrl = getEnv().siteUrl;
  const agent = await getAgentOfListing(executor, inquiry.propertyId);
  const recipients = agent ? [agent] : await listAdminsForEmailNotifications(executor);
  if (recipients.length === 0) return [];
  const email = listingInquiryEmail({
    inquiry,
    listing: {
      title: inquiry.propertyTitle ?? "a listing",
      code: inquiry.propertyCode ?? "",
      url: `${siteUrl}/property/${inquiry.propertyId}`,
    },
    adminUrl: `${siteUrl}/admin/complaints/${inquiry.id}`,
    contact: await getContactDetails(executor),
  });
  return recipients.map((recipient) => ({ to: recipient.email, ...email }));
}
