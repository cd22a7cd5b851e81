import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, createCspNonce, securityHeaders } from "./security-headers.server";

const base = { nonce: "abc123", development: false, httpsProduction: false };

describe("security headers", () => {
  it("lets only our scripts and this response's nonce run, and nothing frame the site", () => {
    const policy = contentSecurityPolicy(base);
    expect(policy).toContain("script-src 'self' 'nonce-abc123';");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("connect-src 'self';");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });

  it("loads images and clips from this site only, and frames only the players and the map", () => {
    const policy = contentSecurityPolicy(base);
    expect(policy).toContain("img-src 'self' data: blob:;");
    expect(policy).toContain("media-src 'self' blob:;");
    expect(policy).not.toMatch(/(img|media)-src[^;]*https:/);
    expect(policy).toContain(
      "frame-src https://www.youtube-nocookie.com https://player.vimeo.com https://www.openstreetmap.org;",
    );
  });

  it("allows the dev server's hot-reload socket only in development", () => {
    expect(contentSecurityPolicy({ ...base, development: true })).toContain(
      "connect-src 'self' ws: wss:",
    );
  });

  it("adds HSTS and upgrade-insecure-requests only in production over https", () => {
    const plain = securityHeaders(base);
    expect(plain["Strict-Transport-Security"]).toBeUndefined();
    const https = securityHeaders({ ...base, httpsProduction: true });
    expect(https["Strict-Transport-Security"]).toBe("max-age=31536000; includeSubDomains");
    expect(https["Content-Security-Policy"]).toMatch(/; upgrade-insecure-requests$/);
    expect(https["Permissions-Policy"]).toBe("camera=(), microphone=(), geolocation=()");
    expect(https["Cross-Origin-Opener-Policy"]).toBe("same-origin");
  });

  it("makes a different unguessable nonce each time", () => {
    const nonces = new Set(Array.from({ length: 50 }, createCspNonce));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
  });
});
