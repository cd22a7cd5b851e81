import { logger } from "~/log/logger.server";
import { type ReportRunReport, runWeeklyOwnerReports } from "~/models/owner-report.server";
import { kickMailSender } from "./mail-sender.server";
import { repeatingJob } from "./repeating-job.server";

// The owners' weekly report job (issue 20): queues the due week's reports
// (app/models/owner-report.server.ts) and tells the sender, which renders them
// (owner-report-mail.server.ts).

/** One run of the report job: the due week's reports queued, then the sender is told. */
export async function runOwnerReports(now = new Date()): Promise<ReportRunReport> {
  const report = await runWeeklyOwnerReports(now);
  if (report.queued > 0) {
    kickMailSender();
    logger.info(report, `Queued ${report.queued} owners' weekly reports`);
  }
  return report;
}

// ---------------------------------------------------------------------------
// The schedule: started with the server, stopped in stopApp, as the saved-search alerts'. A run
// at start catches up with a Monday the server missed; then every OWNER_REPORT_TICK_MS. Runs of
// several instances overlap safely (one row per owner and week).

export const OWNER_REPORT_TICK_MS = 10 * 60_000;

const ownerReportJob = repeatingJob(
  "owners' weekly report job",
  () => runOwnerReports(),
  OWNER_REPORT_TICK_MS,
);

export const startOwnerReportJob = ownerReportJob.start;
export const stopOwnerReportJob = ownerReportJob.stop;
