import type { Page } from "@playwright/test";
import { gotoHydrated, propertyCards, signedInAs, toasts } from "./support";
import { expect, test } from "./test";

// Signed-in visitors get the public pages from the page cache (ADR 19): the same copy for every
// signed-in visitor, with their name and saved hearts filled in from /api/me once it loads, and
// without JavaScript a heart that toggles and a page that says what it did.

/** Loads a page until it comes from the cache (the first visit may render it); answers its HTML. */
async function openCached(page: Page, url: string, hydrate: boolean) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const response = hydrate ? await gotoHydrated(page, url) : await page.goto(url);
    if (response?.headers()["x-page-cache"] === "HIT") return response.text();
  }
  throw new Error(`${url} never came from the page cache`);
}

test("a signed-in visitor's cached listing shows their name and their saved heart", async ({
  page,
}) => {
  const account = await signedInAs(page, "cached-hearts");
  const name = `${account.firstName} ${account.lastName}`;
  await gotoHydrated(page, "/properties");
  const card = propertyCards(page).first();
  const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
  await card.getByRole("button", { name: "Save to favorites" }).click();
  await expect(toasts(page).filter({ hasText: "Added to favorites" })).toBeVisible();

  // A new load of the page: from the cache, with nobody's name in its HTML...
  const html = await openCached(page, "/properties", true);
  expect(html).not.toContain(name);
  expect(html).not.toContain(account.email);
  // ...and the visitor's own name and heart filled in.
  const header = page.getByRole("banner");
  await expect(header.getByText(name, { exact: true })).toBeVisible();
  await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
  const saved = propertyCards(page)
    .filter({ hasText: title })
    .first()
    .getByRole("button", { name: "Remove from favorites" });
  await expect(saved).toHaveAttribute("aria-pressed", "true");

  // Unsaved from the cached page: every later page knows it.
  await saved.click();
  await expect(toasts(page).filter({ hasText: "Removed from favorites" })).toBeVisible();
  await openCached(page, "/properties", true);
  await expect(header.getByText(name, { exact: true })).toBeVisible();
  await expect(
    propertyCards(page)
      .filter({ hasText: title })
      .first()
      .getByRole("button", { name: "Save to favorites" }),
  ).toHaveAttribute("aria-pressed", "false");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a heart on a cached page toggles and the page says what it did", async ({ page }) => {
    await signedInAs(page, "cached-hearts-nojs");
    await openCached(page, "/properties", false);
    const header = page.getByRole("banner");
    await expect(header.getByRole("button", { name: "Sign Out" })).toBeVisible();
    const card = propertyCards(page).first();
    const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
    const cardNamed = () => propertyCards(page).filter({ hasText: title }).first();

    await card.getByRole("button", { name: "Save to favorites" }).click();
    await expect(page).toHaveURL(/\/properties$/);
    await expect(page.getByRole("status").filter({ hasText: "Added to favorites" })).toBeVisible();
    await expect(cardNamed().getByRole("button", { name: "Remove from favorites" })).toBeVisible();

    await cardNamed().getByRole("button", { name: "Remove from favorites" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Removed from favorites" }),
    ).toBeVisible();
    await expect(cardNamed().getByRole("button", { name: "Save to favorites" })).toBeVisible();
  });
});
