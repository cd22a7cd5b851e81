import { count } from "drizzle-orm";
import { expect, it } from "vitest";
import { db } from "~/db/client.server";
import { properties } from "~/db/schema";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { seedDemoData } from "./seed.server";

await setupTestDatabase();

it("seeds once when two instances start together on an empty database", async () => {
  const results = await Promise.all([
    seedDemoData({ onlyIfEmpty: true }),
    seedDemoData({ onlyIfEmpty: true }),
  ]);
  expect(results.filter(Boolean)).toHaveLength(1);
  const [row] = await db.select({ n: count() }).from(properties);
  expect(row?.n).toBe(results.find(Boolean)?.properties);
});
