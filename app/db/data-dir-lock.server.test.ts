import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError, LOCK_FILE_NAME } from "./data-dir-lock.server";

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lock-test-"));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("data directory lock", () => {
  it("refuses a second holder and names the first", () => {
    const dir = tempDir();
    const lock = acquireDataDirLock(dir, "npm start");
    // Another live process holds it: simulate by rewriting the holder as our parent process.
    fs.writeFileSync(
      path.join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: process.ppid, host: os.hostname(), command: "npm start", since: "x" }),
    );
    expect(() => acquireDataDirLock(dir, "npm run seed")).toThrow(DataDirLockedError);
    expect(() => acquireDataDirLock(dir)).toThrow(`in use by process ${process.ppid} (npm start)`);
    lock.release();
  });

  it("is free again after release", () => {
    const dir = tempDir();
    acquireDataDirLock(dir).release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(false);
    const again = acquireDataDirLock(dir);
    expect(fs.existsSync(path.join(dir, LOCK_FILE_NAME))).toBe(true);
    again.release();
  });

  it("takes over a lock left by a process that died", () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ["-e", "process.exit(0)"]).pid;
    fs.writeFileSync(
      path.join(dir, LOCK_FILE_NAME),
      JSON.stringify({ pid: dead, host: os.hostname(), command: "old server", since: "x" }),
    );
    const lock = acquireDataDirLock(dir);
    const holder = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE_NAME), "utf8"));
    expect(holder.pid).toBe(process.pid);
    lock.release();
  });
});
