import { ADMIN_STATE } from "./auth-state";
import { violationsOf } from "./axe";
import { gotoHydrated, toasts } from "./support";
import { expect, test } from "./test";

// The Backups screen (issue 22): the demo super admin takes a backup while the site serves,
// sees it listed with its contents, and downloads it. On PostgreSQL the screen says to use
// pg_dump instead (the backups are the embedded database's).

test.use({ storageState: ADMIN_STATE });
// One after the other: both count the archives of one folder.
test.describe.configure({ mode: "default" });

test("a super admin backs the site up now and downloads the file", async ({ page }) => {
  await gotoHydrated(page, "/admin/backups");
  await expect(page.getByRole("heading", { level: 1, name: "Backups" })).toBeVisible();
  test.skip(Boolean(process.env.DATABASE_URL), "PostgreSQL: backed up with pg_dump");
  expect(await violationsOf(page, "/admin/backups")).toEqual([]);
  const files = page.getByRole("region", { name: "Backup files" });
  const before = await files.getByRole("listitem").count();

  await page.getByRole("button", { name: "Back Up Now" }).click();
  await expect(toasts(page).filter({ hasText: "Backup written" })).toBeVisible({
    timeout: 60_000,
  });
  await expect(files.getByRole("listitem")).toHaveCount(before + 1);
  const newest = files.getByRole("listitem").first();
  await expect(newest).toContainText(/\d+ listings, \d+ photos/);
  await expect(page.getByRole("region", { name: "Status" })).not.toContainText("None yet");

  const downloading = page.waitForEvent("download");
  await newest.getByRole("link", { name: /^Download/ }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^naija-homes-.*\.tar\.gz$/);
  const stream = await download.createReadStream();
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).length;
  expect(bytes).toBeGreaterThan(10_000);
});

// Issue 44: Back Up Now twice keeps both archives (the rotation removes only scheduled ones),
// the screen says how long each kind is kept and what goes next, and Delete asks first, with
// JavaScript (a dialog) and without (the question on the page).
test("pressed twice, both archives are kept; a super admin deletes one after a question", async ({
  page,
  openPage,
}) => {
  await gotoHydrated(page, "/admin/backups");
  test.skip(Boolean(process.env.DATABASE_URL), "PostgreSQL: backed up with pg_dump");
  const status = page.getByRole("region", { name: "Status" });
  await expect(status).toContainText(
    "Backups taken by hand (Back Up Now, npm run backup): kept until a super admin deletes them.",
  );
  await expect(status).toContainText("Next to be removed by the schedule");
  const files = page.getByRole("region", { name: "Backup files" });
  const byHand = files.getByRole("listitem").filter({ hasText: "Taken by hand" });
  const before = await byHand.count();

  for (const press of [1, 2]) {
    await page.getByRole("button", { name: "Back Up Now" }).click();
    await expect(byHand).toHaveCount(before + press, { timeout: 60_000 });
  }
  expect(await violationsOf(page, "/admin/backups with archives")).toEqual([]);
  const newest = files.getByRole("listitem").first();
  const moment = (await newest.getByRole("paragraph").first().textContent()) ?? "";
  expect(moment).toMatch(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}:\d{2}$/);

  // Cancel keeps it.
  await newest.getByRole("button", { name: `Delete the backup of ${moment}` }).click();
  const ask = page.getByRole("alertdialog");
  await expect(ask).toContainText(`Delete the backup of ${moment}?`);
  await expect(ask).toContainText("This cannot be undone.");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(byHand).toHaveCount(before + 2);

  await newest.getByRole("button", { name: `Delete the backup of ${moment}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Yes, delete" }).click();
  await expect(toasts(page).filter({ hasText: "Backup deleted" })).toBeVisible();
  await expect(byHand).toHaveCount(before + 1);
  await expect(files).not.toContainText(moment);

  // Without JavaScript: the first press asks on the page, the second deletes.
  const plain = await openPage({ storageState: ADMIN_STATE, javaScriptEnabled: false });
  await plain.goto("/admin/backups");
  const plainFiles = plain.getByRole("region", { name: "Backup files" });
  const first = plainFiles.getByRole("listitem").first();
  const other = (await first.getByRole("paragraph").first().textContent()) ?? "";
  await first.getByRole("button", { name: `Delete the backup of ${other}` }).click();
  await expect(
    plain.getByRole("status").filter({ hasText: `Delete the backup of ${other}?` }),
  ).toBeVisible();
  await expect(plainFiles).toContainText(other);
  await plain.getByRole("button", { name: "Yes, delete" }).click();
  await expect(plain.getByRole("status").filter({ hasText: "Backup deleted" })).toBeVisible();
  await expect(plainFiles.getByRole("listitem").filter({ hasText: "Taken by hand" })).toHaveCount(
    before,
  );
  await expect(plainFiles).not.toContainText(other);
});
