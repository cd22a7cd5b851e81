import http from "node:http";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { favorites, inquiries, savedSearches, sessions } from "~/db/schema";
import { getEnv } from "~/env.server";
import { FORM_BODY_LIMIT_BYTES } from "~/lib/body-limits";
import { unsubscribeLink } from "~/mail/search-alert-mail.server";
import { createSavedSearch } from "~/models/saved-search.server";
import { createProperty, createSignedInUser } from "../tests/setup/accounts";
import { startTestServer, type TestServer } from "../tests/setup/http-app";
import { setupTestDatabase } from "../tests/setup/test-database";
import { isForeignOrigin } from "./origin-check";
import { METHOD_NOT_ALLOWED_MESSAGE } from "./request-handler";

// The HTTP app in front of the routes (server/http-app.ts), over real HTTP: the Origin check,
// body limits, no-store for signed-in visitors, and the answers that used to be a 500.

await setupTestDatabase();

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

function post(path: string, body: BodyInit | undefined, headers: Record<string, string> = {}) {
  return fetch(`${server.origin}${path}`, { method: "POST", body, headers, redirect: "manual" });
}

const inquiryCount = async () => (await db.select({ n: count() }).from(inquiries))[0]?.n ?? 0;

function contactForm(overrides: Record<string, string> = {}) {
  return new URLSearchParams({
    name: "Ada Obi",
    email: "ada@example.com",
    phone: "",
    subject: "A viewing",
    message: "Is the flat still available?",
    ...overrides,
  }).toString();
}

describe("the Origin check", () => {
  it("refuses a state-changing request from another site on resource routes too", async () => {
    const customer = await createSignedInUser("origin@example.com");
    const propertyId = await createProperty("Origin House");
    const foreign = { ...FORM, cookie: customer.cookie, Origin: "https://evil.example" };

    const favorite = await post(
      "/favorites",
      new URLSearchParams({ intent: "add", propertyId }).toString(),
      foreign,
    );
    expect(favorite.status).toBe(403);
    expect(await favorite.text()).toContain("came from another website");
    expect(await db.select().from(favorites).where(eq(favorites.userId, customer.id))).toEqual([]);

    const signout = await post("/signout", "", foreign);
    expect(signout.status).toBe(403);
    expect(await db.select().from(sessions).where(eq(sessions.userId, customer.id))).toHaveLength(
      1,
    );

    const before = await inquiryCount();
    const contact = await post("/contact", contactForm(), {
      ...FORM,
      Origin: "https://evil.example",
    });
    expect(contact.status).toBe(403);
    expect(await inquiryCount()).toBe(before);

    // The same requests from our own pages go through.
    const own = { ...FORM, cookie: customer.cookie, Origin: server.origin };
    const saved = await post(
      "/favorites",
      new URLSearchParams({ intent: "add", propertyId }).toString(),
      own,
    );
    expect(saved.status).toBe(302);
    expect(await db.select().from(favorites).where(eq(favorites.userId, customer.id))).toHaveLength(
      1,
    );
    const out = await post("/signout", "", own);
    expect(out.status).toBe(302);
    expect(await db.select().from(sessions).where(eq(sessions.userId, customer.id))).toEqual([]);
  });

  it("lets a mail client's one-click unsubscribe (no Origin, RFC 8058) through", async () => {
    const customer = await createSignedInUser("one-click@example.com");
    const saved = await createSavedSearch(customer.id, {
      name: "Lekki flats",
      query: "location=Lekki",
      frequency: "daily",
    });
    if (!saved.ok) throw new Error("not saved");
    const link = new URL(unsubscribeLink(saved.id));

    const response = await post(
      `${link.pathname}${link.search}`,
      "List-Unsubscribe=One-Click",
      FORM,
    );
    expect(response.status).toBe(200);
    const [row] = await db
      .select({ frequency: savedSearches.frequency })
      .from(savedSearches)
      .where(eq(savedSearches.id, saved.id));
    expect(row?.frequency).toBe("off");
  });

  it("tells foreign, null and cross-site requests from our own and from non-browsers", () => {
    const site = "https://naijahomes.ng";
    const req = (method: string, headers: Record<string, string>) => ({ method, headers });
    const host = { host: "naijahomes.ng" };
    expect(isForeignOrigin(req("POST", { ...host, origin: "https://evil.example" }), site)).toBe(
      true,
    );
    expect(isForeignOrigin(req("POST", { ...host, origin: "null" }), site)).toBe(true);
    expect(isForeignOrigin(req("DELETE", { ...host, "sec-fetch-site": "cross-site" }), site)).toBe(
      true,
    );
    expect(isForeignOrigin(req("POST", { ...host, "sec-fetch-site": "same-site" }), site)).toBe(
      true,
    );
    // Our own origin, by Host (http behind a proxy that ends TLS) or by SITE_URL.
    expect(isForeignOrigin(req("POST", { ...host, origin: "https://naijahomes.ng" }), site)).toBe(
      false,
    );
    expect(isForeignOrigin(req("POST", { host: "10.0.0.5:3000", origin: site }), site)).toBe(false);
    expect(isForeignOrigin(req("POST", { ...host, "sec-fetch-site": "same-origin" }), site)).toBe(
      false,
    );
    // No Origin and no Sec-Fetch-Site: not a browser (curl, a monitor).
    expect(isForeignOrigin(req("POST", host), site)).toBe(false);
    // Reading is never refused.
    expect(isForeignOrigin(req("GET", { ...host, origin: "https://evil.example" }), site)).toBe(
      false,
    );
  });
});

describe("one Origin rule for our check and React Router's", () => {
  it("takes a form whose Origin is SITE_URL though the Host is another (a proxy rewrote it)", async () => {
    const site = getEnv().siteUrl;
    expect(new URL(site).host).not.toBe(new URL(server.origin).host);
    const errors: unknown[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation((...args) => errors.push(args));
    try {
      const before = await inquiryCount();
      const answer = await post("/contact", contactForm({ subject: "Via the proxy" }), {
        ...FORM,
        Origin: site,
      });
      // Before: our check let it through and React Router's refused it (400, a logged stack).
      expect(answer.status).toBeLessThan(400);
      expect(await inquiryCount()).toBe(before + 1);
      // The data request a form sends with JavaScript on, likewise.
      const data = await post("/contact.data", contactForm({ subject: "Via the proxy, JS" }), {
        ...FORM,
        Origin: site,
      });
      expect(data.status).toBeLessThan(400);
      expect(await inquiryCount()).toBe(before + 2);
      // (The test build's own React warnings aside.)
      expect(errors.flat().map(String).join("\n")).not.toMatch(/Aborting the action|Bad Request/);
    } finally {
      spy.mockRestore();
    }
  });
});

describe("405", () => {
  it("is answered plainly, without naming the route modules", async () => {
    for (const [method, path] of [
      ["POST", "/about"],
      ["POST", "/about.data"],
      ["PUT", "/"],
      ["DELETE", "/properties.data"],
    ] as const) {
      const answer = await fetch(`${server.origin}${path}`, {
        method,
        headers: FORM,
        body: "a=b",
        redirect: "manual",
      });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.get("allow")).toBe("GET, HEAD");
      const text = await answer.text();
      expect(text).toBe(METHOD_NOT_ALLOWED_MESSAGE);
      expect(text).not.toMatch(/routes\/|action/);
    }
  });
});

/** A raw HTTP request, for bodies fetch will not send (chunked past the limit, lying lengths). */
function rawRequest(options: {
  path: string;
  headers: Record<string, string>;
  chunks: Buffer[];
}): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${server.origin}${options.path}`,
      { method: "POST", headers: options.headers },
      (response) => {
        let body = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          body += chunk;
        });
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
        );
      },
    );
    // The server may close the connection while we still write: what it answered counts.
    request.on("error", (error) => {
      if ((error as NodeJS.ErrnoException).code !== "EPIPE") reject(error);
    });
    const write = (i: number) => {
      if (i >= options.chunks.length || request.destroyed) {
        request.end();
        return;
      }
      request.write(options.chunks[i], () => setImmediate(() => write(i + 1)));
    };
    write(0);
  });
}

describe("body limits", () => {
  it("answers 413 to a Content-Length over the form limit without reading it", async () => {
    const before = await inquiryCount();
    const answer = await rawRequest({
      path: "/contact",
      headers: { ...FORM, "Content-Length": String(FORM_BODY_LIMIT_BYTES + 1) },
      chunks: [Buffer.from(contactForm())],
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe("close");
    expect(answer.body).toContain("too large");
    expect(await inquiryCount()).toBe(before);
  });

  it("cuts off a chunked body once it passes the limit", async () => {
    const before = await inquiryCount();
    const start = Buffer.from(`${contactForm()}&message=`);
    const filler = Buffer.alloc(64 * 1024, "x");
    const answer = await rawRequest({
      path: "/contact",
      headers: { ...FORM, "Transfer-Encoding": "chunked" },
      // 8 MB offered; the server stops reading after the first 256 KB.
      chunks: [start, ...Array.from({ length: 128 }, () => filler)],
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toContain("too large");
    expect(await inquiryCount()).toBe(before);
  });

  it("lets a multipart upload to the admin catalogue past the form limit, and nothing else", async () => {
    const big = new FormData();
    big.append("file", new Blob([Buffer.alloc(FORM_BODY_LIMIT_BYTES * 2, "a")]), "big.csv");
    // Not signed in: the admin guard answers, not the body limit.
    const upload = await post("/admin/properties/import", big);
    expect(upload.status).toBe(302);
    expect(upload.headers.get("location")).toMatch(/^\/admin\/login/);
    // The same size as a form, or as multipart anywhere else: 413.
    const size = String(FORM_BODY_LIMIT_BYTES * 2);
    const asForm = await rawRequest({
      path: "/admin/properties/import",
      headers: { ...FORM, "Content-Length": size },
      chunks: [Buffer.from("csv=a")],
    });
    expect(asForm.status).toBe(413);
    const elsewhere = await rawRequest({
      path: "/contact",
      headers: { "Content-Type": "multipart/form-data; boundary=x", "Content-Length": size },
      chunks: [Buffer.from("--x\r\n")],
    });
    expect(elsewhere.status).toBe(413);
  });
});

describe("bad bodies are a 400 with a message, and nothing is written", () => {
  const cases: [string, BodyInit | undefined, Record<string, string>][] = [
    ["no Content-Type", contactForm(), {}],
    ["JSON", JSON.stringify({ name: "Ada" }), { "Content-Type": "application/json" }],
    ["text/plain", contactForm(), { "Content-Type": "text/plain" }],
    [
      "broken multipart",
      '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda',
      { "Content-Type": "multipart/form-data; boundary=x" },
    ],
    ["empty multipart", "", { "Content-Type": "multipart/form-data; boundary=x" }],
    ["multipart without a boundary", contactForm(), { "Content-Type": "multipart/form-data" }],
  ];
  for (const [name, body, headers] of cases) {
    it(`answers ${name} with 400`, async () => {
      const before = await inquiryCount();
      // The page (document request) and the data request a script would make.
      for (const path of ["/contact", "/contact.data"]) {
        const answer = await post(path, body, headers);
        expect(answer.status, path).toBe(400);
        if (path === "/contact") {
          const html = await answer.text();
          expect(html).toContain("We could not accept that request");
        }
      }
      expect(await inquiryCount()).toBe(before);
    });
  }

  it("stores a NUL-laden message without the NUL, and refuses a name with a line break", async () => {
    const before = await inquiryCount();
    const stored = await post(
      "/contact",
      contactForm({ email: "nul@example.com", message: "Hello\u0000 there\u0007" }),
      FORM,
    );
    expect(stored.status).toBe(200);
    const [row] = await db
      .select({ description: inquiries.description })
      .from(inquiries)
      .where(eq(inquiries.email, "nul@example.com"));
    expect(row?.description).toBe("Hello there");

    const injected = await post(
      "/contact",
      contactForm({ name: "Ada\r\nBcc: victim@example.com", subject: "Hi\nthere" }),
      FORM,
    );
    expect(injected.status).toBe(400);
    expect(await inquiryCount()).toBe(before + 1);
  });

  it("answers a NUL in the search and a malformed token without a 500", async () => {
    expect((await fetch(`${server.origin}/properties?q=%00`)).status).toBe(200);
    const reset = await fetch(`${server.origin}/reset-password?token=abc%00def`);
    expect(reset.status).toBe(200);
    expect(await reset.text()).toContain("invalid or has expired");
    const verify = await fetch(`${server.origin}/verify-email?token=%0d%0a`);
    expect(verify.status).toBe(200);
  });
});

describe("responses to signed-in visitors", () => {
  it("are private, no-store, whatever the route set; signed-out ones are left alone", async () => {
    const customer = await createSignedInUser("nostore@example.com");
    for (const path of ["/about", "/dashboard", "/robots.txt", "/about.data", "/api/me"]) {
      const answer = await fetch(`${server.origin}${path}`, {
        headers: { cookie: customer.cookie },
        redirect: "manual",
      });
      expect(answer.headers.get("cache-control"), path).toBe("private, no-store");
    }
    const anonymous = await fetch(`${server.origin}/robots.txt`);
    expect(anonymous.headers.get("cache-control")).toBe("public, max-age=86400");
    expect((await fetch(`${server.origin}/about`)).headers.get("cache-control")).toBeNull();
  });
});

describe("429 answers", () => {
  it("carry Retry-After on a page and on a data request; the cap spans every e-mail", async () => {
    // One address trying a different e-mail each time (password spraying): no password, so no
    // hash is spent, but every attempt counts.
    const attempt = (i: number, path = "/signin") =>
      post(
        path,
        new URLSearchParams({ email: `spray-${i}@example.com`, password: "" }).toString(),
        FORM,
      );
    for (let i = 0; i < 50; i++) {
      expect((await attempt(i)).status).toBe(400);
    }
    const page = await attempt(50);
    expect(page.status).toBe(429);
    expect(Number(page.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await page.text()).toContain("Too many attempts");
    const data = await attempt(51, "/signin.data");
    expect(data.status).toBe(429);
    expect(Number(data.headers.get("retry-after"))).toBeGreaterThan(0);
    // The admin login counts against the same address.
    const admin = await attempt(52, "/admin/login");
    expect(admin.status).toBe(429);
    expect(Number(admin.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
