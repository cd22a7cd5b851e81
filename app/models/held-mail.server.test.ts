import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  mailOutbox,
  ownerWeeklyReports,
  properties,
  savedSearches,
  siteIdentity,
  userSettings,
  users,
} from "~/db/schema";
import { pruneMailOutbox } from "~/mail/mail-sender.server";
import { runSearchAlerts } from "~/mail/search-alert-mail.server";
import { deliverDueMail } from "../../tests/setup/deliver-mail";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { holdIfDueBeforeRestore, lastRestoreTime, listHeldMail } from "./held-mail.server";
import { runWeeklyOwnerReports } from "./owner-report.server";
import { createSavedSearch } from "./saved-search.server";

// The jobs after a restore (issue 44 item 2): what the restored database recorded as queued is
// never queued again, and what came due before the restore (the old site may have sent it after
// the backup) is queued held; what comes due after it goes out. Held mail is rendered, never
// sent, never pruned. The restore itself: app/backup/restore-safety.server.test.ts.

await setupTestDatabase();

/** Records a restore at `at`, as npm run restore does in the restored database. */
async function restoredAt(at: Date | null) {
  await db
    .insert(siteIdentity)
    .values({ restoredAt: at })
    .onConflictDoUpdate({ target: siteIdentity.id, set: { restoredAt: at } });
}

function outbox() {
  return db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, status: mailOutbox.status })
    .from(mailOutbox)
    .orderBy(asc(mailOutbox.createdAt));
}

beforeEach(async () => {
  await db.delete(mailOutbox);
  await db.delete(savedSearches);
  await db.delete(ownerWeeklyReports);
  await db.delete(properties);
  await db.delete(users);
  await db.delete(siteIdentity);
});

describe("lastRestoreTime and holdIfDueBeforeRestore", () => {
  it("holds nothing on a site never restored, and holds at the restore's own moment", async () => {
    expect(await lastRestoreTime()).toBeUndefined();
    await restoredAt(null);
    expect(await lastRestoreTime()).toBeUndefined();
    const at = new Date("2026-11-23T07:30:00Z");
    await restoredAt(at);
    expect(await lastRestoreTime()).toEqual(at);
    const [row] = await db
      .insert(mailOutbox)
      .values({ to: "a@example.ng", subject: "s", text: "t" })
      .returning({ id: mailOutbox.id });
    const id = row?.id ?? "";
    expect(await holdIfDueBeforeRestore(db, [id], new Date(at.getTime() + 1), at)).toBe(false);
    expect(await holdIfDueBeforeRestore(db, [id], at, undefined)).toBe(false);
    expect((await outbox())[0]?.status).toBe("pending");
    expect(await holdIfDueBeforeRestore(db, [id], at, at)).toBe(true);
    expect((await outbox())[0]?.status).toBe("held");
  });
});

describe("the owners' weekly report after a restore", () => {
  /** Monday 23 November 2026, 09:00 in Lagos: the report of 16 to 22 November is due (08:00). */
  const MONDAY = new Date("2026-11-23T08:00:00Z");

  beforeEach(async () => {
    await db
      .insert(users)
      .values({ id: "femi", email: "femi@example.ng", name: "Femi", role: "owner" });
    await db
      .insert(userSettings)
      .values({ userId: "femi", ownerWeeklyReportSince: new Date("2026-11-01T12:00:00Z") });
    await db.insert(properties).values({
      title: "Flat in Yaba",
      propertyType: "apartment",
      category: "residential",
      city: "Lagos",
      ownerId: "femi",
    });
  });

  it("holds a week due before the restore, once; the next week goes out", async () => {
    // Restored at 08:30 Lagos: the old site may have sent the 08:00 report after its backup.
    await restoredAt(new Date("2026-11-23T07:30:00Z"));
    expect(await runWeeklyOwnerReports(MONDAY)).toMatchObject({ queued: 1, held: 1 });
    expect(await runWeeklyOwnerReports(MONDAY)).toMatchObject({ queued: 0, held: 0 });
    expect(await deliverDueMail()).toEqual([]);
    expect(await outbox()).toEqual([
      {
        to: "femi@example.ng",
        subject: expect.stringContaining("Your listings this week"),
        status: "held",
      },
    ]);
    const nextMonday = new Date(MONDAY.getTime() + 7 * 24 * 60 * 60_000);
    expect(await runWeeklyOwnerReports(nextMonday)).toMatchObject({ queued: 1, held: 0 });
    expect((await deliverDueMail()).map((mail) => mail.to)).toEqual(["femi@example.ng"]);
  });

  it("does not hold a week due after the restore", async () => {
    await restoredAt(new Date("2026-11-23T06:59:59Z"));
    expect(await runWeeklyOwnerReports(MONDAY)).toMatchObject({ queued: 1, held: 0 });
    expect((await deliverDueMail()).map((mail) => mail.to)).toEqual(["femi@example.ng"]);
  });
});

describe("saved-search alerts after a restore", () => {
  async function searchDueAgo(name: string, agoMs: number) {
    const saved = await createSavedSearch("ada", {
      name,
      query: "location=Lagos",
      frequency: "daily",
    });
    if (!saved.ok) throw new Error("not saved");
    await db
      .update(savedSearches)
      .set({
        nextAlertAt: sql`now() - ${agoMs} * interval '1 millisecond'`,
        alertedUntil: sql`now() - interval '1 day'`,
        createdAt: sql`now() - interval '2 days'`,
      })
      .where(eq(savedSearches.id, saved.id));
  }

  it("holds an alert due before the restore and sends one due after it, each listing once", async () => {
    await db
      .insert(users)
      .values({ id: "ada", email: "ada@example.ng", name: "Ada", firstName: "Ada" });
    await db.insert(properties).values({
      title: "New Lekki flat",
      propertyType: "apartment",
      category: "residential",
      city: "Lagos",
      createdAt: sql`now() - interval '1 hour'`,
    });
    await searchDueAgo("Due before the restore", 60 * 60_000);
    await searchDueAgo("Due after the restore", 60_000);
    await restoredAt(new Date(Date.now() - 30 * 60_000));

    expect(await runSearchAlerts()).toMatchObject({ searches: 2, alerts: 2, held: 1 });
    const sent = await deliverDueMail();
    expect(sent.map((mail) => mail.subject)).toEqual(["Due after the restore: 1 new listing"]);
    const held = await listHeldMail();
    expect(held.rows.map((row) => row.subject)).toEqual(["Due before the restore: 1 new listing"]);

    // Its listing is recorded as alerted: once due again, the held alert is not queued again.
    await db.update(savedSearches).set({ nextAlertAt: sql`now() - interval '1 second'` });
    expect(await runSearchAlerts()).toMatchObject({ searches: 2, alerts: 0, held: 0 });
  });
});

describe("held mail in the outbox", () => {
  // Rendering held notifications: the booking in app/backup/restore-safety.server.test.ts.
  it("is never sent, and never pruned however old", async () => {
    await db.insert(mailOutbox).values({
      to: "tola@example.ng",
      subject: "Appointment request received",
      text: "See you",
      status: "held",
      nextAttemptAt: new Date("2020-01-01T00:00:00Z"),
      createdAt: new Date("2020-01-01T00:00:00Z"),
    });
    expect(await deliverDueMail()).toEqual([]);
    expect(await pruneMailOutbox(new Date("2030-01-01T00:00:00Z"))).toBe(0);
    expect(await outbox()).toEqual([
      { to: "tola@example.ng", subject: "Appointment request received", status: "held" },
    ]);
  });
});
