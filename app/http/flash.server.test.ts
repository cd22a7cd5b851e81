import { afterEach, describe, expect, it, vi } from "vitest";

// The flash cookie is Secure when the site is served over HTTPS (SITE_URL), like the session.

async function flashModule(siteUrl: string) {
  vi.stubEnv("SITE_URL", siteUrl);
  vi.resetModules();
  return import("./flash.server");
}

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

describe("the flash cookie", () => {
  it("is Secure over HTTPS, set and cleared", async () => {
    const { consumeFlash, flashCookie } = await flashModule("https://naijahomes.ng");
    expect(flashCookie("signedIn")).toBe(
      "flash=signedIn; Path=/; HttpOnly; SameSite=Lax; Max-Age=60; Secure",
    );
    const { headers } = consumeFlash(
      new Request("https://naijahomes.ng/", { headers: { cookie: "flash=signedIn" } }),
    );
    expect(headers.get("Set-Cookie")).toBe(
      "flash=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure",
    );
  });

  it("is not Secure on plain http (a local try-out), where the browser would drop it", async () => {
    const { flashCookie } = await flashModule("http://localhost:3000");
    expect(flashCookie("signedIn")).not.toContain("Secure");
  });
});
