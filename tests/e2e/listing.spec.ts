import type { Page } from "@playwright/test";
import {
  bedsIn,
  cardPrices,
  chooseOption,
  expectAscending,
  gotoHydrated,
  propertyCards,
  queryOf,
  readResultsLine,
  visibleText,
} from "./support";
import { expect, test } from "./test";

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
    const text = await visibleText(card);
    expect(bedsIn(text), `beds on card: ${text}`).toBeGreaterThanOrEqual(minBeds);
  }
}

test("filters, sort and pagination live in the URL", { tag: "@smoke" }, async ({ page }) => {
  await gotoHydrated(page, "/properties");
  const all = await readResultsLine(page);
  const filterQuery = { status: "rent", beds: String(MIN_BEDS) };

  // Status For Rent and a bedroom minimum, applied from the filter panel.
  const panel = filterPanel(page);
  await panel.getByRole("radio", { name: "For Rent", exact: true }).check();
  await chooseOption(page, panel.getByLabel(/bedrooms/i), new RegExp(`^${MIN_BEDS}\\+?$`));
  await panel.getByRole("button", { name: /^Apply/ }).click();
  await expect(page).toHaveURL(/status=rent/);
  expect(queryOf(page)).toEqual(filterQuery);
  // The URL changes as the navigation commits; the new results render a moment later.
  let filteredTotal = 0;
  await expect(async () => {
    const line = await readResultsLine(page);
    expect(line.total).toBeLessThan(all.total);
    await expectRentalsWithBeds(page, MIN_BEDS);
    filteredTotal = line.total;
  }).toPass();
  // More than one page of matching rentals is needed to test the pagination.
  expect(filteredTotal).toBeGreaterThan(6);

  // Sort by price, cheapest first: the filters stay.
  await chooseOption(page, page.getByLabel(/sort/i), "Price Low to High");
  await expect(page).toHaveURL(/sort=price-asc/);
  expect(queryOf(page)).toEqual({ ...filterQuery, sort: "price-asc" });
  let firstPage: number[] = [];
  await expect(async () => {
    expect(await readResultsLine(page)).toEqual({ from: 1, to: 6, total: filteredTotal });
    firstPage = await cardPrices(page);
    expectAscending(firstPage);
    await expectRentalsWithBeds(page, MIN_BEDS);
  }).toPass();

  // Page 2 carries the filters and continues the order.
  await page.getByRole("link", { name: /^Next/ }).click();
  await expect(page).toHaveURL(/page=2/);
  expect(queryOf(page)).toEqual({ ...filterQuery, sort: "price-asc", page: "2" });
  await expect(async () => {
    const line = await readResultsLine(page);
    expect(line.from).toBe(7);
    expect(line.total).toBe(filteredTotal);
    expectAscending([...firstPage, ...(await cardPrices(page))]);
    await expectRentalsWithBeds(page, MIN_BEDS);
  }).toPass();

  // And back to page 1.
  await page.getByRole("link", { name: /^Previous/ }).click();
  await expect(page).not.toHaveURL(/page=2/);
  expect(queryOf(page)).toEqual({ ...filterQuery, sort: "price-asc" });
  await expect(async () => {
    expect((await readResultsLine(page)).from).toBe(1);
    expect(await cardPrices(page)).toEqual(firstPage);
  }).toPass();

  // Reset clears every parameter: the results are the unfiltered page's. Specs in other workers
  // add and trash listings meanwhile, so the catalogue is read just before and just after the
  // Reset (not at the start of the test), and the page shows one of the two.
  const unfiltered = await page.context().newPage();
  const readUnfiltered = async () => {
    await unfiltered.goto("/properties");
    return readResultsLine(unfiltered);
  };
  const before = await readUnfiltered();
  await page
    .getByRole("main")
    .getByRole("button", { name: /^Reset/ })
    .or(page.getByRole("main").getByRole("link", { name: /^Reset/ }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(async () => {
    const shown = await readResultsLine(page);
    expect([before, await readUnfiltered()]).toContainEqual(shown);
  }).toPass();
  await unfiltered.close();
  await expect(filterPanel(page).getByRole("radio", { name: "All", exact: true })).toBeChecked();
  await expect(filterPanel(page).getByLabel(/bedrooms/i)).toHaveValue("");
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
  await expect(async () => {
    expect((await readResultsLine(page)).total).toBeGreaterThanOrEqual(64);
  }).toPass();
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
    await expect(page).toHaveURL(/page=2/);
    expect(queryOf(page)).toEqual({
      status: "rent",
      beds: String(MIN_BEDS),
      sort: "price-asc",
      page: "2",
    });
    expect((await readResultsLine(page)).from).toBe(7);
    expectAscending([...prices, ...(await cardPrices(page))]);
  });

  test("the sort form applies with its own button, keeping the filters", async ({ page }) => {
    await page.goto("/properties?status=rent");
    await page.getByLabel("Sort by").selectOption("price-asc");
    await page.getByRole("button", { name: "Sort", exact: true }).click();
    await expect(page).toHaveURL(/sort=price-asc/);
    expect(queryOf(page)).toEqual({ status: "rent", sort: "price-asc" });
    expectAscending(await cardPrices(page));
  });
});
