import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { favorites } from "~/db/schema";
import { createProperty, createSignedInUser } from "../../../tests/setup/accounts";
import { routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action } from "./favorites";

await setupTestDatabase();

describe("POST /favorites signed out", () => {
  it("sends a visitor without JavaScript to sign in, then back to the page", async () => {
    const thrown = await action(
      routeArgs("/favorites", {
        form: {
          intent: "add",
          propertyId: "3f1b6a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b",
          redirectTo: "/property/3f1b6a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b",
        },
      }),
    ).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe(
      `/signin?redirectTo=${encodeURIComponent("/property/3f1b6a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b")}`,
    );
  });

  it("answers 401 to the fetcher", async () => {
    const result = (await action(
      routeArgs("/favorites", { form: { intent: "add", propertyId: "x", js: "1" } }),
    )) as {
      data: unknown;
      init: { status: number };
    };
    expect(result.init.status).toBe(401);
    expect(result.data).toEqual({ ok: false, reason: "signin" });
  });
});

describe("POST /favorites without JavaScript, signed in", () => {
  it("toggles what the cached page could not know, and the toast says which it did", async () => {
    const user = await createSignedInUser("toggler@example.com");
    const propertyId = await createProperty("Toggled terrace");
    const post = (intent: string) =>
      action(
        routeArgs("/favorites", {
          form: { intent, propertyId, redirectTo: "/properties?city=Lagos" },
          cookie: user.cookie,
        }),
      ).catch((e: unknown) => e as Response);
    const saved = async () =>
      (
        await db
          .select({ id: favorites.id })
          .from(favorites)
          .where(and(eq(favorites.userId, user.id), eq(favorites.propertyId, propertyId)))
      ).length > 0;

    const added = (await post("toggle")) as Response;
    expect(added.headers.get("Location")).toBe("/properties?city=Lagos");
    expect(added.headers.get("Set-Cookie")).toMatch(/^flash=favoriteAdded;/);
    expect(await saved()).toBe(true);

    const removed = (await post("toggle")) as Response;
    expect(removed.headers.get("Set-Cookie")).toMatch(/^flash=favoriteRemoved;/);
    expect(await saved()).toBe(false);

    // An exact intent stays exact: removing what is not saved leaves it unsaved.
    const again = (await post("remove")) as Response;
    expect(again.headers.get("Set-Cookie")).toMatch(/^flash=favoriteRemoved;/);
    expect(await saved()).toBe(false);

    const unknown = (await action(
      routeArgs("/favorites", {
        form: { intent: "toggle", propertyId: "not-a-property", redirectTo: "/" },
        cookie: user.cookie,
      }),
    ).catch((e: unknown) => e)) as Response;
    expect(unknown.headers.get("Location")).toBe("/");
    expect(unknown.headers.get("Set-Cookie")).toMatch(/^flash=favoriteFailed;/);
  });
});
