import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, describe, expect, it } from "vitest";
import { backupEmbeddedDatabase, restoreEmbeddedDatabase } from "./backup.server";
import { migrateDatabase, openDatabase } from "./client.server";
import { LOCK_FILE_NAME } from "./data-dir-lock.server";
import { properties } from "./schema";

// Real data directories on disk, as `npm run backup` and `npm run restore` use them.

const root = fs.mkdtempSync(path.join(os.tmpdir(), "naija-backup-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function titlesIn(dataDir: string) {
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    await migrateDatabase(handle);
    return (await handle.db.select({ title: properties.title }).from(properties)).map(
      (row) => row.title,
    );
  } finally {
    await handle.close();
  }
}

async function insertTitle(dataDir: string, title: string) {
  const handle = await openDatabase({ kind: "pglite", dataDir });
  try {
    await migrateDatabase(handle);
    await handle.db
      .insert(properties)
      .values({ title, propertyType: "land", category: "residential", city: "Abuja" });
  } finally {
    await handle.close();
  }
}

// Six embedded databases opened, two of them new (a WASM initdb each): seconds on a quiet
// machine, a minute when CI runs the end-to-end suite beside it.
describe("backup and restore of the embedded database", { timeout: 180_000 }, () => {
  it("restores what was backed up, keeping the replaced database aside", async () => {
    const dataDir = path.join(root, "site");
    const file = path.join(root, "backups", "one.tar.gz");
    await insertTitle(dataDir, "Plot in Lugbe");
    expect(await backupEmbeddedDatabase(dataDir, file)).toBeGreaterThan(1000);

    await insertTitle(dataDir, "Added after the backup");
    expect(await titlesIn(dataDir)).toHaveLength(2);

    const { previous } = await restoreEmbeddedDatabase(dataDir, file);
    expect(await titlesIn(dataDir)).toEqual(["Plot in Lugbe"]);
    expect(previous && fs.existsSync(previous)).toBe(true);
    // Restoring into a new, empty data directory works too.
    const fresh = path.join(root, "fresh");
    expect((await restoreEmbeddedDatabase(fresh, file)).previous).toBeUndefined();
    expect(await titlesIn(fresh)).toEqual(["Plot in Lugbe"]);
  });

  it("refuses while another process holds the data directory, and writes nothing", async () => {
    const dataDir = path.join(root, "site");
    const file = path.join(root, "backups", "one.tar.gz");
    // A live server's lock: this test process's own pid is alive.
    fs.writeFileSync(
      path.join(dataDir, LOCK_FILE_NAME),
      JSON.stringify({
        pid: process.pid,
        host: os.hostname(),
        command: "node server/main.js",
        since: new Date().toISOString(),
      }),
    );
    try {
      await expect(backupEmbeddedDatabase(dataDir, path.join(root, "x.tar.gz"))).rejects.toThrow(
        /server\/main\.js/,
      );
      await expect(restoreEmbeddedDatabase(dataDir, file)).rejects.toThrow(/server\/main\.js/);
      expect(fs.existsSync(path.join(root, "x.tar.gz"))).toBe(false);
      // Only the first test's kept copy: this refused restore set nothing aside.
      expect(
        fs.readdirSync(dataDir).filter((name) => name.includes("before-restore")),
      ).toHaveLength(1);
    } finally {
      fs.rmSync(path.join(dataDir, LOCK_FILE_NAME));
    }
  });

  it("refuses a file that is not a backup, leaving the database as it was", async () => {
    const dataDir = path.join(root, "site");
    const junk = path.join(root, "junk.tar.gz");
    fs.writeFileSync(junk, "not an archive");
    await expect(restoreEmbeddedDatabase(dataDir, junk)).rejects.toThrow(/not a backup/);
    fs.writeFileSync(junk, zlib.gzipSync("a gzipped text file, not a tar archive"));
    await expect(restoreEmbeddedDatabase(dataDir, junk)).rejects.toThrow(/not a backup/);
    expect(await titlesIn(dataDir)).toEqual(["Plot in Lugbe"]);
  });
});
