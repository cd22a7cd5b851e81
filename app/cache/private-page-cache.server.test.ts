import { eq } from "drizzle-orm";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dataGeneration, listenForDataChanges } from "~/cache/data-generation.server";
import { db } from "~/db/client.server";
import { favorites, properties, sessions, users } from "~/db/schema";
import { updatePropertyByAdmin } from "~/models/admin-property-write.server";
import { createSignedInUser } from "../../tests/setup/accounts";
import { createSignedInAdmin, type SignedInAdmin } from "../../tests/setup/admin";
import { setTestEnv } from "../../tests/setup/env";
import { propertyInput } from "../../tests/setup/property-input";
import {
  type Answer,
  pageNonces,
  policyNonce,
  type ServerOverHttp,
  serveOverHttp,
  startServerOverHttp,
} from "../../tests/setup/server-over-http";
import { setupTestDatabase, testDatabaseUrl } from "../../tests/setup/test-database";
import { createPrivatePageCache } from "./private-page-cache.server";

// The per-session page cache (ADR 25) in front of the real server handler, over HTTP, on this
// file's own database (and its own listener on PostgreSQL, as server/app's startApp starts).

setTestEnv({ PAGE_CACHE: "1" });
await setupTestDatabase();

const LISTING = propertyInput({
  title: "Kept Duplex in Lekki",
  propertyType: "duplex",
  address: "4 Admiralty Way",
});

type Customer = { id: string; cookie: string };

let server: ServerOverHttp;
let ada: Customer;
let bola: Customer;
let admin: SignedInAdmin;
let propertyId: string;
let stopListener: (() => Promise<void>) | undefined;

const get = (path: string, cookie: string, headers: Record<string, string> = {}) =>
  server.get(path, { Cookie: cookie, ...headers });

/**
 * Asks until the page comes from memory (the first answers render it; the embedded database's
 * listener is put in place by the first request) and answers that copy.
 */
async function kept(path: string, cookie: string): Promise<Answer> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const answer = await get(path, cookie);
    if (answer.headers["x-page-cache"] === "HIT") return answer;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${path} never came from the cache`);
}

/** Waits for the database's announcement of a committed change (at once on PGlite). */
async function announced(since: number) {
  await expect.poll(() => dataGeneration(), { timeout: 5_000 }).not.toBe(since);
}

const withoutNonce = (answer: Answer) => answer.text.replaceAll(policyNonce(answer), "N");

beforeAll(async () => {
  const url = testDatabaseUrl();
  if (url) stopListener = listenForDataChanges(url);
  const [row] = await db.insert(properties).values(LISTING).returning({ id: properties.id });
  propertyId = row?.id ?? "";
  ada = await createSignedInUser("ada.kept@example.com", "Ada Obi");
  bola = await createSignedInUser("bola.kept@example.com", "Bola Ade");
  admin = await createSignedInAdmin("kept-admin@example.com", { name: "Kemi Admin" });
  server = await startServerOverHttp();
}, 120_000);

afterAll(async () => {
  await server?.close();
  await stopListener?.();
});

describe("a signed-in person's own page asked again", () => {
  it("comes from memory for the same cookies, the same page with a new nonce, never stored by others", async () => {
    const rendered = await get("/dashboard", ada.cookie);
    expect(rendered.status).toBe(200);
    const hit = await kept("/dashboard", ada.cookie);
    expect(hit.status).toBe(200);
    expect(hit.headers["cache-control"]).toBe("private, no-store");
    expect(hit.text).toContain("Ada");
    // A new nonce in the policy and every script, otherwise the page as rendered.
    expect(policyNonce(hit)).not.toBe(policyNonce(rendered));
    expect(new Set(pageNonces(hit.text))).toEqual(new Set([policyNonce(hit)]));
    expect(withoutNonce(hit)).toBe(withoutNonce(rendered));
    const zipped = await get("/dashboard", ada.cookie, { "Accept-Encoding": "gzip" });
    expect(zipped.headers["x-page-cache"]).toBe("HIT");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(withoutNonce(zipped)).toBe(withoutNonce(rendered));
  });

  it("is never given to other cookies: another customer gets their own", async () => {
    await kept("/dashboard", ada.cookie);
    const other = await get("/dashboard", bola.cookie);
    expect(other.status).toBe(200);
    expect(other.headers["x-page-cache"]).toBeUndefined();
    expect(other.text).toContain("Bola");
    expect(other.text).not.toContain("Ada");
    const otherKept = await kept("/dashboard", bola.cookie);
    expect(otherKept.text).toContain("Bola");
    expect(otherKept.text).not.toContain("Ada");
    // The same session with one more cookie is another key: rendered.
    const more = await get("/dashboard", `${ada.cookie}; compare=${propertyId}`);
    expect(more.headers["x-page-cache"]).toBeUndefined();
  });

  it("shows a change written outside any request at once, and a rolled-back one changes nothing", async () => {
    const before = await kept("/dashboard/properties", ada.cookie);
    expect(before.text).not.toContain(LISTING.title);
    const generation = dataGeneration();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(favorites).values({ userId: ada.id, propertyId });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(dataGeneration()).toBe(generation);
    expect((await get("/dashboard/properties", ada.cookie)).headers["x-page-cache"]).toBe("HIT");

    await db.insert(favorites).values({ userId: ada.id, propertyId });
    await announced(generation);
    const after = await get("/dashboard/properties", ada.cookie);
    expect(after.headers["x-page-cache"]).toBeUndefined();
    expect(after.text).toContain(LISTING.title);
  });

  it("an admin's list is dropped when a listing changes", async () => {
    const before = await kept("/admin/properties", admin.cookie);
    expect(before.text).toContain(LISTING.title);
    const generation = dataGeneration();
    const result = await updatePropertyByAdmin(admin.actor, propertyId, {
      ...LISTING,
      title: "Renamed Duplex in Lekki",
    });
    expect(result.ok).toBe(true);
    // Written outside a request, the change reaches this instance as PostgreSQL's announcement,
    // a moment after the commit (a request's own write drops the pages at once).
    await announced(generation);
    const after = await get("/admin/properties", admin.cookie);
    expect(after.headers["x-page-cache"]).toBeUndefined();
    expect(after.text).toContain("Renamed Duplex in Lekki");
    // A customer's cookie on the admin list gets no admin page, kept or not.
    const refused = await get("/admin/properties", ada.cookie);
    expect(refused.text).not.toContain("Renamed Duplex in Lekki");
  });

  it("any form post on the instance drops what was kept, even one that writes nothing", async () => {
    await kept("/dashboard", ada.cookie);
    const post = await server.get("/favorites", { Cookie: bola.cookie }, "POST");
    expect(post.status).toBeGreaterThanOrEqual(400);
    expect((await get("/dashboard", ada.cookie)).headers["x-page-cache"]).toBeUndefined();
  });

  it("pages outside the list and answers that set a cookie (a toast) are rendered every time", async () => {
    for (const path of ["/dashboard/profile", "/admin/settings"]) {
      const cookie = path.startsWith("/admin") ? admin.cookie : ada.cookie;
      await get(path, cookie);
      expect((await get(path, cookie)).headers["x-page-cache"], path).toBeUndefined();
    }
    const toast = `${ada.cookie}; flash=signedIn`;
    const first = await get("/dashboard", toast);
    expect(first.headers["set-cookie"]?.join()).toMatch(/flash=;/);
    const second = await get("/dashboard", toast);
    expect(second.headers["x-page-cache"]).toBeUndefined();
  });
});

describe("a session that ended", () => {
  it("gets no kept page: a session row deleted in the database", async () => {
    const carol = await createSignedInUser("carol.kept@example.com", "Carol Eze");
    await kept("/dashboard", carol.cookie);
    // Sessions are not announced (written on every sign-in): the session is checked on every use.
    await db.delete(sessions).where(eq(sessions.userId, carol.id));
    const after = await get("/dashboard", carol.cookie);
    expect(after.headers["x-page-cache"]).toBeUndefined();
    expect(after.status).toBe(302);
    expect(after.headers.location).toMatch(/^\/signin/);
  });

  it("gets no kept page: an account deactivated", async () => {
    const dayo = await createSignedInUser("dayo.kept@example.com", "Dayo Bello");
    await kept("/dashboard", dayo.cookie);
    await db.update(users).set({ status: "inactive" }).where(eq(users.id, dayo.id));
    const after = await get("/dashboard", dayo.cookie);
    expect(after.headers["x-page-cache"]).toBeUndefined();
    expect(after.status).toBe(302);
  });
});

describe("what is never kept, in a small app with the cache in front", () => {
  it("answers that set a cookie, are not 200 or not HTML, for another account, or past their time", async () => {
    let account: string | null = "user-1";
    const cache = createPrivatePageCache({
      enabled: true,
      sessionUserId: async () => account,
      ttlMs: 300,
    });
    const app = express();
    const renders = new Map<string, number>();
    app.use((_req, res, next) => {
      res.locals.cspNonce = "abc";
      next();
    });
    app.use(cache.middleware);
    app.get(/.*/, (req, res) => {
      const count = (renders.get(req.path) ?? 0) + 1;
      renders.set(req.path, count);
      if (req.path === "/dashboard/complaints") res.setHeader("Set-Cookie", `seen=${count}`);
      if (req.path === "/admin/leads") return res.redirect("/admin/login");
      if (req.path === "/admin/users") return res.status(500).type("html").send("<p>error</p>");
      if (req.path === "/admin/audit") return res.json({ count });
      res.type("html").send(`<html><script nonce="abc">${count}</script></html>`);
    });
    const local = await serveOverHttp(app);
    const ask = (path: string) => local.get(path, { Cookie: "session=1" });
    try {
      for (const path of [
        "/dashboard/complaints",
        "/admin/leads",
        "/admin/users",
        "/admin/audit",
      ]) {
        await ask(path);
        await ask(path);
        expect((await ask(path)).headers["x-page-cache"], path).toBeUndefined();
        expect(renders.get(path), path).toBe(3);
      }
      // A plain page is kept (the first answer may come before the listener is in place)...
      await ask("/dashboard");
      await ask("/dashboard");
      const hit = await ask("/dashboard");
      expect(hit.headers["x-page-cache"]).toBe("HIT");
      const rendered = renders.get("/dashboard") ?? 0;
      // ...but never served to another account's session on the same cookies, nor signed out.
      account = "user-2";
      expect((await ask("/dashboard")).headers["x-page-cache"]).toBeUndefined();
      account = null;
      expect((await ask("/dashboard")).headers["x-page-cache"]).toBeUndefined();
      expect(renders.get("/dashboard")).toBe(rendered + 2);
      // ...and not past its time.
      account = "user-1";
      await ask("/dashboard");
      expect((await ask("/dashboard")).headers["x-page-cache"]).toBe("HIT");
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect((await ask("/dashboard")).headers["x-page-cache"]).toBeUndefined();
      // Pages outside the list are never looked at.
      await ask("/dashboard/profile");
      expect((await ask("/dashboard/profile")).headers["x-page-cache"]).toBeUndefined();
    } finally {
      cache.close();
      await local.close();
    }
  });
});
