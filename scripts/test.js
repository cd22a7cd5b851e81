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
// TEST_PART=unit or TEST_PART=e2e runs one of the two tools only (default: both). CI splits
// the embedded pass in two lanes with it (.ci/run): the end-to-end run in one, the Vitest run
// after the PostgreSQL pass in the other, so the two lanes take about as long as each other.
const part = process.env.TEST_PART ?? "all";
if (!["all", "unit", "e2e"].includes(part)) {
  console.error(`TEST_PART must be "all", "unit" or "e2e", not "${part}"`);
  process.exit(2);
}
const chosen = runs.filter(([tool]) =>
  part === "all" ? true : part === "unit" ? tool === "vitest" : tool === "playwright",
);
let failed = false;
for (const [tool, args] of chosen) {
  const result = spawnSync("npx", [tool, ...args], { stdio: "inherit" });
  if (result.status !== 0) {
    failed = true;
    console.error(`\n${tool} failed (exit ${result.status ?? result.signal})\n`);
  }
}
process.exit(failed ? 1 : 0);
