import { expect, type Page, test } from "@playwright/test";
import {
  bedsIn,
  cardPrices,
  chooseOption,
  expectAscending,
  gotoHydrated,
  propertyCards,
  queryOf,
  readResultsLine,
} from "./support";

const EMPTY_TEXT =
  "We couldn't find any properties matching your criteria. Try adjusting your filters.";
const MIN_BEDS = 2;

/** The filter panel: the form holding the Apply button. */
function filterPanel(page: Page) {
  return page
    .getByRole("main")
    .locator("form")
    .filter({ has: page.getByRole("button", { name: /^Apply/ }) })
    .first();
}

async function expectRentalsWithBeds(page: Page, minBeds: number) {
  const cards = propertyCards(page);
  expect(await cards.count()).toBeGreaterThan(0);
  for (const card of await cards.all()) {
    await expect(card).toContainText("For Rent");
    const text = (await card.textContent()) ?? "";
    expect(bedsIn(text), `beds on card: ${text}`).toBeGreaterThanOrEqual(minBeds);
  }
}

test("filters, sort and pagination live in the URL", async ({ page }) => {
  await gotoHydrated(page, "/properties");
  const all = await readResultsLine(page);

  // Status For Rent and a bedroom minimum, applied from the filter panel.
  const panel = filterPanel(page);
  await panel.getByRole("radio", { name: "For Rent", exact: true }).check();
  await chooseOption(page, panel.getByLabel(/bedrooms/i), new RegExp(`^${MIN_BEDS}\\+?$`));
  await panel.getByRole("button", { name: /^Apply/ }).click();
  await expect(page).toHaveURL(/status=rent/);
  expect(queryOf(page)).toMatchObject({ status: "rent", beds: String(MIN_BEDS) });
  const filtered = await readResultsLine(page);
  expect(filtered.total).toBeLessThan(all.total);
  await expectRentalsWithBeds(page, MIN_BEDS);

  // Sort by price, cheapest first: the filters stay.
  await chooseOption(page, page.getByLabel(/sort/i), "Price Low to High");
  await expect(page).toHaveURL(/sort=price-asc/);
  expect(queryOf(page)).toMatchObject({
    status: "rent",
    beds: String(MIN_BEDS),
    sort: "price-asc",
  });
  // More than one page of rentals is needed to test the pagination.
  expect(filtered.total).toBeGreaterThan(6);
  const firstPage = await cardPrices(page);
  expectAscending(firstPage);
  await expectRentalsWithBeds(page, MIN_BEDS);
  expect(await readResultsLine(page)).toEqual({ from: 1, to: 6, total: filtered.total });

  // Page 2 continues the order.
  await page.getByRole("link", { name: /^Next/ }).click();
  await expect(page).toHaveURL(/page=2/);
  expect(queryOf(page)).toMatchObject({
    status: "rent",
    beds: String(MIN_BEDS),
    sort: "price-asc",
  });
  const second = await readResultsLine(page);
  expect(second.from).toBe(7);
  const secondPage = await cardPrices(page);
  expectAscending([...firstPage, ...secondPage]);

  // And back.
  await page.getByRole("link", { name: /^Previous/ }).click();
  await expect(page).not.toHaveURL(/page=2/);
  expect((await readResultsLine(page)).from).toBe(1);
  expect(await cardPrices(page)).toEqual(firstPage);

  // Reset clears every parameter.
  await page
    .getByRole("main")
    .getByRole("button", { name: /^Reset/ })
    .or(page.getByRole("main").getByRole("link", { name: /^Reset/ }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/properties$/);
  expect(await readResultsLine(page)).toEqual({ ...all });
});

test("an impossible filter shows the empty state, and Reset Filters brings everything back", async ({
  page,
}) => {
  await gotoHydrated(page, "/properties?q=zzqx-no-such-property-anywhere");
  await expect(page.getByText(EMPTY_TEXT, { exact: true })).toBeVisible();
  await expect(propertyCards(page)).toHaveCount(0);

  await page
    .getByRole("main")
    .getByRole("button", { name: "Reset Filters" })
    .or(page.getByRole("main").getByRole("link", { name: "Reset Filters" }))
    .click();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(page.getByText(EMPTY_TEXT)).toHaveCount(0);
  expect((await readResultsLine(page)).total).toBeGreaterThanOrEqual(64);
  await expect(propertyCards(page)).toHaveCount(6);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same filter URL renders the filtered, sorted results on the server", async ({
    page,
  }) => {
    const response = await page.goto(`/properties?status=rent&beds=${MIN_BEDS}&sort=price-asc`);
    expect(response?.status()).toBe(200);
    const line = await readResultsLine(page);
    expect(line.from).toBe(1);
    await expectRentalsWithBeds(page, MIN_BEDS);
    const prices = await cardPrices(page);
    expectAscending(prices);

    // The pagination links are plain links that keep the filters.
    await page.getByRole("link", { name: /^Next/ }).click();
    expect(queryOf(page)).toMatchObject({
      status: "rent",
      beds: String(MIN_BEDS),
      sort: "price-asc",
      page: "2",
    });
    expect((await readResultsLine(page)).from).toBe(7);
    expectAscending([...prices, ...(await cardPrices(page))]);
  });
});
