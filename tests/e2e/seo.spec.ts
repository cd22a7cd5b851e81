import type { Page } from "@playwright/test";
import { gotoHydrated, propertyCards, UUID_PATTERN } from "./support";
import { expect, test } from "./test";

// What a search engine or a chat app reads from the pages' heads, and the sitemap and robots.txt.

function metaContent(page: Page, attribute: "name" | "property", value: string) {
  return page.locator(`head meta[${attribute}="${value}"]`).getAttribute("content");
}

async function jsonLdBlocks(page: Page) {
  const texts = await page.locator('head script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>);
}

/**
 * A demo listing with its photo (other specs add listings without one, or with a tiny uploaded
 * test picture under /media/uploads/, and the sitemap lists them in any id order).
 */
async function propertyWithPhotoPath(page: Page) {
  // Newest first: by now other specs' listings may fill the first pages, so page on.
  const card = propertyCards(page)
    .filter({ has: page.locator('img[src^="/media/"]:not([src^="/media/uploads/"])') })
    .first();
  for (let listingPage = 1; listingPage <= 12; listingPage += 1) {
    await gotoHydrated(page, `/properties?page=${listingPage}`);
    if ((await card.count()) > 0) break;
  }
  const href = (await card.getByRole("link").first().getAttribute("href")) ?? "";
  expect(href).toMatch(new RegExp(`^/property/${UUID_PATTERN.source}$`, "i"));
  return href;
}

test("a property page carries a sharing card with its photo and an NGN offer", async ({ page }) => {
  const path = await propertyWithPhotoPath(page);
  await gotoHydrated(page, path);
  const title = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();

  const ogTitle = await metaContent(page, "property", "og:title");
  expect(ogTitle).toContain(title);
  expect(ogTitle).toMatch(/₦[\d,]+/);
  expect(await metaContent(page, "property", "og:type")).toBe("product");
  expect(await metaContent(page, "name", "twitter:card")).toBe("summary_large_image");

  const canonical = await page.locator('head link[rel="canonical"]').getAttribute("href");
  expect(canonical).toMatch(new RegExp(`^https?://[^/]+${path}$`));
  expect(await metaContent(page, "property", "og:url")).toBe(canonical);

  // An absolute URL a chat app can fetch: a JPEG of the first photo.
  const image = (await metaContent(page, "property", "og:image")) ?? "";
  expect(image).toMatch(/^https?:\/\/[^/]+\/media\/.+\?format=jpeg$/);
  const response = await page.request.get(image);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/jpeg");
  expect((await response.body()).length).toBeGreaterThan(10_000);

  const [offer] = await jsonLdBlocks(page);
  expect(offer).toMatchObject({
    "@context": "https://schema.org",
    name: title,
    url: canonical,
    offers: { "@type": "Offer", priceCurrency: "NGN", price: expect.any(Number) },
  });
});

test("the head follows client-side navigation from the listing to a property", async ({ page }) => {
  await gotoHydrated(page, "/properties?type=residential");
  await expect(page).toHaveTitle(/^Residential properties/);
  expect(await page.locator('head link[rel="canonical"]').getAttribute("href")).toMatch(
    /\/properties\?type=residential$/,
  );
  const card = propertyCards(page).first();
  const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
  await card.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(/\/property\//);
  await expect(page).toHaveTitle(new RegExp(title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page.locator('head script[type="application/ld+json"]')).toHaveCount(1);
  expect((await jsonLdBlocks(page))[0]).toMatchObject({ offers: { priceCurrency: "NGN" } });
});

test("the home page describes the company as a real-estate agent", async ({ page }) => {
  await gotoHydrated(page, "/");
  const agent = (await jsonLdBlocks(page)).find((block) => block["@type"] === "RealEstateAgent");
  expect(agent).toMatchObject({
    name: "NaijaHomes Realty",
    address: { addressLocality: "Abuja", addressCountry: "NG" },
    openingHours: ["Mo-Fr 09:00-17:00", "Sa 10:00-14:00"],
  });
  // The default sharing card exists and is a PNG.
  const image = (await metaContent(page, "property", "og:image")) ?? "";
  expect(image).toMatch(/\/og-image\.png$/);
  const response = await page.request.get(image);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("image/png");
  // The tab icon is a PNG too (an SVG one is drawn on the page's main thread as it loads).
  const icon = (await page.locator('link[rel="icon"]').getAttribute("href")) ?? "";
  expect(icon).toBe("/favicon.png");
  const iconResponse = await page.request.get(icon);
  expect(iconResponse.status()).toBe(200);
  expect(iconResponse.headers()["content-type"]).toBe("image/png");
});

test("sign-in and unknown pages ask not to be indexed", async ({ page }) => {
  await page.goto("/signin");
  expect(await metaContent(page, "name", "robots")).toBe("noindex");
  await page.goto("/no-such-page");
  expect(await metaContent(page, "name", "robots")).toBe("noindex");
});

test("sitemap.xml is valid XML listing the public pages and the properties", {
  tag: "@smoke",
}, async ({ page }) => {
  const response = await page.request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  await page.goto("/about");
  const parsed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "application/xml");
    return {
      error: doc.getElementsByTagName("parsererror").length > 0,
      root: doc.documentElement.localName,
      locs: [...doc.getElementsByTagName("loc")].map((loc) => loc.textContent ?? ""),
    };
  }, xml);
  expect(parsed.error).toBe(false);
  expect(parsed.root).toBe("urlset");
  const paths = parsed.locs.map((loc) => new URL(loc).pathname);
  expect(paths).toEqual(expect.arrayContaining(["/", "/about", "/team", "/contact"]));
  expect(paths.some((path) => /^\/property\/[0-9a-f-]{36}$/.test(path))).toBe(true);
  // Every property URL opens a real page.
  const property = paths.find((path) => path.startsWith("/property/")) ?? "";
  expect((await page.request.get(property)).status()).toBe(200);
});

test("robots.txt keeps crawlers out of accounts and administration", async ({ request }) => {
  const response = await request.get("/robots.txt");
  expect(response.headers()["content-type"]).toContain("text/plain");
  const text = await response.text();
  expect(text).toContain("Disallow: /dashboard");
  expect(text).toContain("Disallow: /admin");
  expect(text).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
});
