import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  type BackupFile,
  type BackupKeep,
  backupsToRemove,
  listBackups,
  nextToRemove,
  rotateBackups,
} from "./backup-archives.server";
import { type BackupKind, backupFileName, parseBackupName } from "./backup-format.server";

// Which archives the rotation removes (issue 44): only scheduled ones beyond what it keeps, by-hand
// ones only past BACKUP_KEEP_MANUAL_DAYS when that is set, never one whose name does not say how
// it was taken; and no file whose name is not a backup's. Dates are fixed: the rules are pure, in
// Lagos time (UTC+1 all year).

/** An archive as listBackups describes it; "unknown" is named the way backups were before. */
function backupAt(iso: string, kind: BackupKind = "scheduled"): BackupFile {
  const takenAt = new Date(iso);
  const name =
    kind === "unknown"
      ? backupFileName(takenAt, "manual").replace("-manual", "")
      : backupFileName(takenAt, kind);
  return { name, file: `/backups/${name}`, bytes: 1, takenAt, finishedAt: takenAt, kind };
}

const names = (files: readonly BackupFile[]) => files.map((file) => file.takenAt.toISOString());
const keepOf = (keep: Partial<BackupKeep>): BackupKeep => ({
  daily: 7,
  weekly: 4,
  manualDays: 0,
  ...keep,
});
const NOW = new Date("2026-11-26T20:00:00.000Z");

describe("backup file names", () => {
  it("say when the backup was taken and how", () => {
    const at = new Date("2026-11-26T01:30:00.123Z");
    expect(backupFileName(at, "scheduled")).toBe(
      "naija-homes-2026-11-26T01-30-00-123-scheduled.tar.gz",
    );
    expect(parseBackupName(backupFileName(at, "scheduled"))).toEqual({
      takenAt: at,
      kind: "scheduled",
    });
    expect(parseBackupName(backupFileName(at, "manual"))).toEqual({ takenAt: at, kind: "manual" });
    // Named before the kind was recorded: a backup, of a kind nobody can tell.
    expect(parseBackupName("naija-homes-2026-11-26T01-30-00-123.tar.gz")).toEqual({
      takenAt: at,
      kind: "unknown",
    });
    for (const other of [
      "notes.txt",
      "backup-status.json",
      "naija-homes-2026-11-26T01-30-00-123.tar.gz.partial",
      "naija-homes-2026-11-26T01-30-00-123-weekly.tar.gz",
      ".deleting-naija-homes-2026-11-26T01-30-00-123-manual.tar.gz",
      "naija-homes-2026-13-45T01-30-00-123-manual.tar.gz",
    ]) {
      expect(parseBackupName(other), other).toBeUndefined();
    }
  });
});

describe("the rotation", () => {
  it("keeps the newest scheduled backup of each of the last N days, then one per week before them", () => {
    // Newest first: 20 nightly backups (01:30 UTC = 02:30 Lagos) and a second one on the 26th.
    const nightly = Array.from({ length: 20 }, (_, i) =>
      backupAt(new Date(Date.UTC(2026, 10, 26 - i, 1, 30)).toISOString()),
    );
    const extra = backupAt("2026-11-26T14:00:00.000Z");
    const backups = [extra, ...nightly];
    const removed = backupsToRemove(backups, keepOf({ daily: 3, weekly: 2 }), NOW);
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
    expect(backupsToRemove(backups, keepOf({}), NOW)).toEqual([]);
  });

  it("counts days in Lagos: 23:30 UTC is the next day there", () => {
    const late = backupAt("2026-11-25T23:30:00.000Z"); // 00:30 on the 26th in Lagos
    const morning = backupAt("2026-11-26T08:00:00.000Z");
    expect(names(backupsToRemove([morning, late], keepOf({ daily: 1, weekly: 0 }), NOW))).toEqual([
      "2026-11-25T23:30:00.000Z",
    ]);
  });

  it("keeps two backups taken by hand the same day, and every one of unknown kind", () => {
    // Before: Back Up Now twice on one day and the daily rotation kept only the second.
    const second = backupAt("2026-11-26T15:00:00.000Z", "manual");
    const first = backupAt("2026-11-26T09:00:00.000Z", "manual");
    const old = backupAt("2025-01-10T09:00:00.000Z", "manual");
    const unmarked = [
      backupAt("2026-11-26T01:30:00.000Z", "unknown"),
      backupAt("2026-11-25T01:30:00.000Z", "unknown"),
      backupAt("2024-06-01T01:30:00.000Z", "unknown"),
    ];
    const backups = [second, first, ...unmarked.slice(0, 2), old, unmarked[2] as BackupFile];
    expect(backupsToRemove(backups, keepOf({ daily: 1, weekly: 0 }), NOW)).toEqual([]);
  });

  it("removes only scheduled backups beyond the kept count; by-hand ones take no day's place", () => {
    const byHand = backupAt("2026-11-26T09:00:00.000Z", "manual");
    const today = backupAt("2026-11-26T01:30:00.000Z");
    const yesterday = backupAt("2026-11-25T01:30:00.000Z");
    const before = backupAt("2026-11-24T01:30:00.000Z");
    const unmarked = backupAt("2026-11-24T12:00:00.000Z", "unknown");
    const backups = [byHand, today, yesterday, unmarked, before];
    expect(backupsToRemove(backups, keepOf({ daily: 2, weekly: 0 }), NOW)).toEqual([before]);
  });

  it("removes by-hand backups once older than BACKUP_KEEP_MANUAL_DAYS, when it is set", () => {
    const fresh = backupAt("2026-11-20T20:00:01.000Z", "manual"); // under 6 days old at NOW
    const due = backupAt("2026-11-19T20:00:00.000Z", "manual"); // exactly 7 days
    const unmarked = backupAt("2026-01-01T00:00:00.000Z", "unknown");
    const backups = [fresh, due, unmarked];
    expect(backupsToRemove(backups, keepOf({ manualDays: 7 }), NOW)).toEqual([due]);
    expect(backupsToRemove(backups, keepOf({ manualDays: 0 }), NOW)).toEqual([]);
  });
});

describe("what the rotation removes next", () => {
  const nightly = ["2026-11-26", "2026-11-25", "2026-11-24"].map((day) =>
    backupAt(`${day}T01:30:00.000Z`),
  );
  // 6 days 19 hours old at NOW, just over 7 days at the next night's run.
  const byHand = backupAt("2026-11-20T01:00:00.000Z", "manual");

  it("is the scheduled backup the next night's pushes out, none of those taken by hand", () => {
    const nextScheduled = new Date("2026-11-27T01:30:00.000Z");
    const keep = keepOf({ daily: 3, weekly: 0 });
    expect(nextToRemove([...nightly, byHand], keep, { nextScheduled, now: NOW })).toEqual([
      nightly[2],
    ]);
    // With room for another day, none.
    expect(
      nextToRemove(nightly, keepOf({ daily: 4, weekly: 0 }), { nextScheduled, now: NOW }),
    ).toEqual([]);
    // By-hand ones kept for 7 days: the one of the 20th is 7 days old at the next run, not yet.
    expect(
      nextToRemove([...nightly, byHand], keepOf({ daily: 4, weekly: 0, manualDays: 7 }), {
        nextScheduled,
        now: NOW,
      }),
    ).toEqual([byHand]);
  });

  it("with no schedule, is only what the rotation after the next backup would remove", () => {
    // Judged now: the by-hand one is not yet 7 days old.
    const keep = keepOf({ daily: 3, weekly: 0, manualDays: 7 });
    expect(
      nextToRemove([...nightly, byHand], keep, { nextScheduled: undefined, now: NOW }),
    ).toEqual([]);
    // Fewer days kept than there are (BACKUP_KEEP_DAILY lowered): the oldest goes.
    expect(
      nextToRemove(nightly, keepOf({ daily: 2, weekly: 0 }), {
        nextScheduled: undefined,
        now: NOW,
      }),
    ).toEqual([nightly[2]]);
  });
});

describe("the rotation in a folder", () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "naija-rotation-"));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("removes only this site's scheduled archives beyond the kept count; nothing else", () => {
    const file = (name: string) => {
      fs.writeFileSync(path.join(dir, name), name);
      return name;
    };
    const keptScheduled = file(backupFileName(new Date("2026-11-26T01:30:00.000Z"), "scheduled"));
    const oldScheduled = file(backupFileName(new Date("2026-11-25T01:30:00.000Z"), "scheduled"));
    const byHand = [
      file(backupFileName(new Date("2026-11-26T09:00:00.000Z"), "manual")),
      file(backupFileName(new Date("2026-11-26T09:05:00.000Z"), "manual")),
    ];
    // Another site's archive from when both wrote into ./backups: named without a kind.
    const otherSite = file("naija-homes-2026-11-24T01-30-00-000.tar.gz");
    const others = [file("backup-status.json"), file("notes.txt")];
    fs.mkdirSync(path.join(dir, backupFileName(new Date("2026-11-20T01:30:00.000Z"), "scheduled")));

    expect(listBackups(dir).map((backup) => [backup.name, backup.kind])).toEqual([
      [byHand[1], "manual"],
      [byHand[0], "manual"],
      [keptScheduled, "scheduled"],
      [oldScheduled, "scheduled"],
      [otherSite, "unknown"],
    ]);
    rotateBackups(dir, keepOf({ daily: 1, weekly: 0 }), NOW);
    expect(fs.readdirSync(dir).sort()).toEqual(
      [
        keptScheduled,
        ...byHand,
        otherSite,
        ...others,
        "naija-homes-2026-11-20T01-30-00-000-scheduled.tar.gz",
      ].sort(),
    );
  });
});
