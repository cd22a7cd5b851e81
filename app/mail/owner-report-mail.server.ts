import type { Executor } from "~/db/transaction.server";
import { getEnv } from "~/env.server";
import { MY_LISTINGS_PATH, myListingPath } from "~/lib/navigation";
import type { Notification } from "~/models/notification.server";
import { getOwnerWeeklyReport } from "~/models/owner-report.server";
import { getContactDetails } from "~/models/site-content.server";
import type { MailMessage } from "./mail-message";
import { ownerWeeklyReportEmail } from "./templates/owner-weekly-report";
import { tokenLink } from "./token-link.server";
import { signOwnerReportToken } from "./unsubscribe-token.server";

// The owners' weekly report (issue 20): the job queues one notification per owner and week
// (app/models/owner-report.server.ts, on the timer of owner-report-job.server.ts); the sender
// renders it here, with the figures as they stand.

export const OWNER_REPORT_UNSUBSCRIBE_PATH = "/listings/report/unsubscribe";

export function ownerReportUnsubscribeLink(userId: string, siteUrl?: string): string {
  return tokenLink(OWNER_REPORT_UNSUBSCRIBE_PATH, signOwnerReportToken(userId), siteUrl);
}

export async function renderOwnerWeeklyReport(
  executor: Executor,
  notification: Extract<Notification, { kind: "owner.weekly-report" }>,
): Promise<MailMessage[]> {
  const report = await getOwnerWeeklyReport(executor, notification.userId, notification.weekStart);
  // Gone, or nothing live any more since it was queued: nothing to report.
  if (!report || report.listings.length === 0) return [];
  const siteUrl = getEnv().siteUrl;
  const listingsUrl = `${siteUrl}${MY_LISTINGS_PATH}`;
  const unsubscribeUrl = ownerReportUnsubscribeLink(report.owner.id, siteUrl);
  const email = ownerWeeklyReportEmail({
    firstName: report.owner.firstName,
    week: report.week,
    listings: report.listings.map((l) => ({ ...l, url: `${siteUrl}${myListingPath(l.id)}` })),
    listingsUrl,
    unsubscribeUrl,
    contact: await getContactDetails(executor),
  });
  return [
    {
      to: report.owner.email,
      ...email,
      // RFC 2369 and RFC 8058: mail clients show an Unsubscribe button that POSTs to the link.
      headers: {
        "List-Unsubscribe": `<${unsubscribeUrl}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    },
  ];
}
