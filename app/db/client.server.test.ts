import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { db } from "./client.server";
import { properties } from "./schema";

const handle = await setupTestDatabase();

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

  it.skipIf(handle.kind !== "postgres")(
    "survives the server closing an idle pooled connection, and keeps answering",
    async () => {
      // Open two pooled connections, then have one end the other while it sits idle.
      await Promise.all([
        db.execute(sql`select pg_sleep(0.05)`),
        db.execute(sql`select pg_sleep(0.05)`),
      ]);
      const ended = await db.execute<{ ended: boolean }>(sql`
        select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()
          and backend_type = 'client backend'`);
      expect(ended.rows.some((row) => row.ended)).toBe(true);
      // Give the closed connection's error time to arrive (it would be thrown unhandled).
      await new Promise((resolve) => setTimeout(resolve, 200));
      const result = await db.execute<{ one: number }>(sql`select 1 as one`);
      expect(result.rows[0]?.one).toBe(1);
    },
  );
});
