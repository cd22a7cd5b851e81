import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, resolveChromium } from "./tests/e2e/browser";

// End-to-end tests drive Debian's Chromium when it is installed, else the Chromium inside the
// `@sparticuz/chromium` npm package (tests/e2e/browser.ts; Playwright's own browser download
// cannot work on these machines), against the real production build, started on a fresh
// throw-away database for every run by tests/e2e/start-server.ts.

const CI = Boolean(process.env.CI);
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;

const BROWSER = await resolveChromium();
if (!process.env.TEST_WORKER_INDEX) {
  console.log(`[e2e] Chromium: ${BROWSER.kind} (${BROWSER.executablePath})`);
}
const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: BROWSER.executablePath,
  args: CHROMIUM_ARGS,
  ...(BROWSER.env ? { env: { ...process.env, ...BROWSER.env } } : {}),
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Two cores: the server, its database and the browsers share them.
  workers: 2,
  reporter: "list",
  // Generous: the first request for each generated image renders it.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    trace: "on-first-retry",
    locale: "en-NG",
    timezoneId: "Africa/Lagos",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [
    // Signs the demo accounts in once and saves their cookies (tests/e2e/auth-state.ts).
    { name: "setup", testMatch: /auth\.setup\.ts$/, use: { ...devices["Desktop Chrome"] } },
    // Specs that need the database to themselves (exact counts): they run after setup and
    // before every other spec, one test at a time, while nothing else writes.
    {
      name: "exclusive",
      testMatch: /\.exclusive\.ts$/,
      dependencies: ["setup"],
      fullyParallel: false,
      workers: 1,
      use: { ...devices["Desktop Chrome"] },
    },
    {
      name: "chromium",
      dependencies: ["setup", "exclusive"],
      use: { ...devices["Desktop Chrome"] },
    },
  ],
  webServer: {
    // Builds, creates the database (temp DATA_DIR or a new PostgreSQL database), starts
    // `node server/main.js` with NODE_ENV=production; removes the database when stopped.
    command: "node --import tsx tests/e2e/start-server.ts",
    url: `${BASE_URL}/healthz`,
    env: { PORT: String(PORT), LOG_LEVEL: process.env.LOG_LEVEL ?? "warn" },
    reuseExistingServer: false,
    // Build (~10 s) plus creating, migrating and seeding a new database.
    timeout: 240_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
