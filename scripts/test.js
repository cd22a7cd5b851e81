// npm test: the whole suite. Vitest (unit + integration), then Playwright (end to end), both
// always run, so a unit failure does not hide the end-to-end results; exits non-zero if either
// failed. Extra arguments are not supported: run `npx vitest` or `npx playwright test` directly.
//
// TEST_SCOPE=database runs only what depends on which database is behind the app: the Vitest
// files that open a database (the "database" projects of vitest.config.ts) and the end-to-end
// specs tagged @smoke. CI runs the whole suite on the embedded database, then this scope on
// PostgreSQL (DATABASE_URL set), so no test that touches SQL runs on one database only.
import { spawnSync } from "node:child_process";

const scope = process.env.TEST_SCOPE ?? "all";
if (scope !== "all" && scope !== "database") {
  console.error(`TEST_SCOPE must be "all" or "database", not "${scope}"`);
  process.exit(2);
}

const runs =
  scope === "database"
    ? [
        ["vitest", ["run", "--project", "database", "--project", "isolated-database"]],
        ["playwright", ["test", "--grep", "@smoke", "--project", "chromium"]],
      ]
    : [
        ["vitest", ["run"]],
        ["playwright", ["test"]],
      ];
// TEST_E2E_FIRST=1: Playwright before Vitest. CI's embedded pass sets it, so its long end-to-end
// run starts beside the PostgreSQL pass instead of after the unit tests, when the processor
// would otherwise wait on the server starting and the specs that run alone.
if (process.env.TEST_E2E_FIRST === "1") runs.reverse();
let failed = false;
for (const [tool, args] of runs) {
  const result = spawnSync("npx", [tool, ...args], { stdio: "inherit" });
  if (result.status !== 0) {
    failed = true;
    console.error(`\n${tool} failed (exit ${result.status ?? result.signal})\n`);
  }
}
process.exit(failed ? 1 : 0);
