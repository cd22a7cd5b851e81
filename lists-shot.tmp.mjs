import { chromium } from "@playwright/test";
const base = "http://127.0.0.1:3324";
const browser = await chromium.launch({ executablePath: "/usr/lib/chromium/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
const page = await context.newPage();
page.on("console", (m) => { if (m.type() === "error") console.log("console:", m.text()); });
page.on("pageerror", (e) => console.log("pageerror:", e.message));
await page.goto(`${base}/admin/login`);
await page.getByLabel("Email").fill("admin@naijahomes.ng");
await page.getByLabel("Password", { exact: true }).fill("admin-demo-2024");
await page.getByRole("button", { name: "Sign In as Admin" }).click();
await page.waitForURL(/admin\/dashboard/);
for (const path of (process.argv[2] ?? "/admin/team,/admin/slideshow,/admin/videos").split(",")) {
  await page.goto(base + path);
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: `/tmp/lists-shots/${path.replaceAll("/", "_")}.png`, fullPage: true });
}
await browser.close();
