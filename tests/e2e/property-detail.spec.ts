import type { Locator } from "@playwright/test";
import {
  bedsIn,
  gotoHydrated,
  parseNaira,
  propertyCards,
  toasts,
  UUID_PATTERN,
  visibleText,
} from "./support";
import { expect, test } from "./test";

test("a listing card opens the property's detail page", { tag: "@smoke" }, async ({ page }) => {
  // Houses for sale with bedrooms and bathrooms to show: the filters keep out the listings other
  // specs add (bedrooms only, or neither), which are the newest and can fill the first page.
  await gotoHydrated(page, "/properties?type=residential&status=sale&beds=1&baths=1");
  const card = propertyCards(page)
    .filter({ hasText: /\d+\s*Beds?/ })
    .filter({ hasText: /\d+\s*Baths?/ })
    .first();
  await expect(card).toBeVisible();
  const cardText = await visibleText(card);
  const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
  const [cardPrice] = parseNaira(cardText);
  const beds = bedsIn(cardText);
  const baths = /(\d+)\s*Baths?\b/.exec(cardText)?.[1];
  const area = /([\d,]+\s*sqft|N\/A)/.exec(cardText)?.[1];
  expect(title).not.toBe("");
  expect(cardPrice).toBeDefined();
  expect(beds).toBeDefined();
  expect(baths).toBeDefined();
  expect(area).toBeDefined();

  await card.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/property/${UUID_PATTERN.source}$`, "i"));
  const id = new URL(page.url()).pathname.split("/").pop() ?? "";

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(title);
  // The price, in naira, is the one the card showed.
  const priceText = main.getByText(/₦\s?[\d,]+/).first();
  await expect(priceText).toBeVisible();
  expect(parseNaira((await priceText.textContent()) ?? "")).toContain(cardPrice);
  // The facts the card showed, each under its own label.
  await expect(fact(main, "Bedrooms?|Beds?", String(beds))).toBeVisible();
  await expect(fact(main, "Bathrooms?|Baths?", String(baths))).toBeVisible();
  await expect(fact(main, "Area", escapeRegExp(area))).toBeVisible();

  // Booking carries the property to the appointment form.
  const book = main.getByRole("link", { name: "Book Appointment" });
  await expect(book).toBeVisible();
  const href = (await book.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/book-appointment\?/);
  expect(href).toContain(id);

  // Favourites need an account.
  await main.getByRole("button", { name: "Save to Favorites", exact: true }).click();
  await expect(toasts(page).filter({ hasText: "Authentication Required" })).toBeVisible();
});

/** A list item holding just a label and its value, in either order ('Bedrooms 3', '3 Beds'). */
function fact(main: Locator, label: string, value: string) {
  const pattern = new RegExp(
    `^\\s*(?:(?:${label})\\s*${value}|${value}\\s*(?:${label}))\\s*$`,
    "i",
  );
  return main.getByRole("listitem").filter({ hasText: pattern });
}

function escapeRegExp(text = "") {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

for (const [label, id] of [
  ["an unknown id", "3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f"],
  ["a malformed id", "not-a-property-id"],
]) {
  test(`${label} shows the not-found state with status 404`, async ({ page }) => {
    const response = await page.goto(`/property/${id}`);
    expect(response?.status()).toBe(404);
    const browse = page.getByRole("main").getByRole("link", { name: "Browse Properties" });
    await expect(browse).toBeVisible();
    await expect(browse).toHaveAttribute("href", "/properties");
    await browse.click();
    await expect(page).toHaveURL(/\/properties$/);
  });
}
