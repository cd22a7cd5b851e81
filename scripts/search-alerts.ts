// npm run search-alerts: runs the saved-search alert job once against the configured database
// and queues the alert e-mails in the outbox (the server's sender delivers them). The server
// runs the job every minute on its own; this is for an operator who wants it now, e.g. with the
// server stopped after a restore. Refuses while the server holds the embedded database.
import { runSearchAlerts } from "~/mail/search-alert-mail.server";
import { runDatabaseTask } from "./run-task";

await runDatabaseTask(async () => {
  const report = await runSearchAlerts();
  console.log(
    `Saved searches looked at: ${report.searches}; alert e-mails queued: ${report.alerts} (${report.listings} listings).`,
  );
  if (report.held > 0) {
    console.log(
      `${report.held} of them were due before the last restore and are held: send or drop them on the Backups screen.`,
    );
  }
});
