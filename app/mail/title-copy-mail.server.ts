import type { Executor } from "~/db/transaction.server";
import { getEnv } from "~/env.server";
import { logger } from "~/log/logger.server";
import type { Notification } from "~/models/notification.server";
import { getContactDetails } from "~/models/site-content.server";
import { getTitleCopyRequestForMail } from "~/models/title-copy-requests.server";
import type { MailMessage } from "./mail-message";
import { titleCopyAnswerEmail } from "./templates/title-copy";

// The office's answer to a buyer's request for title copies (issue 46), to the buyer. Rendered by
// the sender (ADR 11) from the answer frozen in the notification.

export async function renderTitleCopyAnswerEmail(
  executor: Executor,
  { requestId, status, note }: Extract<Notification, { kind: "title-copy.answered" }>,
): Promise<MailMessage[]> {
  const request = await getTitleCopyRequestForMail(executor, requestId);
  if (!request) {
    logger.warn({ requestId }, "No e-mail: unknown title copy request");
    return [];
  }
  const site = getEnv().siteUrl;
  const email = titleCopyAnswerEmail({
    name: request.name,
    title: request.propertyTitle,
    code: request.referenceCode,
    status,
    note,
    listingUrl: `${site}/property/${request.propertyId}`,
    dashboardUrl: `${site}/dashboard`,
    contact: await getContactDetails(executor),
  });
  return [{ to: request.email, ...email }];
}
