import type { Page } from "@playwright/test";
import { adminPage, gotoHydrated, propertyCards } from "./support";
import { expect, test } from "./test";

// Listing reference codes (issue 45): a code typed in the site's search box, however written,
// opens its listing; /r/ of a code whose listing is no longer on offer, or of a code never
// given, is a page that says so (410 / 404), pointing to /verify.

const CODE = /NH-[A-Z]{3}-\d{4,}/;

/** The code a card or a page shows after "Ref.". */
async function codeIn(page: Page, scope = page.getByRole("main")) {
  const text =
    (await scope
      .getByText(/^Ref\./)
      .first()
      .textContent()) ?? "";
  const code = CODE.exec(text)?.[0];
  if (!code) throw new Error(`no code in "${text}"`);
  return code;
}

test("a listing's code typed in the search box, lower case and without dashes, opens the listing", async ({
  page,
}) => {
  await gotoHydrated(page, "/properties?status=rent");
  const card = propertyCards(page).first();
  const code = await codeIn(page, card);
  const href = await card.getByRole("link").first().getAttribute("href");
  expect(href).toMatch(/^\/property\//);

  await page
    .getByRole("searchbox", { name: "Search properties" })
    .fill(code.replaceAll("-", "").toLowerCase());
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.getByRole("main").getByText(`Ref. ${code}`).first()).toBeVisible();
  // The no-fee promise where the visitor books, with the way to check an account.
  const promise = page.getByTestId("no-fee-promise");
  await expect(promise).toContainText("never charges inspection or viewing fees");
  await expect(promise.getByRole("link", { name: "Check before you pay" })).toHaveAttribute(
    "href",
    "/verify",
  );
  // A rental's fee terms, with the amount.
  await expect(page.getByTestId("fee-terms")).toContainText(
    /Agency fee 10% and legal fee 10% of a year's rent: ₦[\d,]+/,
  );
});

test("/r/ of a sold listing's code says it is no longer on offer; an unknown code says it is not ours", async ({
  openPage,
  page,
}) => {
  const title = `Code check terrace ${Date.now()}`;
  const admin = await adminPage(openPage, { javaScriptEnabled: false });
  await admin.goto("/admin/properties/new");
  await admin.getByLabel("Title", { exact: true }).fill(title);
  await admin.getByLabel("Price (₦)").fill("55000000");
  await admin.getByLabel("Location").selectOption("Lagos");
  await admin.getByRole("button", { name: "Add Property" }).click();
  await expect(admin).toHaveURL(/\/admin\/properties$/);

  await admin.goto(`/admin/properties?q=${encodeURIComponent(title)}`);
  const row = admin.getByRole("row").filter({ hasText: title });
  const code = CODE.exec((await row.textContent()) ?? "")?.[0] ?? "";
  expect(code).toMatch(/^NH-LAG-\d{4,}$/);

  // Live: /r/CODE is the listing.
  await page.goto(`/r/${code}`);
  await expect(page).toHaveURL(/\/property\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);

  // Sold: a real page, 410, in plain words, with the ways on.
  await admin.getByLabel(`Select ${title}`).check();
  await admin.getByLabel("With the selected listings").selectOption("sold");
  await admin.getByRole("button", { name: "Apply to selected" }).click();
  await admin.getByRole("button", { name: "Yes, mark them" }).click();
  await expect(
    admin.getByRole("status").filter({ hasText: "1 listing marked sold" }),
  ).toBeVisible();

  const gone = await page.goto(`/r/${code.toLowerCase()}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    `Listing ${code} is no longer on offer`,
  );
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Search our listings" })).toHaveAttribute(
    "href",
    "/properties",
  );
  await expect(main.getByRole("link", { name: "Check before you pay" })).toHaveAttribute(
    "href",
    "/verify",
  );

  // Never given: 404, and not the bare not-found page.
  const unknown = await page.goto("/r/NH-LAG-987654");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "No NaijaHomes listing has the code NH-LAG-987654",
  );
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toHaveCount(0);
});
