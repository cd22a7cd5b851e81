import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { countedVisitors, properties, propertyDailyLeads, propertyDailyViews } from "~/db/schema";
import { createProperty } from "../../tests/setup/accounts";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { forgetCountedVisitors, MAX_COUNTS_PER_ADDRESS, visitorOf } from "./count-once.server";
import { countLeadClick } from "./lead.server";
import { countPropertyView, flushPropertyViews } from "./property-stats.server";

// Counts that cannot be bought (issue 42 item 6): a listing's views and WhatsApp/phone leads
// count once per Lagos day and client address (an IPv6 /64 as one), whatever the User-Agent,
// with MAX_COUNTS_PER_ADDRESS browsers at most behind one shared address. The clock is injected:
// nothing here depends on today's date or weekday.

await setupTestDatabase();

/** Tuesday 10 March 2026, 11:00 in Lagos (UTC+1, no daylight saving). */
const DAY_ONE = new Date("2026-03-10T10:00:00Z");
const DAY_TWO = new Date("2026-03-11T10:00:00Z");

const PHONE =
  "Mozilla/5.0 (Linux; Android 13; Tecno) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** A different, plausible browser name for each request: what the attack sent. */
function rotatedAgent(i: number) {
  return `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + i}.0.${i * 7}.0 Safari/537.36`;
}

async function leadsOf(propertyId: string) {
  const rows = await db
    .select({
      day: propertyDailyLeads.day,
      source: propertyDailyLeads.source,
      leads: propertyDailyLeads.leads,
    })
    .from(propertyDailyLeads)
    .where(eq(propertyDailyLeads.propertyId, propertyId));
  return rows.sort((a, b) => `${a.day}${a.source}`.localeCompare(`${b.day}${b.source}`));
}

async function viewsOf(propertyId: string) {
  await flushPropertyViews();
  const rows = await db
    .select({ day: propertyDailyViews.day, views: propertyDailyViews.views })
    .from(propertyDailyViews)
    .where(eq(propertyDailyViews.propertyId, propertyId));
  return rows.sort((a, b) => a.day.localeCompare(b.day));
}

function click(propertyId: string, clientAddress: string, userAgent: string | null, now = DAY_ONE) {
  return countLeadClick({ propertyId, click: "phone", clientAddress, userAgent, now });
}

function view(propertyId: string, clientAddress: string, userAgent: string | null, now = DAY_ONE) {
  countPropertyView({ propertyId, clientAddress, userAgent, now });
}

let id: string;
beforeEach(async () => {
  await flushPropertyViews();
  await db.delete(properties);
  forgetCountedVisitors();
  id = await createProperty("Counted flat");
});

describe("the rotated-User-Agent attack", () => {
  it("50 phone clicks from one address, each with another browser name, count as three leads", async () => {
    for (let i = 0; i < 50; i++) await click(id, "203.0.113.7", rotatedAgent(i));
    expect(MAX_COUNTS_PER_ADDRESS).toBe(3);
    expect(await leadsOf(id)).toEqual([
      { day: "2026-03-10", source: "phone", leads: MAX_COUNTS_PER_ADDRESS },
    ]);
  });

  it("50 views from one address at once, each with another browser name, count as three", async () => {
    for (let i = 0; i < 50; i++) view(id, "203.0.113.7", rotatedAgent(i));
    expect(await viewsOf(id)).toEqual([{ day: "2026-03-10", views: MAX_COUNTS_PER_ADDRESS }]);
  });

  it("holds across a restart: the database, not this instance's memory, decides", async () => {
    for (let i = 0; i < 3; i++) await click(id, "203.0.113.7", rotatedAgent(i));
    forgetCountedVisitors();
    for (let i = 0; i < 10; i++) await click(id, "203.0.113.7", rotatedAgent(i + 3));
    await click(id, "203.0.113.7", rotatedAgent(0));
    expect((await leadsOf(id))[0]?.leads).toBe(3);
  });
});

describe("who counts as one", () => {
  it("the same browser from the same address counts once, whatever it does", async () => {
    for (let i = 0; i < 5; i++) await click(id, "198.51.100.4", PHONE);
    for (let i = 0; i < 5; i++) view(id, "198.51.100.4", PHONE);
    expect((await leadsOf(id))[0]?.leads).toBe(1);
    expect((await viewsOf(id))[0]?.views).toBe(1);
  });

  it("an office: two, then three people on one address count; a fourth does not", async () => {
    await click(id, "198.51.100.9", rotatedAgent(1));
    await click(id, "198.51.100.9", rotatedAgent(2));
    expect((await leadsOf(id))[0]?.leads).toBe(2);
    await click(id, "198.51.100.9", rotatedAgent(3));
    await click(id, "198.51.100.9", rotatedAgent(4));
    expect((await leadsOf(id))[0]?.leads).toBe(3);
  });

  it("IPv6 addresses in one /64 are one client; another /64 is another", async () => {
    // A phone picks a new interface identifier at will; all in 2001:db8:a:b::/64.
    const sameNetwork = [
      "2001:db8:a:b::1",
      "2001:db8:a:b:1234:5678:9abc:def0",
      "2001:DB8:A:B:ffff:ffff:ffff:ffff",
      "2001:0db8:000a:000b:0:0:0:2",
    ];
    for (const address of sameNetwork) await click(id, address, PHONE);
    expect((await leadsOf(id))[0]?.leads).toBe(1);
    for (const [i, address] of sameNetwork.entries()) await click(id, address, rotatedAgent(i));
    expect((await leadsOf(id))[0]?.leads).toBe(MAX_COUNTS_PER_ADDRESS);
    await click(id, "2001:db8:a:c::1", PHONE);
    expect((await leadsOf(id))[0]?.leads).toBe(MAX_COUNTS_PER_ADDRESS + 1);
    for (const address of sameNetwork) view(id, address, PHONE);
    expect((await viewsOf(id))[0]?.views).toBe(1);
  });

  it("different addresses count separately, per listing and per kind", async () => {
    const other = await createProperty("Other flat");
    for (let i = 1; i <= 10; i++) await click(id, `192.0.2.${i}`, PHONE);
    await click(other, "192.0.2.1", PHONE);
    await countLeadClick({
      propertyId: id,
      click: "whatsapp",
      clientAddress: "192.0.2.1",
      userAgent: PHONE,
      now: DAY_ONE,
    });
    expect(await leadsOf(id)).toEqual([
      { day: "2026-03-10", source: "phone", leads: 10 },
      { day: "2026-03-10", source: "whatsapp", leads: 1 },
    ]);
    expect((await leadsOf(other))[0]?.leads).toBe(1);
  });

  it("bots and nameless clients never count", async () => {
    await click(id, "192.0.2.50", BOT);
    await click(id, "192.0.2.51", null);
    await click(id, "192.0.2.52", "   ");
    view(id, "192.0.2.50", BOT);
    view(id, "192.0.2.51", null);
    expect(await leadsOf(id)).toEqual([]);
    expect(await viewsOf(id)).toEqual([]);
    expect(await db.select().from(countedVisitors)).toEqual([]);
  });
});

describe("the day", () => {
  it("the next Lagos day counts the same visitor again, from Lagos midnight (23:00 UTC)", async () => {
    for (let i = 0; i < 5; i++) await click(id, "203.0.113.7", rotatedAgent(i));
    await click(id, "203.0.113.8", PHONE, new Date("2026-03-10T22:59:00Z"));
    await click(id, "203.0.113.8", PHONE, new Date("2026-03-10T23:01:00Z"));
    for (let i = 0; i < 5; i++) await click(id, "203.0.113.7", rotatedAgent(i), DAY_TWO);
    expect(await leadsOf(id)).toEqual([
      { day: "2026-03-10", source: "phone", leads: 4 },
      { day: "2026-03-11", source: "phone", leads: 4 },
    ]);
    view(id, "203.0.113.7", PHONE);
    view(id, "203.0.113.7", PHONE, DAY_TWO);
    expect(await viewsOf(id)).toEqual([
      { day: "2026-03-10", views: 1 },
      { day: "2026-03-11", views: 1 },
    ]);
  });

  it("keeps no address: a keyed hash of the day, and earlier days' rows go", async () => {
    await click(id, "203.0.113.7", PHONE);
    await click(id, "2001:db8:a:b::1", PHONE);
    const stored = JSON.stringify(await db.select().from(countedVisitors));
    expect(stored).not.toContain("203.0.113");
    expect(stored).not.toContain("2001:db8");
    // The same address is another visitor the next day: rows cannot be joined across days.
    expect(visitorOf("203.0.113.7", "2026-03-10")).not.toBe(visitorOf("203.0.113.7", "2026-03-11"));
    expect(visitorOf("2001:db8:a:b::1", "2026-03-10")).toBe(
      visitorOf("2001:db8:a:b:ffff::9", "2026-03-10"),
    );
    await click(id, "198.51.100.1", PHONE, DAY_TWO);
    await expect
      .poll(async () =>
        (await db.select({ day: countedVisitors.day }).from(countedVisitors)).map((r) => r.day),
      )
      .toEqual(["2026-03-11"]);
  });
});
