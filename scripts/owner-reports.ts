// npm run owner-reports: runs the owners' weekly report job once against the configured database
// and queues the due week's reports in the outbox (the server's sender delivers them). Each owner
// gets a week's report once, however often this runs. The server runs the job every ten minutes
// on its own; this is for an operator who wants it now. Refuses while the server holds the
// embedded database.
import { runOwnerReports } from "~/mail/owner-report-job.server";
import { runDatabaseTask } from "./run-task";

await runDatabaseTask(async () => {
  const report = await runOwnerReports();
  console.log(
    `Week of ${report.week.start} to ${report.week.end}: ${report.queued} owners' reports queued.`,
  );
  if (report.held > 0) {
    console.log(
      `${report.held} of them were due before the last restore and are held: send or drop them on the Backups screen.`,
    );
  }
});
