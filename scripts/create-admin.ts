// npm run create-admin -- --email E --password P [--super]
// Creates an admin account (the password hashed by the auth library), or makes an existing
// account an admin (--super also makes it a super admin; an existing password is kept).
// Refuses while the server holds the embedded database.
import { createOrPromoteAdmin } from "~/auth/accounts.server";
import { parseCreateAdminArgs } from "./create-admin-args";
import { runDatabaseTask } from "./run-task";

const USAGE = "Usage: npm run create-admin -- --email E --password P [--super]";

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
} else {
  let input: ReturnType<typeof parseCreateAdminArgs> | undefined;
  try {
    input = parseCreateAdminArgs(args);
  } catch (error) {
    console.error(`Error: ${(error as Error).message}\n${USAGE}`);
    process.exitCode = 1;
  }
  if (input) {
    const { email, password, superAdmin } = input;
    await runDatabaseTask(async () => {
      const { action, user } = await createOrPromoteAdmin({ email, password, superAdmin });
      const kind = user.isSuperAdmin ? "super admin" : "admin";
      if (action === "created") {
        console.log(`Created the ${kind} account ${user.email}. Sign in at /admin/login.`);
      } else {
        console.log(
          `${user.email} already had an account: it is now ${kind === "admin" ? "an" : "a"} ${kind} (its password is unchanged).`,
        );
      }
    });
  }
}
