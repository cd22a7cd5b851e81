// npm run seed [-- --force]: put the demo data into the configured database. Without --force it
// only fills an empty database (no listings yet) and otherwise says so; --force wipes the demo
// content tables (listings, pictures, team, gallery, videos, contact, texts; never accounts)
// and seeds them again. Refuses while the server holds the embedded database.
import { seedDemoData } from "~/seed/seed.server";
import { runDatabaseTask } from "./run-task";

const USAGE = "Usage: npm run seed [-- --force]";
const args = process.argv.slice(2);
const unknown = args.filter((arg) => arg !== "--force");

if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
} else if (unknown.length > 0) {
  console.error(`Unknown argument: ${unknown.join(" ")}\n${USAGE}`);
  process.exitCode = 1;
} else {
  const force = args.includes("--force");
  await runDatabaseTask(async (env) => {
    const where = env.databaseUrl
      ? "the PostgreSQL database"
      : `the embedded database in ${env.dataDir}`;
    const started = performance.now();
    const counts = await seedDemoData({ onlyIfEmpty: !force });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (!counts) {
      console.log(
        `Demo data is already in ${where}: nothing to do (npm run seed -- --force re-seeds it).`,
      );
      return;
    }
    const summary = Object.entries(counts)
      .map(([table, rows]) => `${rows} ${table}`)
      .join(", ");
    console.log(`Seeded ${where} in ${seconds} s: ${summary}.`);
  });
}
