import fs from "node:fs";
import path from "node:path";
import { PRIVATE_UMASK } from "../../server/private-umask.js";

// Files made before the server set its umask (server/private-umask.js), by an older version or a
// start from a shell with a permissive umask, are tightened at start the same way: group write
// and everything for others taken off (PGlite's 0666 files become 0640, folders 0750). Only what
// this account owns is changed; links are not followed.

export type Tightened = { checked: number; changed: number };

/** Takes PRIVATE_UMASK's bits off everything under `dir` (and `dir`) this account owns. */
export async function closeToOthers(dir: string): Promise<Tightened> {
  const result: Tightened = { checked: 0, changed: 0 };
  const uid = process.getuid?.();
  const visit = async (entry: string) => {
    let stat: fs.Stats;
    try {
      stat = await fs.promises.lstat(entry);
    } catch {
      return; // gone meanwhile, or not there at all
    }
    if (stat.isSymbolicLink()) return;
    result.checked += 1;
    if ((uid === undefined || stat.uid === uid) && stat.mode & PRIVATE_UMASK) {
      await fs.promises.chmod(entry, stat.mode & 0o7777 & ~PRIVATE_UMASK);
      result.changed += 1;
    }
    if (!stat.isDirectory()) return;
    for (const name of await fs.promises.readdir(entry).catch(() => [])) {
      await visit(path.join(entry, name));
    }
  };
  await visit(dir);
  return result;
}
