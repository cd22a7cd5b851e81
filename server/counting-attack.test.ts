import { eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setTestEnv } from "../tests/setup/env";

// Issue 42 item 6 over real HTTP: the attack as it was reported, 50 rounds from one address,
// each with another User-Agent, of a listing's phone link and its page, behind one trusted proxy
// (the address is the one X-Forwarded-For's last hop names, as the app resolves it). The listing
// gets at most MAX_COUNTS_PER_ADDRESS phone leads and views from it. (The anonymous page cache
// counts the views it serves with the same countPropertyView and the same address.)
setTestEnv({ TRUST_PROXY: "1" });
const { db } = await import("~/db/client.server");
const { properties, propertyDailyLeads, propertyDailyViews } = await import("~/db/schema");
const { MAX_COUNTS_PER_ADDRESS } = await import("~/models/count-once.server");
const { flushPropertyViews } = await import("~/models/property-stats.server");
const { createProperty } = await import("../tests/setup/accounts");
const { startTestServer } = await import("../tests/setup/http-app");
const { setupTestDatabase } = await import("../tests/setup/test-database");

await setupTestDatabase();

let server: Awaited<ReturnType<typeof startTestServer>>;
let id: string;
beforeAll(async () => {
  server = await startTestServer();
  id = await createProperty("Attacked duplex");
  await db.update(properties).set({ status: "available" }).where(eq(properties.id, id));
});
afterAll(async () => {
  await server.close();
});

function agent(i: number) {
  return `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_${i}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.${i} Safari/605.1.15`;
}

/** A request through the proxy: the client's address is the last X-Forwarded-For hop. */
function fromClient(path: string, address: string, userAgent: string) {
  return fetch(`${server.origin}${path}`, {
    headers: { "User-Agent": userAgent, "X-Forwarded-For": `10.0.0.99, ${address}` },
    redirect: "manual",
  });
}

async function phoneLeads() {
  const [row] = await db
    .select({ n: sum(propertyDailyLeads.leads).mapWith(Number) })
    .from(propertyDailyLeads)
    .where(eq(propertyDailyLeads.propertyId, id));
  return row?.n ?? 0;
}

async function views() {
  await flushPropertyViews();
  const [row] = await db
    .select({ n: sum(propertyDailyViews.views).mapWith(Number) })
    .from(propertyDailyViews)
    .where(eq(propertyDailyViews.propertyId, id));
  return row?.n ?? 0;
}

describe("one address rotating its User-Agent", () => {
  it("buys at most three phone leads and three views with 50 rounds", async () => {
    for (let i = 0; i < 50; i++) {
      const page = await fromClient(`/property/${id}`, "203.0.113.7", agent(i));
      expect(page.status).toBe(200);
      await page.arrayBuffer();
      const phone = await fromClient(`/go/${id}/phone`, "203.0.113.7", agent(i));
      expect(phone.status).toBe(302);
    }
    expect(await phoneLeads()).toBe(MAX_COUNTS_PER_ADDRESS);
    expect(await views()).toBe(MAX_COUNTS_PER_ADDRESS);
  }, 120_000);

  it("a spoofed first hop changes nothing; another real address counts once", async () => {
    // What the client writes left of the proxy's hop is not its address.
    const spoofed = await fetch(`${server.origin}/go/${id}/phone`, {
      headers: { "User-Agent": agent(99), "X-Forwarded-For": "1.2.3.4, 203.0.113.7" },
      redirect: "manual",
    });
    expect(spoofed.status).toBe(302);
    expect(await phoneLeads()).toBe(MAX_COUNTS_PER_ADDRESS);
    for (let i = 0; i < 3; i++) {
      await (await fromClient(`/go/${id}/phone`, "198.51.100.20", agent(1))).arrayBuffer();
    }
    expect(await phoneLeads()).toBe(MAX_COUNTS_PER_ADDRESS + 1);
  });
});
