import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerAccount } from "~/auth/accounts.server";
import { db } from "~/db/client.server";
import { favorites, properties } from "~/db/schema";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { listFavoriteIds, setFavorite, toggleFavorite } from "./favorite.server";

await setupTestDatabase();

async function newUser(email: string) {
  const result = await registerAccount({
    firstName: "A",
    lastName: "B",
    email,
    password: "secret1",
  });
  if (!result.ok) throw new Error("user not created");
  return result.userId;
}

async function newProperty(title: string) {
  const [row] = await db
    .insert(properties)
    .values({ title, propertyType: "house", category: "residential", city: "Abuja" })
    .returning({ id: properties.id });
  if (!row) throw new Error("insert failed");
  return row.id;
}

describe("favourites", () => {
  it("adds, lists and removes only the owner's rows", async () => {
    const ada = await newUser("ada@fav.ng");
    const bola = await newUser("bola@fav.ng");
    const house = await newProperty("House");
    const flat = await newProperty("Flat");

    expect(await toggleFavorite(ada, house)).toEqual({ ok: true, saved: true });
    expect(await setFavorite(bola, house, true)).toEqual({ ok: true, saved: true });
    expect(await setFavorite(bola, flat, true)).toEqual({ ok: true, saved: true });
    // Saving twice keeps one row.
    expect(await setFavorite(ada, house, true)).toEqual({ ok: true, saved: true });

    expect(await listFavoriteIds(ada, [house, flat])).toEqual([house]);
    expect((await listFavoriteIds(bola, [house, flat])).sort()).toEqual([house, flat].sort());

    // Ada removing (or toggling) Bola's saved flat touches nothing of Bola's.
    expect(await setFavorite(ada, flat, false)).toEqual({ ok: true, saved: false });
    expect(await toggleFavorite(ada, house)).toEqual({ ok: true, saved: false });
    expect(await listFavoriteIds(ada, [house, flat])).toEqual([]);
    const bolas = await db.select().from(favorites).where(eq(favorites.userId, bola));
    expect(bolas).toHaveLength(2);
  });

  it("refuses unknown and malformed property ids", async () => {
    const user = await newUser("chi@fav.ng");
    expect(await setFavorite(user, "3f1b6a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b", true)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect(await setFavorite(user, "1 or 1=1", true)).toEqual({ ok: false, reason: "not-found" });
    expect(await listFavoriteIds(user, ["not-a-uuid"])).toEqual([]);
    expect(
      await db
        .select()
        .from(favorites)
        .where(and(eq(favorites.userId, user))),
    ).toEqual([]);
  });
});
