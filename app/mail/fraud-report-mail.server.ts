import type { Executor } from "~/db/transaction.server";
import { getEnv } from "~/env.server";
import { logger } from "~/log/logger.server";
import { getReportForMail } from "~/models/fraud-report.server";
import type { Notification } from "~/models/notification.server";
import { getContactDetails } from "~/models/site-content.server";
import { listAdminsForEmailNotifications } from "~/models/user.server";
import type { MailMessage } from "./mail-message";
import { fraudReportEmail, listingWarningEmail } from "./templates/fraud-report";

// The e-mails of a fraud report (issue 45): the admins' notice, and the office's warning to
// someone who enquired about or booked a reported listing. Rendered by the sender (ADR 11).

/** To every active admin with e-mail notifications on, one message each. */
export async function renderFraudReportEmails(
  executor: Executor,
  { reportId }: Extract<Notification, { kind: "report.received" }>,
): Promise<MailMessage[]> {
  const report = await getReportForMail(reportId, executor);
  if (!report) {
    logger.warn({ reportId }, "No e-mail: unknown report");
    return [];
  }
  const admins = await listAdminsForEmailNotifications(executor);
  if (admins.length === 0) return [];
  const email = fraudReportEmail({
    report,
    adminUrl: `${getEnv().siteUrl}/admin/reports/${report.id}`,
    contact: await getContactDetails(executor),
  });
  return admins.map((admin) => ({ to: admin.email, ...email }));
}

export async function renderListingWarningEmail(
  executor: Executor,
  { email, name, title }: Extract<Notification, { kind: "report.listing-warning" }>,
): Promise<MailMessage[]> {
  const rendered = listingWarningEmail({
    name,
    title,
    verifyUrl: `${getEnv().siteUrl}/verify`,
    contact: await getContactDetails(executor),
  });
  return [{ to: email, ...rendered }];
}
