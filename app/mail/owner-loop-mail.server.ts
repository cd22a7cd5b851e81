import type { Executor } from "~/db/transaction.server";
import { getEnv } from "~/env.server";
import { myListingPath, mySubmissionPath } from "~/lib/navigation";
import { logger } from "~/log/logger.server";
import { getListingAgent } from "~/models/listing-agent.server";
import type { Notification } from "~/models/notification.server";
import { getInterestAlertForMail } from "~/models/owner-alerts.server";
import { getContactDetails } from "~/models/site-content.server";
import { getSubmissionForMail } from "~/models/submission.server";
import { getThreadMessageForMail } from "~/models/submission-thread.server";
import { listAdminsForEmailNotifications } from "~/models/user.server";
import type { MailMessage } from "./mail-message";
import { ownerInterestEmail } from "./templates/owner-interest";
import { submissionMessageEmail } from "./templates/submission-message";
import { tokenLink } from "./token-link.server";
import { signOwnerAlertsToken } from "./unsubscribe-token.server";

// Owners kept in the loop (issue 47): the owner's e-mail when their listing gets an inquiry or a
// booked viewing, and a message on a submission's thread to the other side. Rendered when sent
// from what the write froze (ADR 20).

export const OWNER_ALERTS_UNSUBSCRIBE_PATH = "/listings/alerts/unsubscribe";

export function ownerAlertsUnsubscribeLink(userId: string, siteUrl?: string): string {
  return tokenLink(OWNER_ALERTS_UNSUBSCRIBE_PATH, signOwnerAlertsToken(userId), siteUrl);
}

export async function renderListingInterestEmail(
  executor: Executor,
  notification: Extract<Notification, { kind: "owner.listing-interest" }>,
): Promise<MailMessage[]> {
  const { propertyId, ownerId } = notification;
  // Switched off, handed to someone else or deactivated since: nobody to tell.
  const listing = await getInterestAlertForMail(executor, propertyId, ownerId);
  if (!listing) return [];
  const siteUrl = getEnv().siteUrl;
  const unsubscribeUrl = ownerAlertsUnsubscribeLink(ownerId, siteUrl);
  const agent = await getListingAgent(listing.agentId, executor);
  const email = ownerInterestEmail({
    firstName: listing.ownerName.split(/\s+/)[0],
    listing: { title: listing.title, code: listing.code },
    event: notification.event,
    day: notification.day,
    time: notification.time,
    agent: agent ? { name: agent.name, phone: agent.phone } : null,
    listingUrl: `${siteUrl}${myListingPath(propertyId)}`,
    unsubscribeUrl,
    contact: await getContactDetails(executor),
  });
  return [
    {
      to: listing.ownerEmail,
      ...email,
      // RFC 2369 and RFC 8058, as the weekly report: a mail client's Unsubscribe button.
      headers: {
        "List-Unsubscribe": `<${unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    },
  ];
}

/**
 * A thread message: the office's to the owner; the owner's to every active admin with e-mail
 * notifications on (the office reviews submissions; agents do not open them).
 */
export async function renderThreadMessageEmails(
  executor: Executor,
  notification: Extract<Notification, { kind: "submission.message" }>,
): Promise<MailMessage[]> {
  const message = await getThreadMessageForMail(executor, notification.messageId);
  const submission = message && (await getSubmissionForMail(executor, message.submissionId));
  if (!message || !submission) {
    logger.warn({ messageId: notification.messageId }, "No e-mail: unknown thread message");
    return [];
  }
  const siteUrl = getEnv().siteUrl;
  const contact = await getContactDetails(executor);
  const common = {
    title: submission.title,
    listingCode: submission.listingCode,
    body: message.body,
    contact,
  };
  if (message.fromOffice) {
    const email = submissionMessageEmail({
      ...common,
      toOffice: false,
      recipientName: submission.ownerName,
      authorName: message.authorName || "Our office",
      url: `${siteUrl}${mySubmissionPath(submission.id)}`,
    });
    return [{ to: submission.ownerEmail, ...email }];
  }
  const admins = await listAdminsForEmailNotifications(executor);
  const email = submissionMessageEmail({
    ...common,
    toOffice: true,
    authorName: submission.ownerName || "The owner",
    url: `${siteUrl}/admin/submissions/${submission.id}`,
  });
  return admins.map((admin) => ({ to: admin.email, ...email }));
}
