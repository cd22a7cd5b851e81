import type { Page } from "@playwright/test";
import { violationsOf } from "./axe";
import { adminPage, asNewVisitor, freshEmail, gotoHydrated, signedInAs, toasts } from "./support";
import { expect, test } from "./test";

// Staff manage accounts on /admin/users: add (the person gets a link to choose a password),
// edit, deactivate (the person is signed out at their next click and cannot sign in) and
// delete after 'Are you absolutely sure?'. With JavaScript add and edit are dialogs over the
// list; without it they are pages, and delete asks on the account's page.

function rowOf(page: Page, email: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: email }) });
}

async function searchFor(page: Page, text: string) {
  await page.getByLabel("Search users").fill(text);
  await page.getByLabel("Search users").press("Enter");
  await expect(page).toHaveURL(/\?q=/);
}

test("an admin adds, edits and deletes a user in dialogs over the list", { tag: "@smoke" }, async ({
  openPage,
}) => {
  const email = freshEmail("added-user");
  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/admin/users");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(/^Users \(\d+\)$/);
  expect(await violationsOf(admin, "/admin/users")).toEqual([]);

  await admin.getByRole("link", { name: "Add User" }).click();
  const addDialog = admin.getByRole("dialog", { name: "Add User" });
  // Bad input: the messages beside the fields, what was typed kept.
  await addDialog.getByLabel("Email").fill("not-an-email");
  await addDialog.getByLabel("Last Name").fill("Adebayo");
  await addDialog.getByRole("button", { name: "Add User" }).click();
  await expect(addDialog.getByText("Please enter a valid email address").first()).toBeVisible();
  await expect(addDialog.getByText("Please enter a first name")).toBeVisible();
  await expect(addDialog.getByLabel("Last Name")).toHaveValue("Adebayo");
  await expect(addDialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  // (axe once the error's toast has gone: it judges the toast mid-animation.)
  await expect(toasts(admin)).toHaveCount(0);
  expect(await violationsOf(admin, "/admin/users/new (dialog)")).toEqual([]);

  await addDialog.getByLabel("Email").fill(email);
  await addDialog.getByLabel("First Name").fill("Kunle");
  await addDialog.getByLabel("Phone").fill("0803 555 0101");
  await addDialog.getByRole("button", { name: "Add User" }).click();
  await expect(toasts(admin).filter({ hasText: "User added" })).toBeVisible();
  await expect(admin.getByRole("dialog")).toHaveCount(0);

  await searchFor(admin, email);
  const row = rowOf(admin, email);
  await expect(row).toContainText("Kunle");
  await expect(row).toContainText("Adebayo");
  await expect(row).toContainText("Tenant");
  await expect(row).toContainText("Active");

  await row.getByRole("link", { name: "Edit Kunle Adebayo" }).click();
  const editDialog = admin.getByRole("dialog", { name: "Edit Kunle Adebayo" });
  await expect(editDialog.getByLabel("Email")).toHaveValue(email);
  await editDialog.getByLabel("Last Name").fill("Adebayo-Cole");
  await editDialog.getByLabel("Role").selectOption("owner");
  await expect(toasts(admin)).toHaveCount(0);
  expect(await violationsOf(admin, "/admin/users/:id (dialog)")).toEqual([]);
  await editDialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(admin).filter({ hasText: "User updated" })).toBeVisible();
  await expect(admin.getByRole("dialog")).toHaveCount(0);
  await expect(rowOf(admin, email)).toContainText("Adebayo-Cole");
  await expect(rowOf(admin, email)).toContainText("Owner");
  // The list kept its search.
  await expect(admin).toHaveURL(/\?q=/);

  await rowOf(admin, email).getByRole("button", { name: "Delete Kunle Adebayo-Cole" }).click();
  const question = admin.getByRole("alertdialog", { name: "Are you absolutely sure?" });
  await expect(question).toContainText("Their bookings and inquiries are kept");
  await question.getByRole("button", { name: "Yes, delete the account" }).click();
  await expect(toasts(admin).filter({ hasText: "User deleted" })).toBeVisible();
  await expect(rowOf(admin, email)).toHaveCount(0);
  await expect(admin.getByText("No users found")).toBeVisible();
});

test("a deactivated customer is signed out at the next click and cannot sign in", async ({
  openPage,
}) => {
  const customer = await openPage();
  const { email, password } = await signedInAs(customer, "users-deactivated");
  await gotoHydrated(customer, "/dashboard");
  await expect(customer.getByRole("main").getByText(email)).toBeVisible();

  const admin = await adminPage(openPage);
  await gotoHydrated(admin, `/admin/users?q=${encodeURIComponent(email)}`);
  await rowOf(admin, email).getByRole("link", { name: "Edit Bisi Olatunji" }).click();
  const dialog = admin.getByRole("dialog", { name: "Edit Bisi Olatunji" });
  await dialog.getByLabel("Status").selectOption("inactive");
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(admin).filter({ hasText: "User updated" })).toBeVisible();
  await expect(rowOf(admin, email)).toContainText("Inactive");

  // The customer's next click finds them signed out.
  await customer
    .getByRole("navigation", { name: "Dashboard" })
    .getByRole("link", { name: "Appointments" })
    .click();
  await expect(customer).toHaveURL(/\/signin\?redirectTo=%2Fdashboard%2Fappointments/);
  await asNewVisitor(customer);
  // A wrong password does not reveal the account's state; the right one is told why.
  await customer.getByLabel("Email").fill(email);
  await customer.getByLabel("Password", { exact: true }).fill(`${password}-wrong`);
  await customer.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(
    customer.getByRole("alert").filter({ hasText: "Invalid email or password" }),
  ).toBeVisible();
  await customer.getByLabel("Password", { exact: true }).fill(password);
  await customer.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(
    customer.getByRole("alert").filter({ hasText: "This account has been deactivated." }),
  ).toBeVisible();
  await expect(customer).toHaveURL(/\/signin/);

  // Reactivated, they can sign in again.
  await rowOf(admin, email).getByRole("link", { name: "Edit Bisi Olatunji" }).click();
  await admin.getByRole("dialog").getByLabel("Status").selectOption("active");
  await admin.getByRole("dialog").getByRole("button", { name: "Save Changes" }).click();
  await expect(rowOf(admin, email)).toContainText("Active");
  await customer.getByLabel("Email").fill(email);
  await customer.getByLabel("Password", { exact: true }).fill(password);
  await customer.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(customer).toHaveURL(/\/dashboard\/appointments$/);
});

test.describe("without JavaScript", () => {
  test("add is a page, and delete asks on the account's page", async ({ openPage }) => {
    const email = freshEmail("nojs-user");
    const admin = await adminPage(openPage, { javaScriptEnabled: false });
    await admin.goto("/admin/users");
    await admin.getByRole("link", { name: "Add User" }).click();
    await expect(admin).toHaveURL(/\/admin\/users\/new$/);
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Add User");
    await admin.getByLabel("Email").fill(email);
    await admin.getByLabel("First Name").fill("Amina");
    await admin.getByLabel("Last Name").fill("Yusuf");
    await admin.getByRole("button", { name: "Add User" }).click();
    await expect(admin).toHaveURL(/\/admin\/users$/);
    await expect(admin.getByRole("status").filter({ hasText: "User added" })).toBeVisible();

    await admin.goto(`/admin/users?q=${encodeURIComponent(email)}`);
    await rowOf(admin, email).getByRole("button", { name: "Delete Amina Yusuf" }).click();
    await expect(admin).toHaveURL(/\/admin\/users\/[A-Za-z0-9_-]+$/);
    await expect(admin.getByText("Are you absolutely sure?")).toBeVisible();
    await admin.getByRole("button", { name: "Yes, delete the account" }).click();
    await expect(admin).toHaveURL(/\/admin\/users\?q=/);
    await expect(admin.getByRole("status").filter({ hasText: "User deleted" })).toBeVisible();
    await expect(admin.getByText("No users found")).toBeVisible();
  });
});

test("the users screen works at 360 px and an unknown account is the admin 404", async ({
  openPage,
}) => {
  const admin = await adminPage(openPage, { viewport: { width: 360, height: 800 } });
  await gotoHydrated(admin, "/admin/users");
  await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
  const overflow = await admin.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await violationsOf(admin, "/admin/users at 360 px")).toEqual([]);
  await admin.getByRole("link", { name: "Add User" }).click();
  await expect(admin.getByRole("dialog", { name: "Add User" })).toBeVisible();
  expect(await violationsOf(admin, "/admin/users/new at 360 px")).toEqual([]);
  await admin.screenshot({ path: test.info().outputPath("add-user-360.png") });

  const missing = await admin.goto("/admin/users/no-such-account");
  expect(missing?.status()).toBe(404);
  await expect(admin.getByRole("heading", { name: "Page not found" })).toBeVisible();
});
