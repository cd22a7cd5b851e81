import { defineConfig, devices } from "@playwright/test";
import { E2E_RETRIES } from "./tests/e2e/auth-state";
import { CHROMIUM_ARGS, type ResolvedBrowser, resolveChromium } from "./tests/e2e/browser";

// End-to-end tests drive Debian's Chromium when it is installed, else the Chromium inside the
// `@sparticuz/chromium` npm package (tests/e2e/browser.ts; Playwright's own browser download
// cannot work on these machines), against the real production build, started on a fresh
// throw-away database for every run by tests/e2e/start-server.ts.

const CI = Boolean(process.env.CI);
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;

const BROWSER = await resolveChromium();
const launchOptions = (browser: ResolvedBrowser) => ({
  executablePath: browser.executablePath,
  args: CHROMIUM_ARGS,
  ...(browser.env ? { env: { ...process.env, ...browser.env } } : {}),
});
const CHROMIUM_LAUNCH_OPTIONS = launchOptions(BROWSER);

// With Debian's Chromium present, one spec also runs in the npm package's Chromium (the
// "npm-chromium" project), sharing this run's server: proof that `npm test` needs nothing but
// Node and npm on a machine without it. E2E_NPM_BROWSER=0 leaves it out.
const NPM_BROWSER =
  BROWSER.kind === "system" && process.env.E2E_NPM_BROWSER !== "0"
    ? await resolveChromium("npm")
    : undefined;
if (!process.env.TEST_WORKER_INDEX) {
  console.log(`[e2e] Chromium: ${BROWSER.kind} (${BROWSER.executablePath})`);
  if (NPM_BROWSER) console.log(`[e2e] npm-chromium project: ${NPM_BROWSER.executablePath}`);
}

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  forbidOnly: CI,
  // Every attempt of a test gets pre-made accounts of its own (tests/e2e/auth-state.ts).
  retries: E2E_RETRIES,
  // Two cores: the server, its database and the browsers share them.
  workers: 2,
  reporter: "list",
  // Per port, like the saved sign-ins: two runs at once must not clear each other's results.
  outputDir: `test-results/${PORT}`,
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
    // Specs that need the database to themselves (exact counts): they run before every other
    // spec, one test at a time, while nothing else writes. (The accounts and their signed-in
    // states are made before the server starts: tests/e2e/prepare-accounts.ts.)
    {
      name: "exclusive",
      testMatch: /\.exclusive\.ts$/,
      fullyParallel: false,
      workers: 1,
      use: { ...devices["Desktop Chrome"] },
    },
    {
      name: "chromium",
      dependencies: ["exclusive"],
      // Each worker keeps its browser contexts and pages from one test to the next
      // (tests/e2e/test.ts says what is reset and why).
      use: { ...devices["Desktop Chrome"] },
    },
    ...(NPM_BROWSER
      ? [
          {
            name: "npm-chromium",
            testMatch: /home-search\.spec\.ts$/,
            dependencies: ["exclusive"],
            use: { ...devices["Desktop Chrome"], launchOptions: launchOptions(NPM_BROWSER) },
          },
        ]
      : []),
  ],
  webServer: {
    // Builds, creates the database (temp DATA_DIR or a new PostgreSQL database), seeds it and
    // saves the specs' signed-in states, starts `node server/main.js` with
    // NODE_ENV=production; removes the database when stopped.
    command: "node --import tsx tests/e2e/start-server.ts",
    url: `${BASE_URL}/healthz`,
    env: {
      PORT: String(PORT),
      // The saved session cookies belong to the address the browsers open.
      E2E_BASE_URL: BASE_URL,
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    },
    reuseExistingServer: false,
    // Build (~10 s) beside creating, migrating and seeding a new database and its accounts.
    timeout: 240_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
  },
});
