import { ADMIN_STATE, CUSTOMER_STATE } from "./auth-state";
import { violationsOf } from "./axe";
import { gotoHydrated, propertyCards } from "./support";
import { expect, test } from "./test";

// Every page type, checked by axe-core against WCAG 2.1 A and AA (contrast included), on a
// phone and on a desktop: labels, names, headings, landmarks, colour contrast. The admin
// screens are checked in admin-shell.spec.ts.

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

    // One test per page: axe takes seconds a page on a busy machine, and a failure names its page.
    for (const url of PUBLIC_PAGES) {
      test(`${url} has no accessibility violations`, async ({ page }) => {
        await gotoHydrated(page, url);
        expect(await violationsOf(page, url)).toEqual([]);
      });
    }

    test("a property page has no accessibility violations", async ({ page }) => {
      await gotoHydrated(page, "/properties");
      await propertyCards(page).first().getByRole("link").first().click();
      await expect(page).toHaveURL(/\/property\//);
      expect(await violationsOf(page, page.url())).toEqual([]);
    });

    test.describe("signed in as the demo customer", () => {
      test.use({ storageState: CUSTOMER_STATE });

      for (const url of [
        "/dashboard",
        "/dashboard?tab=saved",
        "/dashboard/properties",
        "/dashboard/appointments",
        "/dashboard/complaints",
        "/dashboard/profile",
        "/dashboard/profile?tab=security",
      ]) {
        test(`${url} has no accessibility violations`, async ({ page }) => {
          await gotoHydrated(page, url);
          expect(await violationsOf(page, url)).toEqual([]);
        });
      }

      test("an appointment's page has no accessibility violations", async ({ page }) => {
        await gotoHydrated(page, "/dashboard/appointments");
        await page
          .getByRole("link", { name: /View Details|Reschedule/ })
          .first()
          .click();
        await expect(page).toHaveURL(/\/dashboard\/appointments\/[0-9a-f-]{36}/);
        expect(await violationsOf(page, page.url())).toEqual([]);
      });
    });

    // The admin lists join the public pages (issue 23), held to axe's best practices as well:
    // a list's own search and the header's are two search landmarks, each with its own name.
    test.describe("signed in as the demo admin", () => {
      test.use({ storageState: ADMIN_STATE });

      for (const url of [
        "/admin/properties",
        "/admin/properties?view=trash",
        "/admin/users",
        "/admin/appointments",
        "/admin/complaints",
        "/admin/team",
        "/admin/slideshow",
        "/admin/videos",
        "/admin/audit",
        "/admin/social-media",
        "/admin/contact-info",
        "/admin/search?q=lekki",
      ]) {
        test(`${url} has no accessibility findings`, async ({ page }) => {
          await gotoHydrated(page, url);
          expect(await violationsOf(page, url, { bestPractices: true })).toEqual([]);
        });
      }
    });
  });
}
