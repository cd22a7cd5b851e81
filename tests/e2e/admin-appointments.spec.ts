import type { Page } from "@playwright/test";
import { lagosToday } from "../../app/lib/appointment-rules";
import { openDayAfter } from "../setup/dates";
import type { PremadeAccountKey } from "./auth-state";
import { violationsOf } from "./axe";
import { adminPage, gotoHydrated, signedInAs, toasts } from "./support";
import { expect, type OpenPage, test } from "./test";

// Staff handle bookings: a customer books on the public site, an admin finds the booking by
// e-mail, looks at it and confirms it, and the customer sees it confirmed. With JavaScript the
// booking opens in a dialog over the list; without it, as a page, and cancelling asks first.

/**
 * A new customer (a pre-made account, signed in) books through the plain form (no JavaScript,
 * so the native date input), in a browser of their own. Answers their page (still signed in)
 * and e-mail.
 */
async function customerBooks(openPage: OpenPage, who: PremadeAccountKey, propertyType: string) {
  const page = await openPage({ javaScriptEnabled: false });
  const { email } = await signedInAs(page, who);
  await page.goto("/book-appointment");
  await page.getByLabel("Phone Number").fill("0803 123 4567");
  await page.getByLabel("Appointment Date").fill(openDayAfter(lagosToday()));
  await page.getByLabel("Appointment Time").selectOption("11:00 AM");
  await page.getByLabel("Property Type").fill(propertyType);
  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Appointment Booked" })).toBeVisible();
  return { page, email };
}

function rowOf(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
}

test.describe("a customer's booking", () => {
  test("is found by e-mail, confirmed by the admin, and shows Confirmed to the customer", async ({
    openPage,
  }) => {
    const { page, email } = await customerBooks(openPage, "appointments-halima", "Terrace");
    // The customer's list asked again comes from the per-session cache (ADR 25), until a change.
    await expect(async () => {
      const again = await page.goto("/dashboard/appointments");
      expect(again?.headers()["x-page-cache"]).toBe("HIT");
    }).toPass({ timeout: 15_000 });
    await expect(page.getByRole("main")).toContainText("Pending");

    const admin = await adminPage(openPage);
    await gotoHydrated(admin, "/admin/appointments");
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText(/^Appointments \(\d+\)$/);
    await admin.getByLabel("Search appointments").fill(email);
    await admin.getByLabel("Search appointments").press("Enter");
    await expect(admin).toHaveURL(/\?q=/);
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Appointments (1)");
    const row = rowOf(admin, "Halima Sani");
    await expect(row).toContainText(email);
    await expect(row).toContainText("Pending");

    // The details open over the list.
    await row.getByRole("link", { name: "View the appointment of Halima Sani" }).click();
    const dialog = admin.getByRole("dialog");
    await expect(dialog).toContainText("0803 123 4567");
    await expect(dialog).toContainText("No message provided");
    await expect(dialog.getByRole("heading", { name: "History" })).toBeVisible();
    await expect(dialog).toContainText("Booked");
    expect(await violationsOf(admin, "/admin/appointments (dialog)")).toEqual([]);
    await admin.screenshot({ path: test.info().outputPath("appointment-dialog.png") });

    // Not happened yet: no Complete. Confirm e-mails the customer, so it asks and says so.
    await expect(dialog.getByRole("button", { name: "Complete" })).toHaveCount(0);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    const ask = admin.getByRole("alertdialog");
    await expect(ask).toContainText("Confirm this appointment?");
    await expect(ask).toContainText("This e-mails Halima Sani");
    await ask.getByRole("button", { name: "Yes, confirm it" }).click();
    await expect(toasts(admin).filter({ hasText: "Appointment Confirmed" })).toBeVisible();
    await expect(admin.getByRole("dialog")).toHaveCount(0);
    // Back on the list it came from, with the search kept.
    await expect(admin).toHaveURL(/\/admin\/appointments\?q=/);
    await expect(rowOf(admin, "Halima Sani")).toContainText("Confirmed");
    await expect(rowOf(admin, "Halima Sani").getByRole("button", { name: "Confirm" })).toHaveCount(
      0,
    );

    // The office's change reaches the customer's next visit: nothing kept from before it.
    await page.goto("/dashboard/appointments");
    await expect(page.getByRole("main")).toContainText("Confirmed");
  });
});

test("Complete only once a viewing has started; it asks, naming who is e-mailed; final bookings offer nothing more", async ({
  openPage,
}) => {
  await customerBooks(openPage, "appointments-emeka", "Bungalow");

  const admin = await adminPage(openPage);
  // A booking for tomorrow: Confirm and Cancel, no Complete.
  await gotoHydrated(admin, "/admin/appointments?q=bungalow&status=pending");
  const future = rowOf(admin, "Emeka Obi");
  await expect(future.getByRole("button", { name: "Confirm" })).toBeVisible();
  await expect(future.getByRole("button", { name: "Cancel" })).toBeVisible();
  await expect(future.getByRole("button", { name: "Complete" })).toHaveCount(0);

  // The seeded viewing three days ago, still confirmed: Complete is offered, and asks first.
  await gotoHydrated(admin, "/admin/appointments?q=ngozi.okafor");
  const past = rowOf(admin, "Ngozi Okafor");
  await expect(past).toContainText("Confirmed");
  await past.getByRole("button", { name: "Complete" }).click();
  const ask = admin.getByRole("alertdialog");
  await expect(ask).toContainText("Mark this appointment completed?");
  await expect(ask).toContainText("This e-mails Ngozi Okafor");
  // Keep it: nothing happens.
  await ask.getByRole("button", { name: "Keep it" }).click();
  await expect(admin.getByRole("alertdialog")).toHaveCount(0);
  await expect(past).toContainText("Confirmed");

  await past.getByRole("button", { name: "Complete" }).click();
  await admin
    .getByRole("alertdialog")
    .getByRole("button", { name: "Yes, mark it completed" })
    .click();
  await expect(toasts(admin).filter({ hasText: "Appointment Completed" })).toBeVisible();
  const done = rowOf(admin, "Ngozi Okafor");
  await expect(done).toContainText("Completed");
  await expect(done.getByRole("button")).toHaveCount(0);
});

test.describe("without JavaScript for the admin", () => {
  test("the booking is a page; cancelling asks, then cancels", async ({ openPage }) => {
    await customerBooks(openPage, "appointments-zainab", "Penthouse");

    const admin = await adminPage(openPage, { javaScriptEnabled: false });
    await admin.goto("/admin/appointments?q=penthouse");
    await rowOf(admin, "Zainab Bala")
      .getByRole("link", { name: "Zainab Bala", exact: true })
      .click();
    await expect(admin).toHaveURL(/\/admin\/appointments\/[0-9a-f-]{36}$/);
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText(/^Appointment [0-9a-f]{8}$/);

    await admin.getByRole("button", { name: "Cancel" }).click();
    await expect(admin.getByText("Cancel this appointment?")).toBeVisible();
    await admin.getByRole("button", { name: "Yes, cancel it" }).click();
    await expect(admin).toHaveURL(/\/admin\/appointments$/);
    await expect(
      admin.getByRole("status").filter({ hasText: "Appointment Cancelled" }),
    ).toBeVisible();
    await admin.goto("/admin/appointments?q=penthouse");
    await expect(rowOf(admin, "Zainab Bala")).toContainText("Cancelled");
  });

  test("an unknown booking is the admin 404", async ({ openPage }) => {
    const admin = await adminPage(openPage, { javaScriptEnabled: false });
    const response = await admin.goto("/admin/appointments/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(admin.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the list fits the screen; the table scrolls inside its frame", async ({ openPage }) => {
    const admin = await adminPage(openPage, { viewport: { width: 360, height: 740 } });
    await gotoHydrated(admin, "/admin/appointments");
    await admin.screenshot({
      path: test.info().outputPath("appointments-360.png"),
      fullPage: true,
    });
    const overflow = await admin.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
  });
});
