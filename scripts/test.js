// npm test: the whole suite. Vitest (unit + integration), then Playwright (end to end), both
// always run, so a unit failure does not hide the end-to-end results; exits non-zero if either
// failed. Extra arguments are not supported: run `npx vitest` or `npx playwright test` directly.
import { spawnSync } from "node:child_process";

const runs = [
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
