import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runBackup } from "~/backup/backup-jobs.server";
import { db } from "~/db/client.server";
import { mailOutbox, users } from "~/db/schema";
import { createProperty } from "../../../tests/setup/accounts";
import { createSignedInAdmin, type SignedInAdmin } from "../../../tests/setup/admin";
import { setTestEnv } from "../../../tests/setup/env";
import { callAction, callLoader, routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as download } from "./backup-download";
import { action, loader } from "./backups";

// The Backups screen as a super admin: Back Up Now writes an archive into BACKUP_DIR, the list
// shows it with its contents, and the download answers exactly that file. (Plain admins and
// visitors are refused: the authorization matrix.) On PostgreSQL the screen says to use pg_dump.

const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), "naija-backups-screen-"));
setTestEnv({ BACKUP_DIR: backupDir });
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
