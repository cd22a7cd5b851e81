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
let failed = false;
for (const [tool, args] of runs) {
  const result = spawnSync("npx", [tool, ...args], { stdio: "inherit" });
  if (result.status !== 0) {
    failed = true;
    console.error(`\n${tool} failed (exit ${result.status ?? result.signal})\n`);
  }
}
process.exit(failed ? 1 : 0);
