import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parseCsv, toCsv, unguardCell } from "../../app/lib/csv";
import { violationsOf } from "./axe";
import { adminPage, gotoHydrated, toasts } from "./support";
import { expect, test } from "./test";

// The CSV round trip as the office does it: export the listings, change one price in the file
// (typed the way a spreadsheet shows it, with ₦ and commas), import it. The check says what will
// happen before anything is written ("0 new, 1 updated, N unchanged", with the changed price);
// Import updates that listing: the catalogue keeps its size and the site shows the new price.
// The listings of one city (Owerri) keep the counts exact while other specs add listings.

const CITY_LIST = "/admin/properties?city=Owerri";

// Two downloads, uploads and axe checks each: more than the default minute on a busy machine.
test.beforeEach(() => {
  test.slow();
});

/** Clicks Export CSV on the list and answers the file's rows (header first), cells as meant. */
async function exportRows(admin: Page) {
  const download = admin.waitForEvent("download");
  await admin.getByRole("link", { name: "Export CSV" }).click();
  const file = await (await download).path();
  const text = await fs.readFile(file, "utf8");
  return parseCsv(text).map((row) => row.map(unguardCell));
}

async function listedCount(admin: Page) {
  const heading = admin.getByRole("heading", { level: 1, name: /^Properties \(\d+\)$/ });
  const text = (await heading.textContent()) ?? "";
  return Number(/\((\d+)\)/.exec(text)?.[1]);
}

test("export, change a price in the file, import: that listing is updated, nothing added", async ({
  openPage,
  page,
}) => {
  const admin = await adminPage(openPage);
  await gotoHydrated(admin, CITY_LIST);
  const listed = await listedCount(admin);
  expect(listed).toBeGreaterThan(1);

  const [header = [], ...rows] = await exportRows(admin);
  expect(rows).toHaveLength(listed);
  const at = (column: string) => header.indexOf(column);
  const edited = rows[0] ?? [];
  const id = edited[at("id")] ?? "";
  const title = edited[at("title")] ?? "";
  const oldPrice = Number(edited[at("price")]);
  const newPrice = oldPrice + 1_250_000;
  const naira = (n: number) => `₦${n.toLocaleString("en-NG")}`;
  // As a spreadsheet user types it.
  edited[at("price")] = naira(newPrice);
  const file = toCsv(header, rows);

  await admin.getByRole("link", { name: "Import CSV" }).click();
  const dialog = admin.getByRole("dialog", { name: "Import Properties" });
  await dialog
    .getByLabel("CSV file")
    .setInputFiles({ name: "owerri.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
  await dialog.getByRole("button", { name: "Check the file" }).click();

  await expect(dialog.getByRole("status")).toHaveText(`0 new, 1 updated, ${listed - 1} unchanged`);
  const updated = dialog.getByRole("region", { name: "Updated listings" });
  await expect(updated).toContainText(title);
  // The one change: the price, before and after, as the admin shows prices.
  await expect(
    updated.getByRole("list", { name: `Changes to ${title}` }).getByRole("listitem"),
  ).toHaveText([`Price (₦): ${naira(oldPrice)} → ${naira(newPrice)}`]);
  await expect(dialog.getByRole("region", { name: "New listings" })).toHaveCount(0);

  await dialog.getByRole("button", { name: "Import 0 new, 1 updated" }).click();
  await expect(toasts(admin).filter({ hasText: "Properties imported successfully" })).toBeVisible();
  await expect(admin).toHaveURL(/\/admin\/properties\?city=Owerri$/);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`Properties (${listed})`);

  // The catalogue kept its size, and the file again is now "0 new, 0 updated, all unchanged".
  const [, ...after] = await exportRows(admin);
  expect(after).toHaveLength(listed);
  expect(after.find((row) => row[at("id")] === id)?.[at("price")]).toBe(String(newPrice));

  // The site shows the new price.
  await gotoHydrated(page, `/property/${id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(page.getByRole("main")).toContainText(naira(newPrice));
});

test("a Windows-1252 file typed with labels: each problem named, then imported", async ({
  openPage,
}) => {
  const stamp = Date.now();
  const villa = `Résidence Étoile ${stamp}`;
  const flat = `Calabar flat ${stamp}`;
  const header = "Title,Purpose,Price,Rent period,Property type,Category,City,Status,Featured";
  const good = [
    `${villa},For Sale,"N45,000,000",,Villa,Residential,calabar,Available,Yes`,
    `${flat},for rent,"1,800,000",per annum,Apartment,Residential,Calabar,Under Offer,no`,
  ];
  const bad = `Bad row ${stamp},Sell,call us,,Castle,Residential,Calabar,Available,no`;
  // As Excel's plain "CSV" saves it on Windows: one byte per character, é as 0xE9.
  const latin1 = (lines: string[]) => Buffer.from(`${lines.join("\r\n")}\r\n`, "latin1");

  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/admin/properties/import");
  await admin.getByLabel("CSV file").setInputFiles({
    name: "new.csv",
    mimeType: "text/csv",
    buffer: latin1([header, ...good, bad]),
  });
  await admin.getByRole("button", { name: "Check the file" }).click();
  await expect(admin.getByRole("alert").first()).toContainText("Nothing imported");
  const problems = admin.getByRole("table", { name: "Problems found in the file" });
  const problemRows = problems.getByRole("row");
  // The header row, then one row per problem: row, column, the value and what is allowed.
  await expect(problemRows).toHaveCount(4);
  await expect(problemRows.nth(1)).toHaveText(
    /^4purpose"Sell"Not one of the choices\. Allowed: For Sale or For Rent\.$/,
  );
  await expect(problemRows.nth(2)).toContainText('price"call us"Not an amount in whole naira');
  await expect(problemRows.nth(3)).toContainText('property_type"Castle"');
  await expect(problemRows.nth(3)).toContainText("Allowed: House, Apartment, Duplex");
  expect(await violationsOf(admin, "/admin/properties/import (problems)")).toEqual([]);

  await admin
    .getByLabel("CSV file")
    .setInputFiles({ name: "new.csv", mimeType: "text/csv", buffer: latin1([header, ...good]) });
  await admin.getByRole("button", { name: "Check the file" }).click();
  await expect(admin.getByRole("status")).toHaveText("2 new, 0 updated, 0 unchanged");
  await expect(admin.getByText("The file was read as Windows-1252 (Latin-1) text.")).toBeVisible();
  await expect(admin.getByRole("region", { name: "New listings" })).toContainText(villa);
  expect(await violationsOf(admin, "/admin/properties/import (plan)")).toEqual([]);
  await admin.getByRole("button", { name: "Import 2 new, 0 updated" }).click();
  await expect(toasts(admin).filter({ hasText: "Properties imported successfully" })).toBeVisible();

  await gotoHydrated(admin, `/admin/properties?q=${encodeURIComponent(String(stamp))}`);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Properties (2)");
  await expect(admin.getByRole("main")).toContainText(villa);
  await expect(admin.getByRole("main")).toContainText("₦45,000,000");
  await expect(admin.getByRole("main")).toContainText("₦1,800,000");
});

test("export, copy a row with its id cleared, import: added; the same file again: flagged, skipped unless ticked", async ({
  openPage,
}) => {
  // Zaria: a city no other spec adds listings to, so the counts are exact.
  const list = "/admin/properties?city=Zaria";
  const stamp = Date.now();
  const admin = await adminPage(openPage);
  await gotoHydrated(admin, list);
  const listed = await listedCount(admin);
  expect(listed).toBeGreaterThan(0);

  const [header = [], ...rows] = await exportRows(admin);
  expect(header).toEqual(expect.arrayContaining(["id", "agent", "created_at"]));
  const at = (column: string) => header.indexOf(column);
  const original = rows[0] ?? [];
  // A listing of the demo: its description has paragraphs, the case that failed before.
  expect(original[at("description")]).toContain("\n");
  const copy = [...original];
  const title = `${original[at("title")]} (second unit ${stamp})`;
  copy[at("id")] = "";
  copy[at("title")] = title;
  const file = Buffer.from(toCsv(header, [...rows, copy]));
  const copyRow = rows.length + 2;

  async function checkFile() {
    await admin.getByRole("link", { name: "Import CSV" }).click();
    const dialog = admin.getByRole("dialog", { name: "Import Properties" });
    await dialog
      .getByLabel("CSV file")
      .setInputFiles({ name: "zaria.csv", mimeType: "text/csv", buffer: file });
    await dialog.getByRole("button", { name: "Check the file" }).click();
    await expect(dialog.getByRole("status")).toHaveText(`1 new, 0 updated, ${listed} unchanged`);
    return dialog;
  }

  const first = await checkFile();
  await expect(first.getByRole("region", { name: "New listings" })).toContainText(title);
  await expect(first.getByText("Looks like an existing listing")).toHaveCount(0);
  await first.getByRole("button", { name: "Import 1 new, 0 updated" }).click();
  await expect(toasts(admin).filter({ hasText: "Properties imported successfully" })).toBeVisible();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`Properties (${listed + 1})`);

  // The same file again: the copied row now looks like the listing it added.
  const again = await checkFile();
  await expect(again.getByText("1 new row looks like an existing listing")).toBeVisible();
  const newRows = again.getByRole("region", { name: "New listings" });
  await expect(newRows).toContainText(`Row ${copyRow}: ${title}`);
  await expect(newRows).toContainText("Looks like an existing listing:");
  const link = newRows.getByRole("link", { name: title });
  await expect(link).toHaveAttribute("href", /^\/admin\/properties\/[0-9a-f-]{36}$/);
  const addAnyway = again.getByRole("checkbox", { name: `Add anyway (row ${copyRow})` });
  await expect(addAnyway).not.toBeChecked();
  await expect(again.getByRole("button", { name: "Import 0 new, 0 updated" })).toBeVisible();
  expect(await violationsOf(admin, "/admin/properties/import (look-alike)")).toEqual([]);

  // Not ticked: nothing is added.
  await again.getByRole("button", { name: "Import 0 new, 0 updated" }).click();
  await expect(again.getByRole("alert").first()).toContainText(
    'Every new row looks like an existing listing. Tick "Add anyway"',
  );
  // Ticked: added once more.
  await addAnyway.check();
  await again.getByRole("button", { name: "Import 1 new, 0 updated" }).click();
  await expect(toasts(admin).filter({ hasText: "Properties imported successfully" })).toBeVisible();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(`Properties (${listed + 2})`);
  await gotoHydrated(admin, `/admin/properties?q=${encodeURIComponent(String(stamp))}`);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Properties (2)");
});
