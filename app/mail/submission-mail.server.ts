import type { Executor } from "~/db/transaction.server";
import { getEnv } from "~/env.server";
import { mySubmissionPath } from "~/lib/navigation";
import { logger } from "~/log/logger.server";
import type { Notification } from "~/models/notification.server";
import { getContactDetails } from "~/models/site-content.server";
import { getSubmissionForMail } from "~/models/submission.server";
import type { MailMessage } from "./mail-message";
import { submissionStatusEmail } from "./templates/submission-status";

// The owner's e-mail at each step of a submission (issue 20), rendered when sent from what the
// step froze (its status and the office's message) and the submission as it stands.

export async function renderSubmissionStatusEmail(
  executor: Executor,
  notification: Extract<Notification, { kind: "submission.status-set" }>,
): Promise<MailMessage[]> {
  const submission = await getSubmissionForMail(executor, notification.submissionId);
  if (!submission) {
    logger.warn({ submissionId: notification.submissionId }, "No e-mail: unknown submission");
    return [];
  }
  const email = submissionStatusEmail({
    name: submission.ownerName,
    title: submission.title,
    listingCode: submission.listingCode,
    kind: submission.kind,
    status: notification.status,
    message: notification.message,
    url: `${getEnv().siteUrl}${mySubmissionPath(submission.id)}`,
    contact: await getContactDetails(executor),
  });
  return [{ to: submission.ownerEmail, ...email }];
}
