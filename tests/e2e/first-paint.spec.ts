import type { Page } from "@playwright/test";
import { gotoHydrated, readResultsLine, signedInAs, toasts, waitForHydration } from "./support";
import { expect, test } from "./test";

// What a phone on a slow connection waits for before it can draw a page: the HTML only. The
// stylesheet is inline on public pages and the scripts start once the page has painted
// (app/http/inline-css.server.ts, app/http/deferred-scripts.server.ts).

/** When the page's first script request began, in ms since the navigation started. */
function firstScriptStart(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.min(
      ...performance
        .getEntriesByType("resource")
        .filter((entry) => entry.name.endsWith(".js"))
        .map((entry) => entry.startTime),
    ),
  );
}

for (const path of ["/", "/properties", "/services"]) {
  test(`${path}: the HTML needs no other file to be drawn`, async ({ request }) => {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).not.toMatch(/<link[^>]*rel="(stylesheet|modulepreload)"/);
    expect(head).toMatch(
      /<style data-precedence="default" data-href="app-css">[\s\S]{10000,}?<\/style>/,
    );
    expect(html).not.toMatch(/<script[^>]*type="module"/);
  });
}

test("pages rendered per person link the stylesheet, which the browser keeps", async ({ page }) => {
  await signedInAs(page, "first-paint-reader");
  const html = await (await page.request.get("/dashboard")).text();
  const href = /<link rel="stylesheet" href="(\/assets\/app-[\w-]+\.css)"/.exec(html)?.[1];
  expect(href).toBeTruthy();
  expect(html).not.toContain('data-href="app-css"');
  const css = await page.request.get(href ?? "");
  expect(css.headers()["cache-control"]).toContain("immutable");
});

test("the scripts start after the first paint, and the page then hydrates with its one stylesheet", async ({
  page,
}) => {
  await gotoHydrated(page, "/properties");
  const parsed = await page.evaluate(
    () =>
      (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)
        ?.domContentLoadedEventEnd ?? Infinity,
  );
  // After the whole page is parsed and a frame is drawn (their fetch priority is low besides).
  expect(await firstScriptStart(page)).toBeGreaterThan(parsed);
  // The admin screens' chunk (vite.config.ts) is not a public page's concern.
  const scripts = await page.evaluate(() =>
    performance.getEntriesByType("resource").map((entry) => entry.name),
  );
  expect(scripts.filter((name) => /\/assets\/admin-[\w-]+\.js$/.test(name))).toEqual([]);
  // The toasts' script (app/components/toaster.tsx) comes once the page is idle, with no toast
  // asked for: the live region is there before anyone acts.
  await expect(page.getByRole("region", { name: /notifications/i })).toBeAttached();
  // React kept the inline stylesheet when it hydrated and fetched no other.
  await expect(page.locator('style[data-href="app-css"]')).toHaveCount(1);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  // The page works as a React page: a client-side navigation keeps the styles.
  await page.getByRole("link", { name: "About", exact: true }).first().click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('style[data-href="app-css"]')).toHaveCount(1);
  const background = await page.evaluate(
    () => getComputedStyle(document.querySelector("header") ?? document.body).backgroundColor,
  );
  expect(background).not.toBe("rgba(0, 0, 0, 0)");
});

test("a toast whose script does not arrive costs that toast only: the page stays, the next toast loads it", async ({
  page,
}) => {
  const toasterChunk = /\/assets\/sonner-toaster-[\w-]+\.js$/;
  await page.route(toasterChunk, (route) => route.abort());
  await gotoHydrated(page, "/");
  // The hero's Search: after going back, the listing (whose filters have a Search button too)
  // may still be drawn for a moment.
  const search = page
    .getByRole("form", { name: "Search properties" })
    .getByRole("button", { name: "Search", exact: true });
  await search.click();
  // The hint's toast is lost, not the page: the search still opens the listing.
  await expect(page).toHaveURL(/\/properties$/);
  expect((await readResultsLine(page)).from).toBe(1);
  await expect(toasts(page)).toHaveCount(0);

  await page.unroute(toasterChunk);
  await page.goBack();
  await search.click();
  await expect(toasts(page).first()).toBeVisible();
});

// The first screen's main photo (fetchpriority="high") comes before the scripts: on a slow
// link they would share its bandwidth.
const HERO_PHOTO = /\/media\/generated\/hero\/1[.-]/;

test("the scripts wait for the first screen's main photo", async ({ page }) => {
  await page.route(HERO_PHOTO, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1200));
    await route.continue();
  });
  await gotoHydrated(page, "/");
  const photoEnd = await page.evaluate((pattern) => {
    const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
    return resources.find((entry) => new RegExp(pattern).test(entry.name))?.responseEnd ?? Infinity;
  }, HERO_PHOTO.source);
  expect(photoEnd).toBeGreaterThan(1000);
  expect(await firstScriptStart(page)).toBeGreaterThan(photoEnd);
});

test("a main photo that never arrives holds the scripts back 3 seconds at most", async ({
  page,
}) => {
  await page.route(HERO_PHOTO, () => {
    // never answered
  });
  await page.goto("/", { waitUntil: "commit" });
  const started = Date.now();
  await waitForHydration(page);
  const waited = Date.now() - started;
  expect(waited).toBeGreaterThan(2500);
  expect(waited).toBeLessThan(9000);
  expect(await firstScriptStart(page)).toBeGreaterThan(2900);
});
