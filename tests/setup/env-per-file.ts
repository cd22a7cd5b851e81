import { afterAll } from "vitest";
import { resetEnvForTests } from "~/env.server";

// Vitest setup file (every project): each test file starts with the environment the worker
// started with and leaves it so. Files share a worker process and its modules with the files
// before them; a file that sets DATA_DIR, PAGE_CACHE, SMTP_URL... (with setTestEnv, from
// tests/setup/env.ts) would otherwise hand its settings to the next file in the worker, or
// find the configuration the last file had parsed. Registered before the file's own hooks, this
// afterAll runs after them (Vitest runs after-hooks in reverse order), so the file's own
// clean-up still sees its settings.

const before = { ...process.env };
resetEnvForTests();

afterAll(() => {
  for (const name of Object.keys(process.env)) {
    if (!(name in before)) delete process.env[name];
  }
  for (const [name, value] of Object.entries(before)) {
    if (process.env[name] !== value) process.env[name] = value;
  }
  resetEnvForTests();
});
