import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// PGlite does not lock its directory, and two processes writing to one data directory lose
// writes (STACK-NOTES.md). Whoever opens the embedded database first holds this lock file; any
// other process (a CLI, a second server) refuses to open the database and names the holder.

export const LOCK_FILE_NAME = "database.lock";

type LockHolder = { pid: number; host: string; command: string; since: string };

export class DataDirLockedError extends Error {
  constructor(
    readonly lockPath: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${path.dirname(lockPath)} is in use by process ${holder.pid} ` +
        `(${holder.command}) on ${holder.host} since ${holder.since}. ` +
        "Stop that process first, or point DATA_DIR at another directory. Nothing was written.",
    );
    this.name = "DataDirLockedError";
  }
}

export type DataDirLock = { path: string; release: () => void };

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function readHolder(lockPath: string): LockHolder | undefined {
  try {
    return JSON.parse(fs.readFileSync(lockPath, "utf8")) as LockHolder;
  } catch {
    return undefined;
  }
}

export function acquireDataDirLock(dataDir: string, command = process.argv.slice(1).join(" ")) {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const me: LockHolder = {
    pid: process.pid,
    host: os.hostname(),
    command: command || "node",
    since: new Date().toISOString(),
  };

  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // "wx" creates the file only if it does not exist: an atomic test-and-set.
      fs.writeFileSync(lockPath, JSON.stringify(me), { flag: "wx" });
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        const holder = readHolder(lockPath);
        if (holder?.pid === process.pid) fs.rmSync(lockPath, { force: true });
        process.off("exit", release);
      };
      // Last resort when the process exits without a clean shutdown.
      process.on("exit", release);
      return { path: lockPath, release } satisfies DataDirLock;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(lockPath);
      const stale =
        !holder ||
        (holder.host === os.hostname() && holder.pid !== process.pid && !isAlive(holder.pid));
      if (holder && !stale) throw new DataDirLockedError(lockPath, holder);
      // The holder died without cleaning up (kill -9, power loss): take the lock over.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not take the lock ${lockPath}`);
}
