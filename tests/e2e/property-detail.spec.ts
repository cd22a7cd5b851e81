import { expect, test } from "@playwright/test";
import { bedsIn, gotoHydrated, parseNaira, propertyCards, toasts, UUID_PATTERN } from "./support";

test("a listing card opens the property's detail page", async ({ page }) => {
  // Houses for sale have bedrooms, bathrooms and an area to show.
  await gotoHydrated(page, "/properties?type=residential&status=sale");
  const card = propertyCards(page)
    .filter({ hasText: /\d+\s*Beds?/ })
    .first();
  await expect(card).toBeVisible();
  const cardText = (await card.textContent()) ?? "";
  const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
  const [cardPrice] = parseNaira(cardText);
  const beds = bedsIn(cardText);
  expect(title).not.toBe("");
  expect(cardPrice).toBeDefined();
  expect(beds).toBeDefined();

  await card.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/property/${UUID_PATTERN.source}$`, "i"));
  const id = new URL(page.url()).pathname.split("/").pop() ?? "";

  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText(title);
  // The price, in naira, is the one the card showed.
  const priceText = main.getByText(/₦\s?[\d,]+/).first();
  await expect(priceText).toBeVisible();
  expect(parseNaira((await priceText.textContent()) ?? "")).toContain(cardPrice);
  await expect(
    main.getByText(new RegExp(`\\b${beds}\\s*(Beds?|Bedrooms?)\\b`, "i")).first(),
  ).toBeVisible();
  await expect(main.getByText(/\b\d+\s*(Baths?|Bathrooms?)\b/i).first()).toBeVisible();
  await expect(main.getByText(/[\d,]+\s*sqft|Area/i).first()).toBeVisible();

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
