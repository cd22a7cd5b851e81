import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { asc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { afterAll, describe, expect, it } from "vitest";
import {
  type DatabaseHandle,
  db,
  findMigrationsFolder,
  migrateDatabase,
  openDatabase,
  PGLITE_EXTENSIONS,
  setDatabase,
} from "~/db/client.server";
import {
  auditEvents,
  mailOutbox,
  properties,
  siteIdentity,
  userSettings,
  users,
} from "~/db/schema";
import { createAppointment } from "~/models/appointment.server";
import { dropHeldMail, listHeldMail, sendHeldMail } from "~/models/held-mail.server";
import { runWeeklyOwnerReports } from "~/models/owner-report.server";
import { actorFor } from "../../tests/setup/admin";
import { openDayFromToday } from "../../tests/setup/dates";
import { deliverDueMail } from "../../tests/setup/deliver-mail";
import { backupStoppedSite, createBackup, RestoreNeedsForce, restoreBackup } from "./backup.server";

// Issue 44 items 2 and 3, on real data directories as `npm run backup` and `npm run restore`
// use them: a restore does not speak for the old site (a booking's confirmation queued at the
// snapshot is held, not sent, until a super admin sends or drops it; a job's period queued at
// the snapshot is not queued again), and it knows whose archive it is (another site's, an older
// one over newer data, or one naming no site needs --force; the refusal names both sites and
// dates).

const root = fs.mkdtempSync(path.join(os.tmpdir(), "naija-restore-safety-"));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const office = path.join(root, "office");
const other = path.join(root, "other");
const media = (dataDir: string) => ({ kind: "disk" as const, root: path.join(dataDir, "media") });
const BOSS = actorFor({ id: "boss", email: "boss@example.ng" });
const CUSTOMER = "ngozi@example.ng";
const ADMIN = "admin@example.ng";

/** Opens `dataDir` as the app's database (migrated) for the models, and closes it after. */
async function withSite<T>(dataDir: string, work: (handle: DatabaseHandle) => Promise<T>) {
  const handle = await openDatabase({ kind: "pglite", dataDir });
  setDatabase(handle);
  try {
    await migrateDatabase(handle);
    return await work(handle);
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

async function siteIdOf(dataDir: string) {
  return withSite(dataDir, async (handle) => {
    const [row] = await handle.db.select({ id: siteIdentity.siteId }).from(siteIdentity);
    return row?.id;
  });
}

async function titlesIn(dataDir: string) {
  return withSite(dataDir, async (handle) =>
    (await handle.db.select({ title: properties.title }).from(properties))
      .map((row) => row.title)
      .sort(),
  );
}

async function book(email: string) {
  return createAppointment({
    fullName: "Ngozi Okafor",
    email,
    phone: "08031234567",
    appointmentDate: openDayFromToday(3),
    appointmentTime: "10:00 AM",
    propertyType: "Apartment",
    propertyLocation: "Lekki, Lagos",
    purpose: "buy",
    message: "",
    userId: null,
    propertyId: null,
  });
}

/** The open site's outbox as stored. */
function outboxRows() {
  return db
    .select({ id: mailOutbox.id, to: mailOutbox.to, status: mailOutbox.status })
    .from(mailOutbox)
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.to));
}

/** The data directory folders a restore keeps aside. */
function keptAside(dataDir: string) {
  return fs.readdirSync(dataDir).filter((name) => name.includes("before-restore"));
}

describe("a restore", { timeout: 600_000 }, () => {
  const snapshot = path.join(root, "office-snapshot.tar.gz");
  /** When the owners' report was queued, before the snapshot. */
  const reportRun = new Date();
  let officeId: string | undefined;

  it("holds a booking's confirmation queued at the snapshot: nothing is sent until Send now; Drop removes it", async () => {
    await withSite(office, async (handle) => {
      await handle.db.insert(users).values([
        { id: "admin", email: ADMIN, name: "Tola Admin", role: "admin" },
        { id: "owner", email: "owner@example.ng", name: "Femi", firstName: "Femi", role: "owner" },
      ]);
      await handle.db
        .insert(userSettings)
        .values({ userId: "owner", ownerWeeklyReportSince: new Date("2020-01-06T00:00:00Z") });
      await handle.db.insert(properties).values({
        title: "Flat in Yaba",
        propertyType: "apartment",
        category: "residential",
        city: "Lagos",
        ownerId: "owner",
      });
      // Queued, not yet sent, when the backup is taken: the booking's confirmation and the
      // staff notice (one notification), and the owner's weekly report.
      await book(CUSTOMER);
      expect((await runWeeklyOwnerReports(reportRun)).queued).toBe(1);
      await createBackup({ handle, media: media(office), outFile: snapshot });
      const rows = await outboxRows();
      expect(rows.map((row) => row.status)).toEqual(["pending", "pending"]);
    });
    officeId = await siteIdOf(office);
    expect(officeId).toMatch(/^[0-9a-f-]{36}$/);

    // This site's own backup, over data that has not changed since: no question asked.
    const restored = await restoreBackup(office, snapshot);
    expect(restored.forced).toEqual([]);
    expect(restored.heldMail).toBe(2);
    expect(restored.manifest?.site?.id).toBe(officeId);

    await withSite(office, async () => {
      // The sender renders the held notifications (so the screen says whom they are for) and
      // sends none of them.
      expect(await deliverDueMail()).toEqual([]);
      const held = await listHeldMail();
      expect(held.total).toBe(3);
      expect(held.rows.map((row) => row.to).sort()).toEqual([ADMIN, CUSTOMER, "owner@example.ng"]);
      expect((await outboxRows()).every((row) => row.status === "held")).toBe(true);

      // The week whose report was queued (held) at the snapshot is not queued again.
      expect(await runWeeklyOwnerReports(reportRun)).toMatchObject({ queued: 0, held: 0 });

      // A booking made on the restored site is its own: it goes out at once.
      await book("new-customer@example.ng");
      const sentNew = await deliverDueMail();
      expect(sentNew.map((mail) => mail.to).sort()).toEqual([ADMIN, "new-customer@example.ng"]);

      const byTo = (to: string) => held.rows.find((row) => row.to === to)?.id ?? "";
      // Send now: that one message, and only it, is sent.
      expect(await sendHeldMail(BOSS, { id: byTo(CUSTOMER) })).toEqual({ ok: true, count: 1 });
      const sent = await deliverDueMail();
      expect(sent.map((mail) => mail.to)).toEqual([CUSTOMER]);
      expect(sent[0]?.subject).toMatch(/^Appointment request received: /);
      // Drop: the staff notice is gone, never sent.
      expect(await dropHeldMail(BOSS, { id: byTo(ADMIN) })).toEqual({ ok: true, count: 1 });
      expect(await dropHeldMail(BOSS, { id: byTo(ADMIN) })).toEqual({
        ok: false,
        reason: "not-held",
      });
      expect(await deliverDueMail()).toEqual([]);
      const left = await outboxRows();
      expect(left.filter((row) => row.to === ADMIN && row.status !== "sent")).toEqual([]);
      expect(left.filter((row) => row.status === "held").map((row) => row.to)).toEqual([
        "owner@example.ng",
      ]);
      const audited = await db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .orderBy(asc(auditEvents.createdAt));
      expect(audited.map((row) => row.action)).toEqual(["mail.send-held", "mail.drop-held"]);
    });
  });

  it("refuses an older backup over newer data unless forced, naming the site and both dates", async () => {
    // Since the snapshot the restored site took a booking and sent mail.
    const before = await titlesIn(office);
    const asideBefore = keptAside(office);
    const refusal = await restoreBackup(office, snapshot).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(RestoreNeedsForce);
    const message = (refusal as Error).message;
    expect(message).toContain(
      "Not restored: The data it would replace is newer than the backup: what was written after",
    );
    expect(message.match(new RegExp(`site ${officeId}`, "g"))).toHaveLength(2);
    expect(message).toMatch(/taken \d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \(Lagos\)/);
    expect(message).toMatch(/now: site [0-9a-f-]{36}; newest write \d{4}-.* \(Lagos\)\./);
    expect(message).toContain("run it again with --force");
    expect(keptAside(office)).toEqual(asideBefore);
    expect(await titlesIn(office)).toEqual(before);
    await withSite(office, async () => {
      expect(
        (await outboxRows()).filter((row) => row.to === "new-customer@example.ng"),
      ).toHaveLength(1);
    });

    const forced = await restoreBackup(office, snapshot, { force: true });
    expect(forced.forced).toEqual([expect.stringContaining("newer than the backup")]);
    await withSite(office, async () => {
      expect((await outboxRows()).filter((row) => row.to === "new-customer@example.ng")).toEqual(
        [],
      );
    });
  });

  it("refuses another site's backup unless forced: the message names both sites and dates", async () => {
    const foreign = path.join(root, "other-site.tar.gz");
    await withSite(other, async (handle) => {
      await handle.db.insert(properties).values({
        title: "Another agency's duplex",
        propertyType: "duplex",
        category: "residential",
        city: "Abuja",
      });
    });
    await backupStoppedSite({ dataDir: other, media: media(other), outFile: foreign });
    const otherId = await siteIdOf(other);
    expect(otherId).not.toBe(officeId);
    const before = await titlesIn(office);

    // As the operator meets it: npm run restore, one message and exit code 1.
    const run = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/restore.ts", foreign],
      {
        env: {
          ...process.env,
          DATA_DIR: office,
          DATABASE_URL: "",
          SITE_URL: "https://office.example",
        },
      },
    ).then(
      () => ({ code: 0, stdout: "", stderr: "" }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split("\n");
    expect(lines[0]).toBe(
      "Error: Not restored: It is another site's backup: its database and photos would replace this site's.",
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^ {2}The backup: site ${otherId}, \\S+; taken .* \\(Lagos\\), newest write .* \\(Lagos\\)\\.$`,
      ),
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^ {2}${office} now: site ${officeId}, https://office.example; newest write .* \\(Lagos\\)\\.$`,
      ),
    );
    expect(lines.at(-1)).toContain("--force");
    expect(await titlesIn(office)).toEqual(before);
    expect(await siteIdOf(office)).toBe(officeId);

    const forced = await restoreBackup(office, foreign, { force: true });
    expect(forced.forced[0]).toContain("another site's backup");
    expect(await titlesIn(office)).toEqual(["Another agency's duplex"]);
    // The data is the other site's, and so is its id: that site's next backup restores here.
    expect(await siteIdOf(office)).toBe(otherId);
  });

  it("asks for --force for a backup that names no site, migrates it, and keeps the replaced site's id", async () => {
    // A backup made before sites had ids: its database has every migration before 0022 only.
    const old = path.join(root, "old-site");
    const folder = path.join(root, "migrations-before-0022");
    fs.cpSync(findMigrationsFolder(), folder, { recursive: true });
    const journalFile = path.join(folder, "meta", "_journal.json");
    const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as {
      entries: { tag: string }[];
    };
    journal.entries = journal.entries.filter((entry) => entry.tag < "0022");
    fs.writeFileSync(journalFile, JSON.stringify(journal));
    fs.mkdirSync(old, { recursive: true });
    const client = await PGlite.create(path.join(old, "pgdata"), { extensions: PGLITE_EXTENSIONS });
    await migrate(drizzle({ client }), { migrationsFolder: folder });
    await client.exec(`insert into properties (title, property_type, category, city)
      values ('From before site ids', 'land', 'residential', 'Ibadan')`);
    await client.close();
    const oldFile = path.join(root, "old-site.tar.gz");
    const made = await backupStoppedSite({ dataDir: old, media: media(old), outFile: oldFile });
    expect(made.manifest.site).toBeUndefined();

    const replacedId = await siteIdOf(office);
    await expect(restoreBackup(office, oldFile)).rejects.toThrow(
      /does not say which site it is of[\s\S]*The backup: no site id;/,
    );
    const restored = await restoreBackup(office, oldFile, { force: true });
    expect(restored.forced[0]).toContain("does not say which site");
    expect(await titlesIn(office)).toEqual(["From before site ids"]);
    // Migrated by the restore (site_identity exists), and the site that was here goes on.
    expect(await siteIdOf(office)).toBe(replacedId);
  });
});
