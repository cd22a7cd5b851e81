import type { Page } from "@playwright/test";
import { ADMIN_STATE } from "./auth-state";
import { violationsOf } from "./axe";
import { adminPage, gotoHydrated, toasts, visibleText } from "./support";
import { expect, test } from "./test";

// The audit log reads like a history (issue 23): who by name, what by the record's name linked
// to its screen, the form's labels, only what changed, a deleted record by its last name; it
// fits 1280 px and a phone. Each test makes its own records (a video added, moved to the end
// of nothing, then deleted), so it does not disturb the seeded ones other specs read.

test.use({ storageState: ADMIN_STATE });

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** Adds a video through its page (no dialog needed) and answers its edit address. */
async function addVideo(page: Page, title: string) {
  await gotoHydrated(page, "/admin/videos/new");
  await page.getByLabel("Video URL").fill("https://vimeo.com/76979871");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Add Video" }).click();
  await expect(page).toHaveURL(/\/admin\/videos$/);
  const link = page.getByRole("rowheader").getByRole("link", { name: title });
  const href = await link.getAttribute("href");
  if (!href) throw new Error("the new video has no edit link");
  return href;
}

test("the log names the admin and the record, links it, and keeps a deleted one's name", async ({
  page,
}) => {
  const title = `Audit walkthrough ${Date.now()}`;
  const href = await addVideo(page, title);

  // Switched off: one field, under the form's label, from Active to Inactive.
  await gotoHydrated(page, "/admin/videos");
  await page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: title }) })
    .getByRole("switch", { name: `Active: ${title}` })
    .click();
  await expect(
    page
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name: title }) })
      .getByRole("switch"),
  ).toHaveAttribute("aria-checked", "false");
  // The switch shows its new state before the post is answered; leaving the page sooner can
  // cancel the post (the one flaky CI run of this test found no audit row).
  await expect(toasts(page).filter({ hasText: "Video updated successfully" })).toBeVisible();

  await gotoHydrated(page, "/admin/audit?entity=video");
  const rows = page.getByRole("main").getByRole("table").getByRole("row");
  const switched = rows
    .filter({ hasText: "Switched the video on or off" })
    .filter({ hasText: title })
    .first();
  await expect(switched.getByRole("link", { name: title })).toHaveAttribute("href", href);
  await expect(switched.getByRole("link", { name: "Demo Admin" })).toBeVisible();
  await expect(switched).toContainText("Active (shown on the home page)");
  await expect(switched).toContainText(/Active\s*→?\s*changed to\s*Inactive|Active → Inactive/);
  const added = rows.filter({ hasText: "Added the video" }).filter({ hasText: title }).first();
  await expect(added).toContainText("Video URL");
  // No raw ids, no action codes: ids only inside the links' addresses.
  const text = await visibleText(page.getByRole("main"));
  expect(text).not.toMatch(UUID);
  expect(text).not.toContain("video.active");

  // Filtered by person: the demo admin by name.
  await expect(page.getByLabel("Person").getByRole("option", { name: "Demo Admin" })).toHaveCount(
    1,
  );

  // Deleted: the log still names it, marked deleted, without a link.
  await gotoHydrated(page, href);
  await page.getByRole("button", { name: "Delete" }).first().click();
  await page.getByRole("button", { name: "Yes, delete" }).click();
  await expect(page).toHaveURL(/\/admin\/videos$/);
  await gotoHydrated(page, "/admin/audit?entity=video");
  const deleted = rows.filter({ hasText: "Deleted the video" }).filter({ hasText: title }).first();
  await expect(deleted).toContainText(`${title} (deleted)`);
  await expect(deleted.getByRole("link", { name: title })).toHaveCount(0);
  // The older rows of the same video now say so too.
  await expect(switched).toContainText("(deleted)");
});

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`the log fits ${viewport.width} px: nothing sideways, long values folded, no axe findings`, async ({
    openPage,
  }) => {
    const page = await adminPage(openPage, { viewport });
    const title = `Audit long text ${viewport.width} ${Date.now()}`;
    const href = await addVideo(page, title);
    await gotoHydrated(page, href);
    const long = `${"A walk through every room of the Gwarinpa show house, ".repeat(12)}end.`;
    await page.getByLabel("Description").fill(long);
    await page.getByRole("button", { name: /Save/ }).click();
    await expect(page).toHaveURL(/\/admin\/videos$/);

    await gotoHydrated(page, "/admin/audit?entity=video");
    const row = page
      .getByRole("main")
      .getByRole("row")
      .filter({ hasText: "Edited the video" })
      .filter({ hasText: title })
      .first();
    await expect(row).toBeVisible();
    // Folded: the start, and the rest on request.
    await expect(row.getByText("Show all")).toBeVisible();
    expect(
      await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
    const box = await row.boundingBox();
    expect(box && box.x + box.width <= viewport.width).toBe(true);
    expect(await violationsOf(page, "/admin/audit", { bestPractices: true })).toEqual([]);
  });
}
