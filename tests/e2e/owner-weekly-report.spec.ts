import { WEEKLY_REPORT_MESSAGES } from "../../app/lib/owner-report";
import { asNewVisitor, gotoHydrated, signedInAs, toasts } from "./support";
import { expect, test } from "./test";

// Issue 20 item 5: the owner's opt-in to the weekly e-mail report of their listings, under My
// Listings. Off by default; once saved on it stays on after a reload, and saved off it stays off.
// Who gets the e-mail and what it says: app/mail/owner-report-mail.server.test.ts.

test("an owner switches the weekly report on, and it stays on after a reload", async ({ page }) => {
  await signedInAs(page, "owners-weekly-report");
  await gotoHydrated(page, "/dashboard/listings");
  const box = page.getByLabel("E-mail me a weekly report of my listings");
  await expect(box).not.toBeChecked();
  // My Listings has a Save for each of the owner's e-mails (issue 47): this box's own.
  const save = page.locator("form", { has: box }).getByRole("button", { name: "Save" });

  await box.check();
  await save.click();
  await expect(toasts(page).getByText("Weekly report on")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("E-mail me a weekly report of my listings")).toBeChecked();

  await page.getByLabel("E-mail me a weekly report of my listings").uncheck();
  await save.click();
  await expect(toasts(page).getByText("Weekly report off")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("E-mail me a weekly report of my listings")).not.toBeChecked();
});

test("a report's unsubscribe link with an altered token says it is not valid", async ({ page }) => {
  await asNewVisitor(page);
  await gotoHydrated(page, "/listings/report/unsubscribe?token=someone.altered");
  await expect(page.getByRole("main").getByText(WEEKLY_REPORT_MESSAGES.badLink)).toBeVisible();
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
});
