import { expect, type Locator, type Page, test } from "@playwright/test";
import { CUSTOMER_STATE } from "./auth-state";
import { gotoHydrated, propertyCards } from "./support";

// What visitors tripped over at 1280 px and 360 px: controls out of reach below a fold, ragged
// list rows, and dashboard tabs and rows cut off on a phone.

/** Whether `locator` lies wholly inside the window and is what a tap at its centre hits. */
async function isOnScreenAndUncovered(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  const inside =
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= viewport.width &&
    box.y + box.height <= viewport.height;
  const hit = await locator.evaluate((element) => {
    const r = element.getBoundingClientRect();
    const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    return top !== null && (element === top || element.contains(top));
  });
  return inside && hit;
}

/**
 * Elements in the main content whose content is cut off sideways: hidden or scrolled away
 * (overflow other than visible), or ended with an ellipsis. Visually hidden text is left out.
 */
function clippedSideways(page: Page) {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const element of document.querySelectorAll<HTMLElement>("main *")) {
      if (element.classList.contains("sr-only") || element.clientWidth <= 1) continue;
      const style = getComputedStyle(element);
      const clips = style.overflowX !== "visible" || style.textOverflow === "ellipsis";
      if (clips && element.scrollWidth > element.clientWidth + 1) {
        found.push(`${element.tagName} "${(element.textContent ?? "").trim().slice(0, 40)}"`);
      }
    }
    return found;
  });
}

test.describe("the listing at 1280 x 800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("Apply and Reset are on screen without scrolling the filter panel", async ({ page }) => {
    await gotoHydrated(page, "/properties");
    const filters = page.getByRole("complementary", { name: "Filters" });
    const apply = filters.getByRole("button", { name: "Apply" });
    const reset = filters.getByRole("link", { name: "Reset" });
    expect(await isOnScreenAndUncovered(page, apply)).toBe(true);
    expect(await isOnScreenAndUncovered(page, reset)).toBe(true);
    // The panel has no scroll area of its own to hide them in.
    const panel = filters.locator("details");
    expect(await panel.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    // They stay in reach while the visitor works down the panel, until its end.
    await page.getByRole("group", { name: "Location" }).getByLabel("Abuja").check();
    expect(await isOnScreenAndUncovered(page, apply)).toBe(true);
    await apply.click();
    await expect(page).toHaveURL(/location=Abuja/);
  });

  test("list view rows are all as wide as the list", async ({ page }) => {
    await gotoHydrated(page, "/properties?view=list");
    const cards = propertyCards(page);
    await expect(cards).toHaveCount(6);
    const list = page
      .getByRole("main")
      .getByRole("list")
      .filter({ has: page.getByRole("article") });
    const listWidth = (await list.boundingBox())?.width ?? 0;
    expect(listWidth).toBeGreaterThan(600);
    for (const card of await cards.all()) {
      expect(Math.abs(((await card.boundingBox())?.width ?? 0) - listWidth)).toBeLessThanOrEqual(1);
    }
  });
});

test.describe("a property on a 360 x 740 phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("Book Appointment, Favourite and Contact are on the first screen and stay in reach", async ({
    page,
  }) => {
    await gotoHydrated(page, "/properties");
    await propertyCards(page).first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/property\//);
    const main = page.getByRole("main");
    const book = main.getByRole("link", { name: "Book Appointment" });
    const favourite = main.getByRole("button", { name: "Save to Favorites" });
    const contact = main.getByRole("link", { name: "Contact Agent" });
    for (const control of [book, favourite, contact]) {
      expect(await isOnScreenAndUncovered(page, control)).toBe(true);
    }
    // Halfway down the description they are still there.
    await main.getByRole("heading", { name: "Description" }).scrollIntoViewIfNeeded();
    expect(await isOnScreenAndUncovered(page, book)).toBe(true);
    await expect(book).toHaveAttribute("href", /^\/book-appointment\?property=/);
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);

    // Contact goes to the agent's phone numbers and e-mail.
    await contact.click();
    await expect(main.getByRole("heading", { name: "Contact Agent" })).toBeInViewport();
    await expect(main.getByRole("link", { name: /^\+234/ }).first()).toBeInViewport();
  });
});

test.describe("the dashboard on a 360 x 740 phone", () => {
  test.use({ viewport: { width: 360, height: 740 }, storageState: CUSTOMER_STATE });

  test("tabs and rows fit the screen: nothing cut off or scrolled sideways", async ({ page }) => {
    for (const url of [
      "/dashboard",
      "/dashboard?tab=saved",
      "/dashboard?tab=inquiries",
      "/dashboard/properties",
      "/dashboard/properties?tab=recent",
      "/dashboard/appointments",
      "/dashboard/complaints",
      "/dashboard/profile",
      "/dashboard/profile?tab=security",
    ]) {
      await gotoHydrated(page, url);
      const page_ = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(page_.scrollWidth, url).toBeLessThanOrEqual(page_.clientWidth);
      expect(await clippedSideways(page), url).toEqual([]);
      // Every tab is wholly on screen.
      for (const tab of await page
        .getByRole("main")
        .getByRole("navigation")
        .getByRole("link")
        .all()) {
        const box = await tab.boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 360, `${url}: a tab`).toBe(true);
      }
    }
    // The overview's rows show the whole date and time of each appointment.
    await gotoHydrated(page, "/dashboard");
    await expect(
      page
        .getByRole("main")
        .getByText(/^\w{3}, \d{1,2} \w{3} \d{4} at \d{2}:\d{2} [AP]M$/)
        .first(),
    ).toBeVisible();
  });

  test("the demo customer's e-mail counts as confirmed: no confirmation asked", async ({
    page,
  }) => {
    await gotoHydrated(page, "/dashboard/appointments");
    await expect(page.getByRole("heading", { level: 1, name: "My Appointments" })).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Appointments" }).getByRole("listitem"),
    ).not.toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Confirm your e-mail address" })).toHaveCount(0);
  });
});
