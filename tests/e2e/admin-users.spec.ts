import { expect, test } from "@playwright/test";
import { ADMIN_STATE } from "./auth-state";
import { E2E_PASSWORD, gotoHydrated, signUpAndSignIn, toasts } from "./support";

// Staff manage accounts: a deactivated customer is signed out at their next click and cannot
// sign in again; the list shows guests who booked without an account.

test("a deactivated customer is signed out at the next click and cannot sign in", async ({
  page,
  browser,
}) => {
  const email = await signUpAndSignIn(page, { firstName: "Ngozi", lastName: "Eze" });

  const context = await browser.newContext({ storageState: ADMIN_STATE });
  const admin = await context.newPage();
  await gotoHydrated(admin, "/admin/users");
  await admin.getByLabel("Search users").fill(email);
  await admin.getByLabel("Search users").press("Enter");
  await admin.getByRole("link", { name: `Edit ${email}` }).click();
  const dialog = admin.getByRole("dialog", { name: email });
  await expect(dialog.getByLabel("First Name")).toHaveValue("Ngozi");
  await dialog.getByLabel("Status").selectOption("inactive");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(admin).filter({ hasText: "User updated successfully" })).toBeVisible();
  await expect(admin.getByRole("row").filter({ hasText: email })).toContainText("Inactive");
  await context.close();

  await page.getByRole("link", { name: "Profile" }).first().click();
  await expect(page).toHaveURL(/\/signin\?redirectTo=/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_PASSWORD);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page.getByText("Invalid email or password").first()).toBeVisible();
});
