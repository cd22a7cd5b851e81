import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentChanged, contentGeneration } from "~/cache/content-generation.server";
import { db } from "~/db/client.server";
import { favorites, properties } from "~/db/schema";
import { updatePropertyByAdmin } from "~/models/admin-property-write.server";
import { createSignedInUser } from "../../tests/setup/accounts";
import { createSignedInAdmin, type SignedInAdmin } from "../../tests/setup/admin";
import { setTestEnv } from "../../tests/setup/env";
import { propertyInput } from "../../tests/setup/property-input";
import {
  pageNonces,
  policyNonce,
  type ServerOverHttp,
  serveOverHttp,
  startServerOverHttp,
} from "../../tests/setup/server-over-http";
import { setupTestDatabase } from "../../tests/setup/test-database";
import {
  CACHEABLE_CACHE_CONTROL,
  createPageCache,
  MEMBER_PAGE_CACHE_CONTROL,
  OWN_PAGE_CACHE_CONTROL,
} from "./page-cache.server";
import { PRIVATE_CACHE_CONTROL as SIGNED_IN_CACHE_CONTROL } from "./private-responses.server";

// The page cache in front of the real server handler (server/app.ts loaded through Vite, as
// `npm run dev` does, with the cache switched on), over HTTP, on this file's own database.

setTestEnv({ PAGE_CACHE: "1" });
const database = await setupTestDatabase();

const LISTING = propertyInput({
  title: "Cached Terrace in Yaba",
  propertyType: "terrace",
  address: "12 Herbert Macaulay Way",
});

let server: ServerOverHttp;
let admin: SignedInAdmin;
let propertyId: string;
const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  server.get(path, headers, method);

beforeAll(async () => {
  const [row] = await db.insert(properties).values(LISTING).returning({ id: properties.id });
  propertyId = row?.id ?? "";
  admin = await createSignedInAdmin("cache-admin@example.com");
  server = await startServerOverHttp();
}, 120_000);

afterAll(async () => {
  await server?.close();
  void database;
});

describe("anonymous visitors", () => {
  it("get the second request from the cache, with a new nonce in the policy and the page", async () => {
    const first = await get("/team");
    expect(first.status).toBe(200);
    expect(first.headers["x-page-cache"]).toBe("MISS");
    expect(first.headers["cache-control"]).toBe(CACHEABLE_CACHE_CONTROL);
    const second = await get("/team");
    expect(second.status).toBe(200);
    expect(second.headers["x-page-cache"]).toBe("HIT");
    expect(second.headers["cache-control"]).toBe(CACHEABLE_CACHE_CONTROL);
    expect(second.headers.vary).toMatch(/Cookie/);

    const nonces = [policyNonce(first), policyNonce(second)];
    expect(nonces[0]).not.toBe("");
    expect(nonces[1]).not.toBe(nonces[0]);
    // Every script nonce in each page is that response's own.
    expect(pageNonces(first.text).length).toBeGreaterThan(0);
    expect(new Set(pageNonces(first.text))).toEqual(new Set([nonces[0]]));
    expect(new Set(pageNonces(second.text))).toEqual(new Set([nonces[1]]));
    // Otherwise the same page.
    expect(second.text.replaceAll(nonces[1] ?? "", "N")).toBe(
      first.text.replaceAll(nonces[0] ?? "", "N"),
    );
    const third = await get("/team");
    expect(policyNonce(third)).not.toBe(nonces[1]);
    expect(new Set(pageNonces(third.text))).toEqual(new Set([policyNonce(third)]));
  });

  it("get gzip when they accept it and plain HTML otherwise, both valid", async () => {
    await get("/about");
    const zipped = await get("/about", { "Accept-Encoding": "gzip, deflate, br" });
    expect(zipped.headers["x-page-cache"]).toBe("HIT");
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(Number(zipped.headers["content-length"])).toBe(zipped.raw.length);
    expect(zipped.raw.length).toBeLessThan(zipped.text.length / 2);
    const plain = await get("/about", { "Accept-Encoding": "gzip;q=0, identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.raw.length);
    expect(plain.text.replaceAll(policyNonce(plain), "N")).toBe(
      zipped.text.replaceAll(policyNonce(zipped), "N"),
    );
    expect(zipped.text).toContain("</html>");
  });

  it("revalidate with the ETag: 304 without a policy while the page is unchanged", async () => {
    await get("/services");
    const cached = await get("/services");
    const etag = String(cached.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const revalidated = await get("/services", { "If-None-Match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.raw.length).toBe(0);
    expect(revalidated.headers.etag).toBe(etag);
    // The browser keeps the page it has, with that page's own nonce and policy.
    expect(revalidated.headers["content-security-policy"]).toBeUndefined();
    const other = await get("/services", { "If-None-Match": 'W/"something-else"' });
    expect(other.status).toBe(200);
  });
});

describe("one visitor's page never reaches another", () => {
  it("a signed-in visitor after an anonymous one gets their own page, and is not cached", async () => {
    const user = await createSignedInUser("zainab@example.com", "Zainab Cachetest");
    await get("/contact");
    expect((await get("/contact")).headers["x-page-cache"]).toBe("HIT");

    const signedIn = await get("/contact", { Cookie: user.cookie });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers["x-page-cache"]).toBeUndefined();
    // Signed in: not even the browser keeps it (app/cache/private-responses.server.ts).
    expect(signedIn.headers["cache-control"]).toBe(SIGNED_IN_CACHE_CONTROL);
    expect(signedIn.text).toContain("Zainab Cachetest");
    expect(signedIn.text).toContain("Sign Out");

    const anonymous = await get("/contact");
    expect(anonymous.headers["x-page-cache"]).toBe("HIT");
    expect(anonymous.text).not.toContain("Zainab Cachetest");
    expect(anonymous.text).not.toContain("zainab@example.com");
    expect(anonymous.text).not.toContain("Sign Out");
  });

  it("an anonymous visitor after a signed-in one gets the anonymous page", async () => {
    const user = await createSignedInUser("kunle@example.com", "Kunle Firstvisit");
    const path = `/property/${propertyId}`;
    const signedIn = await get(path, { Cookie: user.cookie });
    expect(signedIn.status).toBe(200);
    // The member copy: signed-in links, nobody's name (that comes from /api/me).
    expect(signedIn.headers["x-page-cache"]).toBe("MISS");
    expect(signedIn.text).toContain("Sign Out");
    expect(signedIn.text).not.toContain("Kunle Firstvisit");
    expect(signedIn.text).not.toContain("kunle@example.com");
    expect(signedIn.text).not.toContain(user.id);

    const anonymous = await get(path);
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers["x-page-cache"]).toBe("MISS");
    expect(anonymous.text).not.toContain("Kunle Firstvisit");
    expect(anonymous.text).not.toContain("Sign Out");
    expect(anonymous.text).toContain("Cached Terrace in Yaba");
    expect(anonymous.headers["cache-control"]).toBe(CACHEABLE_CACHE_CONTROL);
  });

  it("signed-in visitors share one cached copy of a public page, with no one's name or e-mail", async () => {
    const first = await createSignedInUser("chioma@example.com", "Chioma Sharedcopy");
    const second = await createSignedInUser("bayo@example.com", "Bayo Secondvisit");
    await db.insert(favorites).values({ userId: first.id, propertyId });
    for (const path of [
      "/",
      "/properties",
      `/property/${propertyId}`,
      "/services",
      "/about",
      "/team",
    ]) {
      const rendered = await get(path, { Cookie: first.cookie, "Accept-Encoding": "gzip" });
      expect(rendered.status, path).toBe(200);
      const cached = await get(path, { Cookie: second.cookie, "Accept-Encoding": "gzip" });
      expect(cached.headers["x-page-cache"], path).toBe("HIT");
      for (const page of [rendered, cached]) {
        expect(page.text, path).toContain("Sign Out");
        for (const personal of [
          "Chioma Sharedcopy",
          "chioma@example.com",
          first.id,
          "Bayo Secondvisit",
          "bayo@example.com",
          second.id,
        ]) {
          expect(page.text, path).not.toContain(personal);
        }
        // The saved heart is not in the page either: it comes from /api/me.
        expect(page.text, path).not.toContain("Remove from favorites");
        // Kept by the visitor's browser (revalidated), never by a shared cache, and no cookie.
        expect(page.headers["cache-control"], path).toBe(MEMBER_PAGE_CACHE_CONTROL);
        expect(page.headers["set-cookie"], path).toBeUndefined();
      }
      // The browser's copy is revalidated: a 304 while the page is unchanged.
      const again = await get(path, {
        Cookie: second.cookie,
        "If-None-Match": String(cached.headers.etag),
      });
      expect(again.status, path).toBe(304);
    }
    // The anonymous copy is another one: it never has the signed-in links.
    const anonymous = await get("/about");
    expect(anonymous.text).not.toContain("Sign Out");
    expect(anonymous.text).toContain("Sign In");
  });

  it("a signed-in client navigation's data request is the visitor's own, never the cache's", async () => {
    const user = await createSignedInUser("navigator@example.com", "Nkechi Navigates");
    await db.insert(favorites).values({ userId: user.id, propertyId });
    const path = `/property/${propertyId}.data`;
    for (let i = 0; i < 2; i++) {
      const answer = await get(path, { Cookie: user.cookie });
      expect(answer.status).toBe(200);
      expect(answer.headers["x-page-cache"]).toBeUndefined();
      expect(answer.headers["cache-control"]).toBe(SIGNED_IN_CACHE_CONTROL);
      // The loaders saw the session: the saved heart and the layout's viewer are there.
      expect(answer.text).toContain("Nkechi Navigates");
      expect(answer.text).toContain(propertyId);
    }
  });

  it("a page whose form is filled with the visitor's name is still their own", async () => {
    const user = await createSignedInUser("halima@example.com", "Halima Ownform");
    for (const path of ["/services/property-sales", "/contact", "/book-appointment"]) {
      await get(path, { Cookie: user.cookie });
      const again = await get(path, { Cookie: user.cookie });
      expect(again.headers["x-page-cache"], path).toBeUndefined();
      expect(again.headers["cache-control"], path).toBe(SIGNED_IN_CACHE_CONTROL);
    }
    const anonymous = await get("/services/property-sales");
    expect(anonymous.text).not.toContain("Halima Ownform");
    expect(anonymous.text).not.toContain("halima@example.com");
  });

  it("a toast gets a page of its own; a compare list alone gets the shared page", async () => {
    await get("/services/property-sales");
    const withToast = await get("/services/property-sales", { Cookie: "flash=signed-out" });
    expect(withToast.headers["x-page-cache"]).toBeUndefined();
    expect(withToast.headers["cache-control"]).toBe(OWN_PAGE_CACHE_CONTROL);
    // The toast is shown and its cookie cleared, which a cached page could not do.
    expect(withToast.headers["set-cookie"]?.join()).toMatch(/flash=;/);

    const user = await createSignedInUser("toast@example.com", "Toasted Visitor");
    const signedInToast = await get("/about", { Cookie: `${user.cookie}; flash=signedIn` });
    expect(signedInToast.headers["x-page-cache"]).toBeUndefined();
    expect(signedInToast.text).toContain("You have successfully signed in");
    expect(signedInToast.text).toContain("Toasted Visitor");
    expect(signedInToast.headers["cache-control"]).toBe(SIGNED_IN_CACHE_CONTROL);
    // ...and that page was not kept for the next signed-in visitor.
    const next = await get("/about", { Cookie: user.cookie });
    expect(next.text).not.toContain("Toasted Visitor");

    const compared = await get("/services/property-sales", {
      Cookie: `compare=${propertyId}`,
    });
    expect(compared.headers["x-page-cache"]).toBe("HIT");
  });

  it("the dashboard, admin, editor and account pages are never in the shared cache", async () => {
    for (const path of [
      "/dashboard",
      "/admin/dashboard",
      "/website-editor",
      "/signin",
      "/signup",
    ]) {
      await get(path);
      const again = await get(path);
      expect(again.headers["x-page-cache"], path).toBeUndefined();
      expect(again.headers.etag, path).toBeUndefined();
    }
  });
});

describe("what is never kept", () => {
  it("a 404 is not kept: each request renders it again", async () => {
    const id = "0a6f1c9e-7d3b-4c61-9f1e-3b2a9c8d7e6f";
    for (let i = 0; i < 2; i++) {
      const missing = await get(`/property/${id}`);
      expect(missing.status).toBe(404);
      expect(missing.headers["x-page-cache"]).toBeUndefined();
      expect(missing.headers.etag).toBeUndefined();
    }
  });

  it("a response that sets a cookie, a 404, a redirect or an error is rendered every time", async () => {
    // A small app with the cache in front, whose routes answer each of these.
    const cache = createPageCache({ enabled: true });
    const app = express();
    const renders = new Map<string, number>();
    app.use((_req, res, next) => {
      res.locals.cspNonce = "abc";
      next();
    });
    app.use(cache.middleware);
    app.get(["/about", "/team", "/contact", "/services", "/"], (req, res) => {
      const count = (renders.get(req.path) ?? 0) + 1;
      renders.set(req.path, count);
      if (req.path === "/about") res.setHeader("Set-Cookie", `visitor=${count}; Path=/`);
      if (req.path === "/contact") return res.redirect("/about");
      res.status(req.path === "/team" ? 404 : req.path === "/services" ? 500 : 200);
      res.type("html").send(`<html><script nonce="abc">${count}</script></html>`);
    });
    const local = await serveOverHttp(app);
    const get = local.get;
    try {
      const first = await get("/about");
      const second = await get("/about");
      expect(first.headers["set-cookie"]).toEqual(["visitor=1; Path=/"]);
      expect(second.headers["set-cookie"]).toEqual(["visitor=2; Path=/"]);
      expect(second.headers["x-page-cache"]).toBeUndefined();
      for (const path of ["/team", "/contact", "/services"]) {
        const a = await get(path);
        const b = await get(path);
        expect([a.status, b.status], path).toEqual(
          path === "/team" ? [404, 404] : path === "/contact" ? [302, 302] : [500, 500],
        );
        expect(b.headers["x-page-cache"], path).toBeUndefined();
      }
      // The same app does keep a plain page.
      await get("/");
      expect((await get("/")).headers["x-page-cache"]).toBe("HIT");
      expect(Object.fromEntries(renders)).toEqual({
        "/": 1,
        "/about": 2,
        "/team": 2,
        "/contact": 2,
        "/services": 2,
      });
      expect(cache.stats().entries).toBe(1);
    } finally {
      cache.close();
      await local.close();
    }
  });
});

describe("invalidation", () => {
  it("an admin's price change shows on the next anonymous request, listing and page", async () => {
    const path = `/property/${propertyId}`;
    await get(path);
    await get("/properties");
    const before = await get(path);
    expect(before.headers["x-page-cache"]).toBe("HIT");
    expect(before.text).toContain("50,000,000");
    const etag = String(before.headers.etag);
    expect((await get("/properties")).headers["x-page-cache"]).toBe("HIT");

    const generation = contentGeneration();
    const result = await updatePropertyByAdmin(admin.actor, propertyId, {
      ...LISTING,
      price: 65_000_000,
    });
    expect(result.ok).toBe(true);
    expect(contentGeneration()).toBeGreaterThan(generation);

    const after = await get(path);
    expect(after.headers["x-page-cache"]).toBe("MISS");
    expect(after.text).toContain("65,000,000");
    expect(after.text).not.toContain("50,000,000");
    const listing = await get("/properties");
    expect(listing.text).toContain("65,000,000");
    // The browser's copy is stale: a full page, not a 304.
    const revalidated = await get(path, { "If-None-Match": etag });
    expect(revalidated.status).toBe(200);
    expect(revalidated.text).toContain("65,000,000");
  });

  it("a page rendered while the content changed is not kept", async () => {
    await get("/book-appointment");
    // A change between two requests: the entry made before it is never served after it.
    contentChanged();
    const next = await get("/book-appointment");
    expect(next.headers["x-page-cache"]).toBe("MISS");
  });
});
