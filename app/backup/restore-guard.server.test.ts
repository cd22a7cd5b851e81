import { describe, expect, it } from "vitest";
import { lagosTime, restoreConcerns, restoreRefusalMessage } from "./restore-guard.server";

// When a restore needs --force (issue 44 item 3), decided from both sides' site ids and newest
// writes; the restores themselves are in restore-safety.server.test.ts.

const A = "0b5f3a5e-8f1e-4a55-9d63-3c2f4b1e7a01";
const B = "7c9d2e10-51aa-4c7e-8f02-a9d8e6b4c302";
const at = (iso: string) => new Date(iso);

describe("restoreConcerns", () => {
  it("asks nothing when DATA_DIR holds no database", () => {
    expect(restoreConcerns({ siteId: B }, undefined)).toEqual([]);
    expect(restoreConcerns({}, undefined)).toEqual([]);
  });

  it("asks nothing for this site's backup holding everything the data holds", () => {
    const newest = at("2026-11-26T01:30:00Z");
    expect(
      restoreConcerns({ siteId: A, newestWriteAt: newest }, { siteId: A, newestWriteAt: newest }),
    ).toEqual([]);
    // Data older than the backup (a restore undone by a newer backup) is no concern either.
    expect(
      restoreConcerns(
        { siteId: A, newestWriteAt: newest },
        { siteId: A, newestWriteAt: at("2026-11-25T01:30:00Z") },
      ),
    ).toEqual([]);
    // An empty database (no dated rows) loses nothing.
    expect(restoreConcerns({ siteId: A, newestWriteAt: newest }, { siteId: A })).toEqual([]);
  });

  it("asks for another site's backup, even a newer one", () => {
    const concerns = restoreConcerns(
      { siteId: B, newestWriteAt: at("2026-11-27T00:00:00Z") },
      { siteId: A, newestWriteAt: at("2026-11-26T00:00:00Z") },
    );
    expect(concerns).toEqual([
      "It is another site's backup: its database and photos would replace this site's.",
    ]);
  });

  it("asks for an older backup over newer data, one millisecond newer included", () => {
    const concerns = restoreConcerns(
      { siteId: A, newestWriteAt: at("2026-11-26T01:30:00.000Z") },
      { siteId: A, newestWriteAt: at("2026-11-26T01:30:00.001Z") },
    );
    expect(concerns).toEqual([
      "The data it would replace is newer than the backup: what was written after 2026-11-26 02:30:00 (Lagos) would be lost.",
    ]);
  });

  it("asks when either side names no site, and says which", () => {
    const newest = at("2026-11-26T01:30:00Z");
    expect(
      restoreConcerns({ newestWriteAt: newest }, { siteId: A, newestWriteAt: newest }),
    ).toEqual([
      "The backup does not say which site it is of (it was made before backups named their site).",
    ]);
    expect(
      restoreConcerns({ siteId: A, newestWriteAt: newest }, { newestWriteAt: newest }),
    ).toEqual([
      "The data it would replace does not say which site it is (the site has not started since the update that names sites).",
    ]);
  });

  it("gives both concerns for another site's older backup", () => {
    expect(
      restoreConcerns(
        { siteId: B, newestWriteAt: at("2026-11-20T00:00:00Z") },
        { siteId: A, newestWriteAt: at("2026-11-26T00:00:00Z") },
      ),
    ).toHaveLength(2);
  });
});

describe("restoreRefusalMessage", () => {
  it("names both sites with their addresses and dates, and the way on", () => {
    const message = restoreRefusalMessage({
      concerns: ["It is another site's backup: its database and photos would replace this site's."],
      archive: {
        siteId: B,
        url: "https://other.example",
        takenAt: at("2026-11-25T01:30:00Z"),
        newestWriteAt: at("2026-11-25T01:29:59Z"),
      },
      current: {
        siteId: A,
        url: "https://naijahomes.ng",
        newestWriteAt: at("2026-11-26T09:00:00Z"),
      },
      dataDir: "/var/lib/naija-homes/data",
    });
    expect(message.split("\n")).toEqual([
      "Not restored: It is another site's backup: its database and photos would replace this site's.",
      `  The backup: site ${B}, https://other.example; taken 2026-11-25 02:30:00 (Lagos), newest write 2026-11-25 02:29:59 (Lagos).`,
      `  /var/lib/naija-homes/data now: site ${A}, https://naijahomes.ng; newest write 2026-11-26 10:00:00 (Lagos).`,
      "Nothing was changed. If this is the backup you mean to restore, run it again with --force (what it replaces is kept aside).",
    ]);
  });

  it("says so when a side has no id or no dated rows", () => {
    const message = restoreRefusalMessage({
      concerns: ["x"],
      archive: {},
      current: { siteId: A },
      dataDir: "/d",
    });
    expect(message).toContain("  The backup: no site id; no dated rows.");
    expect(message).toContain(`  /d now: site ${A}; no dated rows.`);
  });

  it("writes Lagos time, UTC+1 all year", () => {
    expect(lagosTime(at("2026-06-30T23:30:00Z"))).toBe("2026-07-01 00:30:00 (Lagos)");
  });
});
