import { asc, eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditEvents, mailOutbox, siteIdentity, users } from "~/db/schema";
import { createSignedInAdmin, type SignedInAdmin } from "../../../tests/setup/admin";
import { deliverDueMail } from "../../../tests/setup/deliver-mail";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action, loader } from "./backups";

// The Backups screen's held mail (issue 44 item 2): super admins see the e-mails held since a
// restore and send or drop each (or all); both ask first, since neither can be undone, and each
// is audited. The restore that holds them: app/backup/restore-safety.server.test.ts.

await setupTestDatabase();

let boss: SignedInAdmin;
let plain: SignedInAdmin;
const SITE_ID = "0b5f3a5e-8f1e-4a55-9d63-3c2f4b1e7a01";

beforeAll(async () => {
  await db.delete(users);
  boss = await createSignedInAdmin("boss@example.com", { superAdmin: true });
  plain = await createSignedInAdmin("plain@example.com");
  await db.insert(siteIdentity).values({
    siteId: SITE_ID,
    restoredAt: new Date("2026-11-26T09:00:00Z"),
    restoredBackupTakenAt: new Date("2026-11-26T01:30:00Z"),
    restoredBackupFile: "naija-homes-2026-11-26T01-30-00-000.tar.gz",
  });
});

// Each message a second after the last: the list is oldest first, and two rows written in the
// same millisecond (the embedded database's clock) would fall back to the random id's order.
let queuedAt = Date.parse("2026-11-26T10:00:00Z");

async function message(to: string, status: "held" | "pending" = "held") {
  queuedAt += 1000;
  const [row] = await db
    .insert(mailOutbox)
    .values({
      to,
      subject: `Your viewing, ${to}`,
      text: "See you",
      status,
      createdAt: new Date(queuedAt),
    })
    .returning({ id: mailOutbox.id });
  return row?.id ?? "";
}

function statuses() {
  return db
    .select({ to: mailOutbox.to, status: mailOutbox.status })
    .from(mailOutbox)
    .orderBy(asc(mailOutbox.to));
}

function post(form: Record<string, string>, cookie = boss.cookie) {
  return callAction<FormFailure>(action, "/admin/backups", { cookie, form });
}

beforeEach(async () => {
  await db.delete(mailOutbox);
});

describe("the held mail on the Backups screen", () => {
  it("lists the held e-mails (not the pending ones) with the site's id and last restore", async () => {
    await message("ada@example.ng");
    await message("bola@example.ng");
    await message("chidi@example.ng", "pending");
    const page = await callLoader(loader, "/admin/backups", { cookie: boss.cookie });
    expect(page.body.site).toEqual({
      siteId: SITE_ID,
      restoredAt: "2026-11-26T09:00:00.000Z",
      restoredBackupTakenAt: "2026-11-26T01:30:00.000Z",
      restoredBackupFile: "naija-homes-2026-11-26T01-30-00-000.tar.gz",
    });
    expect(page.body.held.total).toBe(2);
    expect(page.body.held.rows.map((row) => row.to)).toEqual(["ada@example.ng", "bola@example.ng"]);
  });

  it("asks before Send now, then sends that e-mail only, audited", async () => {
    const ada = await message("ada@example.ng");
    await message("bola@example.ng");
    const asked = await post({ intent: "send-held", id: ada });
    expect(asked.status).toBe(200);
    expect(asked.body.confirm?.question).toBe(
      "Send this e-mail now? Once sent it cannot be called back.",
    );
    expect(await deliverDueMail()).toEqual([]);

    const sent = await post({ intent: "send-held", id: ada, confirmed: "yes" });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/admin/backups");
    expect((await deliverDueMail()).map((mail) => mail.to)).toEqual(["ada@example.ng"]);
    expect(await statuses()).toEqual([
      { to: "ada@example.ng", status: "sent" },
      { to: "bola@example.ng", status: "held" },
    ]);
    const [audit] = await db
      .select({ action: auditEvents.action, entityId: auditEvents.entityId })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, ada));
    expect(audit).toEqual({ action: "mail.send-held", entityId: ada });

    // Sent already: a second press (another tab) changes nothing and says so.
    const again = await post({ intent: "send-held", id: ada, confirmed: "yes" });
    expect(again.status).toBe(409);
    expect(again.body.error?.message).toBe(
      "That e-mail is no longer held: someone sent or dropped it meanwhile.",
    );
  });

  it("asks before Drop, then deletes it unsent; Drop all and Send all act on every held one", async () => {
    const ada = await message("ada@example.ng");
    await message("bola@example.ng");
    await message("chidi@example.ng");
    await message("dayo@example.ng", "pending");
    expect((await post({ intent: "drop-held", id: ada })).body.confirm?.question).toBe(
      "Drop this e-mail? It will never be sent.",
    );
    expect((await post({ intent: "drop-held", id: ada, confirmed: "yes" })).status).toBe(302);
    expect((await statuses()).map((row) => row.to)).not.toContain("ada@example.ng");

    expect((await post({ intent: "send-held", id: "all" })).body.confirm?.question).toBe(
      "Send every held e-mail now? Once sent they cannot be called back.",
    );
    expect((await post({ intent: "send-held", id: "all", confirmed: "yes" })).status).toBe(302);
    expect((await deliverDueMail()).map((mail) => mail.to).sort()).toEqual([
      "bola@example.ng",
      "chidi@example.ng",
      "dayo@example.ng",
    ]);

    await message("eze@example.ng");
    await message("funmi@example.ng");
    expect((await post({ intent: "drop-held", id: "all", confirmed: "yes" })).status).toBe(302);
    expect(await deliverDueMail()).toEqual([]);
    expect((await statuses()).filter((row) => row.status !== "sent")).toEqual([]);
    // Nothing left to drop.
    expect((await post({ intent: "drop-held", id: "all", confirmed: "yes" })).status).toBe(409);
  });

  it("refuses a post that names no e-mail, and plain admins", async () => {
    const ada = await message("ada@example.ng");
    const bad = await post({ intent: "send-held", id: "../etc", confirmed: "yes" });
    expect(bad.status).toBe(400);
    const refused = await post({ intent: "drop-held", id: ada, confirmed: "yes" }, plain.cookie);
    expect(refused.status).toBe(403);
    expect(await statuses()).toEqual([{ to: "ada@example.ng", status: "held" }]);
  });
});
