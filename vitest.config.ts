import fs from "node:fs";
import path from "node:path";
import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";

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
};

const ROOTS = ["app", "server", "scripts"];

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : testFiles(file);
    return /\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const files = ROOTS.filter((root) => fs.existsSync(root)).flatMap(testFiles);
const usesDatabase = (file: string) =>
  fs.readFileSync(file, "utf8").includes("setupTestDatabase()");
const isolated = files.filter((file) => file in ISOLATED);
const shared = files.filter((file) => !(file in ISOLATED));

for (const file of Object.keys(ISOLATED)) {
  if (!files.includes(file))
    throw new Error(`vitest.config.ts: ${file} is listed as isolated but does not exist`);
}

const project = (
  name: string,
  include: string[],
  isolate: boolean,
  database: boolean,
  order: number,
): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
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
    setupFiles: ["tests/setup/memoized-passwords.ts", "tests/setup/env-per-file.ts"],
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
    ],
  },
});
