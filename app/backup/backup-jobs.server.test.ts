import { describe, expect, it } from "vitest";
import { backupFileName, backupTimeOf } from "./backup.server";
import { type BackupFile, backupsToRemove, nextRunAt } from "./backup-jobs.server";

// The rotation and the schedule's clock: pure, in Lagos time (UTC+1 all year).

function backupAt(iso: string): BackupFile {
  const takenAt = new Date(iso);
  const name = backupFileName(takenAt);
  return { name, file: `/backups/${name}`, bytes: 1, takenAt };
}

const names = (files: BackupFile[]) => files.map((file) => file.takenAt.toISOString());

describe("backup file names", () => {
  it("say when the backup was taken", () => {
    const at = new Date("2026-11-26T01:30:00.123Z");
    expect(backupFileName(at)).toBe("naija-homes-2026-11-26T01-30-00-123.tar.gz");
    expect(backupTimeOf(backupFileName(at))).toEqual(at);
    expect(backupTimeOf("notes.txt")).toBeUndefined();
    expect(backupTimeOf("naija-homes-2026-11-26T01-30-00-123.tar.gz.partial")).toBeUndefined();
  });
});

describe("the rotation", () => {
  it("keeps the newest backup of each of the last N days, then one per week before them", () => {
    // Newest first: 20 nightly backups (01:30 UTC = 02:30 Lagos) and a second one on the 26th.
    const nightly = Array.from({ length: 20 }, (_, i) =>
      backupAt(new Date(Date.UTC(2026, 10, 26 - i, 1, 30)).toISOString()),
    );
    const extra = backupAt("2026-11-26T14:00:00.000Z");
    const backups = [extra, ...nightly];
    const removed = backupsToRemove(backups, { daily: 3, weekly: 2 });
    const kept = backups.filter((b) => !removed.includes(b));
    expect(names(kept)).toEqual([
      // The last three days: the newest of the 26th, the 25th, the 24th.
      "2026-11-26T14:00:00.000Z",
      "2026-11-25T01:30:00.000Z",
      "2026-11-24T01:30:00.000Z",
      // Then the newest of each of two weeks before them (weeks start on Monday): the 23rd
      // (Monday of this week) and Sunday the 22nd (last of the week of the 16th).
      "2026-11-23T01:30:00.000Z",
      "2026-11-22T01:30:00.000Z",
    ]);
  });

  it("keeps everything while there are fewer backups than it may keep", () => {
    const backups = [backupAt("2026-11-26T01:30:00.000Z"), backupAt("2026-11-20T01:30:00.000Z")];
    expect(backupsToRemove(backups, { daily: 7, weekly: 4 })).toEqual([]);
  });

  it("counts days in Lagos: 23:30 UTC is the next day there", () => {
    const late = backupAt("2026-11-25T23:30:00.000Z"); // 00:30 on the 26th in Lagos
    const morning = backupAt("2026-11-26T08:00:00.000Z");
    expect(names(backupsToRemove([morning, late], { daily: 1, weekly: 0 }))).toEqual([
      "2026-11-25T23:30:00.000Z",
    ]);
  });
});

describe("the schedule", () => {
  it("runs next at the given Lagos time, today if it is still to come, else tomorrow", () => {
    // 02:30 Lagos is 01:30 UTC.
    expect(nextRunAt("02:30", new Date("2026-11-26T00:00:00Z")).toISOString()).toBe(
      "2026-11-26T01:30:00.000Z",
    );
    expect(nextRunAt("02:30", new Date("2026-11-26T01:30:00Z")).toISOString()).toBe(
      "2026-11-27T01:30:00.000Z",
    );
    // 23:30 UTC is 00:30 on the 27th in Lagos: that day's 00:15 has passed, so the 28th's.
    expect(nextRunAt("00:15", new Date("2026-11-26T23:30:00Z")).toISOString()).toBe(
      "2026-11-27T23:15:00.000Z",
    );
  });
});
