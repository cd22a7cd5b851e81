import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

/**
 * A throw-away DATA_DIR (uploads, generated images) for one test file, removed after its tests.
 * Call it before the app's modules load (import those after it, with `await import`): they read
 * DATA_DIR once.
 */
export function createThrowawayDataDir(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  process.env.DATA_DIR = dataDir;
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}
