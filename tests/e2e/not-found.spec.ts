import { expect, test } from "./test";

for (const path of ["/no-such-page", "/properties/extra/levels"]) {
  test(`an unknown path (${path}) shows the not-found page with status 404`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();

    const home = page.getByRole("main").getByRole("link", { name: /home/i });
    await expect(home).toHaveAttribute("href", "/");
    await home.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toHaveCount(0);
  });
}
