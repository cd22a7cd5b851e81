import type { Locator, Page } from "@playwright/test";
import { formatAppointmentDate } from "../../app/lib/appointment-format";
import { lagosToday } from "../../app/lib/appointment-rules";
import { formatLongDate } from "../../app/lib/calendar-month";
import { ADMIN_STATE } from "./auth-state";
import { gotoHydrated, openDayAfter, toasts } from "./support";
import { expect, test } from "./test";

// Staff book and reschedule for a caller (issue 23 item 5, issue 47 item 2): the New appointment
// screen over the list, refused on the server without a date (nothing typed lost), booked with a
// name and phone only, confirmed at once; the viewing's screen shows the text to send by
// WhatsApp; then moved to another day, the history saying who did both.

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

test("an admin books a caller with name and phone only, sends the text, then moves it; the history says who", async ({
  page,
}) => {
  const name = `Adaeze Caller${Date.now()}`;
  const first = openDayAfter(lagosToday());
  const second = openDayAfter(first);

  await gotoHydrated(page, "/admin/appointments");
  await page.getByRole("link", { name: "New appointment" }).click();
  const dialog = page.getByRole("dialog", { name: "New appointment" });
  await dialog.getByLabel("Full Name").fill(name);
  await dialog.getByLabel("Phone Number").fill("0803 123 4567");
  const property = dialog.getByLabel("Property");
  await property.selectOption({ index: 1 });
  // The picker names each listing by code, title, area and agent.
  const propertyLabel = (await property.locator("option:checked").textContent()) ?? "";
  const [code = "", propertyTitle = ""] = propertyLabel.split(" · ");
  expect(code).toMatch(/^NH-/);
  await dialog.getByLabel("Purpose").selectOption("buy");

  // No date: refused by the server beside the calendar, what was typed kept.
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(dialog.getByText("Please select an appointment date").first()).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toHaveValue(name);

  await chooseDay(dialog, "Appointment Date", first);
  await dialog.getByLabel("Appointment Time").selectOption("10:00 AM");
  await dialog.getByRole("button", { name: "Book Appointment" }).click();
  await expect(toasts(page).filter({ hasText: "Appointment booked" })).toBeVisible();

  // The viewing's screen: confirmed, with the text for the caller and its WhatsApp link.
  const main = page.getByRole("main");
  const text = main.getByTestId("caller-message");
  await expect(text).toContainText(`Listing: ${code}, ${propertyTitle}`);
  await expect(text).toContainText(`When: ${formatAppointmentDate(first)}, 10:00 AM`);
  await expect(text).toContainText(/Your viewing code: \d{4}\./);
  await expect(main.getByRole("link", { name: "Send by WhatsApp" })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/2348031234567\?text=/,
  );
  await expect(main).toContainText("Booked and confirmed by Demo Admin");

  // Moved on the phone: another day and time.
  await chooseDay(main, "New date", second);
  await main.getByLabel("New time").selectOption("02:00 PM");
  await main.getByRole("button", { name: "Reschedule Appointment" }).click();
  await expect(toasts(page).filter({ hasText: "Appointment rescheduled" })).toBeVisible();
  await page.getByLabel("Search appointments").fill(name);
  await page.getByLabel("Search appointments").press("Enter");
  const row = rowOf(page, name);
  await expect(row).toContainText("Confirmed");
  await expect(row).toContainText(formatAppointmentDate(second));
  await expect(row).toContainText("02:00 PM");

  await row.getByRole("link", { name: `View the appointment of ${name}` }).click();
  await expect(page.getByRole("dialog")).toContainText(
    `Rescheduled by Demo Admin from ${formatAppointmentDate(first)}, 10:00 AM to ${formatAppointmentDate(second)}, 02:00 PM`,
  );
  await page.screenshot({ path: test.info().outputPath("staff-booking-history.png") });
});
