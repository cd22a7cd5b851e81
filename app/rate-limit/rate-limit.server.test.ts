import { sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { parseEnv } from "~/env.server";
import { createRequestContext } from "~/http/request-context.server";
import { setupTestDatabase } from "../../tests/setup/test-database";
import {
  addressGroup,
  clientIp,
  consumeRateLimit,
  deleteExpiredRateLimits,
  getClientIp,
  RATE_LIMITS,
  rateLimitKey,
} from "./rate-limit.server";

await setupTestDatabase();

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

describe("consumeRateLimit", () => {
  it("allows `limit` attempts in a window and refuses the next with a retry delay", async () => {
    const rule = { limit: 3, windowMs: 60_000 };
    for (let attempt = 1; attempt <= 3; attempt++) {
      expect(await consumeRateLimit("t:basic", rule)).toEqual({
        allowed: true,
        retryAfterSeconds: 0,
      });
    }
    const refused = await consumeRateLimit("t:basic", rule);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("allows again once the window has passed", async () => {
    const rule = { limit: 2, windowMs: 300 };
    await consumeRateLimit("t:window", rule);
    await consumeRateLimit("t:window", rule);
    const refused = await consumeRateLimit("t:window", rule);
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 1 });
    await sleep(400);
    expect(await consumeRateLimit("t:window", rule)).toEqual({
      allowed: true,
      retryAfterSeconds: 0,
    });
    expect((await consumeRateLimit("t:window", rule)).allowed).toBe(true);
    expect((await consumeRateLimit("t:window", rule)).allowed).toBe(false);
  });

  it("counts concurrent attempts exactly: 20 at once with a limit of 10 lets 10 through", async () => {
    const rule = { limit: 10, windowMs: 60_000 };
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimit("t:concurrent", rule)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    const stored = await db.execute<{ count: number }>(
      sql`select count from rate_limits where key = 't:concurrent'`,
    );
    expect(stored.rows[0]?.count).toBe(20);
  });

  it("keeps keys independent", async () => {
    const rule = { limit: 1, windowMs: 60_000 };
    expect((await consumeRateLimit("t:a", rule)).allowed).toBe(true);
    expect((await consumeRateLimit("t:a", rule)).allowed).toBe(false);
    expect((await consumeRateLimit("t:b", rule)).allowed).toBe(true);
  });

  it("deletes rows whose window ended more than a day ago, and only those", async () => {
    await db.execute(sql`
      insert into rate_limits (key, count, window_started_at) values
        ('t:old', 3, now() - interval '3 days'),
        ('t:recent', 3, now() - interval '2 hours')
    `);
    expect(await deleteExpiredRateLimits()).toBe(1);
    const keys = await db.execute<{ key: string }>(
      sql`select key from rate_limits where key in ('t:old', 't:recent')`,
    );
    expect(keys.rows.map((r) => r.key)).toEqual(["t:recent"]);
  });

  it("has a sensible rule for every limited action", () => {
    for (const rule of Object.values(RATE_LIMITS)) {
      expect(rule.limit).toBeGreaterThan(0);
      expect(rule.windowMs).toBeGreaterThanOrEqual(60_000);
    }
    expect(rateLimitKey("signIn", "1.2.3.4", " Ada@Example.COM ")).toBe(
      "signIn:1.2.3.4:ada@example.com",
    );
  });
});

describe("clientIp", () => {
  const forwarded = (value: string) =>
    new Request("http://localhost/signin", { headers: { "X-Forwarded-For": value } });

  it("uses the socket address and ignores X-Forwarded-For without TRUST_PROXY", () => {
    expect(clientIp(forwarded("6.6.6.6"), "10.0.0.5", 0)).toBe("10.0.0.5");
    expect(clientIp(new Request("http://localhost/"), "::ffff:192.168.1.20", 0)).toBe(
      "192.168.1.20",
    );
    expect(clientIp(new Request("http://localhost/"), "::1", 0)).toBe("::1");
    expect(clientIp(new Request("http://localhost/"), undefined, 0)).toBe("unknown");
  });

  it("uses the address the trusted proxy saw with TRUST_PROXY", () => {
    // One proxy: it appended the real peer last; anything before that came from the client.
    expect(clientIp(forwarded("102.89.1.7"), "10.0.0.5", 1)).toBe("102.89.1.7");
    expect(clientIp(forwarded("6.6.6.6, 102.89.1.7"), "10.0.0.5", 1)).toBe("102.89.1.7");
    // Two proxies (CDN then load balancer).
    expect(clientIp(forwarded("6.6.6.6, 102.89.1.7, 172.16.0.9"), "10.0.0.5", 2)).toBe(
      "102.89.1.7",
    );
    expect(clientIp(forwarded("[2001:db8::1]:443"), "10.0.0.5", 1)).toBe("2001:db8::1");
    // No header, or garbage in it: the socket address.
    expect(clientIp(new Request("http://localhost/"), "10.0.0.5", 1)).toBe("10.0.0.5");
    expect(clientIp(forwarded("not-an-ip"), "10.0.0.5", 1)).toBe("10.0.0.5");
  });

  it("takes TRUST_PROXY as a count of proxies and refuses anything else", () => {
    expect(parseEnv({}).trustProxyHops).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "" }).trustProxyHops).toBe(0);
    expect(parseEnv({ TRUST_PROXY: "1" }).trustProxyHops).toBe(1);
    expect(parseEnv({ TRUST_PROXY: "2" }).trustProxyHops).toBe(2);
    expect(() => parseEnv({ TRUST_PROXY: "yes" })).toThrow(/TRUST_PROXY/);
  });

  it("reads TRUST_PROXY from the environment by default", () => {
    // The test environment sets no TRUST_PROXY: the header is not believed.
    expect(clientIp(forwarded("6.6.6.6"), "10.0.0.5")).toBe("10.0.0.5");
  });

  it("getClientIp reads the socket address server/app.ts put in the load context", () => {
    const request = new Request("http://localhost/signin");
    const context = createRequestContext({ socketAddress: "::ffff:41.58.0.3", cspNonce: "n" });
    expect(getClientIp({ request, context })).toBe("41.58.0.3");
    expect(getClientIp({ request, context: new RouterContextProvider() })).toBe("unknown");
  });
});

describe("addressGroup", () => {
  it("counts an IPv6 address by its /64 and leaves IPv4 addresses and e-mails alone", () => {
    expect(addressGroup("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0db8:0001:0002:ffff:eeee:dddd:cccc")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8::7")).toBe("2001:db8:0:0::/64");
    expect(addressGroup("::1")).toBe("0:0:0:0::/64");
    expect(addressGroup("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressGroup("203.0.113.9")).toBe("203.0.113.9");
    expect(addressGroup("ada@example.com")).toBe("ada@example.com");
  });

  it("gives every address of one /64 the same rate-limit key", () => {
    expect(rateLimitKey("signInPerAddress", "2001:db8:1:2::1")).toBe(
      rateLimitKey("signInPerAddress", "2001:DB8:1:2:abcd:1:2:3"),
    );
    expect(rateLimitKey("signIn", "2001:db8:1:2::1", "Ada@Example.com")).toBe(
      "signIn:2001:db8:1:2::/64:ada@example.com",
    );
    expect(rateLimitKey("signIn", "2001:db8:1:3::1")).not.toBe(
      rateLimitKey("signIn", "2001:db8:1:2::1"),
    );
  });
});
