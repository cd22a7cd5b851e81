import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { properties, propertyDailyViews } from "~/db/schema";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { createProperty } from "../../tests/setup/accounts";
import { actorFor } from "../../tests/setup/admin";
import { setupTestDatabase } from "../../tests/setup/test-database";
import {
  countPropertyView,
  flushPropertyViews,
  getDailyViews,
  getViewsByProperty,
  listMostViewed,
} from "./property-stats.server";

await setupTestDatabase();

const ADMIN = actorFor({ id: "stats-admin", email: "stats@example.com" });
const BROWSER =
  "Mozilla/5.0 (Linux; Android 13; Tecno) AppleWebKit/537.36 Chrome/120 Mobile Safari/537.36";
const BOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

async function stored(propertyId: string) {
  return db
    .select({ day: propertyDailyViews.day, views: propertyDailyViews.views })
    .from(propertyDailyViews)
    .where(eq(propertyDailyViews.propertyId, propertyId));
}

beforeEach(async () => {
  await flushPropertyViews();
  await db.delete(properties);
});

describe("counting page views", () => {
  it("counts a visitor once a day, leaves bots out, and writes only when flushed", async () => {
    const id = await createProperty("Viewed house");
    const view = (clientAddress: string, userAgent: string | null = BROWSER) =>
      countPropertyView({ propertyId: id, clientAddress, userAgent });
    view("10.0.0.1");
    view("10.0.0.1");
    view("10.0.0.2");
    view("10.0.0.3", BOT);
    view("10.0.0.4", null);
    expect(await stored(id)).toEqual([]);
    await flushPropertyViews();
    expect(await stored(id)).toEqual([{ day: lagosToday(), views: 2 }]);
    view("10.0.0.5");
    await flushPropertyViews();
    expect(await stored(id)).toEqual([{ day: lagosToday(), views: 3 }]);
  });

  it("keeps the other counts when a listing was purged before the flush", async () => {
    const kept = await createProperty("Kept");
    const purged = await createProperty("Purged");
    countPropertyView({ propertyId: kept, clientAddress: "10.1.0.1", userAgent: BROWSER });
    countPropertyView({ propertyId: purged, clientAddress: "10.1.0.1", userAgent: BROWSER });
    await db.delete(properties).where(eq(properties.id, purged));
    await flushPropertyViews();
    expect((await stored(kept))[0]?.views).toBe(1);
  });
});

describe("reading the counts", () => {
  it("sums 30 days per listing, fills a daily series, and ranks the week's most viewed", async () => {
    const a = await createProperty("Popular");
    const b = await createProperty("Quiet");
    const today = lagosToday();
    await db.insert(propertyDailyViews).values([
      { propertyId: a, day: today, views: 5 },
      { propertyId: a, day: addDays(today, -3), views: 4 },
      { propertyId: a, day: addDays(today, -40), views: 100 },
      { propertyId: b, day: addDays(today, -1), views: 2 },
      { propertyId: b, day: addDays(today, -20), views: 50 },
    ]);
    const totals = await getViewsByProperty(ADMIN, [a, b]);
    expect(totals.get(a)).toBe(9);
    expect(totals.get(b)).toBe(52);
    const series = await getDailyViews(ADMIN, a, 30);
    expect(series).toHaveLength(30);
    expect(series.at(-1)).toEqual({ day: today, views: 5 });
    expect(series.reduce((n, d) => n + d.views, 0)).toBe(9);
    expect((await listMostViewed(ADMIN)).map((p) => [p.title, p.views])).toEqual([
      ["Popular", 9],
      ["Quiet", 2],
    ]);
  });
});
