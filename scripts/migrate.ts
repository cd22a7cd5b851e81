// npm run db:migrate: apply pending migrations to the configured database and stop.
import { runDatabaseTask } from "./run-task";

await runDatabaseTask(async (env) => {
  console.log(
    `Migrations applied to ${env.databaseUrl ? "the PostgreSQL database" : `the embedded database in ${env.dataDir}`}.`,
  );
});
