import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { appointments, properties } from "~/db/schema";
import { createProperty } from "../../tests/setup/accounts";
import {
  createSignedInAdmin,
  createSignedInAgent,
  type SignedInAdmin,
} from "../../tests/setup/admin";
import { startTestServer, type TestServer } from "../../tests/setup/http-app";
import { setupTestDatabase } from "../../tests/setup/test-database";

// Issue 42 item 4: the staff permission check decides on the route React Router matched, not on
// the spelling of the address. React Router matches case-insensitively after decoding
// %-escapes, so /admin/properties/NEW and /admin/properties/%6eew are the Add Property page: an
// agent must get the same 403 there as at /admin/properties/new, for the page, its data request
// and its form posts, and nothing may be written. Asked over HTTP, through the whole server.

await setupTestDatabase();

let server: TestServer;
let agent: SignedInAdmin;
let admin: SignedInAdmin;
let agentsListing = "";

beforeAll(async () => {
  server = await startTestServer();
  admin = await createSignedInAdmin("spellings-admin@example.com");
  agent = await createSignedInAgent("spellings-agent@example.com");
  agentsListing = await createProperty("The agent's own flat");
  await db.update(properties).set({ agentId: agent.id }).where(eq(properties.id, agentsListing));
});

afterAll(async () => {
  await server.close();
});

async function ask(path: string, who: SignedInAdmin, form?: Record<string, string>) {
  const response = await fetch(`${server.origin}${path}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: {
      cookie: who.cookie,
      ...(form
        ? { "content-type": "application/x-www-form-urlencoded", origin: server.origin }
        : {}),
    },
    ...(form ? { body: new URLSearchParams(form).toString() } : {}),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The same page, spelled the ways React Router reads alike (the last word changed). */
function spellings(path: string): string[] {
  const cut = path.lastIndexOf("/");
  const head = path.slice(0, cut);
  const last = path.slice(cut + 1);
  const letter = last.search(/[a-z]/);
  const escaped = `${last.slice(0, letter)}%${last.charCodeAt(letter).toString(16)}${last.slice(letter + 1)}`;
  return [
    path,
    path.toUpperCase(),
    `${head}/${last.toUpperCase()}`,
    `${head}/${escaped}`,
    `${head.toUpperCase()}/${escaped.toUpperCase()}`,
    `${head}/${last.slice(0, 1).toUpperCase()}${last.slice(1)}`,
    `${path}/`,
  ];
}

const CLOSED_TO_AGENTS = [
  "/admin/properties/new",
  "/admin/properties/import",
  "/admin/properties/export.csv",
  "/admin/properties/template.csv",
  "/admin/users",
  // /admin/settings opened to agents for their own account (issue 47); the audit log has not.
  "/admin/audit",
  "/admin/backups",
];

describe("an agent at a page closed to agents", () => {
  it.each(CLOSED_TO_AGENTS)("%s is 403 however it is spelled, page and data", async (page) => {
    for (const path of spellings(page)) {
      expect(await ask(path, agent), path).toBe(403);
      // A double slash is no page: the admin area's not-found, which is the office's too.
      expect(await ask(path.replace("/admin/", "/admin//"), agent), path).toBe(403);
      if (!page.endsWith(".csv")) {
        const dataPath = `${path.replace(/\/$/, "")}.data`;
        expect(await ask(dataPath, agent), dataPath).toBe(403);
      }
    }
  });

  it("cannot add a listing by posting to another spelling", async () => {
    const listings = await db.$count(properties);
    const viewings = await db.$count(appointments);
    const listing = {
      title: "Spelled listing",
      purpose: "sale",
      price: "1000000",
      propertyType: "house",
      category: "residential",
      city: "Kano",
    };
    for (const path of spellings("/admin/properties/new")) {
      expect(await ask(path, agent, listing), path).toBe(403);
      expect(await ask(`${path.replace(/\/$/, "")}.data`, agent, listing), path).toBe(403);
    }
    const csv =
      "title,purpose,price,property_type,category,city\nSpelled,sale,1000,house,residential,Kano";
    for (const path of spellings("/admin/properties/import")) {
      expect(await ask(path, agent, { intent: "import", csv }), path).toBe(403);
      expect(
        await ask(`${path.replace(/\/$/, "")}.data`, agent, { intent: "check", csv }),
        path,
      ).toBe(403);
    }
    expect(await db.$count(properties)).toBe(listings);
    expect(await db.$count(appointments)).toBe(viewings);
  });
});

describe("the pages open to agents", () => {
  it("open in every spelling, as the staff pages they are", async () => {
    const pages = [
      ...spellings("/admin/properties"),
      ...spellings("/admin/appointments"),
      // Their own listing's edit page and its data request: only the route's words respelled.
      ...spellings("/admin/properties").map(
        (list) => `${list.replace(/\/$/, "")}/${agentsListing}`,
      ),
    ];
    for (const path of pages) {
      expect(await ask(path, agent), path).toBe(200);
      expect(await ask(`${path.replace(/\/$/, "")}.data`, agent), path).toBe(200);
    }
  });

  it("are the same for an admin, who opens every spelling of the closed pages", async () => {
    for (const path of spellings("/admin/properties/new")) {
      expect(await ask(path, admin), path).toBe(200);
      expect(await ask(`${path.replace(/\/$/, "")}.data`, admin), path).toBe(200);
    }
    expect(await ask("/admin//properties/new", admin)).toBe(404);
  });
});
