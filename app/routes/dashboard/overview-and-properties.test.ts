import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, favorites, inquiries, propertyViews } from "~/db/schema";
import { createProperty, createSignedInUser } from "../../../tests/setup/accounts";
import { callLoader, routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader as propertyLoader } from "../public/property";
import { loader as overviewLoader } from "./index";
import { loader as propertiesLoader } from "./properties";

// The overview's counts and tabs, My Properties' tabs, and the property page recording views.

await setupTestDatabase();

let ada: Awaited<ReturnType<typeof createSignedInUser>>;
let bola: Awaited<ReturnType<typeof createSignedInUser>>;
const ids: string[] = [];

beforeAll(async () => {
  ada = await createSignedInUser("ada@overview.test", "Ada Obi");
  bola = await createSignedInUser("bola@overview.test", "Bola Ade");
  for (const title of ["Lekki duplex", "Wuse flat", "Kano bungalow", "Enugu terrace"]) {
    ids.push(await createProperty(title));
  }
});

function openProperty(id: string, cookie?: string) {
  return propertyLoader(routeArgs(`/property/${id}`, { cookie, params: { id } }));
}

function viewsOf(userId: string) {
  return db
    .select({ propertyId: propertyViews.propertyId })
    .from(propertyViews)
    .where(eq(propertyViews.userId, userId));
}

describe("the property page records Recently Viewed", () => {
  it("for a signed-in visitor only", async () => {
    const [first] = ids;
    if (!first) throw new Error("no property");
    await openProperty(first);
    expect(await db.select().from(propertyViews)).toEqual([]);
    await openProperty(first, ada.cookie);
    expect(await viewsOf(ada.id)).toEqual([{ propertyId: first }]);
    expect(await viewsOf(bola.id)).toEqual([]);
  });

  it("shows them on My Properties > Recently Viewed, the user's own only", async () => {
    const page = await callLoader<Awaited<ReturnType<typeof propertiesLoader>>>(
      propertiesLoader,
      "/dashboard/properties?tab=recent",
      { cookie: ada.cookie },
    );
    expect(page.body.tab).toBe("recent");
    expect(page.body.properties.map((p) => p.title)).toEqual(["Lekki duplex"]);
    expect(page.body.error).toBeNull();
    const bolas = await callLoader<Awaited<ReturnType<typeof propertiesLoader>>>(
      propertiesLoader,
      "/dashboard/properties?tab=recent",
      { cookie: bola.cookie },
    );
    expect(bolas.body.properties).toEqual([]);
  });
});

describe("My Properties", () => {
  it("shows the user's favourites by default, marked saved", async () => {
    const [a, b] = ids;
    if (!a || !b) throw new Error("no property");
    await db.insert(favorites).values([
      { userId: ada.id, propertyId: a },
      { userId: bola.id, propertyId: b },
    ]);
    const page = await callLoader<Awaited<ReturnType<typeof propertiesLoader>>>(
      propertiesLoader,
      "/dashboard/properties?tab=bogus",
      { cookie: ada.cookie },
    );
    expect(page.body.tab).toBe("favorites");
    expect(page.body.properties.map((p) => p.id)).toEqual([a]);
    expect(page.body.savedIds).toEqual([a]);
  });

  it("shows the properties booked for a viewing under Interested", async () => {
    const c = ids[2];
    if (!c) throw new Error("no property");
    await db.insert(appointments).values({
      userId: ada.id,
      propertyId: c,
      fullName: "Ada Obi",
      email: ada.email,
      phone: "08012345678",
      appointmentDate: "2026-12-01",
      appointmentTime: "10:00 AM",
    });
    const page = await callLoader<Awaited<ReturnType<typeof propertiesLoader>>>(
      propertiesLoader,
      "/dashboard/properties?tab=interested",
      { cookie: ada.cookie },
    );
    expect(page.body.properties.map((p) => p.title)).toEqual(["Kano bungalow"]);
    expect(page.body.savedIds).toEqual([]);
  });
});

describe("the overview", () => {
  it("counts the user's own saved properties, appointments and inquiries", async () => {
    await db.insert(inquiries).values([
      { source: "complaint", userId: ada.id, email: ada.email, description: "Leaking roof" },
      { source: "contact", userId: ada.id, email: ada.email, description: "A question" },
      { source: "complaint", userId: bola.id, email: bola.email, description: "Not Ada's" },
    ]);
    const page = await callLoader<Awaited<ReturnType<typeof overviewLoader>>>(
      overviewLoader,
      "/dashboard",
      { cookie: ada.cookie },
    );
    expect(page.body.firstName).toBe("Ada");
    expect(page.body.counts).toEqual({ saved: 1, appointments: 1, inquiries: 2 });
    // Appointments is the default tab.
    expect(page.body.items.tab).toBe("appointments");
    expect(page.body.items.list).toHaveLength(1);
  });

  it("shows the latest 3 of the tab the URL names", async () => {
    for (const id of ids)
      await db.insert(favorites).values({ userId: bola.id, propertyId: id }).onConflictDoNothing();
    const saved = await callLoader<Awaited<ReturnType<typeof overviewLoader>>>(
      overviewLoader,
      "/dashboard?tab=saved",
      { cookie: bola.cookie },
    );
    expect(saved.body.counts.saved).toBe(4);
    expect(saved.body.items.tab).toBe("saved");
    expect(saved.body.items.list).toHaveLength(3);
    const asked = await callLoader<Awaited<ReturnType<typeof overviewLoader>>>(
      overviewLoader,
      "/dashboard?tab=inquiries",
      { cookie: bola.cookie },
    );
    expect(asked.body.items).toMatchObject({
      tab: "inquiries",
      list: [{ description: "Not Ada's" }],
    });
  });
});
