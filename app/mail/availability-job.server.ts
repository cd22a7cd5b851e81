import { logger } from "~/log/logger.server";
import { type ReminderRunReport, runAvailabilityReminders } from "~/models/availability.server";
import { kickMailSender } from "./mail-sender.server";
import { repeatingJob } from "./repeating-job.server";

// The availability reminders' job (issue 46): queues the reminders that came due
// (app/models/availability.server.ts) and tells the sender, which renders them
// (availability-mail.server.ts). Started with the server, stopped in stopApp, as the owners'
// weekly report job; runs of several instances overlap safely (one row per listing and
// confirmation).

export async function runAvailabilityReminderJob(now = new Date()): Promise<ReminderRunReport> {
  const report = await runAvailabilityReminders(now);
  if (report.queued > 0) {
    kickMailSender();
    logger.info(report, `Queued ${report.queued} availability reminders`);
  }
  return report;
}

export const AVAILABILITY_REMINDER_TICK_MS = 10 * 60_000;

const availabilityJob = repeatingJob(
  "availability reminder job",
  () => runAvailabilityReminderJob(),
  AVAILABILITY_REMINDER_TICK_MS,
);

export const startAvailabilityReminderJob = availabilityJob.start;
export const stopAvailabilityReminderJob = availabilityJob.stop;
