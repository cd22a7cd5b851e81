import type { Page } from "@playwright/test";
import sharp from "sharp";
import { violationsOf } from "./axe";
import { adminPage, gotoHydrated, reloadHydrated, toasts } from "./support";
import { expect, test } from "./test";

// Staff run the catalogue: add a listing in the dialog over the list (a missing price is refused
// beside the field, nothing typed lost), find it on the public site, change its price, delete it
// (its page answers 404 at once) and restore it from the trash. Without JavaScript the form is a
// page with its sections one after another.

function rowOf(page: Page, title: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: title }) });
}

test("add, find on the site, reprice, delete and restore a listing", { tag: "@smoke" }, async ({
  openPage,
  page,
}) => {
  const title = `Ocean-view terrace ${Date.now()}`;
  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/admin/properties");
  await admin.getByRole("link", { name: "Add Property" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add Property" });
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Location").selectOption("Lagos");
  await dialog.getByLabel(/^Address/).fill("3 Ozumba Mbadiwe Avenue, Victoria Island");
  await dialog.getByRole("tab", { name: "Details" }).click();
  await dialog.getByLabel("Property type").selectOption("terrace");
  await dialog.getByLabel("Bedrooms").fill("3");
  await dialog.getByLabel("Bathrooms").fill("3");
  await dialog.getByLabel("Square feet").fill("2400");
  await dialog.getByLabel("Title document").selectOption("governors-consent");
  expect(await violationsOf(admin, "/admin/properties/new (dialog)")).toEqual([]);

  // No price: refused, the Basic Info tab opens on the message, the rest kept.
  await dialog.getByRole("button", { name: "Add Property" }).click();
  await expect(dialog.getByRole("alert").first()).toContainText(
    "Please fill in all required fields",
  );
  await expect(dialog.getByLabel("Price (₦)")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(title);
  await dialog.getByLabel("Price (₦)").fill("95,000,000");
  await dialog.getByRole("button", { name: "Add Property" }).click();
  await expect(toasts(admin).filter({ hasText: "Property added successfully" })).toBeVisible();
  await expect(rowOf(admin, title)).toContainText("₦95,000,000");

  // On the public site at once.
  await gotoHydrated(page, `/properties?q=${encodeURIComponent(title)}`);
  await page.getByRole("link", { name: title }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const publicUrl = page.url();

  await rowOf(admin, title)
    .getByRole("link", { name: `Edit ${title}` })
    .click();
  const edit = admin.getByRole("dialog", { name: `Edit: ${title}` });
  await edit.getByLabel("Price (₦)").fill("89000000");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(admin).filter({ hasText: "Property updated successfully" })).toBeVisible();
  await expect(rowOf(admin, title)).toContainText("₦89,000,000");

  await rowOf(admin, title)
    .getByRole("link", { name: `Edit ${title}` })
    .click();
  await admin.getByRole("dialog").getByRole("button", { name: "Delete Property" }).click();
  await expect(admin.getByRole("alertdialog")).toContainText(
    "Are you sure you want to delete this property?",
  );
  await admin.getByRole("alertdialog").getByRole("button", { name: "Yes, delete it" }).click();
  await expect(toasts(admin).filter({ hasText: "Property deleted successfully" })).toBeVisible();
  await expect(rowOf(admin, title)).toHaveCount(0);
  const gone = await page.goto(publicUrl);
  expect(gone?.status()).toBe(404);

  await admin.getByRole("link", { name: "Trash" }).click();
  await rowOf(admin, title).getByRole("button", { name: "Restore" }).click();
  await expect(toasts(admin).filter({ hasText: "Property restored" })).toBeVisible();
  const back = await page.goto(publicUrl);
  expect(back?.status()).toBe(200);
});

test("a CSV import is checked first, its bad row shown, then the fixed file imported", async ({
  openPage,
}) => {
  const stamp = Date.now();
  const header = "title,purpose,price,property_type,category,city,beds";
  const good = `Imported duplex ${stamp},sale,120000000,duplex,residential,Lagos,4`;
  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/admin/properties");
  await admin.getByRole("link", { name: "Import CSV" }).click();
  const dialog = admin.getByRole("dialog", { name: "Import Properties" });
  const file = (lines: string[]) => ({
    name: "listings.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(lines.join("\r\n")),
  });
  await dialog
    .getByLabel("CSV file")
    .setInputFiles(file([header, good, "Broken,sale,,house,residential,Lagos,2"]));
  await dialog.getByRole("button", { name: "Check the file" }).click();
  const problems = dialog.getByRole("table", { name: "Problems found in the file" });
  await expect(problems).toContainText("Please enter the price in whole naira");
  await expect(problems.getByRole("row").nth(1)).toContainText("3");

  await dialog.getByLabel("CSV file").setInputFiles(file([header, good]));
  await dialog.getByRole("button", { name: "Check the file" }).click();
  await expect(dialog.getByRole("status")).toHaveText("1 new, 0 updated, 0 unchanged");
  await dialog.getByRole("button", { name: "Import 1 new, 0 updated" }).click();
  await expect(toasts(admin).filter({ hasText: "Properties imported successfully" })).toBeVisible();
  await admin.getByLabel("Search properties").fill(`Imported duplex ${stamp}`);
  await admin.getByLabel("Search properties").press("Enter");
  await expect(rowOf(admin, `Imported duplex ${stamp}`)).toContainText("₦120,000,000");
});

test("a listing added with two photos, reordered, repriced and deleted, as the public sees it", async ({
  openPage,
  page,
}) => {
  const title = `Photographed villa ${Date.now()}`;
  const photo = async (colour: string) => ({
    name: `${colour.slice(1)}.jpg`,
    mimeType: "image/jpeg",
    buffer: await sharp({ create: { width: 800, height: 600, channels: 3, background: colour } })
      .jpeg()
      .toBuffer(),
  });
  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/admin/properties");
  await admin.getByRole("link", { name: "Add Property" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add Property" });
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Price (₦)").fill("250000000");
  await dialog.getByLabel("Location").selectOption("Abuja");
  await dialog.getByRole("tab", { name: "Media" }).click();
  await dialog.getByLabel("Photos").setInputFiles([await photo("#aa2222"), await photo("#22aa22")]);
  const chosen = dialog.getByRole("list", { name: "Chosen photos" }).getByRole("listitem");
  await expect(chosen).toHaveCount(2);
  await dialog.getByLabel("Title of 22aa22.jpg").fill("The garden");
  expect(await violationsOf(admin, "Add Property, Media tab")).toEqual([]);
  await dialog.getByRole("button", { name: "Add Property" }).click();
  await expect(toasts(admin).filter({ hasText: "Property added successfully" })).toBeVisible();

  await admin.getByLabel("Search properties").fill(title);
  await admin.getByLabel("Search properties").press("Enter");
  await rowOf(admin, title)
    .getByRole("link", { name: `Edit ${title}` })
    .click();
  const edit = admin.getByRole("dialog", { name: `Edit: ${title}` });
  await edit.getByRole("tab", { name: "Media" }).click();
  const photos = edit.getByRole("list", { name: "Photos of this listing" }).getByRole("listitem");
  await expect(photos).toHaveCount(2);
  await expect(edit.getByLabel("Title of photo 2")).toHaveValue("The garden");
  expect(await violationsOf(admin, "Edit Property, Media tab")).toEqual([]);
  const secondSrc = await photos.nth(1).getByRole("img").getAttribute("src");
  // Reordered from the keyboard: the second photo's handle, arrow up. The list shows the new
  // order at once, while the order is saved in the background.
  const saved = admin.waitForResponse((response) => response.request().method() === "POST");
  await edit.getByRole("button", { name: "Reorder photo 2" }).press("ArrowUp");
  await expect(photos.nth(0).getByRole("img")).toHaveAttribute("src", secondSrc ?? "");
  await expect(edit.getByLabel("Title of photo 1")).toHaveValue("The garden");
  // Saved: still first after a reload of the data (once the save has answered: a reload
  // before would cancel it).
  expect((await saved).ok()).toBe(true);
  await reloadHydrated(admin);
  await admin.getByRole("tab", { name: "Media" }).click();
  await expect(
    admin
      .getByRole("list", { name: "Photos of this listing" })
      .getByRole("listitem")
      .first()
      .getByRole("img"),
  ).toHaveAttribute("src", secondSrc ?? "");

  // A third photo through the uploader: its own progress bar, then in the list.
  await admin.getByLabel("Add photos").setInputFiles([await photo("#2222aa")]);
  const uploads = admin.getByRole("list", { name: "Uploads" });
  await expect(uploads.getByRole("progressbar", { name: "Upload of 2222aa.jpg" })).toBeVisible();
  await expect(uploads).toContainText("Uploaded");
  await expect(
    admin.getByRole("list", { name: "Photos of this listing" }).getByRole("listitem"),
  ).toHaveCount(3);
  // A file that is not a photo: refused with its reason, nothing added.
  await admin
    .getByLabel("Add photos")
    .setInputFiles([{ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("hello") }]);
  await expect(uploads.getByRole("alert")).toContainText("notes.jpg: This file is not a photo");
  await expect(
    admin.getByRole("list", { name: "Photos of this listing" }).getByRole("listitem"),
  ).toHaveCount(3);

  await gotoHydrated(page, `/properties?q=${encodeURIComponent(title)}`);
  const card = page.getByRole("article").filter({ hasText: title });
  const cardSrc = await card.getByRole("img").first().getAttribute("src");
  expect(cardSrc?.split("?")[0]).toBe(secondSrc?.split("?")[0]);
  await card.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  const publicUrl = page.url();
  const hero = page.getByRole("main").getByRole("img").first();
  expect((await hero.getAttribute("src"))?.split("?")[0]).toBe(secondSrc?.split("?")[0]);
  const image = await page.request.get(secondSrc?.split("?")[0] ?? "");
  expect(image.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  // A new price, shown in the public listing.
  await admin.getByRole("tab", { name: "Basic Info" }).click();
  await admin.getByLabel("Price (₦)").fill("240000000");
  await admin.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(admin).filter({ hasText: "Property updated successfully" })).toBeVisible();
  await gotoHydrated(page, `/properties?q=${encodeURIComponent(title)}`);
  await expect(page.getByRole("article").filter({ hasText: title })).toContainText("₦240,000,000");

  // Deleted: its page answers 404 at once.
  await admin.getByLabel("Search properties").fill(title);
  await admin.getByLabel("Search properties").press("Enter");
  await rowOf(admin, title)
    .getByRole("link", { name: `Edit ${title}` })
    .click();
  await admin.getByRole("dialog").getByRole("button", { name: "Delete Property" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Yes, delete it" }).click();
  await expect(toasts(admin).filter({ hasText: "Property deleted successfully" })).toBeVisible();
  expect((await page.goto(publicUrl))?.status()).toBe(404);
});

test.describe("without JavaScript", () => {
  test("the form is a page; a bulk change marks the selected listing sold", async ({
    openPage,
  }) => {
    const title = `Plain-form bungalow ${Date.now()}`;
    const admin = await adminPage(openPage, { javaScriptEnabled: false });
    await admin.goto("/admin/properties/new");
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Add Property");
    await expect(admin.getByRole("heading", { name: "Details" })).toBeVisible();
    await admin.getByLabel("Title", { exact: true }).fill(title);
    await admin.getByLabel("Price (₦)").fill("40000000");
    await admin.getByLabel("Location").selectOption("Abuja");
    await admin.getByRole("button", { name: "Add Property" }).click();
    await expect(admin).toHaveURL(/\/admin\/properties$/);
    await expect(
      admin.getByRole("status").filter({ hasText: "Property added successfully" }),
    ).toBeVisible();

    await admin.goto(`/admin/properties?q=${encodeURIComponent(title)}`);
    await admin.getByLabel(`Select ${title}`).check();
    await admin.getByLabel("With the selected listings").selectOption("sold");
    await admin.getByRole("button", { name: "Apply to selected" }).click();
    // It asks with the count first (in the page), then reports it.
    await expect(
      admin.getByRole("status").filter({ hasText: "Mark 1 listing sold?" }),
    ).toBeVisible();
    await admin.getByRole("button", { name: "Yes, mark them" }).click();
    await expect(
      admin.getByRole("status").filter({ hasText: "1 listing marked sold" }),
    ).toBeVisible();
    await admin.goto(`/admin/properties?q=${encodeURIComponent(title)}`);
    await expect(rowOf(admin, title)).toContainText("Sold");
  });

  test("photos are uploaded with the plain form and ordered with the up and down buttons", async ({
    openPage,
  }) => {
    const title = `Plain-photo duplex ${Date.now()}`;
    const jpeg = (colour: string) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background: colour } })
        .jpeg()
        .toBuffer();
    const admin = await adminPage(openPage, { javaScriptEnabled: false });
    await admin.goto("/admin/properties/new");
    await admin.getByLabel("Title", { exact: true }).fill(title);
    await admin.getByLabel("Price (₦)").fill("60000000");
    await admin.getByLabel("Location").selectOption("Lagos");
    await admin
      .getByLabel("Photos")
      .setInputFiles([{ name: "one.jpg", mimeType: "image/jpeg", buffer: await jpeg("#884422") }]);
    await admin.getByRole("button", { name: "Add Property" }).click();
    await expect(admin).toHaveURL(/\/admin\/properties$/);
    await admin.goto(`/admin/properties?q=${encodeURIComponent(title)}`);
    await rowOf(admin, title)
      .getByRole("link", { name: `Edit ${title}` })
      .click();
    const photos = admin
      .getByRole("list", { name: "Photos of this listing" })
      .getByRole("listitem");
    await expect(photos).toHaveCount(1);
    await admin
      .getByLabel("Add photos")
      .setInputFiles([{ name: "two.jpg", mimeType: "image/jpeg", buffer: await jpeg("#224488") }]);
    await admin.getByRole("button", { name: "Upload photos" }).click();
    await expect(photos).toHaveCount(2);
    const second = await photos.nth(1).getByRole("img").getAttribute("src");
    await admin.getByRole("button", { name: "Move photo 2 up" }).click();
    await expect(photos.nth(0).getByRole("img")).toHaveAttribute("src", second ?? "");
  });
});
