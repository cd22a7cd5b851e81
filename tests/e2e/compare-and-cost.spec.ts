import type { Locator, Page } from "@playwright/test";
import { buildDemoProperties, demoListingsBeingChecked } from "../../app/demo/demo-properties";
import { violationsOf } from "./axe";
import { gotoHydrated, parseNaira, propertyCards, UUID_PATTERN, visibleText } from "./support";
import { expect, type OpenPage, test } from "./test";

// Issue 14: comparing a shortlist side by side (with and without JavaScript) and the cost of a
// home in naira on its page. The calculator's expected figures are worked out here from the
// amortisation formula, not by the app's own functions.

const PHONE = { width: 360, height: 740 };

/** The Compare control of a card: a toggle with JavaScript, a form button without. */
function compareButton(card: Locator) {
  return card.getByRole("button", { name: /^Compare\b/ });
}

async function cardTitle(card: Locator) {
  return ((await card.getByRole("heading").textContent()) ?? "").trim();
}

function comparisonTable(page: Page) {
  return page.getByRole("main").getByRole("table");
}

/** The property names heading the comparison's columns, in order. */
async function comparedTitles(page: Page) {
  const headers = comparisonTable(page).getByRole("columnheader");
  const titles: string[] = [];
  for (const header of await headers.all()) {
    titles.push(((await header.getByRole("link").first().textContent()) ?? "").trim());
  }
  return titles;
}

/** A row of the comparison by its name ("Price", "Bedrooms"): its cells' text. */
async function rowValues(page: Page, name: string) {
  const row = comparisonTable(page)
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(`^${name}( Differs)?$`) }) });
  return row.getByRole("cell").allTextContents();
}

function idsIn(url: string) {
  return (new URL(url).searchParams.get("ids") ?? "").split(",").filter(Boolean);
}

test.describe("compare with JavaScript", () => {
  test("three properties from the listing side by side, the fifth refused, the list kept", {
    tag: "@smoke",
  }, async ({ page }) => {
    await gotoHydrated(page, "/properties?sort=price-desc");
    const cards = propertyCards(page);
    const titles: string[] = [];
    for (let i = 0; i < 3; i++) {
      const card = cards.nth(i);
      titles.push(await cardTitle(card));
      await compareButton(card).click();
      await expect(compareButton(card)).toHaveAttribute("aria-pressed", "true");
    }
    const tray = page.getByRole("complementary", { name: "Compare list" });
    await expect(tray.getByRole("button", { name: "Compare (3 of 4)" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: /Added .* \(3 of 4\)/ })).toHaveCount(
      1,
    );

    // Pressed again, a toggle takes its property out; pressed once more, back in.
    await compareButton(cards.nth(2)).click();
    await expect(tray.getByRole("button", { name: "Compare (2 of 4)" })).toBeVisible();
    await compareButton(cards.nth(2)).click();

    await tray.getByRole("link", { name: "Compare now" }).click();
    await expect(page).toHaveURL(/\/compare\?ids=/);
    expect(idsIn(page.url())).toHaveLength(3);
    await expect(comparisonTable(page).getByRole("columnheader")).toHaveCount(3);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare properties");
    expect(await comparedTitles(page)).toEqual(titles);
    // Each property's price in naira, in its column; the facts in rows.
    const prices = await rowValues(page, "Price");
    expect(prices).toHaveLength(3);
    for (const price of prices) expect(parseNaira(price)).toHaveLength(1);
    for (const row of ["Purpose", "Type", "City", "Bedrooms", "Area"]) {
      expect(await rowValues(page, row)).toHaveLength(3);
    }
    // The tray is not shown over the comparison itself.
    await expect(page.getByRole("complementary", { name: "Compare list" })).toHaveCount(0);

    // A fourth is fine; a fifth is refused, the limit explained and read out.
    await gotoHydrated(page, "/properties?sort=price-desc");
    await compareButton(cards.nth(3)).click();
    await compareButton(cards.nth(4)).click();
    const limit = "You can compare up to 4 properties. Remove one before adding another.";
    await expect(tray.getByText(limit)).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: limit })).toHaveCount(1);
    await expect(compareButton(cards.nth(4))).toHaveAttribute("aria-pressed", "false");
    await expect(tray.getByRole("button", { name: "Compare (4 of 4)" })).toBeVisible();

    // Removing one from the tray makes room; the list outlives a reload.
    // (Listings may share a title: the first in the list is the first added.)
    const firstInTray = tray.getByRole("listitem").first();
    await expect(firstInTray).toContainText(titles[0] ?? "");
    await firstInTray.getByRole("button", { name: `Remove ${titles[0]} from compare` }).click();
    await expect(tray.getByRole("button", { name: "Compare (3 of 4)" })).toBeVisible();
    await expect(compareButton(cards.nth(0))).toHaveAttribute("aria-pressed", "false");
    await page.reload();
    await expect(tray.getByRole("button", { name: "Compare (3 of 4)" })).toBeVisible();
    await expect(compareButton(cards.nth(1))).toHaveAttribute("aria-pressed", "true");
  });

  test("the property page's toggle adds to the tray; the compare page removes and clears", async ({
    page,
    openPage,
  }) => {
    await gotoHydrated(page, "/properties");
    const first = propertyCards(page).first();
    const title = await cardTitle(first);
    await first.getByRole("link", { name: title }).click();
    await expect(page).toHaveURL(/\/property\//);
    // The page's own toggle, by the heading's title (cards of other listings may follow).
    const toggle = page
      .getByRole("main")
      .getByRole("button", { name: `Compare ${title}`, exact: true })
      .first();
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    const main = page.getByRole("main");
    const tray = page.getByRole("complementary", { name: "Compare list" });
    await tray.getByRole("button", { name: "Compare (1 of 4)" }).click();
    await expect(tray.getByRole("link", { name: title })).toBeVisible();
    await tray.getByRole("link", { name: "Compare now" }).click();
    await expect(comparisonTable(page).getByRole("columnheader")).toHaveCount(1);
    expect(await comparedTitles(page)).toEqual([title]);
    await expect(main.getByText("Add another property to see the two side by side.")).toBeVisible();

    await main.getByRole("button", { name: `Remove ${title}` }).click();
    await expect(page).toHaveURL(/\/compare$/);
    await expect(main.getByRole("heading", { name: "Nothing to compare yet" })).toBeVisible();
    // The browser's shortlist lost it too.
    await gotoHydrated(page, "/properties");
    await expect(page.getByRole("complementary", { name: "Compare list" })).toHaveCount(0);

    // A comparison opened from a link becomes the (empty) shortlist, so it can be added to.
    const ids = await idsOfCards(openPage, 2);
    await gotoHydrated(page, `/compare?ids=${ids.join(",")}`);
    await expect(comparisonTable(page).getByRole("columnheader")).toHaveCount(2);
    await main.getByRole("link", { name: "Add a property" }).click();
    await expect(page).toHaveURL(/\/properties$/);
    await expect(tray.getByRole("button", { name: "Compare (2 of 4)" })).toBeVisible();
  });
});

test.describe("compare without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("three cards' Compare buttons build the comparison; Remove takes one out", async ({
    page,
  }) => {
    const titles: string[] = [];
    for (let i = 0; i < 3; i++) {
      await page.goto("/properties?sort=price-asc");
      const card = propertyCards(page).nth(i);
      titles.push(await cardTitle(card));
      await compareButton(card).click();
      await expect(page).toHaveURL(/\/compare\?ids=/);
      expect(idsIn(page.url())).toHaveLength(i + 1);
      // The URL changes when the response starts: wait for the new page's columns to be read.
      await expect(comparisonTable(page).getByRole("columnheader")).toHaveCount(i + 1);
    }
    expect(await comparedTitles(page)).toEqual(titles);
    expect(await rowValues(page, "Price")).toHaveLength(3);

    await page.getByRole("button", { name: `Remove ${titles[1]}` }).click();
    // Without JavaScript the Remove is a form post and a new page: read it once it has loaded.
    await expect.poll(() => comparedTitles(page)).toEqual([titles[0], titles[2]]);
  });

  test("a shared link opens without JavaScript; bad ids are explained, never an error", async ({
    page,
    openPage,
  }) => {
    const ids = await idsOfCards(openPage, 3);
    const response = await page.goto(
      `/compare?ids=${ids.join(",")},not-a-property,3f2b8c1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f`,
    );
    expect(response?.status()).toBe(200);
    expect(await comparedTitles(page)).toHaveLength(3);
    await expect(
      page.getByText(
        "2 of the properties in this link are no longer listed, so they are left out.",
      ),
    ).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");

    // Rows whose values differ say so in words, not only in colour; they can be shown alone.
    const rowNames = comparisonTable(page).getByRole("rowheader");
    const differing = await rowNames.filter({ hasText: "Differs" }).count();
    expect(differing).toBeGreaterThan(0);
    const onlyDifferences = page.getByRole("link", { name: "Show only differences" });
    if (differing < (await rowNames.count())) {
      await onlyDifferences.click();
      await expect(rowNames).toHaveCount(differing);
      for (const name of await rowNames.all()) await expect(name).toContainText("Differs");
    } else {
      await expect(onlyDifferences).toHaveCount(0);
    }

    for (const junk of ["?ids=%00%ff", `?ids=${"a,".repeat(500)}`, "?ids[]=1&ids=<script>"]) {
      const answer = await page.goto(`/compare${junk}`);
      expect(answer?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: "Nothing to compare yet" })).toBeVisible();
    }
  });
});

/** The ids of the first `count` cards of the listing. */
async function idsOfCards(openPage: OpenPage, count: number) {
  const page = await openPage();
  await page.goto("/properties");
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const href = await propertyCards(page).nth(i).getByRole("link").first().getAttribute("href");
    const id = UUID_PATTERN.exec(href ?? "")?.[0];
    if (!id) throw new Error(`no id in ${href}`);
    ids.push(id);
  }
  return ids;
}

test.describe("compare on a phone", () => {
  test.use({ viewport: PHONE });

  test("the comparison scrolls sideways inside its frame with the row names kept in view", async ({
    page,
    openPage,
  }) => {
    const ids = await idsOfCards(openPage, 3);
    await gotoHydrated(page, `/compare?ids=${ids.join(",")}`);
    // The page itself does not scroll sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    const frame = page.getByRole("region", { name: /3 properties side by side/ });
    const rowName = comparisonTable(page).getByRole("rowheader", { name: /^Price( Differs)?$/ });
    const before = await rowName.boundingBox();
    await frame.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
    });
    await expect.poll(() => frame.evaluate((element) => element.scrollLeft)).toBeGreaterThan(100);
    const after = await rowName.boundingBox();
    expect(after?.x).toBe(before?.x);
  });

  test("the tray sits under the property page's sticky actions, not over them", async ({
    page,
  }) => {
    await gotoHydrated(page, "/properties");
    await compareButton(propertyCards(page).first()).click();
    await propertyCards(page).nth(1).getByRole("link").first().click();
    await expect(page).toHaveURL(/\/property\//);
    const tray = page.getByRole("complementary", { name: "Compare list" });
    await expect(tray).toBeVisible();
    const book = page.getByRole("main").getByRole("link", { name: "Book Appointment" });
    const bookBox = await book.boundingBox();
    const trayBox = await tray.boundingBox();
    if (!bookBox || !trayBox) throw new Error("not laid out");
    expect(bookBox.y + bookBox.height).toBeLessThanOrEqual(trayBox.y + 1);
    expect(trayBox.y + trayBox.height).toBeLessThanOrEqual(PHONE.height + 1);
  });
});

// ---------------------------------------------------------------------------------------------
// Cost in naira.

/** The amount a labelled figure of the calculator shows ('Monthly repayment' -> 614704). */
async function figure(page: Page | Locator, label: string | RegExp) {
  const term = page.getByRole("term").filter({ hasText: label });
  const value = term.locator("xpath=following-sibling::dd[1]");
  const [amount] = parseNaira(await visibleText(value));
  return amount;
}

/** M = P·r·(1+r)^n / ((1+r)^n − 1), rounded to whole naira; P / n at 0%. */
function expectedMonthly(
  price: number,
  depositPercent: number,
  ratePercent: number,
  years: number,
) {
  const loan = price - Math.round((price * depositPercent) / 100);
  const n = years * 12;
  const r = ratePercent / 1200;
  if (r === 0) return Math.round(loan / n);
  return Math.round((loan * r * (1 + r) ** n) / ((1 + r) ** n - 1));
}

async function openFirstListing(page: Page, query: string) {
  await gotoHydrated(page, `/properties?${query}`);
  const card = propertyCards(page).first();
  const title = await cardTitle(card);
  await card.getByRole("link", { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/property/${UUID_PATTERN.source}`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
}

async function headerPrice(page: Page) {
  const header = page.getByRole("main").locator("header").first();
  const text = await visibleText(header);
  const [price] = parseNaira(text);
  if (price === undefined) throw new Error(`no price in ${text}`);
  return { price, perMonth: /\/month/.test(text) };
}

test.describe("cost in naira", () => {
  test("a listing for sale: the monthly repayment at the default assumptions, then live", async ({
    page,
  }) => {
    await openFirstListing(page, "status=sale&sort=price-asc");
    const { price } = await headerPrice(page);
    const section = page.getByRole("region", { name: "Mortgage calculator" });
    await expect(section.getByLabel("Deposit (%)")).toHaveValue("30");
    await expect(section.getByLabel("Interest rate (% a year)")).toHaveValue("20");
    await expect(section.getByLabel("Term (years)")).toHaveValue("15");
    expect(await figure(page, "Monthly repayment")).toBe(expectedMonthly(price, 30, 20, 15));
    const monthly = expectedMonthly(price, 30, 20, 15);
    expect(await figure(page, "Total paid")).toBe(Math.round(price * 0.3) + monthly * 180);
    await expect(section.getByText(/National Housing Fund \(NHF\).*6% a year/)).toBeVisible();

    // NHF terms, recomputed as typed and read out politely.
    await section.getByLabel("Deposit (%)").fill("10");
    await section.getByLabel("Interest rate (% a year)").fill("6");
    await section.getByLabel("Term (years)").fill("20");
    const nhf = expectedMonthly(price, 10, 6, 20);
    await expect.poll(() => figure(page, "Monthly repayment")).toBe(nhf);
    await expect(section.getByRole("status")).toContainText(
      `Monthly repayment ₦${nhf.toLocaleString("en-NG")}`,
    );

    // A bad value is marked and no figure is made up.
    await section.getByLabel("Term (years)").fill("abc");
    await expect(section.getByText("Enter a whole number from 1 to 35")).toBeVisible();
    await expect(section.getByLabel("Term (years)")).toHaveAttribute("aria-invalid", "true");
    expect(await figure(page, "Monthly repayment")).toBeUndefined();

    expect(await violationsOf(page, page.url())).toEqual([]);
  });

  test("a listing for rent: the move-in cost for two years (three months of a monthly rent)", async ({
    page,
  }) => {
    // The dearest rental on offer that states no move-in items of its own (issue 46): the
    // calculator then uses the office's fee terms, as this test computes them.
    const beingChecked = new Set(demoListingsBeingChecked().map((p) => p.id));
    const [listing] = buildDemoProperties()
      .filter(
        (p) =>
          p.purpose === "rent" &&
          !beingChecked.has(p.id) &&
          [
            p.agencyFee,
            p.agencyFeePercent,
            p.legalFee,
            p.legalFeePercent,
            p.cautionDeposit,
            p.cautionDepositPercent,
            p.rentAdvanceMonths,
          ].every((item) => item === null),
      )
      .sort((a, b) => b.price - a.price);
    if (!listing) throw new Error("no demo rental without move-in items");
    await gotoHydrated(page, `/property/${listing.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(listing.title);
    const { price, perMonth } = await headerPrice(page);
    const section = page.getByRole("region", { name: "Move-in cost" });
    const serviceCharge = page
      .getByRole("main")
      .getByRole("term")
      .filter({ hasText: /^Service charge$/ });
    const charge =
      (await serviceCharge.count()) > 0
        ? (parseNaira(
            await visibleText(serviceCharge.locator("xpath=following-sibling::dd[1]")),
          )[0] ?? 0)
        : 0;
    // A monthly rent is costed per month, never a year ahead.
    const total = (periods: number) => {
      const rent = price * periods;
      const years = perMonth ? periods / 12 : periods;
      return rent + Math.round(charge * years) + 3 * Math.round(rent * 0.1);
    };
    expect(await figure(section, "Total to move in")).toBe(total(1));
    const [periods, label] = perMonth ? [3, "Rent for 3 months"] : [2, "Rent for 2 years"];
    await section.getByLabel("Rent paid for").selectOption(String(periods));
    await expect.poll(() => figure(section, "Total to move in")).toBe(total(periods));
    expect(await figure(section, label)).toBe(price * periods);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the figures show, and Recalculate computes new ones on the server", async ({ page }) => {
      await page.goto("/properties?status=sale&sort=price-asc");
      const card = propertyCards(page).first();
      await card.getByRole("link", { name: await cardTitle(card) }).click();
      const { price } = await headerPrice(page);
      expect(await figure(page, "Monthly repayment")).toBe(expectedMonthly(price, 30, 20, 15));
      const section = page.getByRole("region", { name: "Mortgage calculator" });
      await section.getByLabel("Interest rate (% a year)").fill("0");
      await section.getByLabel("Term (years)").fill("10");
      await section.getByRole("button", { name: "Recalculate" }).click();
      await expect(page).toHaveURL(/rate=0&term=10#cost-in-naira$/);
      expect(await figure(page, "Monthly repayment")).toBe(expectedMonthly(price, 30, 0, 10));
    });
  });
});

test.describe("accessibility", () => {
  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    test(`the comparison and the tray at ${viewport.width} px`, async ({ page, openPage }) => {
      await page.setViewportSize(viewport);
      const ids = await idsOfCards(openPage, 3);
      const url = `/compare?ids=${ids.join(",")}`;
      await gotoHydrated(page, url);
      const violations = await violationsOf(page, url);
      await gotoHydrated(page, "/properties");
      await compareButton(propertyCards(page).first()).click();
      await page
        .getByRole("complementary", { name: "Compare list" })
        .getByRole("button", { name: /^Compare \(\d of 4\)$/ })
        .click();
      violations.push(...(await violationsOf(page, "/properties with the tray open")));
      await gotoHydrated(page, "/compare");
      violations.push(...(await violationsOf(page, "/compare (empty)")));
      expect(violations).toEqual([]);
    });
  }
});
