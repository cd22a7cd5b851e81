import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { contactInfo, properties } from "~/db/schema";
import { resolveLocations } from "~/models/property-search.server";
import { getContactDetails } from "~/models/site-content.server";
import { setTestEnv } from "../../tests/setup/env";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { contentChanged } from "./content-generation.server";
import { cachedUntilContentChanges } from "./reference-data.server";

// As in production: the caches on (they are off in tests by default).
setTestEnv({ PAGE_CACHE: "1" });
await setupTestDatabase();

describe("reference data", () => {
  it("is read once and kept until the content changes", async () => {
    await db.insert(contactInfo).values({
      section: "contact",
      key: "phone_1",
      type: "phone",
      value: "+234 800 000 0001",
      sortOrder: 0,
    });
    expect((await getContactDetails()).phones).toEqual(["+234 800 000 0001"]);

    // Changed behind the cache's back: still the kept answer, no query.
    await db
      .update(contactInfo)
      .set({ value: "+234 800 000 0002" })
      .where(eq(contactInfo.type, "phone"));
    expect((await getContactDetails()).phones).toEqual(["+234 800 000 0001"]);

    // What every admin write does after its commit.
    contentChanged();
    expect((await getContactDetails()).phones).toEqual(["+234 800 000 0002"]);
  });

  it("keeps the list of cities for location searches until the content changes", async () => {
    await db
      .insert(properties)
      .values({ title: "A", propertyType: "house", category: "residential", city: "Ibadan" });
    contentChanged();
    expect(await resolveLocations(["ibad"])).toEqual(["ibadan"]);
    await db
      .insert(properties)
      .values({ title: "B", propertyType: "house", category: "residential", city: "Abeokuta" });
    expect(await resolveLocations(["abeo"])).toEqual([]);
    contentChanged();
    expect(await resolveLocations(["abeo"])).toEqual(["abeokuta"]);
  });

  it("does not keep a failed read, nor one that overlapped a change", async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const read = cachedUntilContentChanges(async () => {
      calls += 1;
      if (calls === 1) throw new Error("database away");
      if (calls === 2) await new Promise<void>((resolve) => (release = resolve));
      return calls;
    });
    await expect(read()).rejects.toThrow("database away");
    const overlapping = read();
    contentChanged();
    release();
    expect(await overlapping).toBe(2);
    expect(await read()).toBe(3);
    expect(await read()).toBe(3);
    expect(calls).toBe(3);
  });
});
