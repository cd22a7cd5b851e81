import type { Locator, Page } from "@playwright/test";
import { formatAppointmentDate } from "../../app/lib/appointment-format";
import { lagosToday } from "../../app/lib/appointment-rules";
import { formatLongDate } from "../../app/lib/calendar-month";
import { ADMIN_STATE } from "./auth-state";
import { gotoHydrated, openDayAfter, toasts } from "./support";
import { expect, test } from "./test";

// Staff book and reschedule for a caller (issue 23, item 5): the New appointment screen over
// the list, refused on the server without a date (nothing typed lost), booked, found, its
// history saying "Booked by" the admin; then moved to another day, the history saying who.

test.use({ storageState: ADMIN_STATE });

/** Chooses `date` in the calendar labelled `label`, moving it on month by month if need be. */
async function chooseDay(scope: Locator, label: string, date: string) {
  const calendar = scope.getByRole("group", { name: label });
  const day = calendar.getByRole("button", { name: formatLongDate(date), exact: true });
  for (let i = 0; i < 3 && !(await day.isVisible()); i++) {
    await calendar.getByRole("button", { name: "Next month" }).click();
  }
  await day.click();
}

function rowOf(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
}

test("an admin books a viewing for a caller, then moves it; the history says who did both", async ({
  page,
}) => {
  const stamp = Date.now();
  const name = `Adaeze Caller${stamp}`;
  const email = `caller-${stamp}@example.com`;
  const first = openDayAfter(lagosToday());
  const second = openDayAfter(first);

  await gotoHydrated(page, "/admin/appointments");
  await page.getByRole("link", { name: "New appointment" }).click();
  const dialog = page.getByRole("dialog", { name: "New appointment" });
  await dialog.getByLabel("Full Name").fill(name);
  await dialog.getByLabel("Email Address").fill(email);
  await dialog.getByLabel("Phone Number").fill("0803 123 4567");
  const property = dialog.getByLabel("Property");
  await property.selectOption({ index: 1 });
  const propertyLabel = await property.locator("option:checked").textContent();
  const propertyTitle = (propertyLabel ?? "").replace(/ \([^)]*\)$/, "");
  await dialog.getByLabel("Purpose").selectOption("buy");

  // No date: refused by the server beside the calendar, what was typed kept.
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByText("Please select an appointment date").first()).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toHaveValue(name);

  await chooseDay(dialog, "Appointment Date", first);
  await dialog.getByLabel("Appointment Time").selectOption("10:00 AM");
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(toasts(page).filter({ hasText: "Appointment booked" })).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByLabel("Search appointments").fill(email);
  await page.getByLabel("Search appointments").press("Enter");
  const row = rowOf(page, name);
  await expect(row).toContainText("Pending");
  await expect(row).toContainText(formatAppointmentDate(first));
  await expect(row).toContainText(propertyTitle);

  await row.getByRole("link", { name: `View the appointment of ${name}` }).click();
  const details = page.getByRole("dialog");
  await expect(details).toContainText("Booked by Demo Admin");
  await expect(details).toContainText("0803 123 4567");

  // Moved on the phone: another day and time.
  await chooseDay(details, "New date", second);
  await details.getByLabel("New time").selectOption("02:00 PM");
  await expect(details).toContainText(`This e-mails ${name} the new date and time`);
  await details.getByRole("button", { name: "Reschedule Appointment" }).click();
  await expect(toasts(page).filter({ hasText: "Appointment rescheduled" })).toBeVisible();
  await expect(rowOf(page, name)).toContainText(formatAppointmentDate(second));
  await expect(rowOf(page, name)).toContainText("02:00 PM");

  await rowOf(page, name)
    .getByRole("link", { name: `View the appointment of ${name}` })
    .click();
  await expect(page.getByRole("dialog")).toContainText(
    `Rescheduled by Demo Admin from ${formatAppointmentDate(first)}, 10:00 AM to ${formatAppointmentDate(second)}, 02:00 PM`,
  );
  await page.screenshot({ path: test.info().outputPath("staff-booking-history.png") });
});
