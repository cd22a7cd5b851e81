import type { BrowserContextOptions, Page } from "@playwright/test";
import { CUSTOMER_STATE } from "./auth-state";
import { gotoHydrated, propertyCards, signedInAs, signInWithForm, toasts } from "./support";
import { expect, type OpenPage, test } from "./test";

// The customer dashboard end to end. The test that changes an account has one of its own.

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard" });

test("a customer's dashboard: viewed and saved properties, a complaint, a new password", {
  tag: "@smoke",
}, async ({ page }) => {
  const { email, password } = await signedInAs(page, "dashboard-tour");
  await gotoHydrated(page, "/dashboard");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { name: "Welcome back, Chiamaka!" })).toBeVisible();
  await expect(main.getByText(email)).toBeVisible();
  await expect(sidebar(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(main.getByText("No appointments yet")).toBeVisible();

  // Open a property: it appears under Recently Viewed.
  await gotoHydrated(page, "/properties");
  const card = propertyCards(page).first();
  const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
  await card.getByRole("heading").getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await gotoHydrated(page, "/dashboard/properties?tab=recent");
  await expect(sidebar(page).getByRole("link", { name: "My Properties" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(propertyCards(page).filter({ hasText: title })).toHaveCount(1);

  // Save it: it appears under Favorites and in the overview's count.
  const href = await propertyCards(page)
    .filter({ hasText: title })
    .getByRole("link", { name: "View Details" })
    .getAttribute("href");
  await gotoHydrated(page, href ?? "/");
  await page.getByRole("button", { name: "Save to Favorites", exact: true }).click();
  await expect(toasts(page).filter({ hasText: "Added to favorites" })).toBeVisible();
  await gotoHydrated(page, "/dashboard/properties");
  const saved = propertyCards(page).filter({ hasText: title });
  await expect(saved).toHaveCount(1);
  await expect(saved.getByRole("link", { name: "View Details" })).toHaveAttribute(
    "href",
    /^\/property\//,
  );
  await expect(saved).toContainText("₦");
  await gotoHydrated(page, "/dashboard?tab=saved");
  await expect(main.getByRole("link", { name: "View", exact: true })).toHaveCount(1);

  // Remove it from the My Properties page.
  await gotoHydrated(page, "/dashboard/properties");
  await saved.getByRole("button", { name: "Remove from favorites", exact: true }).click();
  await expect(toasts(page).filter({ hasText: "Removed from favorites" })).toBeVisible();
  // The card stays, unfilled, until the next visit (a mistaken tap can be undone).
  await expect(saved.getByRole("button", { name: "Save to favorites", exact: true })).toBeVisible();
  await gotoHydrated(page, "/dashboard/properties");
  await expect(main.getByText("No properties found")).toBeVisible();

  // A complaint: a blank one is refused, a real one is stored and listed as pending.
  await gotoHydrated(page, "/dashboard/complaints");
  await expect(main.getByText("No Complaints Yet")).toBeVisible();
  const complaint = main.getByLabel("Your complaint");
  await expect(complaint).toHaveAttribute(
    "placeholder",
    "Describe your issue or complaint in detail...",
  );
  await complaint.fill("   ");
  await main.getByRole("button", { name: "Submit Complaint" }).click();
  await expect(main.getByText("Please enter your complaint")).toBeVisible();
  await expect(complaint).toHaveAttribute("aria-invalid", "true");
  await complaint.fill("The estate gate was locked during my viewing.");
  await main.getByRole("button", { name: "Submit Complaint" }).click();
  await expect(
    toasts(page).filter({ hasText: "Your complaint has been submitted successfully" }),
  ).toBeVisible();
  await expect(main.getByLabel("Your complaint")).toHaveValue("");
  const history = main.getByRole("region", { name: "Complaint History" });
  const item = history.getByRole("listitem").filter({ hasText: "The estate gate was locked" });
  await expect(item).toContainText("Pending");
  await expect(item).toContainText(/#[0-9a-f]{8}\b/);

  // Personal information: the e-mail is read-only; the name and phone are saved.
  await gotoHydrated(page, "/dashboard/profile");
  await expect(main.getByLabel("Email", { exact: true })).toHaveAttribute("readonly", "");
  await main.getByLabel("Full Name").fill("Chiamaka Ada Okafor");
  await main.getByLabel("Phone").fill("0803 123 4567");
  await main.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(page).filter({ hasText: "Profile Updated" })).toBeVisible();
  await gotoHydrated(page, "/dashboard/profile");
  await expect(main.getByLabel("Full Name")).toHaveValue("Chiamaka Ada Okafor");
  await expect(main.getByLabel("Phone")).toHaveValue("0803 123 4567");
  await expect(main.getByText("Chiamaka Ada Okafor", { exact: true })).toBeVisible();

  // A new password: a mismatch is refused, then the change works.
  await gotoHydrated(page, "/dashboard/profile?tab=security");
  await main.getByLabel("Current Password", { exact: true }).fill(password);
  await main.getByLabel("New Password", { exact: true }).fill("newer-secret-1");
  await main.getByLabel("Confirm New Password", { exact: true }).fill("newer-secret-2");
  await main.getByRole("button", { name: "Update Password" }).click();
  await expect(toasts(page).filter({ hasText: "Password Mismatch" })).toBeVisible();
  await main.getByLabel("Current Password", { exact: true }).fill("wrong-password");
  await main.getByLabel("Confirm New Password", { exact: true }).fill("newer-secret-1");
  await main.getByRole("button", { name: "Update Password" }).click();
  await expect(toasts(page).filter({ hasText: "Password Change Failed" })).toBeVisible();
  await main.getByLabel("Current Password", { exact: true }).fill(password);
  await main.getByLabel("New Password", { exact: true }).fill("newer-secret-1");
  await main.getByLabel("Confirm New Password", { exact: true }).fill("newer-secret-1");
  await main.getByRole("button", { name: "Update Password" }).click();
  await expect(toasts(page).filter({ hasText: "Password Updated" })).toBeVisible();
  // Still signed in here.
  await gotoHydrated(page, "/dashboard/profile");
  await expect(main.getByLabel("Email", { exact: true })).toHaveValue(email);

  // Sign out, then sign in with the new password.
  await sidebar(page).getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await gotoHydrated(page, "/signin");
  await signInWithForm(page, email, "newer-secret-1");
});

// The tests below only read, or add rows nobody else looks at: they share the demo customer's
// session saved for the whole run (auth-state.ts).
async function customerPage(openPage: OpenPage, options: BrowserContextOptions) {
  return openPage({
    ...options,
    baseURL: test.info().project.use.baseURL,
    storageState: CUSTOMER_STATE,
  });
}

test("at 360 px the sidebar links fold into a menu", async ({ openPage }) => {
  const page = await customerPage(openPage, {
    viewport: { width: 360, height: 800 },
    isMobile: true,
    hasTouch: true,
  });
  await gotoHydrated(page, "/dashboard");
  await expect(sidebar(page)).toBeHidden();
  await page.getByText("Dashboard menu").click();
  await expect(sidebar(page)).toBeVisible();
  for (const name of ["Dashboard", "My Properties", "Appointments", "Inquiries", "Profile"]) {
    await expect(sidebar(page).getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(sidebar(page).getByRole("button", { name: "Sign Out" })).toBeVisible();
  await sidebar(page).getByRole("link", { name: "Inquiries" }).click();
  await expect(page).toHaveURL(/\/dashboard\/complaints$/);
  await expect(sidebar(page)).toBeHidden();
  // Nothing wider than the screen.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

test.describe("without JavaScript", () => {
  test("a complaint is submitted and listed; a blank one is refused", async ({ openPage }) => {
    const page = await customerPage(openPage, { javaScriptEnabled: false });
    const text = `No water in the show flat (${Date.now()}).`;
    await page.goto("/dashboard/complaints");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Submit Complaint" }).click();
    await expect(main.getByText("Please enter your complaint")).toBeVisible();
    await main.getByLabel("Your complaint").fill(text);
    await main.getByRole("button", { name: "Submit Complaint" }).click();
    await expect(
      main
        .getByRole("status")
        .filter({ hasText: "Your complaint has been submitted successfully" }),
    ).toBeVisible();
    await expect(main.getByLabel("Your complaint")).toHaveValue("");
    await expect(
      main
        .getByRole("region", { name: "Complaint History" })
        .getByRole("listitem")
        .filter({ hasText: text }),
    ).toContainText("Pending");
  });

  test("the overview's tabs are links", async ({ openPage }) => {
    const page = await customerPage(openPage, { javaScriptEnabled: false });
    await page.goto("/dashboard");
    const tabs = page.getByRole("navigation", { name: "Latest activity" });
    await expect(tabs.getByRole("link", { name: "Appointments" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await tabs.getByRole("link", { name: "Saved Properties" }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=saved$/);
    await expect(tabs.getByRole("link", { name: "Saved Properties" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    // The saved properties' View All, or the empty state's link to the listing.
    await expect(
      page
        .getByRole("main")
        .getByRole("link", { name: /^(View All|Browse Properties)$/ })
        .first(),
    ).toHaveAttribute("href", /^\/(dashboard\/)?properties$/);
  });
});
