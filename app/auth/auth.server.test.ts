import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { resolveAuthSecret } from "~/auth/auth-secret.server";
import { getEnv } from "~/env.server";
import { setTestEnv } from "../../tests/setup/env";
import { getAuth, wantsSecureCookies } from "./auth.server";

describe("resolveAuthSecret", () => {
  it("uses AUTH_SECRET when set", () => {
    const secret = "x".repeat(40);
    expect(
      resolveAuthSecret({ authSecret: secret, dataDir: "/nonexistent", databaseUrl: undefined }),
    ).toBe(secret);
  });

  it("generates a secret once into DATA_DIR/auth-secret (mode 600) and reuses it", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "auth-secret-"));
    try {
      const env = { authSecret: undefined, dataDir, databaseUrl: undefined };
      const first = resolveAuthSecret(env);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      const file = path.join(dataDir, "auth-secret");
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(resolveAuthSecret(env)).toBe(first);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("wantsSecureCookies", () => {
  it("is on for HTTPS sites and production hosts, off on plain-HTTP loopback", () => {
    expect(wantsSecureCookies({ nodeEnv: "development", siteUrl: "https://naijahomes.ng" })).toBe(
      true,
    );
    expect(wantsSecureCookies({ nodeEnv: "production", siteUrl: "http://naijahomes.ng" })).toBe(
      true,
    );
    expect(wantsSecureCookies({ nodeEnv: "production", siteUrl: "http://localhost:3000" })).toBe(
      false,
    );
    expect(wantsSecureCookies({ nodeEnv: "development", siteUrl: "http://example.test" })).toBe(
      false,
    );
  });
});

describe("getAuth", () => {
  const sessionCookie = async () =>
    (await getAuth().$context).authCookies.sessionToken.name.startsWith("__Secure-");

  it("is built once per configuration, and again when a setting it is made from changes", async () => {
    setTestEnv({ SITE_URL: "http://localhost:3000" });
    const first = getAuth();
    expect(getAuth()).toBe(first);
    expect(await sessionCookie()).toBe(false);

    // Another configuration object with the same settings (the next file's): the same instance.
    setTestEnv({ PAGE_CACHE: "1" });
    expect(getAuth()).toBe(first);

    // An HTTPS site (password-reset-smtp.test.ts): secure cookies, until the setting is back.
    setTestEnv({ SITE_URL: "https://naijahomes.example" });
    expect(getEnv().siteUrl).toBe("https://naijahomes.example");
    expect(getAuth()).not.toBe(first);
    expect(await sessionCookie()).toBe(true);
    setTestEnv({ SITE_URL: "http://localhost:3000" });
    expect(await sessionCookie()).toBe(false);
  });
});
