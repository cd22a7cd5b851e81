import type { Page } from "@playwright/test";
import { formatAppointmentDate } from "../../app/lib/appointment-format";
import {
  addDays,
  isSunday,
  lagosToday,
  slotsOn,
  TIME_SLOTS,
} from "../../app/lib/appointment-rules";
import { formatLongDate } from "../../app/lib/calendar-month";
import { gotoHydrated, signedInAs, toasts } from "./support";
import { expect, test } from "./test";

// A customer's appointments end to end: book while signed in, find it on the dashboard,
// reschedule it, cancel it; and the same cancel with JavaScript off.

/** A day at least `days` ahead in Lagos that offers every slot (Monday to Friday). */
function openDate(days: number) {
  let date = addDays(lagosToday(), days);
  while (slotsOn(date).length < TIME_SLOTS.length) date = addDays(date, 1);
  return date;
}

/** Chooses `date` in the calendar (with JavaScript) or types it (without). */
async function chooseDate(page: Page, date: string, js: boolean, label: string) {
  if (!js) {
    await page.getByLabel(label).fill(date);
    return;
  }
  const day = page.getByRole("button", { name: formatLongDate(date), exact: true });
  for (let i = 0; i < 2 && !(await day.isVisible()); i += 1) {
    await page.getByRole("button", { name: "Next month" }).click();
  }
  await day.click();
  await expect(page.getByText(`Selected: ${formatLongDate(date)}`)).toBeVisible();
}

async function book(page: Page, email: string, date: string, js: boolean) {
  if (js) await gotoHydrated(page, "/book-appointment");
  else await page.goto("/book-appointment");
  await page.getByLabel("Full Name").fill("Amaka Okafor");
  await page.getByLabel("Email Address").fill(email);
  await page.getByLabel("Phone Number").fill("08031234567");
  await chooseDate(page, date, js, "Appointment Date");
  await page.getByLabel("Appointment Time").selectOption("10:00 AM");
  await page.getByLabel("Property Type").fill("duplex");
  await page.getByLabel("Property Location").fill("Lekki Phase 1");
  await page.getByRole("button", { name: "Book Appointment" }).click();
  if (js) await expect(toasts(page).filter({ hasText: "Appointment Booked" })).toBeVisible();
}

function appointmentRows(page: Page) {
  return page.getByRole("list", { name: "Appointments" }).getByRole("listitem");
}

test("book while signed in, see it, reschedule it, cancel it", { tag: "@smoke" }, async ({
  page,
}) => {
  const { email } = await signedInAs(page, "appointments-js");
  const date = openDate(3);
  await book(page, email, date, true);

  await gotoHydrated(page, "/dashboard/appointments");
  await expect(page.getByRole("heading", { level: 1, name: "My Appointments" })).toBeVisible();
  // Not confirmed yet: the notice says what confirming does.
  await expect(page.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
  const row = appointmentRows(page);
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Pending");
  await expect(row).toContainText("Duplex Property");
  await expect(row).toContainText(formatAppointmentDate(date));
  await expect(row).toContainText("10:00 AM");
  await expect(row).toContainText("Lekki Phase 1");
  await expect(row.getByText(/^#[0-9a-f]{8}$/)).toBeVisible();

  // Reschedule from the details page's form.
  await row.getByRole("link", { name: "Reschedule" }).click();
  await expect(page).toHaveURL(/\/dashboard\/appointments\/[0-9a-f-]{36}#reschedule$/);
  await expect(page.getByRole("heading", { name: "Booking details" })).toBeVisible();
  const newDate = openDate(6);
  await chooseDate(page, newDate, true, "New date");
  await page.getByLabel("New time").selectOption("02:00 PM");
  await page.getByRole("button", { name: "Reschedule Appointment" }).click();
  await expect(toasts(page).filter({ hasText: "Appointment Rescheduled" })).toBeVisible();
  await expect(page.getByText(`${formatAppointmentDate(newDate)} at 02:00 PM`)).toBeVisible();
  const history = page.getByRole("region", { name: "History" });
  await expect(history).toContainText("Booked");
  await expect(history).toContainText(
    `from ${formatAppointmentDate(date)}, 10:00 AM to ${formatAppointmentDate(newDate)}, 02:00 PM`,
  );

  // Cancel from the list, with the confirmation step.
  await page.getByRole("link", { name: "Back to My Appointments" }).click();
  await expect(row).toContainText(formatAppointmentDate(newDate));
  await row.getByRole("button", { name: "Cancel", exact: true }).click();
  await row.getByRole("button", { name: "Keep it" }).click();
  await expect(row).toContainText("Pending");
  await row.getByRole("button", { name: "Cancel", exact: true }).click();
  await row.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(toasts(page).filter({ hasText: "Appointment Cancelled" })).toBeVisible();
  await expect(row).toContainText("Cancelled");
  await expect(row.getByRole("button", { name: "Cancel", exact: true })).toHaveCount(0);

  // Cancelled: View Details shows the whole story.
  await row.getByRole("link", { name: "View Details" }).click();
  await expect(page.getByRole("region", { name: "History" })).toContainText("Pending → Cancelled");
  await expect(page.getByRole("heading", { name: "Reschedule" })).toHaveCount(0);
  await expect(page.getByText("No message provided")).toBeVisible();
});

test("another customer's appointment is a 404", async ({ page, openPage }) => {
  const { email } = await signedInAs(page, "appointments-owner");
  await book(page, email, openDate(4), true);
  await gotoHydrated(page, "/dashboard/appointments");
  await appointmentRows(page).getByRole("link", { name: "Reschedule" }).click();
  await expect(page).toHaveURL(/\/dashboard\/appointments\/[0-9a-f-]{36}/);
  const details = new URL(page.url()).pathname;

  const other = await openPage();
  await signedInAs(other, "appointments-intruder");
  const response = await other.goto(details);
  expect(response?.status()).toBe(404);
  await expect(other.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("cancel is a plain form post", async ({ page }) => {
    const { email } = await signedInAs(page, "appointments-nojs");
    await book(page, email, openDate(5), false);

    await page.goto("/dashboard/appointments");
    const row = appointmentRows(page);
    await expect(row).toContainText("Pending");
    await row.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/appointments$/);
    await expect(row).toContainText("Cancelled");
    await expect(row.getByRole("link", { name: "View Details" })).toBeVisible();
  });

  test("reschedule: a Sunday is refused beside the field, a valid day is kept", async ({
    page,
  }) => {
    const { email } = await signedInAs(page, "appointments-nojs-move");
    await book(page, email, openDate(3), false);
    await page.goto("/dashboard/appointments");
    await appointmentRows(page).getByRole("link", { name: "Reschedule" }).click();

    let sunday = addDays(lagosToday(), 1);
    while (!isSunday(sunday)) sunday = addDays(sunday, 1);
    await page.getByLabel("New date").fill(sunday);
    await page.getByLabel("New time").selectOption("01:00 PM");
    await page.getByRole("button", { name: "Reschedule Appointment" }).click();
    await expect(page.getByLabel("New date")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Appointments cannot be booked on Sundays")).toBeVisible();
    // What was typed is still there.
    await expect(page.getByLabel("New date")).toHaveValue(sunday);
    await expect(page.getByLabel("New time")).toHaveValue("01:00 PM");

    const monday = addDays(sunday, 1);
    await page.getByLabel("New date").fill(monday);
    await page.getByRole("button", { name: "Reschedule Appointment" }).click();
    await expect(page.getByText(`${formatAppointmentDate(monday)} at 01:00 PM`)).toBeVisible();
    await expect(page.getByRole("region", { name: "History" })).toContainText("Rescheduled");
  });
});

test("a dead confirmation link says so and offers the way back", async ({ page }) => {
  await gotoHydrated(page, "/verify-email?token=not-a-real-token");
  await expect(page.getByText(/This confirmation link is invalid/).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Confirm my e-mail" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Go to My Appointments" })).toBeVisible();
});
