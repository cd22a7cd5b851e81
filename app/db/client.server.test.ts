import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { db } from "./client.server";
import { properties } from "./schema";

await setupTestDatabase();

describe("database", () => {
  it("starts migrated and empty, with trigram search available", async () => {
    const rows = await db.select().from(properties);
    expect(rows).toEqual([]);
    const result = await db.execute<{ similarity: number }>(
      sql`select similarity('lekki', 'lekki phase 1') as similarity`,
    );
    expect(Number(result.rows[0]?.similarity)).toBeGreaterThan(0.3);
  });

  it("stores naira amounts above 2^31 exactly", async () => {
    const [row] = await db
      .insert(properties)
      .values({
        title: "Five-bedroom detached duplex",
        purpose: "sale",
        price: 4_500_000_000,
        propertyType: "duplex",
        category: "residential",
        city: "Abuja",
      })
      .returning({ price: properties.price });
    expect(row?.price).toBe(4_500_000_000);
  });
});
