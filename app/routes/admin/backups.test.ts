import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { backupFileName } from "~/backup/backup.server";
import { runBackup } from "~/backup/backup-jobs.server";
import { db } from "~/db/client.server";
import { auditEvents, mailOutbox, users } from "~/db/schema";
import { createProperty } from "../../../tests/setup/accounts";
import { createSignedInAdmin, type SignedInAdmin } from "../../../tests/setup/admin";
import { setTestEnv } from "../../../tests/setup/env";
import {
  callAction,
  callLoader,
  type FormFailure,
  routeArgs,
} from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as download } from "./backup-download";
import { action, loader } from "./backups";

// The Backups screen as a super admin: Back Up Now writes an archive into BACKUP_DIR, the list
// shows it with its kind and contents, and the download answers exactly that file; pressed
// again the same day both are kept (issue 44), the rotation removes only scheduled archives,
// the screen says which goes next, and a super admin deletes one after a question, audited.
// (Plain admins and visitors are refused: the authorization matrix.) On PostgreSQL the screen
// says to use pg_dump.

const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "naija-backups-screen-"));
// One scheduled backup a day kept, none weekly: the tightest rotation there is.
setTestEnv({
  BACKUP_DIR: backupDir,
  BACKUP_SCHEDULE: "02:30",
  BACKUP_KEEP_DAILY: "1",
  BACKUP_KEEP_WEEKLY: "0",
});
afterAll(() => fs.rmSync(backupDir, { recursive: true, force: true }));

await setupTestDatabase();

const postgres = Boolean(process.env.DATABASE_URL);
let boss: SignedInAdmin;

beforeAll(async () => {
  await db.delete(users);
  boss = await createSignedInAdmin("boss@example.com", { superAdmin: true });
  await createProperty("Backed-up bungalow");
});

describe.skipIf(postgres)("on the embedded database", () => {
  it("takes a backup now, lists it with its contents, and downloads that file", async () => {
    const before = await callLoader(loader, "/admin/backups", { cookie: boss.cookie });
    expect(before.body).toMatchObject({ postgres: false, backups: [] });

    const taken = await callAction(action, "/admin/backups", {
      cookie: boss.cookie,
      form: { intent: "backup" },
    });
    expect(taken.status).toBe(302);
    expect(taken.location).toBe("/admin/backups");

    const after = await callLoader(loader, "/admin/backups", { cookie: boss.cookie });
    if (after.body.postgres) throw new Error("expected the embedded database");
    const [listed] = after.body.backups;
    expect(after.body.backups).toHaveLength(1);
    expect(listed?.properties).toBe(1);
    expect(listed?.kind).toBe("manual");
    expect(after.body.status.lastSuccess?.name).toBe(listed?.name);

    const name = listed?.name ?? "";
    const response = await download(
      routeArgs(`/admin/backups/${name}`, { cookie: boss.cookie, params: { name } }),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="${name}"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.equals(fs.readFileSync(path.join(backupDir, name)))).toBe(true);
  });

  it("answers 404 for a name that is not a backup's, or no such backup", async () => {
    for (const name of [
      "backup-status.json",
      "..%2F..%2Fetc%2Fpasswd",
      "naija-homes-2020-01-01T00-00-00-000.tar.gz",
    ]) {
      const answer = await callLoader(download, `/admin/backups/${name}`, {
        cookie: boss.cookie,
        params: { name },
      });
      expect(answer.status).toBe(404);
    }
  });

  it("keeps both archives of two presses the same day; the rotation removes only scheduled ones", async () => {
    const day = 24 * 3600_000;
    const plant = (name: string) => {
      fs.writeFileSync(path.join(backupDir, name), "planted");
      return name;
    };
    const yesterday = plant(backupFileName(new Date(Date.now() - day), "scheduled"));
    const twoDaysAgo = plant(backupFileName(new Date(Date.now() - 2 * day), "scheduled"));
    // Another site's archive, from when both wrote into one ./backups: no kind in its name.
    const otherSite = plant("naija-homes-2026-01-01T01-30-00-000.tar.gz");
    const before = await callLoader(loader, "/admin/backups", { cookie: boss.cookie });
    if (before.body.postgres) throw new Error("expected the embedded database");
    // One scheduled day is kept: the next night's backup pushes out yesterday's, and the older
    // one goes at the next backup of any kind.
    expect(before.body.removedNext.map((file) => file.name)).toEqual([yesterday, twoDaysAgo]);
    const byHandBefore = before.body.backups.filter((b) => b.kind === "manual");

    for (const _press of [1, 2]) {
      const taken = await callAction(action, "/admin/backups", {
        cookie: boss.cookie,
        form: { intent: "backup" },
      });
      expect(taken.status).toBe(302);
    }
    const after = await callLoader(loader, "/admin/backups", { cookie: boss.cookie });
    if (after.body.postgres) throw new Error("expected the embedded database");
    const byHand = after.body.backups.filter((b) => b.kind === "manual");
    expect(byHand).toHaveLength(byHandBefore.length + 2);
    for (const backup of byHand)
      expect(fs.existsSync(path.join(backupDir, backup.name))).toBe(true);
    expect(fs.existsSync(path.join(backupDir, yesterday))).toBe(true);
    expect(fs.existsSync(path.join(backupDir, twoDaysAgo))).toBe(false);
    expect(after.body.backups.find((b) => b.name === otherSite)?.kind).toBe("unknown");
    expect(after.body.removedNext.map((file) => file.name)).toEqual([yesterday]);
    fs.rmSync(path.join(backupDir, yesterday));
  });
});

describe.skipIf(postgres)("deleting a backup", () => {
  const name = backupFileName(new Date("2026-03-02T09:15:00.000Z"), "manual");
  const file = path.join(backupDir, name);
  beforeAll(() => fs.writeFileSync(file, "an archive"));

  it("is refused to a plain admin, who deletes nothing", async () => {
    const plain = await createSignedInAdmin("plain-deleter@example.com");
    const refused = await callAction(action, "/admin/backups", {
      cookie: plain.cookie,
      form: { intent: "delete", name, confirmed: "yes" },
    });
    expect(refused.status).toBe(403);
    expect(fs.existsSync(file)).toBe(true);
  });

  it("asks first (without JavaScript too), then deletes the file with an audit row", async () => {
    const asked = await callAction<FormFailure>(action, "/admin/backups", {
      cookie: boss.cookie,
      form: { intent: "delete", name },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.confirm?.question).toBe("Delete the backup of 2 Mar 2026, 10:15:00?");
    expect(fs.existsSync(file)).toBe(true);

    const deleted = await callAction(action, "/admin/backups", {
      cookie: boss.cookie,
      form: { intent: "delete", name, confirmed: "yes" },
    });
    expect(deleted.status).toBe(302);
    expect(deleted.location).toBe("/admin/backups");
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.readdirSync(backupDir).filter((n) => n.includes(name))).toEqual([]);
    const audit = await db
      .select({
        action: auditEvents.action,
        entityId: auditEvents.entityId,
        actor: auditEvents.actorUserId,
        changes: auditEvents.changes,
      })
      .from(auditEvents)
      .where(eq(auditEvents.action, "backup.delete"));
    expect(audit).toEqual([
      {
        action: "backup.delete",
        entityId: name,
        actor: boss.id,
        changes: expect.objectContaining({
          name: { before: name, after: null },
          kind: { before: "manual", after: null },
        }),
      },
    ]);
    const page = await callLoader(loader, "/admin/backups", { cookie: boss.cookie });
    if (page.body.postgres) throw new Error("expected the embedded database");
    expect(page.body.backups.map((b) => b.name)).not.toContain(name);
  });

  it("answers 404 for any name the list does not show, and deletes nothing", async () => {
    const outside = path.join(path.dirname(backupDir), `${path.basename(backupDir)}-outside.txt`);
    fs.writeFileSync(outside, "not a backup");
    const folder = backupFileName(new Date("2026-03-03T09:15:00.000Z"), "manual");
    fs.mkdirSync(path.join(backupDir, folder));
    const before = fs.readdirSync(backupDir).sort();
    for (const bad of [
      "backup-status.json",
      `../${path.basename(outside)}`,
      outside,
      `./${backupFileName(new Date("2026-03-04T09:15:00.000Z"), "manual")}`,
      backupFileName(new Date("2020-01-01T00:00:00.000Z"), "manual"),
      folder,
      "",
    ]) {
      const answer = await callAction(action, "/admin/backups", {
        cookie: boss.cookie,
        form: { intent: "delete", name: bad, confirmed: "yes" },
      });
      expect(answer.status, bad).toBe(404);
    }
    expect(fs.readdirSync(backupDir).sort()).toEqual(before);
    expect(fs.existsSync(outside)).toBe(true);
    fs.rmSync(outside);
  });
});

describe.skipIf(postgres)("a backup that fails", () => {
  it("is e-mailed to each active super admin, greeted by name, and recorded", async () => {
    await createSignedInAdmin("plain@example.com", { name: "Plain Admin" });
    // A file where the archive's folder should be: nothing can be written under it.
    const notAFolder = path.join(backupDir, "not-a-folder");
    fs.writeFileSync(notAFolder, "");
    const outFile = path.join(notAFolder, "backup.tar.gz");
    await expect(runBackup("command", { outFile })).rejects.toThrow();

    const mails = await db
      .select({
        to: mailOutbox.to,
        subject: mailOutbox.subject,
        text: mailOutbox.text,
        html: mailOutbox.html,
      })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, "The site's backup failed"));
    expect(mails.map((mail) => mail.to)).toEqual(["boss@example.com"]);
    const [mail] = mails;
    expect(mail?.text).toMatch(/^Hello Ada,\n\nThe backup started at .+ \(Lagos\) failed:\n/);
    expect(mail?.text).toContain("/admin/backups");
    expect(mail?.html).toContain("<p>Hello Ada,</p>");
    expect(mail?.html).toContain("failed:</p>");
    const status = await callLoader(loader, "/admin/backups", { cookie: boss.cookie });
    if (status.body.postgres) throw new Error("expected the embedded database");
    expect(status.body.status.lastFailure?.trigger).toBe("command");
  });
});

describe.skipIf(!postgres)("on PostgreSQL", () => {
  it("says to use pg_dump, and takes nothing", async () => {
    const page = await callLoader(loader, "/admin/backups", { cookie: boss.cookie });
    expect(page.body).toMatchObject({ postgres: true, held: { total: 0, rows: [] } });
    const taken = await callAction(action, "/admin/backups", {
      cookie: boss.cookie,
      form: { intent: "backup" },
    });
    expect(taken.status).toBe(400);
    expect(fs.readdirSync(backupDir)).toEqual([]);
  });
});
