import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// The embedded database's files copied aside while the database is held still (issue 44 item 4):
// the copy is what a backup archives, after the database has gone back to work. The copy itself
// is synchronous: a thousand files of tens of megabytes take a tenth of a second from the page
// cache, and the database waits exactly that long. An asynchronous copy was tried first: each of
// its ~150 sequential file operations waited for a turn of an event loop busy answering the
// other requests, and under load the database stayed held for minutes (bench/backup-pause).

const SNAPSHOT_PREFIX = ".snapshot-";

/** A folder beside `pgdata` for one snapshot's copy; leftovers of a crashed backup removed. */
export async function freshSnapshotDir(dataDir: string) {
  for (const name of await fs.promises.readdir(dataDir)) {
    if (name.startsWith(SNAPSHOT_PREFIX)) {
      await fs.promises.rm(path.join(dataDir, name), { recursive: true, force: true });
    }
  }
  const dir = path.join(dataDir, `${SNAPSHOT_PREFIX}${crypto.randomBytes(6).toString("hex")}`);
  await fs.promises.mkdir(dir, { mode: 0o700 });
  return dir;
}

/** Copies the tree under `from` into the existing folder `to`; the number of files copied. */
export function copyTree(from: string, to: string): number {
  let copied = 0;
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      fs.mkdirSync(target, { mode: 0o700 });
      copied += copyTree(source, target);
    } else if (entry.isFile()) {
      // A clone where the file system can (no bytes copied), a plain copy elsewhere.
      fs.copyFileSync(source, target, fs.constants.COPYFILE_FICLONE);
      copied += 1;
    }
  }
  return copied;
}
