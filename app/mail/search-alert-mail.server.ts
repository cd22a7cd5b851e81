import type { Transaction } from "~/db/transaction.server";
import { getEnv } from "~/env.server";
import { logger } from "~/log/logger.server";
import {
  type AlertRunReport,
  processDueSearchAlerts,
  type SearchAlert,
} from "~/models/saved-search.server";
import { getContactDetails } from "~/models/site-content.server";
import { enqueueMail } from "./mail.server";
import { kickMailSender } from "./mail-sender.server";
import { repeatingJob } from "./repeating-job.server";
import { searchAlertEmail } from "./templates/search-alert";
import { tokenLink } from "./token-link.server";
import { signUnsubscribeToken } from "./unsubscribe-token.server";

// Saved-search alerts (issue 14). The job runs processDueSearchAlerts with queueSearchAlert as
// its hook: each alert's e-mail is queued in the outbox in the transaction that records which
// listings it announced, and the sender delivers it (ADR 11, ADR 12).

export const UNSUBSCRIBE_PATH = "/searches/unsubscribe";

export function unsubscribeLink(searchId: string, siteUrl?: string): string {
  return tokenLink(UNSUBSCRIBE_PATH, signUnsubscribeToken(searchId), siteUrl);
}

/** Composes the alert and queues it through `tx`; answers the outbox row's id. */
export async function queueSearchAlert(
  tx: Transaction,
  alert: SearchAlert,
): Promise<string | undefined> {
  const siteUrl = getEnv().siteUrl;
  const unsubscribeUrl = unsubscribeLink(alert.search.id, siteUrl);
  const email = searchAlertEmail({
    firstName: alert.user.firstName,
    searchName: alert.search.name,
    listings: alert.listings.map((l) => ({ ...l, url: `${siteUrl}/property/${l.id}` })),
    more: alert.more,
    searchUrl: alert.search.query
      ? `${siteUrl}/properties?${alert.search.query}`
      : `${siteUrl}/properties`,
    manageUrl: `${siteUrl}/dashboard/searches`,
    unsubscribeUrl,
    contact: await getContactDetails(tx),
  });
  const [id] = await enqueueMail(tx, {
    to: alert.user.email,
    ...email,
    // RFC 2369 and RFC 8058: mail clients show an Unsubscribe button that POSTs to the link.
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  });
  return id;
}

/** One run of the alert job: every due search, then the sender is told. */
export async function runSearchAlerts(): Promise<AlertRunReport> {
  const report = await processDueSearchAlerts(queueSearchAlert);
  if (report.alerts > 0) {
    kickMailSender();
    logger.info(report, `Queued ${report.alerts} saved-search alert e-mails`);
  }
  return report;
}

// ---------------------------------------------------------------------------
// The schedule: started with the server, stopped in stopApp. A run at start catches up with
// what came due while the server was down; then every SEARCH_ALERT_TICK_MS. Runs of several
// instances overlap safely (each search is claimed by one of them).

export const SEARCH_ALERT_TICK_MS = 60_000;

const searchAlertJob = repeatingJob(
  "saved-search alert job",
  runSearchAlerts,
  SEARCH_ALERT_TICK_MS,
);

export const startSearchAlertJob = searchAlertJob.start;
export const stopSearchAlertJob = searchAlertJob.stop;
