import type { Locator, Page } from "@playwright/test";
import { ADMIN_STATE, CUSTOMER_STATE } from "./auth-state";
import { gotoHydrated, propertyCards } from "./support";
import { expect, test } from "./test";

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

// Every admin list (issue 23): at 1280 x 800 beside the sidebar nothing scrolls sideways, the
// first row's name links to its edit screen and its actions are on screen; below 768 px the rows
// are cards whose main action is on a 360-390 px screen.
const ADMIN_LISTS: readonly { url: string; action?: RegExp }[] = [
  { url: "/admin/properties", action: /^Edit / },
  { url: "/admin/users", action: /^(Edit |Add as user)/ },
  { url: "/admin/appointments", action: /^View the appointment/ },
  { url: "/admin/complaints", action: /^View the inquiry/ },
  { url: "/admin/team", action: /^Edit / },
  { url: "/admin/slideshow", action: /^Edit / },
  { url: "/admin/videos", action: /^Edit / },
  // Its rows are checked in admin-audit.spec.ts, where it is sure to have some.
  { url: "/admin/audit" },
  { url: "/admin/social-media", action: /^Edit the / },
  { url: "/admin/contact-info", action: /^Edit / },
];

/** How far the page, and any table frame in it, would scroll sideways. */
function sidewaysScroll(page: Page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const frames = [...document.querySelectorAll<HTMLElement>("main section:has(> table)")];
    return Math.max(
      doc.scrollWidth - doc.clientWidth,
      ...frames.map((frame) => frame.scrollWidth - frame.clientWidth),
    );
  });
}

/** The list's first row (a table row) or, on the lists that are not tables, its first item. */
function firstRecord(page: Page) {
  const main = page.getByRole("main");
  return main
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader") })
    .first()
    .or(main.getByRole("listitem").filter({ has: page.getByRole("link", { name: /^Edit / }) }))
    .first();
}

/** The record's main action: its first link or button of that name. */
function mainActionOf(record: Locator, name: RegExp) {
  return record.getByRole("link", { name }).or(record.getByRole("button", { name })).first();
}

/** Whether `locator`'s box lies wholly inside the window's width. */
async function insideWidth(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  return Boolean(box && box.x >= 0 && box.x + box.width <= width);
}

for (const viewport of [
  { name: "1280 x 800", width: 1280, height: 800 },
  { name: "a 390 x 844 phone", width: 390, height: 844 },
  { name: "a 360 x 740 phone", width: 360, height: 740 },
]) {
  test.describe(`every admin list on ${viewport.name}`, () => {
    test.use({
      viewport: { width: viewport.width, height: viewport.height },
      storageState: ADMIN_STATE,
    });

    // One test per list: a failure names its list, and each stays short on a busy machine.
    for (const { url, action } of ADMIN_LISTS) {
      test(`${url}: nothing sideways; the first record's name links, its action is in view`, async ({
        page,
      }) => {
        await gotoHydrated(page, url);
        expect(await sidewaysScroll(page), `${url}: sideways scroll`).toBeLessThanOrEqual(0);
        if (!action) return;
        const record = firstRecord(page);
        await expect(record, url).toBeVisible();
        if (await page.getByRole("main").getByRole("table").first().isVisible()) {
          // A record's name opens its edit screen (or its details); a guest in the users list
          // has none, so the first name that is a link.
          const name = page.getByRole("main").getByRole("rowheader").getByRole("link").first();
          await expect(name, url).toHaveAttribute(
            "href",
            new RegExp(`^${url}/[0-9a-f-]{36}$|^${url}/[A-Za-z0-9_-]+$`),
          );
        }
        const main = mainActionOf(record, action);
        await main.scrollIntoViewIfNeeded();
        await expect(main, url).toBeInViewport({ ratio: 1 });
        expect(await insideWidth(page, main), `${url}: the action is cut off sideways`).toBe(true);
        // On a phone each row is a card as wide as the screen allows, not a squeezed table row.
        if (viewport.width < 768) {
          const box = await record.boundingBox();
          expect(box && box.x >= 0 && box.x + box.width <= viewport.width, url).toBe(true);
        }
      });
    }
  });
}

test.describe("the appointments list on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, storageState: ADMIN_STATE });

  test("Confirm on a pending booking is on screen, not past the right edge", async ({ page }) => {
    await gotoHydrated(page, "/admin/appointments?status=pending");
    const confirm = page.getByRole("main").getByRole("button", { name: "Confirm" }).first();
    await confirm.scrollIntoViewIfNeeded();
    await expect(confirm).toBeInViewport({ ratio: 1 });
    expect(await insideWidth(page, confirm)).toBe(true);
  });
});
