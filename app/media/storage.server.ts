import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { getEnv } from "~/env.server";
import { createS3Storage } from "./s3-storage.server";
import type { MediaStorage } from "./storage-types";

// Where stored originals live (uploaded photos, and demo pictures drawn on their first request):
// the disk under DATA_DIR/media by default, an S3-compatible bucket when S3_BUCKET is set (what
// several instances behind a load balancer need: every instance sees every upload). Resized
// variants and sharing cards are derived, rebuildable copies: each instance keeps them in its own
// DATA_DIR/media-cache (see ./media-store.server.ts), never in the bucket.

export type { MediaStorage, StoredInfo } from "./storage-types";

// A segment starts with a letter or digit (so never ".", ".." or a hidden temp file) and holds
// only letters, digits, dot, dash and underscore: no slashes, backslashes, percent signs or NULs.
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const MAX_KEY_LENGTH = 512;

/** Whether `key` is a relative path of plain segments (the storage accepts nothing else). */
export function isSafeKey(key: string) {
  return (
    key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split("/").every((s) => SEGMENT.test(s))
  );
}

/** The absolute path of `relative` inside `root`, or undefined if it would leave the root. */
export function resolveInside(root: string, relative: string) {
  const resolved = path.resolve(root, relative);
  return resolved.startsWith(root + path.sep) ? resolved : undefined;
}

/**
 * Writes a file so that no reader ever sees half of it: into a hidden temp file beside the
 * target, then renamed over it (atomic on one file system).
 */
export async function writeFileAtomically(file: string, data: Buffer) {
  const dir = path.dirname(file);
  await fs.promises.mkdir(dir, { recursive: true });
  const temp = path.join(
    dir,
    `.${path.basename(file)}.${process.pid}.${crypto.randomBytes(6).toString("hex")}.tmp`,
  );
  try {
    await fs.promises.writeFile(temp, data);
    await fs.promises.rename(temp, file);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
}

/** The file's stat, or undefined when there is no file there (a directory counts as none). */
export async function statFile(file: string) {
  try {
    const stat = await fs.promises.stat(file);
    return stat.isFile() ? stat : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

// A backup copies the stored files after the database's snapshot. While it does, removals wait,
// so every file the snapshot names is still there to copy; writes go ahead (a file the snapshot
// does not name is harmless in a backup). Removals are never urgent: a purge or a replaced photo.
let copying = 0;
let copied: (() => void) | undefined;
let copyDone: Promise<void> | undefined;

/** Runs `task` (a backup copying the media) with removals from the disk storage held back. */
export async function holdMediaRemovals<T>(task: () => Promise<T>): Promise<T> {
  if (copying++ === 0) {
    copyDone = new Promise((resolve) => {
      copied = resolve;
    });
  }
  try {
    return await task();
  } finally {
    if (--copying === 0) {
      copied?.();
      copyDone = undefined;
    }
  }
}

/** Files under `root` (DATA_DIR/media by default). */
export function createDiskStorage(root: string): MediaStorage {
  const fileOf = (key: string) => {
    const file = isSafeKey(key) ? resolveInside(root, key) : undefined;
    if (!file) throw new Error(`Not a valid media key: ${key}`);
    return file;
  };
  return {
    kind: "disk",
    async put(key, data) {
      await writeFileAtomically(fileOf(key), data);
    },
    async stat(key) {
      const stat = await statFile(fileOf(key));
      return stat && { size: stat.size, modifiedMs: stat.mtimeMs };
    },
    async read(key) {
      try {
        return await fs.promises.readFile(fileOf(key));
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR") return undefined;
        throw error;
      }
    },
    async stream(key, start, end) {
      const file = fileOf(key);
      if (!(await statFile(file))) return undefined;
      return Readable.toWeb(
        fs.createReadStream(file, { start, end }),
      ) as ReadableStream<Uint8Array>;
    },
    async remove(key) {
      while (copyDone) await copyDone;
      await fs.promises.rm(fileOf(key), { force: true });
    },
  };
}

const STORAGE_KEY = Symbol.for("naija-homes.media-storage");
type Holder = { [STORAGE_KEY]?: { storage: MediaStorage; signature: string } };

/**
 * The storage the configuration asks for, made once per process (and again if DATA_DIR or the
 * S3 settings change, which only tests do).
 */
export function getMediaStorage(): MediaStorage {
  const env = getEnv();
  const signature = JSON.stringify([env.dataDir, env.s3]);
  const holder = globalThis as Holder;
  const current = holder[STORAGE_KEY];
  if (current && current.signature === signature) return current.storage;
  const storage = env.s3
    ? createS3Storage(env.s3)
    : createDiskStorage(path.join(env.dataDir, "media"));
  holder[STORAGE_KEY] = { storage, signature };
  return storage;
}
