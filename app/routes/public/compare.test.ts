import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { properties } from "~/db/schema";
import { callAction, routeArgs } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action, loader } from "./compare";

await setupTestDatabase();

type Loaded = Awaited<ReturnType<typeof loader>>;

const UNKNOWN = "3f1b6a8e-2c4d-4e5f-8a9b-0c1d2e3f4a5b";
const ids: Record<string, string> = {};

async function insert(key: string, values: Partial<typeof properties.$inferInsert> = {}) {
  const [row] = await db
    .insert(properties)
    .values({
      title: `Listing ${key}`,
      purpose: "sale",
      price: 60_000_000,
      propertyType: "duplex",
      category: "residential",
      city: "Lagos",
      address: "Lekki Phase 1",
      beds: 4,
      baths: 4,
      sqft: 3_000,
      ...values,
    })
    .returning({ id: properties.id });
  if (!row) throw new Error("insert failed");
  ids[key] = row.id;
  return row.id;
}

beforeAll(async () => {
  await insert("a", { titleDocument: "c-of-o" });
  await insert("b", { price: 45_000_000, beds: 3, titleDocument: "c-of-o" });
  await insert("c", {
    purpose: "rent",
    price: 4_000_000,
    rentPeriod: "year",
    propertyType: "apartment",
    sqft: 1_600,
    serviceCharge: 750_000,
    furnishing: "furnished",
  });
  await insert("d");
  await insert("e");
  // A sold listing still has its page, so it can be compared; a trashed one cannot.
  await insert("sold", { status: "sold" });
  await insert("trashed", { deletedAt: new Date() });
});

function load(query: string) {
  return loader(routeArgs(`/compare${query}`)) as Promise<Loaded>;
}

describe("/compare loader", () => {
  it("shows the properties of the URL side by side, in the URL's order", async () => {
    const result = await load(`?ids=${ids.b},${ids.a},${ids.c}`);
    expect(result.properties.map((p) => p.title)).toEqual(["Listing b", "Listing a", "Listing c"]);
    expect(result.notices).toEqual({ unavailable: 0, overLimit: 0, full: false });
  });

  it("accepts repeated ids parameters, upper case and duplicates", async () => {
    const result = await load(`?ids=${ids.a}&ids=${ids.b?.toUpperCase()},${ids.a}`);
    expect(result.properties.map((p) => p.id)).toEqual([ids.a, ids.b]);
  });

  it("compares at most four and says how many were left out", async () => {
    const result = await load(`?ids=${[ids.a, ids.b, ids.c, ids.d, ids.e].join(",")}`);
    expect(result.properties.map((p) => p.id)).toEqual([ids.a, ids.b, ids.c, ids.d]);
    expect(result.notices.overLimit).toBe(1);
  });

  it("leaves out unknown, malformed and trashed ids and counts them, never failing", async () => {
    const result = await load(
      `?ids=${ids.a},${UNKNOWN},not-an-id,1%20or%201=1,${ids.trashed},${ids.sold}`,
    );
    expect(result.properties.map((p) => p.id)).toEqual([ids.a, ids.sold]);
    expect(result.notices.unavailable).toBe(4);
  });

  it("answers an empty comparison for no ids, junk and absurd input", async () => {
    for (const query of ["", "?ids=", "?ids=,,,", `?ids=${"x".repeat(5000)}`, "?ids=%00%ff"]) {
      const result = await load(query);
      expect(result.properties).toEqual([]);
    }
  });

  it("carries the facts the table shows, and the limit notice from a refused fifth", async () => {
    const result = await load(`?ids=${ids.c}&full=1&show=differences`);
    expect(result.notices.full).toBe(true);
    expect(result.onlyDifferences).toBe(true);
    expect(result.properties[0]).toMatchObject({
      purpose: "rent",
      price: 4_000_000,
      rentPeriod: "year",
      serviceCharge: 750_000,
      furnishing: "furnished",
      sqft: 1_600,
    });
  });
});

describe("/compare action (the Compare buttons without JavaScript)", () => {
  function cookieOf(answer: { cookies: string[] }) {
    const set = answer.cookies.find((c) => c.startsWith("compare="));
    if (!set) throw new Error("no compare cookie set");
    return set.split(";")[0] ?? "";
  }

  it("keeps the shortlist in a cookie and shows the comparison", async () => {
    const first = await callAction(action, "/compare", {
      form: { intent: "add", id: ids.a ?? "" },
    });
    expect(first.status).toBe(302);
    expect(first.location).toBe(`/compare?ids=${ids.a}`);
    const cookie = cookieOf(first);
    expect(first.cookies[0]).toMatch(/HttpOnly; SameSite=Lax/);

    const second = await callAction(action, "/compare", {
      cookie,
      form: { intent: "add", id: ids.b ?? "" },
    });
    expect(second.location).toBe(`/compare?ids=${ids.a},${ids.b}`);
    // Adding one already there changes nothing.
    const again = await callAction(action, "/compare", {
      cookie: cookieOf(second),
      form: { intent: "add", id: ids.a ?? "" },
    });
    expect(again.location).toBe(`/compare?ids=${ids.a},${ids.b}`);
  });

  it("refuses a fifth and says why, keeping the four", async () => {
    const four = `compare=${[ids.a, ids.b, ids.c, ids.d].join(".")}`;
    const answer = await callAction(action, "/compare", {
      cookie: four,
      form: { intent: "add", id: ids.e ?? "" },
    });
    expect(answer.location).toBe(`/compare?ids=${[ids.a, ids.b, ids.c, ids.d].join(",")}&full=1`);
    expect(cookieOf(answer)).toBe(four);
  });

  it("drops listings that left the site from the kept list, making room", async () => {
    const answer = await callAction(action, "/compare", {
      cookie: `compare=${[ids.a, ids.trashed, UNKNOWN, ids.d].join(".")}`,
      form: { intent: "add", id: ids.e ?? "" },
    });
    expect(answer.location).toBe(`/compare?ids=${ids.a},${ids.d},${ids.e}`);
  });

  it("removes from the page's list, and clears", async () => {
    const removed = await callAction(action, "/compare", {
      form: {
        intent: "remove",
        id: ids.b ?? "",
        ids: [ids.a, ids.b, ids.c].join(","),
      },
    });
    expect(removed.location).toBe(`/compare?ids=${ids.a},${ids.c}`);
    expect(cookieOf(removed)).toBe(`compare=${ids.a}.${ids.c}`);

    const cleared = await callAction(action, "/compare", {
      cookie: `compare=${ids.a}`,
      form: { intent: "clear" },
    });
    expect(cleared.location).toBe("/compare");
    expect(cleared.cookies[0]).toMatch(/^compare=; Max-Age=0/);
  });

  it("answers 404 for an unknown or trashed property and 400 for junk, setting nothing", async () => {
    for (const id of [UNKNOWN, ids.trashed ?? ""]) {
      const answer = await callAction(action, "/compare", { form: { intent: "add", id } });
      expect(answer.status).toBe(404);
      expect(answer.cookies).toEqual([]);
    }
    for (const form of [{ intent: "add", id: "junk" }, { intent: "delete-all" }, {}]) {
      const answer = await callAction(action, "/compare", { form: form as Record<string, string> });
      expect(answer.status).toBe(400);
      expect(answer.cookies).toEqual([]);
    }
  });
});
