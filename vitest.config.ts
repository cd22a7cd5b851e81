import fs from "node:fs";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { nextClock, WEEKDAY_CLOCKS } from "./tests/setup/clocks.js";

// Three projects, so most files share one module graph per worker instead of re-importing the
// app and PGlite for every file (that import was ~40% of the run):
//  - "pure": files that touch no database; run once, whatever DATABASE_URL says.
//  - "database": files that call setupTestDatabase(); CI runs them on PGlite and on PostgreSQL
//    (`TEST_SCOPE=database npm test`, see scripts/test.js).
//  - "isolated": the files below, which need a fresh module graph of their own; each is also a
//    "database" file or not, and the database scope includes the ones that are.
// A file's project follows from its text, so a new test file needs no entry here unless it
// needs isolation.

/**
 * Files that must not share modules with the files run before them, and why. Everything else
 * runs with `isolate: false`. Setting an environment variable is no reason: tests/setup/env.ts
 * (setTestEnv) makes the next getEnv() read it, and tests/setup/env-per-file.ts puts the
 * worker's environment back after every file.
 */
const ISOLATED: Record<string, string> = {
  // vi.mock / vi.doMock replace a module for the whole graph.
  "app/mail/inquiry-mail.server.test.ts": "mocks a module",
  "app/routes/public/book-appointment.failure.test.ts": "mocks a module",
  "app/routes/public/inquiry-forms.test.ts": "mocks a module",
  "app/routes/public/property-view-failure.test.ts": "mocks a module",
  "app/http/flash.server.test.ts": "mocks a module",
  // Half a minute of backups and restores of PGlite data directories of its own: in the pure
  // group it would hold up the database group behind it; here it runs beside the files above.
  "app/backup/backup.server.test.ts": "long, and opens PGlite data directories of its own",
  "app/backup/restore-safety.server.test.ts":
    "long, and opens PGlite data directories of its own (one as the app's database)",
};

const ROOTS = ["app", "server", "scripts"];
/** The date helpers' own test, run under every clock. */
const DATES_TEST = "tests/setup/dates.test.ts";

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/**
 * Files that pick dates from today but need no clock of their own, and why. Every other file
 * that does (it calls lagosToday() or uses tests/setup/dates.ts) runs once per day of the week.
 */
const NOT_CLOCKED: Record<string, string> = {
  // The longest file (every route x role); its one booking date comes from openDayAfter(), whose
  // own test (tests/setup/dates.test.ts) runs under every clock.
  "app/routes/authorization-matrix.test.ts": "long; its dates come from openDayAfter()",
  // Dates only as the day a count falls on and a booking date written straight to the table;
  // the one booking it posts takes openDayFromToday().
  "app/models/submission-owner.server.test.ts": "day buckets only",
  "app/mail/mail-sender.server.test.ts": "long; its booking date comes from openDayFromToday()",
  // Seeds the whole demo (a quarter of a minute); the weekday rules of the demo bookings are
  // checked for all seven days by its own pure test.
  "app/seed/demo-activity.server.test.ts": "long; checks every weekday itself",
};

/**
 * Database files the PostgreSQL pass leaves out, and why: what they test sits above SQL, and
 * the embedded pass covers it.
 */
const EMBEDDED_ONLY: Record<string, string> = {
  // Hostile input through HTTP into every route: the validation and rendering layers. The
  // queries it reaches are the ones every other database file runs on both databases; on a
  // loaded machine it took ten minutes of the PostgreSQL pass.
  "app/routes/fuzz.test.ts": "tests the HTTP and validation layers; long",
  // Who may call what: the decision is made on the matched route and the session, above SQL;
  // each handler's queries run on both databases in the route's own test file. The longest
  // file of the PostgreSQL pass (95 s of a worker in CI).
  "app/routes/authorization-matrix.test.ts": "tests the permission layer; long",
};

const databaseScope = process.env.TEST_SCOPE === "database";
const files = ROOTS.filter((root) => fs.existsSync(root))
  .flatMap(testFiles)
  .filter((file) => !(databaseScope && file in EMBEDDED_ONLY));
const text = (file: string) => fs.readFileSync(file, "utf8");
const usesDatabase = (file: string) => text(file).includes("setupTestDatabase()");
// Isolated files (module mocks) cannot share the clock projects' workers: they pick their dates
// with tests/setup/dates.ts's helpers, which are right on every day.
const picksDates = (file: string) =>
  !(file in NOT_CLOCKED) &&
  !(file in ISOLATED) &&
  /lagosToday\(|tests\/setup\/dates"/.test(text(file));
// The PostgreSQL pass (TEST_SCOPE=database) runs the date-picking files once, under the real
// clock; the whole suite runs them under the seven clocks instead (not an eighth time).
const clockFiles = databaseScope ? [] : [...files.filter(picksDates), DATES_TEST];
const isolated = files.filter((file) => file in ISOLATED && !clockFiles.includes(file));
const shared = files.filter((file) => !(file in ISOLATED) && !clockFiles.includes(file));

for (const [list, names] of Object.entries({ ISOLATED, NOT_CLOCKED, EMBEDDED_ONLY })) {
  for (const file of Object.keys(names)) {
    if (!fs.existsSync(file))
      throw new Error(`vitest.config.ts: ${list} lists ${file}, which does not exist`);
  }
}

const project = (
  name: string,
  include: string[],
  isolate: boolean,
  database: boolean,
  order: number,
  env: Record<string, string> = {},
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    env,
    include: include.length ? include : ["no-such-file"],
    isolate,
    // One project at a time: Vitest hands a worker on to the next file only when that file is
    // of the same project, so interleaved projects would start a fresh worker (and import the
    // app again) for nearly every file.
    sequence: { groupOrder: order },
    // Migrates once per project: a PGlite dump or a PostgreSQL template database to clone.
    globalSetup: database ? ["tests/setup/global-setup.ts"] : [],
  },
});

export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    pool: "forks",
    // Both cores: PGlite runs on each worker's main thread, so the work is CPU-bound.
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    env: { NODE_ENV: "test", LOG_LEVEL: "silent" },
    // Scrypt once per distinct password, not once per call (the file says why it is safe); and
    // every file starts with the worker's environment and leaves it so (env-per-file.ts).
    setupFiles: [
      "tests/setup/fixed-clock.ts",
      "tests/setup/memoized-passwords.ts",
      "tests/setup/env-per-file.ts",
    ],
    projects: [
      project(
        "pure",
        shared.filter((file) => !usesDatabase(file)),
        false,
        false,
        0,
      ),
      project("database", shared.filter(usesDatabase), false, true, 1),
      project(
        "isolated-pure",
        isolated.filter((file) => !usesDatabase(file)),
        true,
        false,
        2,
      ),
      // The same group as isolated-pure: every file there starts a worker of its own anyway,
      // and one long file (the backups', a minute and more) no longer holds up the others.
      project("isolated-database", isolated.filter(usesDatabase), true, true, 2),
      // The files that pick dates from today, once per day of the week (tests/setup/clocks.ts):
      // a test that passes only on some days fails here on every day.
      ...WEEKDAY_CLOCKS.map((clock) =>
        project(clock.name, clockFiles, false, clockFiles.some(usesDatabase), 3, {
          TEST_CLOCK: nextClock(clock.day, clock.lagosTime),
        }),
      ),
    ],
  },
});
