import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// The embedded database's files copied aside while the database is held still (issue 44 item 4):
// the copy is what a backup archives, after the database has gone back to work. Every step is
// an asynchronous file operation, so the server's thread keeps answering requests that need no
// query while the copy runs; only queries wait, and only for the copy.

/** Files copied at once: enough to keep the disk busy, few enough not to flood libuv's pool. */
const PARALLEL_COPIES = 8;
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

/** Copies the tree under `from` into the existing folder `to`: folders first, then the files. */
export async function copyTree(from: string, to: string) {
  const files: string[] = [];
  async function walk(relative: string) {
    const entries = await fs.promises.readdir(path.join(from, relative), { withFileTypes: true });
    for (const entry of entries) {
      const name = path.join(relative, entry.name);
      if (entry.isDirectory()) {
        await fs.promises.mkdir(path.join(to, name), { mode: 0o700 });
        await walk(name);
      } else if (entry.isFile()) files.push(name);
    }
  }
  await walk("");
  let next = 0;
  const copier = async () => {
    for (let at = next++; at < files.length; at = next++) {
      const name = files[at] as string;
      // A clone where the file system can (no bytes copied), a plain copy elsewhere.
      await fs.promises.copyFile(
        path.join(from, name),
        path.join(to, name),
        fs.constants.COPYFILE_FICLONE,
      );
    }
  };
  await Promise.all(Array.from({ length: PARALLEL_COPIES }, copier));
  return files.length;
}
