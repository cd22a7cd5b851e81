import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  appointments,
  favorites,
  mailOutbox,
  ownerWeeklyReports,
  properties,
  propertyDailyLeads,
  propertyDailyViews,
  userSettings,
  users,
} from "~/db/schema";
import {
  dueReportWeek,
  getWeeklyReportSetting,
  runWeeklyOwnerReports,
  setWeeklyReport,
} from "~/models/owner-report.server";
import { deliverDueMail } from "../../tests/setup/deliver-mail";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { runOwnerReports } from "./owner-report-job.server";
import { ownerReportUnsubscribeLink } from "./owner-report-mail.server";
import { signUnsubscribeToken, verifyOwnerReportToken } from "./unsubscribe-token.server";

// The owners' weekly report: who gets it (opted in before the week's send time, active, with a
// live listing), what it says (the stored views, viewings booked and saves of each live listing,
// nobody's contact details), once per owner and week however often and from however many
// runners the job runs, and its unsubscribe link. Run on PostgreSQL too (DATABASE_URL) for
// runners on separate connections.

await setupTestDatabase();

/** Monday 23 November 2026, 09:00 in Lagos: the report of 16 to 22 November is due. */
const MONDAY = new Date("2026-11-23T08:00:00Z");
const WEEK = { start: "2026-11-16", end: "2026-11-22" };
/** Opted in well before that Monday's send time. */
const OPTED_IN = new Date("2026-11-01T12:00:00Z");

async function addUser(id: string, status: "active" | "inactive" = "active") {
  await db
    .insert(users)
    .values({ id, email: `${id}@example.ng`, name: id, firstName: id, role: "owner", status })
    .onConflictDoNothing();
}

async function optIn(userId: string, since = OPTED_IN) {
  await db
    .insert(userSettings)
    .values({ userId, ownerWeeklyReportSince: since })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ownerWeeklyReportSince: since } });
}

async function addListing(
  title: string,
  ownerId: string | null,
  changes: Partial<typeof properties.$inferInsert> = {},
) {
  const [row] = await db
    .insert(properties)
    .values({
      title,
      propertyType: "apartment",
      category: "residential",
      city: "Lagos",
      price: 4_000_000,
      ownerId,
      ...changes,
    })
    .returning({ id: properties.id });
  if (!row) throw new Error("no listing");
  return row.id;
}

async function addViews(propertyId: string, days: Record<string, number>) {
  await db
    .insert(propertyDailyViews)
    .values(Object.entries(days).map(([day, views]) => ({ propertyId, day, views })));
}

async function addLeads(
  propertyId: string,
  rows: { day: string; source: "booking" | "inquiry" | "whatsapp" | "phone"; leads: number }[],
) {
  await db.insert(propertyDailyLeads).values(rows.map((row) => ({ propertyId, ...row })));
}

async function addViewing(propertyId: string, createdAt: string, appointmentDate: string) {
  await db.insert(appointments).values({
    propertyId,
    fullName: "Chinedu Visitor",
    email: "chinedu.visitor@example.ng",
    phone: "+234 803 555 0101",
    appointmentDate,
    appointmentTime: "10:00 AM",
    createdAt: new Date(createdAt),
  });
}

function reportMails() {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.kind, "owner.weekly-report"))
    .orderBy(asc(mailOutbox.createdAt));
}

beforeEach(async () => {
  await db.delete(mailOutbox);
  await db.delete(ownerWeeklyReports);
  await db.delete(appointments);
  await db.delete(favorites);
  await db.delete(properties);
  await db.delete(userSettings);
  await db.delete(users);
  await addUser("ngozi");
});

describe("the week reported", () => {
  it("is the week that ended, from Monday 08:00 Lagos time; before that, the one before", () => {
    expect(dueReportWeek(MONDAY)).toEqual(WEEK);
    // Monday 07:59 in Lagos (06:59 UTC): last week's report is not due yet.
    expect(dueReportWeek(new Date("2026-11-23T06:59:00Z"))).toEqual({
      start: "2026-11-09",
      end: "2026-11-15",
    });
    expect(dueReportWeek(new Date("2026-11-23T07:00:00Z"))).toEqual(WEEK);
    // Sunday night in Lagos is still that week: its report waits for Monday.
    expect(dueReportWeek(new Date("2026-11-29T22:59:00Z"))).toEqual(WEEK);
  });
});

describe("who gets it", () => {
  it("goes to owners who opted in and have a live listing, not to others", async () => {
    await addListing("Ngozi's Lekki flat", "ngozi");
    await optIn("ngozi");
    // Opted in, but nothing live: sold, let, in the trash.
    await addUser("sola");
    await optIn("sola");
    await addListing("Sola's sold house", "sola", { status: "sold" });
    await addListing("Sola's let flat", "sola", { status: "let" });
    await addListing("Sola's trashed flat", "sola", { deletedAt: new Date() });
    // A live listing, but never opted in (off by default).
    await addUser("tunde");
    await addListing("Tunde's duplex", "tunde");
    await db.insert(userSettings).values({ userId: "tunde" });
    // Opted in and live, but the account is deactivated.
    await addUser("gone", "inactive");
    await optIn("gone");
    await addListing("Gone's flat", "gone");
    // Opted in after the week's send time: that week's report is not theirs.
    await addUser("late");
    await optIn("late", new Date("2026-11-23T07:30:00Z"));
    await addListing("Late's flat", "late");

    expect(await runWeeklyOwnerReports(MONDAY)).toEqual({ week: WEEK, queued: 1, held: 0 });
    const mails = await deliverDueMail();
    expect(mails.map((m) => m.to)).toEqual(["ngozi@example.ng"]);
    expect(mails[0]?.text).toContain("Ngozi's Lekki flat");
    // Only the owner's own listings.
    expect(mails[0]?.text).not.toContain("Tunde's duplex");
    expect(mails[0]?.text).not.toContain("Sola's");

    // The next week, the late owner gets theirs too.
    const next = await runWeeklyOwnerReports(new Date("2026-11-30T08:00:00Z"));
    expect(next).toEqual({ week: { start: "2026-11-23", end: "2026-11-29" }, queued: 2, held: 0 });
    expect((await deliverDueMail()).map((m) => m.to).sort()).toEqual([
      "late@example.ng",
      "ngozi@example.ng",
    ]);
  });

  it("stops when the owner switches it off, and starts when they switch it on", async () => {
    await addListing("Ngozi's Lekki flat", "ngozi");
    expect(await getWeeklyReportSetting("ngozi")).toBe(false);
    await setWeeklyReport("ngozi", true);
    expect(await getWeeklyReportSetting("ngozi")).toBe(true);
    // Switched on now: reports due from a send time after now.
    const later = new Date(Date.now() + 8 * 24 * 60 * 60_000);
    expect((await runWeeklyOwnerReports(later)).queued).toBe(1);
    await setWeeklyReport("ngozi", false);
    expect(await getWeeklyReportSetting("ngozi")).toBe(false);
    const weekAfter = new Date(later.getTime() + 7 * 24 * 60 * 60_000);
    expect((await runWeeklyOwnerReports(weekAfter)).queued).toBe(0);
    expect(await reportMails()).toHaveLength(1);
  });
});

describe("what it says", () => {
  it("gives each live listing's views this week and the week before, viewings booked, contacts and saves", async () => {
    await optIn("ngozi");
    const flat = await addListing("Ngozi's Lekki flat", "ngozi", {
      createdAt: new Date("2026-10-01T10:00:00Z"),
    });
    const shop = await addListing("Ngozi's Ikeja shop", "ngozi", {
      createdAt: new Date("2026-10-02T10:00:00Z"),
    });
    await addListing("Ngozi's sold plot", "ngozi", { status: "sold" });
    const stranger = await addListing("Someone else's flat", null);
    // This week: 3 + 4 + 5 = 12; the week before: 2 + 5 = 7; outside both: not counted.
    await addViews(flat, {
      "2026-11-16": 3,
      "2026-11-19": 4,
      "2026-11-22": 5,
      "2026-11-09": 2,
      "2026-11-15": 5,
      "2026-11-08": 100,
      "2026-11-23": 100,
    });
    await addViews(stranger, { "2026-11-17": 40 });
    // Contacts this week: 1 + 1 inquiries, 3 WhatsApp clicks, 1 phone click; bookings are the
    // viewings below, and the days outside the week and another owner's listing do not count.
    await addLeads(flat, [
      { day: "2026-11-16", source: "inquiry", leads: 1 },
      { day: "2026-11-22", source: "inquiry", leads: 1 },
      { day: "2026-11-18", source: "whatsapp", leads: 3 },
      { day: "2026-11-19", source: "phone", leads: 1 },
      { day: "2026-11-19", source: "booking", leads: 4 },
      { day: "2026-11-15", source: "phone", leads: 9 },
      { day: "2026-11-23", source: "whatsapp", leads: 9 },
    ]);
    await addLeads(stranger, [{ day: "2026-11-17", source: "inquiry", leads: 7 }]);
    // Booked this week (Lagos days): 16 Nov 00:30 Lagos and 22 Nov 23:30 Lagos; two for 25 Nov.
    await addViewing(flat, "2026-11-15T23:30:00Z", "2026-11-25");
    await addViewing(flat, "2026-11-22T22:30:00Z", "2026-11-25");
    await addViewing(flat, "2026-11-18T09:00:00Z", "2026-11-27");
    // Booked outside the week: 15 Nov 23:30 Lagos and 23 Nov 00:30 Lagos.
    await addViewing(flat, "2026-11-15T22:30:00Z", "2026-11-20");
    await addViewing(flat, "2026-11-22T23:30:00Z", "2026-11-28");
    await addViewing(stranger, "2026-11-18T09:00:00Z", "2026-11-26");
    for (const saver of ["s1", "s2", "s3"]) {
      await addUser(saver);
      await db.insert(favorites).values({ userId: saver, propertyId: flat });
    }
    await db.insert(favorites).values({ userId: "s1", propertyId: stranger });

    await runOwnerReports(MONDAY);
    const [mail, ...others] = await deliverDueMail();
    expect(others).toEqual([]);
    expect(mail?.subject).toBe("Your listings this week: 16 Nov 2026 to 22 Nov 2026");
    const text = mail?.text ?? "";
    const flatPart = text.slice(text.indexOf("Ngozi's Lekki flat"), text.indexOf("Ngozi's Ikeja"));
    expect(flatPart).toContain("Views: 12 this week (7 the week before)");
    expect(flatPart).toContain(
      "Viewings booked this week: 3, for Wednesday, 25 November 2026 (2); Friday, 27 November 2026",
    );
    expect(flatPart).toContain("Contacts this week: 2 inquiries, 3 WhatsApp clicks, 1 phone click");
    expect(flatPart).toContain("Saved by 3 visitors");
    expect(flatPart).toContain(`/dashboard/listings/${flat}`);
    const shopPart = text.slice(text.indexOf("Ngozi's Ikeja shop"));
    expect(shopPart).toContain("Views: 0 this week (0 the week before)");
    expect(shopPart).toContain("Viewings booked this week: none");
    expect(shopPart).toContain("Contacts this week: none");
    expect(shopPart).toContain("Saved by 0 visitors");
    expect(shopPart).toContain(`/dashboard/listings/${shop}`);
    expect(text).not.toContain("sold plot");
    expect(text).not.toContain("Someone else's");
    expect(text).toContain("/dashboard/listings\n");
    // The visitors' details stay with the agency.
    for (const part of [text, mail?.html ?? ""]) {
      expect(part).not.toContain("Chinedu");
      expect(part).not.toContain("chinedu.visitor");
      expect(part).not.toContain("555 0101");
    }
    expect(mail?.html).toContain("Views: 12 this week (7 the week before)");
  });

  it("carries a one-click unsubscribe link signed for the owner", async () => {
    await optIn("ngozi");
    await addListing("Ngozi's Lekki flat", "ngozi");
    await runOwnerReports(MONDAY);
    const [mail] = await deliverDueMail();
    const link = ownerReportUnsubscribeLink("ngozi");
    expect(mail?.headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail?.text).toContain(link);
    const token = new URL(link).searchParams.get("token") ?? "";
    expect(verifyOwnerReportToken(token)).toBe("ngozi");
    expect(verifyOwnerReportToken(token.replace(/^ngozi/, "tunde"))).toBeUndefined();
    expect(verifyOwnerReportToken(`${token.slice(0, -2)}xx`)).toBeUndefined();
    // A saved-search alert's token is not a report's, even for the same id.
    expect(verifyOwnerReportToken(signUnsubscribeToken("ngozi"))).toBeUndefined();
  });
});

describe("once per owner and week", () => {
  it("queues nothing more when the job runs again that week, or after a restart", async () => {
    await optIn("ngozi");
    await addListing("Ngozi's Lekki flat", "ngozi");
    expect((await runWeeklyOwnerReports(MONDAY)).queued).toBe(1);
    expect((await runWeeklyOwnerReports(MONDAY)).queued).toBe(0);
    // Later that week (a server started on Thursday): still the same week, nothing more.
    expect((await runWeeklyOwnerReports(new Date("2026-11-26T15:00:00Z"))).queued).toBe(0);
    expect(await reportMails()).toHaveLength(1);
    expect(await db.select().from(ownerWeeklyReports)).toMatchObject([
      { userId: "ngozi", weekStart: WEEK.start },
    ]);
  });

  it("catches up with a Monday the server missed, once", async () => {
    await optIn("ngozi");
    await addListing("Ngozi's Lekki flat", "ngozi");
    // Down all Monday; started on Wednesday.
    const wednesday = new Date("2026-11-25T10:00:00Z");
    expect(await runWeeklyOwnerReports(wednesday)).toEqual({ week: WEEK, queued: 1, held: 0 });
    expect((await runWeeklyOwnerReports(wednesday)).queued).toBe(0);
  });

  it("sends each owner's report once when several runners race", async () => {
    const total = 8;
    for (let i = 0; i < total; i += 1) {
      await addUser(`owner${i}`);
      await optIn(`owner${i}`);
      await addListing(`Flat ${i}`, `owner${i}`);
    }
    const runs = await Promise.all([1, 2, 3].map(() => runWeeklyOwnerReports(MONDAY)));
    expect(runs.reduce((sum, r) => sum + r.queued, 0)).toBe(total);
    const mails = await reportMails();
    expect(mails).toHaveLength(total);
    expect(new Set(mails.map((m) => (m.payload as { userId: string }).userId)).size).toBe(total);
    expect(await db.select().from(ownerWeeklyReports)).toHaveLength(total);
  });

  it("writes the week's row and the e-mail together: a failed notification leaves neither", async () => {
    await optIn("ngozi");
    await addListing("Ngozi's Lekki flat", "ngozi");
    // The outbox refuses the row (as a crash would stop the transaction): the week's row goes too.
    await db.execute(
      sql`alter table mail_outbox add constraint owner_report_test_refuses check (kind is distinct from 'owner.weekly-report') not valid`,
    );
    try {
      await expect(runWeeklyOwnerReports(MONDAY)).rejects.toThrow();
    } finally {
      await db.execute(sql`alter table mail_outbox drop constraint owner_report_test_refuses`);
    }
    expect(await db.select().from(ownerWeeklyReports)).toEqual([]);
    expect((await runWeeklyOwnerReports(MONDAY)).queued).toBe(1);
  });
});
