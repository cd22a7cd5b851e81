import type { Page } from "@playwright/test";
import { DEMO_AGENTS } from "../../app/seed/demo-agents";
import { ADMIN_STATE } from "./auth-state";
import { gotoHydrated, toasts } from "./support";
import { expect, test } from "./test";

// Issue 21, item 2: an admin links a team member to a staff account on the team form. The demo
// agent (agent@naijahomes.ng) is the seed's Babatunde Adeyemi, whose name the property pages of
// that agent's listings show; other specs read those pages, so this file runs in the
// `exclusive` project (playwright.config.ts), while nothing else runs, and leaves the link as
// the seed made it: unlinked on the form, then linked again on the form.

test.use({ storageState: ADMIN_STATE });

const [demoAgent] = DEMO_AGENTS;
if (!demoAgent) throw new Error("no demo agent");
const member = `${demoAgent.firstName} ${demoAgent.lastName}`;
const account = `${member} (${demoAgent.email})`;

function rowOf(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
}

async function openEdit(page: Page) {
  await rowOf(page, member)
    .getByRole("link", { name: `Edit ${member}` })
    .click();
  return page.getByRole("dialog", { name: `Edit ${member}` });
}

test("an admin unlinks the demo agent's team member and links it again on the form", async ({
  page,
}) => {
  await gotoHydrated(page, "/admin/team");
  await expect(rowOf(page, member)).toContainText(`Staff account: ${account}`);

  // The account is this member's: a new member cannot have it too (nothing is added).
  await page.getByRole("link", { name: "Add Team Member" }).click();
  const add = page.getByRole("dialog", { name: "Add Team Member" });
  await add.getByLabel("Name").fill("Second Babatunde");
  await add.getByLabel("Position").fill("Sales Agent");
  await add.getByLabel("Staff account").selectOption({ label: `${account} - linked to ${member}` });
  await add.getByRole("button", { name: "Add Team Member" }).click();
  const taken = `That staff account is already linked to ${member}. Unlink it there first.`;
  await expect(add.getByRole("alert")).toContainText(taken);
  await expect(add.getByLabel("Staff account")).toHaveAttribute("aria-invalid", "true");
  await expect(add.getByLabel("Name")).toHaveValue("Second Babatunde");
  await add.getByRole("link", { name: "Cancel" }).click();
  await page
    .getByRole("alertdialog", { name: "Leave without saving?" })
    .getByRole("button", { name: "Leave without saving" })
    .click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByRole("rowheader", { name: "Second Babatunde" })).toHaveCount(0);

  // Not linked: saved, and the list no longer names the account.
  let dialog = await openEdit(page);
  await expect(dialog.getByLabel("Staff account")).toHaveValue(/.+/);
  await dialog.getByLabel("Staff account").selectOption({ label: "Not linked" });
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page).filter({ hasText: "Team member updated successfully" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(rowOf(page, member)).not.toContainText("Staff account:");

  // Linked to the demo agent again: saved, shown in the list and on the form after a reload.
  dialog = await openEdit(page);
  await dialog.getByLabel("Staff account").selectOption({ label: account });
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  // The first save's toast may still be showing beside this one's: the row says which was saved.
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(
    toasts(page).filter({ hasText: "Team member updated successfully" }).first(),
  ).toBeVisible();
  await expect(rowOf(page, member)).toContainText(`Staff account: ${account}`);
  await page.reload();
  dialog = await openEdit(page);
  await expect(dialog.getByLabel("Staff account").locator("option:checked")).toHaveText(account);
});
