import type { Page } from "@playwright/test";
import {
  addDays,
  isSunday,
  lagosToday,
  slotsOn,
  TIME_SLOTS,
} from "../../app/lib/appointment-rules";
import { formatLongDate, monthOf } from "../../app/lib/calendar-month";
import { asNewVisitor, gotoHydrated, signedInAs, toasts, UUID_PATTERN } from "./support";
import { expect, test } from "./test";

// Booking end to end: with JavaScript (the calendar, the toast, the form reset), without it (the
// native date input and the confirmation in the page), and from a property page.

/** The first day after today in Lagos that offers every slot (Monday to Friday). */
function nextOpenDay(): string {
  let day = addDays(lagosToday(), 1);
  while (slotsOn(day).length < TIME_SLOTS.length) day = addDays(day, 1);
  return day;
}

function nextSunday(): string {
  let day = addDays(lagosToday(), 1);
  while (!isSunday(day)) day = addDays(day, 1);
  return day;
}

/** The first Saturday after today in Lagos. */
function nextSaturday(): string {
  const saturday = addDays(nextSunday(), -1);
  return saturday > lagosToday() ? saturday : addDays(saturday, 7);
}

/** The time slots the select offers (the placeholder and disabled slots left out). */
async function offeredTimes(page: Page) {
  return page
    .getByLabel("Appointment Time")
    .locator("option:not([disabled])")
    .evaluateAll((options) =>
      options.map((o) => (o as HTMLOptionElement).value).filter((value) => value !== ""),
    );
}

function calendar(page: Page) {
  return page.getByRole("group", { name: "Appointment Date" });
}

function day(page: Page, date: string) {
  return calendar(page).getByRole("button", { name: formatLongDate(date), exact: true });
}

/** Moves the calendar forward to the month of `date` (it opens on today's month). */
async function showMonthOf(page: Page, date: string) {
  const months =
    (Number(date.slice(0, 4)) - Number(lagosToday().slice(0, 4))) * 12 +
    Number(date.slice(5, 7)) -
    Number(lagosToday().slice(5, 7));
  for (let i = 0; i < months; i++) {
    await calendar(page).getByRole("button", { name: "Next month" }).click();
  }
  await expect(day(page, date)).toBeVisible();
}

async function fillContact(page: Page, name: string) {
  await page.getByLabel("Full Name").fill(name);
  await page.getByLabel("Email Address").fill(`booking-${Date.now()}@example.com`);
  await page.getByLabel("Phone Number").fill("0803 123 4567");
}

// Each test is a visitor of its own: the forms' per-address limit counts this test alone.
test.beforeEach(async ({ page }) => {
  await asNewVisitor(page);
});

test.describe("with JavaScript", () => {
  // A browser far west of Lagos: at 06:00 in Lagos it is still yesterday there. The calendar must
  // follow Lagos, not the browser's clock.
  test.use({ timezoneId: "America/Los_Angeles" });

  test("the calendar refuses Sundays and yesterday; a booking shows the toast and resets the form", async ({
    page,
  }) => {
    await gotoHydrated(page, "/book-appointment");
    await expect(
      page.getByRole("heading", { level: 1, name: "Book an Appointment" }),
    ).toBeVisible();
    await expect(page.getByText("No date selected")).toBeVisible();

    const yesterday = addDays(lagosToday(), -1);
    if (monthOf(yesterday) === monthOf(lagosToday())) {
      await expect(day(page, yesterday)).toHaveAttribute("aria-disabled", "true");
      // force: Playwright would otherwise wait for an aria-disabled button to become enabled.
      await day(page, yesterday).click({ force: true });
      await expect(page.getByText("No date selected")).toBeVisible();
    } else {
      // Yesterday was last month, which cannot be shown at all.
      await expect(calendar(page).getByRole("button", { name: "Previous month" })).toBeDisabled();
    }

    const sunday = nextSunday();
    const open = nextOpenDay();
    await showMonthOf(page, sunday);
    await expect(day(page, sunday)).toHaveAttribute("aria-disabled", "true");
    await day(page, sunday).click({ force: true });
    await expect(day(page, sunday)).toHaveAttribute("aria-pressed", "false");
    await expect(page.getByText("No date selected")).toBeVisible();

    if (monthOf(open) !== monthOf(sunday)) {
      await calendar(page).getByRole("button", { name: "Previous month" }).click();
    }
    await day(page, open).click();
    await expect(day(page, open)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByText(`Selected: ${formatLongDate(open)}`)).toBeVisible();
    await expect(page.locator('input[name="appointmentDate"]')).toHaveValue(open);

    // The keyboard moves through the days from the chosen one.
    await day(page, open).focus();
    await page.keyboard.press("ArrowRight");
    await expect(day(page, addDays(open, 1))).toBeFocused();

    await fillContact(page, "Kemi Adeyemi");
    await page.getByLabel("Appointment Time").selectOption("10:00 AM");
    await page.getByLabel("Property Type").fill("Apartment");
    await page.getByLabel("Purpose").selectOption("buy");
    await page.getByLabel("Additional Information").fill("Two bedrooms at least");
    await page.getByRole("button", { name: "Book Appointment" }).click();

    const toast = toasts(page).filter({ hasText: "Appointment Booked" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(
      "Your appointment has been scheduled. We'll contact you to confirm.",
    );
    // The form is empty again.
    await expect(page.getByLabel("Full Name")).toHaveValue("");
    await expect(page.getByLabel("Appointment Time")).toHaveValue("");
    await expect(page.getByLabel("Additional Information")).toHaveValue("");
    await expect(page.getByText("No date selected")).toBeVisible();
  });

  test("a missing date is refused beside the calendar, keeping what was typed", async ({
    page,
  }) => {
    await gotoHydrated(page, "/book-appointment");
    await fillContact(page, "Bola Tinubu-Ade");
    await page.getByLabel("Appointment Time").selectOption("02:00 PM");
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(
      calendar(page).locator("xpath=..").getByText("Please select an appointment date"),
    ).toBeVisible();
    await expect(
      toasts(page).filter({ hasText: "Please select an appointment date" }),
    ).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Bola Tinubu-Ade");
    await expect(page.getByLabel("Appointment Time")).toHaveValue("02:00 PM");
  });
});

test("a Saturday offers only the slots inside the posted hours (10:00 AM-2:00 PM)", async ({
  page,
}) => {
  await gotoHydrated(page, "/book-appointment");
  const weekday = nextOpenDay();
  await showMonthOf(page, weekday);
  await day(page, weekday).click();
  await expect.poll(() => offeredTimes(page)).toEqual([...TIME_SLOTS]);
  // A 03:00 PM chosen on a weekday is dropped when the day becomes a Saturday.
  await page.getByLabel("Appointment Time").selectOption("03:00 PM");

  const saturday = nextSaturday();
  if (monthOf(saturday) !== monthOf(weekday)) {
    const direction = saturday > weekday ? "Next month" : "Previous month";
    await calendar(page).getByRole("button", { name: direction }).click();
  }
  await day(page, saturday).click();
  await expect(page.getByText(`Selected: ${formatLongDate(saturday)}`)).toBeVisible();
  await expect
    .poll(() => offeredTimes(page))
    .toEqual(["10:00 AM", "11:00 AM", "12:00 PM", "01:00 PM"]);
  await expect(page.getByLabel("Appointment Time")).toHaveValue("");
  // Nothing that starts at 2 PM or later, or before the office opens.
  for (const late of ["09:00 AM", "02:00 PM", "03:00 PM", "04:00 PM"]) {
    await expect(
      page.getByLabel("Appointment Time").locator(`option[value="${late}"]`),
    ).toHaveCount(0);
  }
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server refuses a Saturday slot after closing time, the values kept", async ({
    page,
  }) => {
    await page.goto("/book-appointment");
    await fillContact(page, "Ngozi Eze");
    await page.getByLabel("Appointment Date").fill(nextSaturday());
    await page.getByLabel("Appointment Time").selectOption("03:00 PM");
    await page.getByRole("button", { name: "Book Appointment" }).click();
    const message =
      "On Saturdays we are open from 10:00 AM to 2:00 PM. Please choose a time from 10:00 AM to 01:00 PM.";
    await expect(page.getByText(message).first()).toBeVisible();
    await expect(page.getByLabel("Appointment Time")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Full Name")).toHaveValue("Ngozi Eze");
    await expect(page.getByLabel("Appointment Date")).toHaveValue(nextSaturday());
  });

  test("the native date input books, and the page shows the confirmation", async ({ page }) => {
    await page.goto("/book-appointment");
    const date = page.getByLabel("Appointment Date");
    await expect(date).toHaveAttribute("type", "date");
    await expect(date).toHaveAttribute("min", lagosToday());

    // A Sunday typed in anyway is refused by the server, the values kept.
    await fillContact(page, "Ifeanyi Nwosu");
    await date.fill(nextSunday());
    await page.getByLabel("Appointment Time").selectOption("11:00 AM");
    await page.getByRole("button", { name: "Book Appointment" }).click();
    await expect(page.getByText("Appointments cannot be booked on Sundays").first()).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue("Ifeanyi Nwosu");

    await page.getByLabel("Appointment Date").fill(nextOpenDay());
    await page.getByLabel("Appointment Time").selectOption("11:00 AM");
    await page.getByRole("button", { name: "Book Appointment" }).click();
    const confirmation = page.getByRole("status").filter({ hasText: "Appointment Booked" });
    await expect(confirmation).toBeVisible();
    await expect(confirmation).toContainText(
      "Your appointment has been scheduled. We'll contact you to confirm.",
    );
    await expect(page.getByLabel("Full Name")).toHaveValue("");
  });
});

test("booking from a property page carries the property", { tag: "@smoke" }, async ({ page }) => {
  await gotoHydrated(page, "/properties");
  const card = page.getByRole("main").getByRole("article").first();
  const title = ((await card.getByRole("heading").textContent()) ?? "").trim();
  await card.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/property\//);
  const propertyId = UUID_PATTERN.exec(page.url())?.[0];
  await page.getByRole("main").getByRole("link", { name: "Book Appointment" }).click();
  await expect(page).toHaveURL(`/book-appointment?property=${propertyId}`);
  await expect(page.getByText("Booking a viewing of")).toBeVisible();
  await expect(page.getByRole("main").getByText(title, { exact: true })).toBeVisible();
  await expect(page.getByLabel("Property Type")).not.toHaveValue("");
  await expect(page.locator('input[name="propertyId"]')).toHaveValue(propertyId ?? "missing");

  await fillContact(page, "Halima Bello");
  const open = nextOpenDay();
  await showMonthOf(page, open);
  await day(page, open).click();
  await page.getByLabel("Appointment Time").selectOption("03:00 PM");
  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expect(toasts(page).filter({ hasText: "Appointment Booked" })).toBeVisible();
  await expect(page).toHaveURL(`/book-appointment?property=${propertyId}`);
  await expect(page.getByRole("link", { name: "Back to the property" })).toHaveAttribute(
    "href",
    `/property/${propertyId}`,
  );
});

test.describe("on a 360 px phone", () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test("the form and the calendar fit the screen", async ({ page }) => {
    await gotoHydrated(page, "/book-appointment");
    await expect(calendar(page)).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    const box = await calendar(page).boundingBox();
    expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 999) <= 360).toBe(true);
    await page.screenshot({ path: test.info().outputPath("booking-360.png"), fullPage: true });
  });
});

test("a signed-in customer's details are filled in, and stay after booking", async ({ page }) => {
  const { email } = await signedInAs(page, "booking-details");

  await gotoHydrated(page, "/book-appointment");
  await expect(page.getByLabel("Full Name")).toHaveValue("Chioma Okeke");
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await page.getByLabel("Phone Number").fill("0812 345 6789");
  const open = nextOpenDay();
  await showMonthOf(page, open);
  await day(page, open).click();
  await page.getByLabel("Appointment Time").selectOption("09:00 AM");
  await page.getByLabel("Property Type").fill("Land");
  await page.getByRole("button", { name: "Book Appointment" }).click();
  await expect(toasts(page).filter({ hasText: "Appointment Booked" })).toBeVisible();
  // The form is reset to the account's details, not emptied of them.
  await expect(page.getByLabel("Full Name")).toHaveValue("Chioma Okeke");
  await expect(page.getByLabel("Email Address")).toHaveValue(email);
  await expect(page.getByLabel("Property Type")).toHaveValue("");
  await expect(page.getByText("No date selected")).toBeVisible();
});
