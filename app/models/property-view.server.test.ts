import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, favorites, propertyViews } from "~/db/schema";
import { createProperty, createSignedInUser } from "../../tests/setup/accounts";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { countCustomerActivity } from "./customer-activity.server";
import { listFavoriteProperties } from "./favorite.server";
import { listInterestedProperties } from "./interested-property.server";
import {
  listRecentlyViewedProperties,
  RECENTLY_VIEWED_LIMIT,
  recordPropertyView,
} from "./property-view.server";

// The three lists of the dashboard's My Properties page, each scoped to its user.

await setupTestDatabase();

let ada = "";
let bola = "";

beforeAll(async () => {
  ada = (await createSignedInUser("ada@lists.test")).id;
  bola = (await createSignedInUser("bola@lists.test", "Bola Ade")).id;
});

async function setViewedAt(userId: string, propertyId: string, at: string) {
  await db
    .update(propertyViews)
    .set({ viewedAt: new Date(at) })
    .where(and(eq(propertyViews.userId, userId), eq(propertyViews.propertyId, propertyId)));
}

describe("recently viewed", () => {
  it("keeps one row per property, the latest view first, and only the user's own", async () => {
    const first = await createProperty("First viewed");
    const second = await createProperty("Second viewed");
    await recordPropertyView(ada, first);
    await recordPropertyView(ada, second);
    await setViewedAt(ada, first, "2026-01-01T10:00:00Z");
    await setViewedAt(ada, second, "2026-01-02T10:00:00Z");
    expect((await listRecentlyViewedProperties(ada)).map((p) => p.title)).toEqual([
      "Second viewed",
      "First viewed",
    ]);

    // Opening the first again moves it to the top without a second row.
    await recordPropertyView(ada, first);
    expect((await listRecentlyViewedProperties(ada)).map((p) => p.title)).toEqual([
      "First viewed",
      "Second viewed",
    ]);
    const rows = await db.select().from(propertyViews).where(eq(propertyViews.userId, ada));
    expect(rows).toHaveLength(2);

    expect(await listRecentlyViewedProperties(bola)).toEqual([]);
  });

  it("shows the last 12", async () => {
    const user = (await createSignedInUser("many@lists.test")).id;
    for (let i = 0; i < RECENTLY_VIEWED_LIMIT + 2; i++) {
      const id = await createProperty(`Viewed ${i}`);
      await recordPropertyView(user, id);
      await db
        .update(propertyViews)
        .set({ viewedAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })
        .where(eq(propertyViews.propertyId, id));
    }
    const list = await listRecentlyViewedProperties(user);
    expect(RECENTLY_VIEWED_LIMIT).toBe(12);
    expect(list).toHaveLength(12);
    expect(list[0]?.title).toBe("Viewed 13");
    expect(list.at(-1)?.title).toBe("Viewed 2");
  });

  it("ignores a malformed property id", async () => {
    await expect(recordPropertyView(ada, "not-a-uuid")).resolves.toBeUndefined();
  });
});

describe("favourites with their properties", () => {
  it("lists and counts only the user's own, the latest saved first", async () => {
    const villa = await createProperty("Saved villa", "Abuja");
    const flat = await createProperty("Saved flat");
    await db.insert(favorites).values([
      { userId: ada, propertyId: villa, createdAt: new Date("2026-02-01T00:00:00Z") },
      { userId: ada, propertyId: flat, createdAt: new Date("2026-02-02T00:00:00Z") },
      { userId: bola, propertyId: villa },
    ]);
    const list = await listFavoriteProperties(ada);
    expect(list.map((p) => p.title)).toEqual(["Saved flat", "Saved villa"]);
    expect(list[1]).toMatchObject({ city: "Abuja", price: 50_000_000 });
    expect(await countCustomerActivity(ada)).toMatchObject({ saved: 2, appointments: 0 });
    expect((await countCustomerActivity(bola)).saved).toBe(1);
    expect(await listFavoriteProperties(ada, { limit: 1 })).toHaveLength(1);
  });
});

describe("interested", () => {
  it("lists each booked property once, the latest booking first, only the user's own", async () => {
    const older = await createProperty("Booked long ago");
    const newer = await createProperty("Booked lately");
    const booking = (userId: string, propertyId: string | null, createdAt: string) => ({
      userId,
      propertyId,
      fullName: "Ada Obi",
      email: "ada@lists.test",
      phone: "08012345678",
      appointmentDate: "2026-12-01",
      appointmentTime: "10:00 AM",
      createdAt: new Date(createdAt),
    });
    await db
      .insert(appointments)
      .values([
        booking(ada, older, "2026-03-01T00:00:00Z"),
        booking(ada, newer, "2026-03-02T00:00:00Z"),
        booking(ada, older, "2026-02-01T00:00:00Z"),
        booking(ada, null, "2026-03-05T00:00:00Z"),
        booking(bola, older, "2026-04-01T00:00:00Z"),
      ]);
    expect((await listInterestedProperties(ada)).map((p) => p.title)).toEqual([
      "Booked lately",
      "Booked long ago",
    ]);
    expect((await listInterestedProperties(bola)).map((p) => p.title)).toEqual(["Booked long ago"]);
  });
});
