import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { properties, propertyMedia, users } from "~/db/schema";
import { expectThrownStatus, routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader } from "./property";

await setupTestDatabase();

function load(id: string) {
  return loader(routeArgs(`/property/${id}`, { params: { id } }));
}

function expectNotFound(promise: Promise<unknown>) {
  return expectThrownStatus(promise, 404);
}

describe("property detail loader", () => {
  it("returns the property with its photos in display order", async () => {
    const [row] = await db
      .insert(properties)
      .values({
        title: "3 Bedroom Terrace Duplex",
        purpose: "rent",
        rentPeriod: "year",
        price: 4_500_000,
        propertyType: "terrace",
        category: "residential",
        city: "Lagos",
        address: "Ikate, Lekki",
      })
      .returning({ id: properties.id });
    if (!row) throw new Error("insert failed");
    await db.insert(propertyMedia).values([
      { propertyId: row.id, mediaUrl: "/media/b.webp", sortOrder: 1 },
      { propertyId: row.id, mediaUrl: "/media/a.webp", sortOrder: 0 },
    ]);

    const result = await load(row.id);
    expect(result.property.title).toBe("3 Bedroom Terrace Duplex");
    expect(result.property.price).toBe(4_500_000);
    expect(result.property.media.map((m) => m.mediaUrl)).toEqual([
      "/media/a.webp",
      "/media/b.webp",
    ]);
    expect(result.contact.phones.length).toBeGreaterThan(0);
  });

  it("does not carry the owner who listed it with the agency (issue 20: the listing is the agency's)", async () => {
    const [owner] = await db
      .insert(users)
      .values({ id: "owner-of-the-flat", name: "Funke Owner", email: "funke@example.com" })
      .returning({ id: users.id });
    const [row] = await db
      .insert(properties)
      .values({
        title: "Owner's flat",
        propertyType: "apartment",
        category: "residential",
        city: "Abuja",
        ownerId: owner?.id,
      })
      .returning({ id: properties.id });
    if (!row) throw new Error("insert failed");
    const result = await load(row.id);
    expect(result.property.title).toBe("Owner's flat");
    expect(result.property).not.toHaveProperty("ownerId");
    expect(JSON.stringify(result)).not.toContain("owner-of-the-flat");
  });

  it("answers 404 for an unknown id", async () => {
    await expectNotFound(load("3f1b6a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b"));
  });

  it("answers 404 for a malformed id without querying with it", async () => {
    await expectNotFound(load("not-a-uuid"));
    await expectNotFound(load("1 or 1=1"));
  });
});
