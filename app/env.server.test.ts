import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseEnv } from "./env.server";

describe("configuration", () => {
  it("defaults to the embedded database in ./data on port 3000, with demo data", () => {
    const env = parseEnv({});
    expect(env.port).toBe(3000);
    expect(env.dataDir).toBe(path.resolve("data"));
    expect(env.databaseUrl).toBeUndefined();
    expect(env.seedDemo).toBe(true);
    expect(env.siteUrl).toBe("http://localhost:3000");
  });

  it("does not seed a PostgreSQL server unless asked", () => {
    expect(parseEnv({ DATABASE_URL: "postgres://u:p@db/app" }).seedDemo).toBe(false);
    expect(parseEnv({ DATABASE_URL: "postgres://u:p@db/app", SEED_DEMO: "1" }).seedDemo).toBe(true);
    expect(parseEnv({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it("rejects a malformed value with a message naming the variable", () => {
    expect(() => parseEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => parseEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL/);
  });
});
