import path from "node:path";
import { fileURLToPath } from "node:url";

// The browser storage states (cookies) the `setup` project saves once per run (auth.setup.ts),
// for specs to start already signed in: test.use({ storageState: ADMIN_STATE }). The folder is
// gitignored: the files hold live session cookies of the run's throw-away database, so they
// are only good for the run that wrote them (setup runs first in every run).

// One folder per port: two runs at once (CI's embedded and PostgreSQL passes) each keep their own.
const AUTH_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  ".auth",
  process.env.E2E_PORT ?? "3210",
);

/** The demo super admin (admin@naijahomes.ng), signed in through /admin/login. */
export const ADMIN_STATE = path.join(AUTH_DIR, "admin.json");

/** The demo customer (customer@naijahomes.ng), signed in through /signin. */
export const CUSTOMER_STATE = path.join(AUTH_DIR, "customer.json");
