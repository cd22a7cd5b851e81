import { gotoHydrated } from "./support";
import { expect, test } from "./test";

test("the team page shows the active team with photos and the ways to join", async ({ page }) => {
  await gotoHydrated(page, "/team");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("Meet Our Team");

  // Seeded members, in the admin's order; the inactive one is not shown.
  const names = await main
    .getByRole("article")
    .getByRole("heading", { level: 3 })
    .allTextContents();
  expect(names.slice(0, 3)).toEqual(["Adaeze Okafor", "Babatunde Adeyemi", "Aisha Bello"]);
  expect(names).not.toContain("Olumide Bakare");

  const first = main.getByRole("article").first();
  await expect(first.getByText("Managing Director")).toBeVisible();
  await expect(first.getByRole("link", { name: "adaeze.okafor@naijahomes.ng" })).toHaveAttribute(
    "href",
    "mailto:adaeze.okafor@naijahomes.ng",
  );
  const photo = first.getByRole("img", { name: "Photo of Adaeze Okafor" });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);

  await expect(main.getByRole("link", { name: "View Open Positions" })).toHaveAttribute(
    "href",
    "/contact?subject=Careers",
  );
  await expect(main.getByRole("link", { name: "Send Your Resume" })).toHaveAttribute(
    "href",
    "mailto:info@naijahomes.ng?subject=Resume",
  );
  await expect(main.getByRole("heading", { name: "Why Work With Us?" })).toBeVisible();
  await expect(main.getByRole("link", { name: "+234 803 123 4567" })).toHaveAttribute(
    "href",
    "tel:+2348031234567",
  );
  await main.getByRole("link", { name: "Contact Us" }).last().click();
  await expect(page).toHaveURL(/\/contact$/);
});

test("the about page shows the figures, values and links onwards", async ({ page }) => {
  await gotoHydrated(page, "/about");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1 })).toHaveText("About NaijaHomes Realty");
  for (const [value, label] of [
    ["10+", "Years Experience"],
    ["150+", "Projects Completed"],
    ["500+", "Happy Clients"],
    ["20+", "Team Members"],
  ] as const) {
    await expect(main.getByText(label, { exact: true })).toBeVisible();
    await expect(main.getByText(value, { exact: true })).toBeVisible();
  }
  for (const heading of ["Our Vision", "Our Mission", "Core Values", "What We Do"]) {
    await expect(main.getByRole("heading", { name: heading })).toBeVisible();
  }
  for (const value of ["Ethics", "Growth Mindset", "First-Class Service", "Efficiency"]) {
    await expect(main.getByRole("heading", { name: value, exact: true })).toBeVisible();
  }
  await expect(main.getByRole("link", { name: /Learn More/ })).toHaveCount(3);
  await expect(main.getByRole("link", { name: "Browse Properties" })).toHaveAttribute(
    "href",
    "/properties",
  );
  await main.getByRole("link", { name: "Get In Touch" }).click();
  await expect(page).toHaveURL(/\/contact$/);
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  for (const path of ["/about", "/team"]) {
    test(`${path} fits the screen without sideways scrolling`, async ({ page }) => {
      await gotoHydrated(page, path);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
