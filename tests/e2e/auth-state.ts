import path from "node:path";
import { fileURLToPath } from "node:url";

// The accounts the specs start signed in as, and their browser storage states (cookies). All are
// made before the server starts, on its new database, by tests/e2e/prepare-accounts.ts (run by
// start-server.ts): the demo accounts the seed creates, and the pre-made accounts below, each
// with a real session and its state file. The folder is gitignored: the files hold live session
// cookies of the run's throw-away database, so they are only good for the run that wrote them.
//
// Use: test.use({ storageState: ADMIN_STATE }) for the shared demo accounts (read-only: a spec
// that signs out or changes the account signs in by itself), or support.ts signedInAs(page, key)
// for an account of the test's own.

/** One folder per port: two runs at once (CI's embedded and PostgreSQL passes) each keep their own. */
export function authStateDir(port = process.env.E2E_PORT ?? "3210") {
  return path.join(path.dirname(fileURLToPath(import.meta.url)), ".auth", port);
}

/** The demo super admin (admin@naijahomes.ng). */
export const ADMIN_STATE = path.join(authStateDir(), "admin.json");

/** The demo customer (customer@naijahomes.ng). */
export const CUSTOMER_STATE = path.join(authStateDir(), "customer.json");

/** The retries of a run (playwright.config.ts); each attempt of a test gets fresh accounts. */
export const E2E_RETRIES = process.env.CI ? 1 : 0;

/** The password of every pre-made account (and of the accounts specs sign up). */
export const E2E_PASSWORD = "secret123";

type PremadeAccountSpec = {
  firstName: string;
  lastName: string;
  /**
   * An agent (issue 45) arrives with one confirmed viewing of their own that started three days
   * ago, with its viewing code, waiting to be completed (prepare-accounts.ts): the server's
   * clock cannot be moved, and the seeded viewing of that kind is another spec's.
   */
  role: "customer" | "admin" | "agent";
};

/**
 * Accounts a test uses as its own instead of signing one up (or adding one) through the forms,
 * for specs where that is not what is tested. Customers are new accounts (e-mail not confirmed,
 * no history); admins are plain admins. Each is used by one test only, so tests running at once
 * never share one; every attempt of the test (a retry) has a copy of its own.
 */
export const PREMADE_ACCOUNTS = {
  // admin-appointments.spec.ts: customers who book, for the admin to handle.
  "appointments-halima": { firstName: "Halima", lastName: "Sani", role: "customer" },
  "appointments-emeka": { firstName: "Emeka", lastName: "Obi", role: "customer" },
  "appointments-zainab": { firstName: "Zainab", lastName: "Bala", role: "customer" },
  // admin-settings.spec.ts: plain admins who change their own settings.
  "settings-depends": { firstName: "Ifeoma", lastName: "Depends", role: "admin" },
  "settings-switch": { firstName: "Emeka", lastName: "Switch", role: "admin" },
  "settings-leaving": { firstName: "Tayo", lastName: "Leaving", role: "admin" },
  // admin-users.spec.ts: a customer the admin deactivates.
  "users-deactivated": { firstName: "Bisi", lastName: "Olatunji", role: "customer" },
  // viewing-code.spec.ts: an agent who completes their viewing, recording the code matched.
  "viewing-code-agent": { firstName: "Kunle", lastName: "Code", role: "agent" },
  // tap-to-reach.spec.ts: an agent on a phone who calls or WhatsApps their viewing's customer.
  "tap-to-reach-agent": { firstName: "Bayo", lastName: "Reach", role: "agent" },
  // booking.spec.ts and contact.spec.ts: forms filled in from the account.
  "booking-details": { firstName: "Chioma", lastName: "Okeke", role: "customer" },
  "contact-details": { firstName: "Ngozi", lastName: "Eze", role: "customer" },
  // dashboard.spec.ts: a customer whose dashboard starts empty.
  "dashboard-tour": { firstName: "Chiamaka", lastName: "Okafor", role: "customer" },
  // dashboard-appointments.spec.ts: customers who book, move and cancel their own bookings.
  "appointments-js": { firstName: "Amaka", lastName: "Okafor", role: "customer" },
  "appointments-owner": { firstName: "Amaka", lastName: "Okafor", role: "customer" },
  "appointments-intruder": { firstName: "Amaka", lastName: "Okafor", role: "customer" },
  "appointments-nojs": { firstName: "Amaka", lastName: "Okafor", role: "customer" },
  "appointments-nojs-move": { firstName: "Amaka", lastName: "Okafor", role: "customer" },
  // signed-in-pages.spec.ts: customers who browse cached public pages and save properties.
  "cached-hearts": { firstName: "Funmilayo", lastName: "Cached", role: "customer" },
  "cached-hearts-nojs": { firstName: "Tunde", lastName: "Noscript", role: "customer" },
  // owner-submissions.spec.ts: another owner, who must see none of the first owner's listing.
  "owners-other": { firstName: "Kunle", lastName: "Other", role: "customer" },
  // owner-weekly-report.spec.ts: switches the weekly report of their listings on and off.
  "owners-weekly-report": { firstName: "Adaeze", lastName: "Weekly", role: "customer" },
  // copied-photos.spec.ts: an owner who sends a listing with a photo copied from another.
  "photos-copier": { firstName: "Segun", lastName: "Copier", role: "customer" },
  // first-paint.spec.ts: a customer whose dashboard links the stylesheet.
  "first-paint-reader": { firstName: "Kemi", lastName: "Reader", role: "customer" },
} as const satisfies Record<string, PremadeAccountSpec>;

export type PremadeAccountKey = keyof typeof PREMADE_ACCOUNTS;

export type PremadeAccount = PremadeAccountSpec & {
  key: PremadeAccountKey;
  attempt: number;
  email: string;
  password: string;
  /** Its storage state file (the session cookie). */
  state: string;
};

/** The copy of account `key` for attempt `attempt` (0 the first run of a test, 1 its retry). */
export function premadeAccount(
  key: PremadeAccountKey,
  attempt: number,
  port?: string,
): PremadeAccount {
  const name = `${key}-${attempt}`;
  return {
    ...PREMADE_ACCOUNTS[key],
    key,
    attempt,
    email: `e2e-${name}@example.com`,
    password: E2E_PASSWORD,
    state: path.join(authStateDir(port), `account-${name}.json`),
  };
}

/** Every pre-made account of a run: each one once per attempt. */
export function allPremadeAccounts(port?: string): PremadeAccount[] {
  const keys = Object.keys(PREMADE_ACCOUNTS) as PremadeAccountKey[];
  return Array.from({ length: E2E_RETRIES + 1 }, (_, attempt) =>
    keys.map((key) => premadeAccount(key, attempt, port)),
  ).flat();
}
