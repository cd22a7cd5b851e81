import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { MeAnswer } from "~/components/viewer-store";
import { db } from "~/db/client.server";
import { favorites, propertyViews, sessions } from "~/db/schema";
import { createProperty, createSignedInUser } from "../../../tests/setup/accounts";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { loader } from "./me";

// GET /api/me: what a cached public page learns about its visitor (ADR 19).

await setupTestDatabase();

async function me(path: string, cookie?: string) {
  const response = (await loader(routeArgs(path, { cookie }))) as Response;
  return { response, body: (await response.json()) as MeAnswer };
}

describe("GET /api/me", () => {
  it("answers a signed-out visitor (or a stale cookie) with no one, never kept by a cache", async () => {
    for (const cookie of [undefined, "better-auth.session_token=forged.value"]) {
      const { response, body } = await me("/api/me", cookie);
      expect(response.status).toBe(200);
      expect(body).toEqual({ user: null, favorites: [] });
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect(response.headers.get("Set-Cookie")).toBeNull();
    }
  });

  it("answers the signed-in visitor's name and every saved property, and no one else's", async () => {
    const user = await createSignedInUser("amaka@example.com", "Amaka Saved");
    const other = await createSignedInUser("obinna@example.com", "Obinna Other");
    const [a, b, c] = await Promise.all([
      createProperty("Saved duplex"),
      createProperty("Saved flat"),
      createProperty("Someone else's"),
    ]);
    await db.insert(favorites).values([
      { userId: user.id, propertyId: a },
      { userId: user.id, propertyId: b },
      { userId: other.id, propertyId: c },
    ]);
    const { response, body } = await me("/api/me", user.cookie);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(body.user).toEqual({ id: user.id, name: "Amaka Saved", isAdmin: false });
    expect([...body.favorites].sort()).toEqual([a, b].sort());
    // No e-mail, phone or role beyond what the header shows.
    expect(JSON.stringify(body)).not.toContain("amaka@example.com");
  });

  it("says an admin is one (the header's admin dashboard link)", async () => {
    const admin = await createSignedInAdmin("me-admin@example.com");
    const { body } = await me("/api/me", admin.cookie);
    expect(body.user?.isAdmin).toBe(true);
  });

  it("adds the cached property page to Recently Viewed", async () => {
    const user = await createSignedInUser("viewer@example.com");
    const propertyId = await createProperty("Viewed bungalow");
    await me(`/api/me?viewed=${propertyId}`, user.cookie);
    const views = await db
      .select({ propertyId: propertyViews.propertyId })
      .from(propertyViews)
      .where(eq(propertyViews.userId, user.id));
    expect(views).toEqual([{ propertyId }]);
    // An unknown id is not a failure of the answer.
    const { response } = await me("/api/me?viewed=not-a-property", user.cookie);
    expect(response.status).toBe(200);
  });

  it("renews a session cookie that is due: the cached pages never do", async () => {
    const user = await createSignedInUser("renew@example.com");
    const fresh = await me("/api/me", user.cookie);
    expect(fresh.response.headers.get("Set-Cookie")).toBeNull();
    // Within a day of its end: better-auth extends it and sends the cookie again.
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 60 * 60 * 1000) })
      .where(eq(sessions.userId, user.id));
    const due = await me("/api/me", user.cookie);
    expect(due.body.user?.id).toBe(user.id);
    expect(due.response.headers.get("Set-Cookie")).toMatch(/better-auth\.session_token=/);
  });
});
