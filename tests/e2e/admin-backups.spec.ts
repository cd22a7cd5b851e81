import { ADMIN_STATE } from "./auth-state";
import { violationsOf } from "./axe";
import { gotoHydrated, toasts } from "./support";
import { expect, test } from "./test";

// The Backups screen (issue 22): the demo super admin takes a backup while the site serves,
// sees it listed with its contents, and downloads it. On PostgreSQL the screen says to use
// pg_dump instead (the backups are the embedded database's).

test.use({ storageState: ADMIN_STATE });

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
