import type { Page } from "@playwright/test";
import { adminPage, gotoHydrated, toasts } from "./support";
import { expect, test } from "./test";

// Nothing irreversible by one click (issue 23, item 4): a bulk change to listings asks with the
// count, reports the plural, offers Undo after a move to the trash (restoring exactly those),
// and clears the chosen action and the ticks for the next Apply.

function rowOf(page: Page, title: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
}

/** Adds a listing through the plain Add Property page (no JavaScript: quick and stable). */
async function addListing(page: Page, title: string) {
  await page.goto("/admin/properties/new");
  await page.getByLabel("Title", { exact: true }).fill(title);
  await page.getByLabel("Price (₦)").fill("30000000");
  await page.getByLabel("Location").selectOption("Kano");
  await page.getByRole("button", { name: "Add Property" }).click();
  await expect(page).toHaveURL(/\/admin\/properties$/);
}

test("moving several listings to the trash asks with the count, reports it, and Undo brings exactly those back", async ({
  openPage,
}) => {
  const token = `Bulkcheck${Date.now()}`;
  const titles = [1, 2, 3].map((n) => `${token} plot ${n}`);
  const plain = await adminPage(openPage, { javaScriptEnabled: false });
  for (const title of [...titles, `${token} keeper`]) await addListing(plain, title);

  const admin = await adminPage(openPage);
  await gotoHydrated(admin, `/admin/properties?q=${token}`);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Properties (4)");
  const action = admin.getByLabel("With the selected listings");
  await expect(action).toHaveValue("");

  // Nothing ticked: nothing happens, and it says why.
  await action.selectOption("delete");
  await admin.getByRole("button", { name: "Apply to selected" }).click();
  await expect(
    admin.getByRole("alert").filter({ hasText: "Please select at least one property." }),
  ).toBeVisible();
  await expect(admin.getByRole("alertdialog")).toHaveCount(0);

  for (const title of titles) await admin.getByLabel(`Select ${title}`).check();
  await admin.getByRole("button", { name: "Apply to selected" }).click();
  const ask = admin.getByRole("alertdialog");
  await expect(ask).toContainText("Move 3 listings to the trash?");
  // Keep them: nothing moves.
  await ask.getByRole("button", { name: "Keep them" }).click();
  await expect(admin.getByRole("alertdialog")).toHaveCount(0);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Properties (4)");

  await admin.getByRole("button", { name: "Apply to selected" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Yes, move them" }).click();
  const report = toasts(admin).filter({ hasText: "3 listings moved to the trash" });
  await expect(report).toBeVisible();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Properties (1)");
  for (const title of titles) await expect(rowOf(admin, title)).toHaveCount(0);
  // The bar starts afresh: no action chosen, nothing ticked.
  await expect(action).toHaveValue("");
  await expect(admin.getByLabel(`Select ${token} keeper`)).not.toBeChecked();
  await admin.screenshot({ path: test.info().outputPath("bulk-trash-report.png") });

  await report.getByRole("button", { name: "Undo" }).click();
  await expect(toasts(admin).filter({ hasText: "3 listings restored" })).toBeVisible();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Properties (4)");
  for (const title of titles) await expect(rowOf(admin, title)).toHaveCount(1);

  // One listing reads in the singular; featuring it then leaves the bar cleared too.
  await admin.getByLabel(`Select ${token} keeper`).check();
  await action.selectOption("feature");
  await admin.getByRole("button", { name: "Apply to selected" }).click();
  await expect(admin.getByRole("alertdialog")).toContainText("Mark 1 listing featured?");
  await admin.getByRole("alertdialog").getByRole("button", { name: "Yes, mark them" }).click();
  await expect(toasts(admin).filter({ hasText: "1 listing marked featured" })).toBeVisible();
  await expect(rowOf(admin, `${token} keeper`)).toContainText("Featured");
  await expect(action).toHaveValue("");
  await expect(admin.getByLabel(`Select ${token} keeper`)).not.toBeChecked();

  // Clean up: the test's listings go to the trash (asked, like any bulk change).
  for (const title of [...titles, `${token} keeper`]) {
    await admin.getByLabel(`Select ${title}`).check();
  }
  await action.selectOption("delete");
  await admin.getByRole("button", { name: "Apply to selected" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Yes, move them" }).click();
  await expect(toasts(admin).filter({ hasText: "4 listings moved to the trash" })).toBeVisible();
});

test("without JavaScript the trash question and the Undo are in the page", async ({ openPage }) => {
  const token = `Plainbulk${Date.now()}`;
  const titles = [1, 2].map((n) => `${token} flat ${n}`);
  const admin = await adminPage(openPage, { javaScriptEnabled: false });
  for (const title of titles) await addListing(admin, title);

  await admin.goto(`/admin/properties?q=${token}`);
  for (const title of titles) await admin.getByLabel(`Select ${title}`).check();
  await admin.getByLabel("With the selected listings").selectOption("delete");
  await admin.getByRole("button", { name: "Apply to selected" }).click();
  await expect(
    admin.getByRole("status").filter({ hasText: "Move 2 listings to the trash?" }),
  ).toBeVisible();
  // Nothing has moved yet.
  await expect(rowOf(admin, titles[0] ?? "")).toHaveCount(1);
  await admin.getByRole("button", { name: "Yes, move them" }).click();
  await expect(
    admin.getByRole("status").filter({ hasText: "2 listings moved to the trash" }),
  ).toBeVisible();
  await expect(rowOf(admin, titles[0] ?? "")).toHaveCount(0);
  await admin.getByRole("button", { name: "Undo" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "2 listings restored" })).toBeVisible();
  for (const title of titles) await expect(rowOf(admin, title)).toHaveCount(1);

  // The trash has the same bar, with Restore.
  await admin.goto(`/admin/properties?q=${token}`);
  for (const title of titles) await admin.getByLabel(`Select ${title}`).check();
  await admin.getByLabel("With the selected listings").selectOption("delete");
  await admin.getByRole("button", { name: "Apply to selected" }).click();
  await admin.getByRole("button", { name: "Yes, move them" }).click();
  await admin.goto(`/admin/properties?view=trash&q=${token}`);
  await expect(admin.getByLabel("With the selected listings").locator("option")).toHaveText([
    "Choose an action",
    "Restore",
  ]);
});
