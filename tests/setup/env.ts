import { resetEnvForTests } from "~/env.server";

/**
 * Sets environment variables for the calling test file (undefined unsets one) and makes the
 * next getEnv() read them: the auth instance and the media storage follow on their next use.
 * The setup file tests/setup/env-per-file.ts puts the worker's environment back after the file,
 * so a file need not undo what it set.
 */
export function setTestEnv(variables: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(variables)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}
