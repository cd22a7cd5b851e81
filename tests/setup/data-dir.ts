import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { setTestEnv } from "./env";

/**
 * A throw-away DATA_DIR (uploads, generated images) for one test file, removed after its tests;
 * the worker's own DATA_DIR is back for the next file (tests/setup/env-per-file.ts).
 */
export function createThrowawayDataDir(prefix: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  setTestEnv({ DATA_DIR: dataDir });
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  return dataDir;
}
