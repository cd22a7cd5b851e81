import type { Page } from "@playwright/test";
import { violationsOf } from "./axe";
import { adminPage, asNewVisitor, gotoHydrated } from "./support";
import { expect, test } from "./test";

// "Is this really NaijaHomes?" (issue 45) end to end: a visitor who was sent numbers by a
// stranger checks them on /verify (linked from every page's footer), reports the one that is
// not the agency's, and the report reaches the admins' Reports queue. With JavaScript and
// without.

/** A stranger's mobile number no test has used: "0809 4xx xxxx" and its E.164 spelling. */
function strangerNumber() {
  const digits = String(Math.floor(Math.random() * 1e6)).padStart(6, "0");
  return { typed: `0809 4${digits.slice(0, 2)} ${digits.slice(2)}`, e164: `+2348094${digits}` };
}

async function check(page: Page, value: string) {
  await page.getByLabel(/Phone or WhatsApp number, e-mail/).fill(value);
  await page.getByRole("button", { name: "Check", exact: true }).click();
}

test("a visitor checks the agency's line and a stranger's number, reports it, and the office sees the report", async ({
  page,
  openPage,
}) => {
  await asNewVisitor(page);
  await gotoHydrated(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "Check before you pay" }).click();
  await expect(page).toHaveURL(/\/verify$/);
  await expect(page.getByRole("heading", { level: 1, name: "Check before you pay" })).toBeVisible();
  // The agency's own lines and accounts are listed to compare with.
  const listed = page.getByRole("region", { name: "Our official numbers and accounts" });
  await expect(listed).toContainText("Zenith Bank");
  await expect(listed).not.toContainText("0816 000 4321");

  // The office line, typed the way it is often written.
  await check(page, "0803-123-4567");
  const answer = page.getByRole("region", { name: /^This is/ });
  await expect(answer).toContainText("This is the NaijaHomes office line.");
  await expect(answer).toContainText("Used for: Enquiries, viewings and appointments");

  // A stranger's number: not ours, what to do, and the report form is right there.
  const stranger = strangerNumber();
  await check(page, stranger.typed);
  await expect(
    page.getByRole("heading", { name: "This is not a NaijaHomes number." }),
  ).toBeVisible();
  await expect(page.getByText("Do not pay or send documents. Report it.")).toBeVisible();
  expect(await violationsOf(page, "/verify (not ours)")).toEqual([]);
  const report = page.getByRole("region", { name: "Report it" });
  await expect(report.getByLabel("What happened?")).toHaveValue("used_our_name");
  await report
    .getByLabel("Tell us more")
    .fill("He said he was a NaijaHomes agent and asked for ₦15,000.");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(page).toHaveURL(/\/report$/);
  await expect(page.getByText("Report sent")).toBeVisible();

  // The office sees it at the top of the queue, and opens it.
  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/admin/reports?status=new");
  const link = admin.getByRole("link", { name: `Checked value ${stranger.e164}` });
  await expect(link).toBeVisible();
  await link.click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(
    `Checked value ${stranger.e164}`,
  );
  await expect(
    admin.getByText("He said he was a NaijaHomes agent and asked for ₦15,000."),
  ).toBeVisible();
  expect(await violationsOf(admin, "/admin/reports/:id")).toEqual([]);

  // And on Official channels: checked once, reported once.
  await gotoHydrated(admin, "/admin/channels");
  await expect(admin.getByRole("listitem").filter({ hasText: stranger.e164 })).toContainText(
    "checked 1 time, reported 1 time",
  );
  expect(await violationsOf(admin, "/admin/channels")).toEqual([]);
});

test("without JavaScript: a known impostor is named, and reporting works", async ({ openPage }) => {
  const page = await openPage({ javaScriptEnabled: false });
  await asNewVisitor(page);
  await page.goto("/verify");
  await check(page, "+234 816 000 4321");
  await expect(
    page.getByRole("heading", { name: "This number is known to impersonate NaijaHomes." }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Report sent")).toBeVisible();
});

test("without JavaScript: 'Report this listing' on a property page reaches the queue; the listing stays up", async ({
  openPage,
}) => {
  const page = await openPage({ javaScriptEnabled: false });
  await asNewVisitor(page);
  await page.goto("/properties");
  const href = await page.locator('main a[href^="/property/"]').first().getAttribute("href");
  expect(href).toMatch(/^\/property\//);
  await page.goto(href ?? "");
  const title = (await page.getByRole("heading", { level: 1 }).textContent())?.trim() ?? "";
  await page.getByText("Report this listing", { exact: true }).click();
  const form = page.locator("#report-listing");
  await form.getByLabel("What happened?").selectOption("money_before_viewing");
  await form.getByLabel("Tell us more").fill("A man asked for an inspection fee first.");
  await form.getByRole("button", { name: "Send report" }).click();
  await expect(page.getByText("Report sent")).toBeVisible();
  // Reports never hide a listing by themselves.
  expect((await page.request.get(href ?? "")).status()).toBe(200);

  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/admin/reports?status=new");
  await admin
    .getByRole("link", { name: `Listing "${title}"` })
    .first()
    .click();
  await expect(admin.getByText("Asked for money before a viewing")).toBeVisible();
  await expect(admin.getByRole("button", { name: "Take the listing down" })).toBeVisible();
});
