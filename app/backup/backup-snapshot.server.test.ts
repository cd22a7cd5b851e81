import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrateDatabase, openDatabase } from "~/db/client.server";
import { properties } from "~/db/schema";
import { createBackup } from "./backup.server";
import { restoreBackup } from "./restore.server";

// The snapshot of an embedded database on disk (issue 44 item 4): the data directory's files are
// copied aside while queries wait, and the archive is written from the copy afterwards.

const root = fs.mkdtempSync(path.join(os.tmpdir(), "naija-snapshot-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const snapshotFolders = (dataDir: string) =>
  fs.readdirSync(dataDir).filter((name) => name.startsWith(".snapshot-"));

async function countIn(dataDir: string) {
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    return await handle.db.$count(properties);
  } finally {
    await handle.close();
  }
}

const listing = (title: string) => ({
  title,
  propertyType: "land" as const,
  category: "residential" as const,
  city: "Lagos",
});

describe("a backup's snapshot of the embedded database", { timeout: 300_000 }, () => {
  it("archives exactly what it counted, holds writes sent during the copy, and leaves no copy behind", async () => {
    const live = path.join(root, "live");
    const handle = await openDatabase({ kind: "pglite", dataDir: live });
    await migrateDatabase(handle);
    // A copy left by a backup that crashed is removed by the next one.
    fs.mkdirSync(path.join(live, ".snapshot-left-by-a-crash"));
    try {
      await handle.db.insert(properties).values([listing("First"), listing("Second")]);
      const out = path.join(root, "backups", "live.tar.gz");
      // While the backup runs, the thread is free: a timer sees the copy's folder and sends a
      // write then, which waits for the copy to be whole (it is not in the archive).
      let sentDuringCopy: Promise<unknown> | undefined;
      const watch = setInterval(() => {
        const [folder] = snapshotFolders(live).filter((name) => !name.endsWith("a-crash"));
        if (!sentDuringCopy && folder && fs.existsSync(path.join(live, folder, "base"))) {
          sentDuringCopy = handle.db.insert(properties).values(listing("Sent during the copy"));
        }
      }, 1);
      const result = await createBackup({
        handle,
        media: { kind: "disk", root: path.join(live, "media") },
        outFile: out,
      });
      clearInterval(watch);
      expect(sentDuringCopy).toBeDefined();
      await sentDuringCopy;
      expect(await handle.db.$count(properties)).toBe(3);
      expect(result.manifest.counts.properties).toBe(2);
      expect(snapshotFolders(live)).toEqual([]);

      const restored = path.join(root, "restored");
      await restoreBackup(restored, out);
      expect(await countIn(restored)).toBe(2);
    } finally {
      await handle.close();
    }
  });

  it("removes its copy when the archive cannot be written", async () => {
    const dataDir = path.join(root, "failing");
    const handle = await openDatabase({ kind: "pglite", dataDir });
    await migrateDatabase(handle);
    // The archive is written aside first: a folder in that place fails the write, after the
    // snapshot was taken.
    const out = path.join(root, "failing-backups", "x.tar.gz");
    fs.mkdirSync(`${out}.partial`, { recursive: true });
    try {
      await expect(
        createBackup({
          handle,
          media: { kind: "disk", root: path.join(dataDir, "media") },
          outFile: out,
        }),
      ).rejects.toThrow();
      expect(snapshotFolders(dataDir)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
