import { waitForHydration } from "./support";
import { expect, test } from "./test";

// The home page is the busiest page (hydration data, videos, images, toasts): if the
// Content-Security-Policy blocks nothing there, the nonce plumbing works.

function directives(policy: string) {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name ?? "", values]),
  );
}

test("the home page sends the security headers, with a fresh CSP nonce on every inline script", async ({
  request,
}) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const headers = response.headers();
  const policy = headers["content-security-policy"] ?? "";
  const csp = directives(policy);

  const scriptSrc = csp.get("script-src") ?? [];
  const nonceSource = scriptSrc.find((source) => source.startsWith("'nonce-"));
  expect(nonceSource).toMatch(/^'nonce-[A-Za-z0-9+/]{22}==?'$/);
  const nonce = nonceSource?.slice("'nonce-".length, -1) ?? "";
  expect(scriptSrc).toEqual(["'self'", `'nonce-${nonce}'`]);
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(csp.get("style-src")).toEqual(["'self'", "'unsafe-inline'"]);
  expect(csp.get("img-src")).toEqual(["'self'", "data:", "blob:"]);
  expect(csp.get("media-src")).toEqual(["'self'", "blob:"]);
  expect(csp.get("frame-src")).toEqual([
    "https://www.youtube-nocookie.com",
    "https://player.vimeo.com",
    "https://www.openstreetmap.org",
  ]);
  expect(csp.get("connect-src")).toEqual(["'self'"]);
  expect(csp.get("font-src")).toEqual(["'self'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'self'"]);
  expect(csp.get("form-action")).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  // Served over plain http here, so no https-only directives or headers.
  expect(csp.has("upgrade-insecure-requests")).toBe(false);
  expect(headers["strict-transport-security"]).toBeUndefined();

  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["permissions-policy"]).toBe("camera=(), microphone=(), geolocation=()");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");

  // Every inline script carries this response's nonce; scripts with src are our own files.
  // JSON-LD blocks are data the browser never runs (CSP does not apply to them): no nonce.
  const html = await response.text();
  const scripts = [...html.matchAll(/<script\b([^>]*)>/g)].map((match) => match[1] ?? "");
  const dataBlocks = scripts.filter((a) => /\btype="application\/ld\+json"/.test(a));
  expect(dataBlocks.length).toBeGreaterThan(0);
  const inline = scripts.filter((a) => !/\bsrc=/.test(a) && !dataBlocks.includes(a));
  expect(inline.length).toBeGreaterThan(0);
  for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`);
  for (const attributes of scripts.filter((a) => /\bsrc=/.test(a))) {
    expect(attributes).toMatch(/\bsrc="\/(?!\/)/);
  }

  // A new response, a new nonce.
  const again = await request.get("/");
  expect(again.headers()["content-security-policy"]).not.toContain(`'nonce-${nonce}'`);
});

test("static files carry the file headers: a hashed script and the SVG icon", async ({
  request,
}) => {
  const html = await (await request.get("/")).text();
  // The scripts a page starts once it has painted (app/http/deferred-scripts.server.ts).
  const script = /"(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
  expect(script).toBeTruthy();
  const scriptResponse = await request.get(script ?? "");
  expect(scriptResponse.status()).toBe(200);
  expect(scriptResponse.headers()["x-content-type-options"]).toBe("nosniff");

  // A file that could be opened on its own: it may not frame, script or be framed.
  const icon = await request.get("/favicon.svg");
  expect(icon.status()).toBe(200);
  const headers = icon.headers();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  const policy = headers["content-security-policy"] ?? "";
  expect(policy).toContain("default-src 'none'");
  expect(policy).toContain("sandbox");
});

test("the home page hydrates and plays its media with no CSP violation", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __cspViolations: string[] }).__cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => {
      seen.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`);
    });
  });

  await page.goto("/");
  await waitForHydration(page);
  // Scroll the whole page so lazy images and the gallery load under the policy too.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  await page.waitForLoadState("networkidle");

  // The video players are frames from other sites: the policy must let them in. This machine has
  // no internet, so each player answers with an empty page; the CSP check comes before the request.
  const players: string[] = [];
  await page.route(/^https:\/\/(www\.youtube-nocookie\.com|player\.vimeo\.com)\//, (route) => {
    players.push(new URL(route.request().url()).hostname);
    return route.fulfill({
      contentType: "text/html",
      body: "<!doctype html><title>player</title>",
    });
  });
  const videos = page.getByRole("list", { name: "Featured videos" }).getByRole("listitem");
  for (const provider of ["YouTube", "Vimeo"]) {
    const poster = videos
      .filter({ hasText: provider })
      .first()
      .getByRole("link", { name: /^Play video:/ });
    // The link reads "Play video: <provider badge><title>"; the badge is hidden from its name.
    const text = (await poster.textContent()) ?? "";
    const title = text
      .replace(/^Play video: /, "")
      .replace(provider, "")
      .trim();
    await expect(poster).toHaveAccessibleName(`Play video: ${title}`);
    await poster.click();
    await expect(page.locator("iframe").and(page.getByTitle(title, { exact: true }))).toBeVisible();
  }
  await expect.poll(() => players.sort()).toEqual(["player.vimeo.com", "www.youtube-nocookie.com"]);

  // A client-side navigation loads route modules and data under the same policy.
  await page
    .getByRole("link", { name: /properties/i })
    .first()
    .click();
  await expect(page).toHaveURL(/\/properties/);
  await page.waitForLoadState("networkidle");

  const violations = await page.evaluate(
    () => (window as unknown as { __cspViolations: string[] }).__cspViolations,
  );
  expect(violations).toEqual([]);
  expect(problems.filter((p) => /Content.Security.Policy|CSP/i.test(p))).toEqual([]);
  expect(problems).toEqual([]);
});
