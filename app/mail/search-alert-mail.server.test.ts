import { asc, eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { mailOutbox, properties, savedSearchAlerts, savedSearches, users } from "~/db/schema";
import {
  createSavedSearch,
  processDueSearchAlerts,
  setSavedSearchFrequency,
} from "~/models/saved-search.server";
import { deliverDueMail } from "../../tests/setup/deliver-mail";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { queueSearchAlert, runSearchAlerts, unsubscribeLink } from "./search-alert-mail.server";
import { signUnsubscribeToken, verifyUnsubscribeToken } from "./unsubscribe-token.server";

// The saved-search alert job: what is new to a search, each listing once, one runner per
// search even with several racing, catching up after downtime, and the e-mail it queues.
// Run on PostgreSQL too (DATABASE_URL) for runners on separate connections.

const database = await setupTestDatabase();

const HOUR = 60 * 60_000;

async function addUser(id: string, status: "active" | "inactive" = "active") {
  await db
    .insert(users)
    .values({ id, email: `${id}@example.ng`, name: id, firstName: "Ada", status })
    .onConflictDoNothing();
}

/** A listing in `city`, created `ageMs` ago. */
async function addListing(title: string, city: string, ageMs = 0, beds = 3) {
  const [row] = await db
    .insert(properties)
    .values({
      title,
      propertyType: "apartment",
      category: "residential",
      purpose: "rent",
      rentPeriod: "year",
      price: 3_500_000,
      beds,
      city,
      createdAt: sql`now() - ${ageMs} * interval '1 millisecond'`,
    })
    .returning({ id: properties.id });
  if (!row) throw new Error("no listing");
  return row.id;
}

/** Makes every search with alerts on due now, as if its time had come. */
async function makeDue() {
  await db.update(savedSearches).set({ nextAlertAt: sql`now() - interval '1 second'` });
}

function alertMails() {
  return db.select().from(mailOutbox).orderBy(asc(mailOutbox.to), asc(mailOutbox.createdAt));
}

beforeEach(async () => {
  await db.delete(mailOutbox);
  await db.delete(savedSearches);
  await db.delete(properties);
  await addUser("ada");
});

describe("the matching query", () => {
  it("alerts only listings created after the search (or its last alert) that match, each once", async () => {
    await addListing("Old Lekki flat", "Lagos", 2 * HOUR);
    const saved = await createSavedSearch("ada", {
      name: "Lagos 3 beds",
      query: "location=Lagos&beds=3",
      frequency: "daily",
    });
    if (!saved.ok) throw new Error("not saved");
    const fresh = await addListing("New Ikoyi flat", "Lagos");
    await addListing("Abuja flat", "Abuja");
    await addListing("Lagos studio", "Lagos", 0, 1);

    // Daily: not due yet.
    expect(await runSearchAlerts()).toMatchObject({ searches: 0, alerts: 0 });
    await makeDue();
    expect(await runSearchAlerts()).toMatchObject({ searches: 1, alerts: 1, listings: 1 });
    const [mail, ...others] = await alertMails();
    expect(others).toEqual([]);
    expect(mail?.to).toBe("ada@example.ng");
    expect(mail?.subject).toBe("Lagos 3 beds: 1 new listing");
    expect(mail?.text).toContain("New Ikoyi flat");
    expect(mail?.text).toContain(`/property/${fresh}`);
    expect(mail?.text).toContain("₦3,500,000/year");
    expect(mail?.text).not.toContain("Old Lekki flat");
    expect(mail?.text).not.toContain("Abuja flat");
    expect(mail?.text).not.toContain("Lagos studio");
    expect(await db.select().from(savedSearchAlerts)).toMatchObject([
      { savedSearchId: saved.id, propertyId: fresh, mailId: mail?.id },
    ]);

    // Next time: only what is new since, never the same listing again.
    await makeDue();
    expect(await runSearchAlerts()).toMatchObject({ searches: 1, alerts: 0 });
    const later = await addListing("Another Lagos flat", "Lagos");
    await makeDue();
    await runSearchAlerts();
    const mails = await alertMails();
    expect(mails).toHaveLength(2);
    expect(mails[1]?.text).toContain("Another Lagos flat");
    expect(mails[1]?.text).not.toContain("New Ikoyi flat");
    expect((await db.select().from(savedSearchAlerts)).map((a) => a.propertyId).sort()).toEqual(
      [fresh, later].sort(),
    );
  });

  it("alerts a listing created in the same instant as the search (the clock's step is coarse)", async () => {
    const saved = await createSavedSearch("ada", {
      name: "Kano",
      query: "location=Kano",
      frequency: "instant",
    });
    if (!saved.ok) throw new Error("not saved");
    const id = await addListing("Kano flat", "Kano");
    const [search] = await db
      .select({ createdAt: savedSearches.createdAt })
      .from(savedSearches)
      .where(eq(savedSearches.id, saved.id));
    await db.update(properties).set({ createdAt: search?.createdAt }).where(eq(properties.id, id));
    await makeDue();
    expect(await runSearchAlerts()).toMatchObject({ searches: 1, alerts: 1, listings: 1 });
    await makeDue();
    expect(await runSearchAlerts()).toMatchObject({ searches: 1, alerts: 0 });
  });

  it("schedules the next run by frequency; off and inactive owners get nothing", async () => {
    await addUser("gone", "inactive");
    for (const [user, frequency] of [
      ["ada", "instant"],
      ["ada", "weekly"],
      ["ada", "off"],
      ["gone", "instant"],
    ] as const) {
      await createSavedSearch(user, { name: frequency, query: "location=Lagos", frequency });
    }
    await addListing("Lagos flat", "Lagos");
    await makeDue();
    const report = await runSearchAlerts();
    // 'off' is never looked at; the inactive owner's search runs but sends nothing.
    expect(report).toMatchObject({ searches: 3, alerts: 2 });
    expect((await alertMails()).map((m) => m.subject).sort()).toEqual([
      "instant: 1 new listing",
      "weekly: 1 new listing",
    ]);
    const next = await db
      .select({
        name: savedSearches.name,
        inMs: sql<number>`extract(epoch from ${savedSearches.nextAlertAt} - now()) * 1000`,
      })
      .from(savedSearches)
      .where(eq(savedSearches.userId, "ada"));
    const inMs = Object.fromEntries(next.map((n) => [n.name, Number(n.inMs)]));
    // Instant: looked at again by the next run of the job.
    expect(inMs.instant).toBeLessThanOrEqual(0);
    expect(await runSearchAlerts()).toMatchObject({ searches: 2, alerts: 0 });
    expect(inMs.weekly).toBeGreaterThan(7 * 24 * HOUR - 60_000);
  });

  it("turning alerts back on starts from then, not from the listings added while off", async () => {
    const saved = await createSavedSearch("ada", {
      name: "Lagos",
      query: "location=Lagos",
      frequency: "off",
    });
    if (!saved.ok) throw new Error("not saved");
    await db.update(savedSearches).set({
      alertedUntil: sql`now() - interval '1 day'`,
      createdAt: sql`now() - interval '1 day'`,
    });
    await addListing("Added while off", "Lagos", HOUR);
    await setSavedSearchFrequency("ada", saved.id, "instant");
    await makeDue();
    expect(await runSearchAlerts()).toMatchObject({ alerts: 0 });
  });
});

describe("after downtime", () => {
  it("sends one e-mail with everything new since the last run, then nothing twice", async () => {
    const saved = await createSavedSearch("ada", {
      name: "Abuja",
      query: "location=Abuja",
      frequency: "daily",
    });
    if (!saved.ok) throw new Error("not saved");
    // The server was down three days: the search is long overdue, listings came meanwhile.
    await db.update(savedSearches).set({
      createdAt: sql`now() - interval '4 days'`,
      alertedUntil: sql`now() - interval '4 days'`,
      nextAlertAt: sql`now() - interval '3 days'`,
    });
    await addListing("Maitama duplex", "Abuja", 3 * 24 * HOUR);
    await addListing("Wuse flat", "Abuja", 24 * HOUR);
    expect(await runSearchAlerts()).toMatchObject({ searches: 1, alerts: 1, listings: 2 });
    // The restart's next runs (several ticks) send nothing more.
    expect(await runSearchAlerts()).toMatchObject({ searches: 0 });
    expect(await runSearchAlerts()).toMatchObject({ searches: 0 });
    const mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Abuja: 2 new listings");
  });
});

describe("several runners", () => {
  it("send each search's alert once when they race", async () => {
    const total = 12;
    for (let i = 0; i < total; i += 1) {
      await addUser(`buyer${i}`);
      await createSavedSearch(`buyer${i}`, {
        name: `Search ${i}`,
        query: "location=Kano",
        frequency: "instant",
      });
    }
    await addListing("Kano bungalow", "Kano");
    await makeDue();
    const reports = await Promise.all(
      [1, 2, 3].map(() => processDueSearchAlerts(queueSearchAlert)),
    );
    expect(reports.reduce((sum, r) => sum + r.alerts, 0)).toBe(total);
    const mails = await alertMails();
    expect(mails).toHaveLength(total);
    expect(new Set(mails.map((m) => m.to)).size).toBe(total);
    expect(await db.select().from(savedSearchAlerts)).toHaveLength(total);
    if (database.kind === "postgres") {
      expect(reports.filter((r) => r.searches > 0).length).toBeGreaterThan(1);
    }
  });
});

describe("the alert e-mail", () => {
  it("carries the one-click unsubscribe headers and link, and goes out through the outbox", async () => {
    const saved = await createSavedSearch("ada", {
      name: "Port Harcourt <homes>",
      query: "location=Port+Harcourt",
      frequency: "instant",
    });
    if (!saved.ok) throw new Error("not saved");
    await addListing("GRA terrace", "Port Harcourt");
    await makeDue();
    await runSearchAlerts();
    const [mail] = await alertMails();
    const link = unsubscribeLink(saved.id);
    expect(mail?.headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(mail?.text).toContain(link);
    expect(mail?.text).toContain("/dashboard/searches");
    expect(mail?.text).toContain("/properties?location=Port+Harcourt");
    expect(mail?.html).toContain("Port Harcourt &lt;homes&gt;");
    expect(mail?.html).not.toContain("<homes>");

    const delivered = await deliverDueMail();
    expect(delivered.map((m) => m.headers?.["List-Unsubscribe"])).toEqual([`<${link}>`]);
  });

  it("signs the unsubscribe token: another search's id or an altered signature is refused", () => {
    const id = crypto.randomUUID();
    const token = signUnsubscribeToken(id);
    expect(verifyUnsubscribeToken(token)).toBe(id);
    const other = crypto.randomUUID();
    expect(verifyUnsubscribeToken(`${other}.${token.split(".")[1]}`)).toBeUndefined();
    expect(verifyUnsubscribeToken(`${token.slice(0, -2)}xx`)).toBeUndefined();
    for (const bad of ["", "x", `${id}.`, `${id}.${"a".repeat(43)}`, "%00", `${token}\u0000`]) {
      expect(verifyUnsubscribeToken(bad)).toBeUndefined();
    }
  });
});
