import { describe, expect, it } from "vitest";
import { getEnv } from "~/env.server";
import { loader } from "./robots";

describe("/robots.txt", () => {
  it("allows the public site, keeps crawlers out of private areas, and names the sitemap", async () => {
    const response = loader();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    const lines = (await response.text()).split("\n");
    expect(lines).toContain("User-agent: *");
    expect(lines).toContain("Allow: /");
    for (const path of [
      "/dashboard",
      "/admin",
      "/website-editor",
      "/signin",
      "/signup",
      "/forgot-password",
      "/reset-password",
      "/verify-email",
    ]) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    // Nothing public is disallowed.
    for (const path of ["/properties", "/property", "/about", "/team", "/contact", "/services"]) {
      expect(
        lines.filter((line) => line.startsWith("Disallow:") && path.startsWith(line.slice(10))),
      ).toEqual([]);
    }
    expect(lines).toContain(`Sitemap: ${getEnv().siteUrl}/sitemap.xml`);
  });
});
