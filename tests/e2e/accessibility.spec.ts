import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_USERS } from "../../app/db/seed/demo-users";
import { gotoHydrated, propertyCards, signInWithForm } from "./support";

// Every page type, checked by axe-core against WCAG 2.1 A and AA (contrast included), on a
// phone and on a desktop: labels, names, headings, landmarks, colour contrast.

const [, demoCustomer] = DEMO_USERS;

/** The page's violations, one line each ("rule (impact): where"), prefixed with its URL. */
async function violationsOf(page: Page, url: string) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // The map is another site's document; the toasts region is empty until a toast shows.
    .exclude("iframe")
    .analyze();
  return results.violations.map(
    (v) => `${url} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );
}

const PUBLIC_PAGES = [
  "/",
  "/properties",
  "/services",
  "/services/property-management",
  "/about",
  "/team",
  "/contact",
  "/book-appointment",
  "/signin",
  "/signup",
  "/forgot-password",
  "/admin/login",
  "/no-such-page",
];

for (const viewport of [
  { name: "phone", width: 360, height: 740 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the public pages have no accessibility violations", async ({ page }) => {
      const violations: string[] = [];
      for (const url of PUBLIC_PAGES) {
        await gotoHydrated(page, url);
        violations.push(...(await violationsOf(page, url)));
      }
      await gotoHydrated(page, "/properties");
      await propertyCards(page).first().getByRole("link").first().click();
      await expect(page).toHaveURL(/\/property\//);
      violations.push(...(await violationsOf(page, page.url())));
      expect(violations).toEqual([]);
    });

    test("the customer's pages have no accessibility violations", async ({ page }) => {
      await gotoHydrated(page, "/signin");
      await signInWithForm(page, demoCustomer.email, demoCustomer.password);
      const violations: string[] = [];
      for (const url of [
        "/dashboard",
        "/dashboard?tab=saved",
        "/dashboard/properties",
        "/dashboard/appointments",
        "/dashboard/complaints",
        "/dashboard/profile",
        "/dashboard/profile?tab=security",
      ]) {
        await gotoHydrated(page, url);
        violations.push(...(await violationsOf(page, url)));
      }
      await gotoHydrated(page, "/dashboard/appointments");
      await page
        .getByRole("link", { name: /View Details|Reschedule/ })
        .first()
        .click();
      await expect(page).toHaveURL(/\/dashboard\/appointments\/[0-9a-f-]{36}/);
      violations.push(...(await violationsOf(page, page.url())));
      expect(violations).toEqual([]);
    });
  });
}
