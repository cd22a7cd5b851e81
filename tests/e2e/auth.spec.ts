import { DEMO_USERS } from "../../app/seed/demo-users";
import { CUSTOMER_STATE } from "./auth-state";
import { asNewVisitor, freshEmail, gotoHydrated, signInAsAdmin, toasts } from "./support";
import { expect, test } from "./test";

// Accounts end to end on the real server: sign up, sign in, favourite, sign out; the admin login
// with the seeded super admin; and a customer kept out of the admin area.

const [demoAdmin, demoCustomer] = DEMO_USERS;

test("sign up, sign in, favourite a property and sign out", { tag: "@smoke" }, async ({ page }) => {
  const email = freshEmail("auth");
  await asNewVisitor(page);
  await gotoHydrated(page, "/signup");
  await page.getByLabel("First Name").fill("Ngozi");
  await page.getByLabel("Last Name").fill("Eze");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("secret123");
  await page.getByLabel("Confirm Password").fill("secret123");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/signin$/);
  await expect(
    toasts(page).filter({ hasText: "Your account has been created successfully" }),
  ).toBeVisible();

  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill("secret123");
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(toasts(page).filter({ hasText: "You have successfully signed in" })).toBeVisible();
  await expect(page.getByRole("main").getByText(email)).toBeVisible();
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "href",
    "/dashboard",
  );

  await gotoHydrated(page, "/");
  const card = page.locator("#featured").getByRole("article").first();
  const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
  const heart = card.getByRole("button", { name: "Save to favorites" });
  await heart.click();
  await expect(toasts(page).filter({ hasText: "Added to favorites" })).toBeVisible();
  const saved = page
    .locator("#featured")
    .getByRole("article")
    .filter({ hasText: title })
    .first()
    .getByRole("button", { name: "Remove from favorites" });
  await expect(saved).toHaveAttribute("aria-pressed", "true");
  // Stored on the server: still saved after a reload.
  await gotoHydrated(page, "/");
  await expect(saved).toBeVisible();
  // ...and shown as saved on the listing too.
  await gotoHydrated(page, `/properties?q=${encodeURIComponent(title)}`);
  await expect(
    page
      .getByRole("article")
      .filter({ hasText: title })
      .first()
      .getByRole("button", { name: "Remove from favorites" }),
  ).toHaveAttribute("aria-pressed", "true");

  await header.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toasts(page).filter({ hasText: "Signed out successfully" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Sign In" })).toBeVisible();
});

test("the seeded super admin signs in at /admin/login", async ({ page }) => {
  if (!demoAdmin) throw new Error("no demo admin");
  await signInAsAdmin(page, demoAdmin.email, demoAdmin.password);
  // The admin shell: the dashboard, and the admin's name beside the 'Admin' label.
  await expect(
    page.getByRole("main").getByRole("heading", { level: 1, name: "Dashboard" }),
  ).toBeVisible();
  const header = page.getByRole("banner");
  await expect(header.getByText(`${demoAdmin.firstName} ${demoAdmin.lastName}`)).toBeVisible();
  await expect(header.getByText("Admin", { exact: true })).toBeVisible();
});

test.describe("signed in as the demo customer", () => {
  // A session saved before the run (auth-state.ts): signing in is not what this test is about.
  test.use({ storageState: CUSTOMER_STATE });

  test("opening /admin/dashboard leads to /admin/login, which refuses the customer", async ({
    page,
  }) => {
    if (!demoCustomer) throw new Error("no demo customer");
    await gotoHydrated(page, "/dashboard");
    await expect(page.getByRole("main").getByText(demoCustomer.email)).toBeVisible();

    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard$/);
    await expect(page.getByRole("button", { name: "Sign In as Admin" })).toBeVisible();

    // The customer's correct password does not open the admin area either.
    await page.getByLabel("Email").fill(demoCustomer.email);
    await page.getByLabel("Password", { exact: true }).fill(demoCustomer.password);
    await page.getByRole("button", { name: "Sign In as Admin" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Invalid email or password" }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/admin\/login/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sign-in form posts and signs in; a signed-out heart leads to sign in", async ({
    page,
  }) => {
    if (!demoAdmin || !demoCustomer) throw new Error("no demo accounts");
    await page.goto("/");
    await page
      .locator("#featured")
      .getByRole("article")
      .first()
      .getByRole("button", { name: "Save to favorites" })
      .click();
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2F$/);

    // Errors come back beside the form, the e-mail kept.
    await page.getByLabel("Email").fill(demoCustomer.email);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Please enter both email and password");
    await expect(page.getByLabel("Email")).toHaveValue(demoCustomer.email);

    // An admin account signs in at /admin/login only: here its password is refused.
    await page.getByLabel("Email").fill(demoAdmin.email);
    await page.getByLabel("Password", { exact: true }).fill(demoAdmin.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Invalid email or password");

    await page.getByLabel("Email").fill(demoCustomer.email);
    await page.getByLabel("Password", { exact: true }).fill(demoCustomer.password);
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toBeVisible();
  });
});
