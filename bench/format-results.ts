import { spawnSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/**
 * Puts written result files (JSON, Markdown) in the formatter's shape, so a benchmark's results
 * can be committed as written and `npm run lint` (CI) stays clean.
 */
export function formatResults(...files: string[]) {
  spawnSync("npx", ["biome", "format", "--write", ...files], { cwd: ROOT, stdio: "ignore" });
}
