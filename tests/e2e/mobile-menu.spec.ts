import { waitForHydration } from "./support";
import { expect, test } from "./test";

test.use({ viewport: { width: 360, height: 800 }, isMobile: true, hasTouch: true });

const MENU_LINKS = [
  "Home",
  "All Properties",
  "Residential",
  "Commercial",
  "New Developments",
  "Services",
  "About",
  "Team",
  "Contact",
  "Admin Login",
  "Sign In",
  "Book Appointment",
];

test("at 360 px the menu button opens a menu with every link, and following one closes it", async ({
  page,
}) => {
  await page.goto("/");
  await waitForHydration(page);
  const header = page.getByRole("banner");

  // The desktop navigation gives way to the menu button.
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

  const mobileMenu = page.getByRole("navigation", { name: "Mobile" });
  await expect(mobileMenu).toBeHidden();
  await header.getByLabel("Menu", { exact: true }).click();
  await expect(mobileMenu).toBeVisible();

  for (const name of MENU_LINKS) {
    await expect(mobileMenu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  await expect(mobileMenu.getByRole("link", { name: "Admin Login", exact: true })).toHaveAttribute(
    "href",
    "/admin/login",
  );

  await mobileMenu.getByRole("link", { name: "All Properties", exact: true }).click();
  await expect(page).toHaveURL(/\/properties$/);
  await expect(mobileMenu).toBeHidden();

  // It opens again after a navigation, and the next link works too.
  await header.getByLabel("Menu", { exact: true }).click();
  await expect(mobileMenu).toBeVisible();
  await mobileMenu.getByRole("link", { name: "Home", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(mobileMenu).toBeHidden();
});
