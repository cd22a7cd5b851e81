import type { Page } from "@playwright/test";
import { buildDemoProperties } from "../../app/demo/demo-properties";
import { lagosToday } from "../../app/lib/appointment-rules";
import { UNRESOLVED_INQUIRY_STATUSES } from "../../app/models/admin-dashboard.server";
import { demoBookingStatus, demoBookings, demoInquiries } from "../../app/seed/demo-activity";
import { DEMO_LISTING_INQUIRIES } from "../../app/seed/demo-leads";
import { DEMO_USERS } from "../../app/seed/demo-users";
import { openDayAfter } from "../setup/dates";
import { ADMIN_STATE, allPremadeAccounts } from "./auth-state";
import { asNewVisitor, gotoHydrated, signUpAndSignIn, UUID_PATTERN, visibleText } from "./support";
import { expect, test } from "./test";

// The admin dashboard's numbers against the database. The e2e server owns its database (a
// PGlite folder it locks, or a PostgreSQL database made for the run), so the test cannot count
// rows itself; and the other specs book, write and sign up in parallel, so any count read while
// they run could be off by their writes. This file therefore runs in the `exclusive` project
// (playwright.config.ts): before every other spec, one test at a time. Then:
//  1. the database holds exactly what the seed wrote, and the accounts made before the server
//     started (auth-state.ts), so the dashboard must show the counts computed from the seed's
//     own modules and that list;
//  2. one booking, one contact message and one sign-up, made through the public forms while
//     nothing else writes, must add exactly one to each number they touch and nothing else.
// Both are equalities, not "at least".

test.describe.configure({ mode: "serial" });
test.use({ storageState: ADMIN_STATE });

type Numbers = {
  properties: number;
  appointments: number;
  pendingAppointments: number;
  inquiries: number;
  unresolvedInquiries: number;
  users: number;
  /** Sums over the weeks of the chart's table. */
  chartBookings: number;
  chartInquiries: number;
};

/** What the seed writes into a new database (app/seed), with the pre-made accounts. */
function seededNumbers(): Numbers {
  const bookings = demoBookings(lagosToday());
  const inquiries = demoInquiries({
    customer: { id: "customer", name: "Customer", email: "customer@example.com" },
    adminId: "admin",
    ago: (days) => new Date(Date.now() - days * 86_400_000),
  });
  const unresolved: readonly string[] = UNRESOLVED_INQUIRY_STATUSES;
  // Visitors' questions about listings (issue 21's lead history): pending, all younger than 11 weeks.
  const aboutListings = DEMO_LISTING_INQUIRIES.length;
  expect(Math.max(...DEMO_LISTING_INQUIRIES.map((i) => i.daysAgo))).toBeLessThan(7 * 11);
  // The chart covers 12 weeks; every seeded booking and inquiry is younger than 11.
  expect(Math.max(...bookings.map((b) => b.bookedDaysAgo))).toBeLessThan(7 * 11);
  // A pre-made agent arrives with one confirmed viewing of their own (auth-state.ts).
  const agentViewings = allPremadeAccounts().filter((a) => a.role === "agent").length;
  return {
    properties: buildDemoProperties().length,
    appointments: bookings.length + agentViewings,
    pendingAppointments: bookings.filter((b) => demoBookingStatus(b) === "pending").length,
    inquiries: inquiries.length + aboutListings,
    unresolvedInquiries:
      inquiries.filter((i) => unresolved.includes(i.status ?? "pending")).length + aboutListings,
    users: DEMO_USERS.length + allPremadeAccounts().length,
    chartBookings: bookings.length + agentViewings,
    chartInquiries: inquiries.length + aboutListings,
  };
}

function integer(text: string | undefined) {
  if (text === undefined) throw new Error("no number");
  return Number(text.replace(/,/g, ""));
}

/** A dashboard card: the link whose heading is `title`. */
function card(page: Page, title: string) {
  return page
    .getByRole("main")
    .getByRole("link")
    .filter({ has: page.getByRole("heading", { name: title, exact: true }) });
}

/** The big number of a card, and the note under it ('3 pending'). */
async function readCard(page: Page, title: string) {
  const lines = (await visibleText(card(page, title)))
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  expect(lines[0]).toBe(title);
  return { value: integer(/^[\d,]+$/.exec(lines[1] ?? "")?.[0]), note: lines[2] ?? "" };
}

async function readDashboard(page: Page): Promise<Numbers> {
  await gotoHydrated(page, "/admin/dashboard");
  const properties = await readCard(page, "Total Properties");
  const appointments = await readCard(page, "Appointments");
  const inquiries = await readCard(page, "Inquiries");
  const users = await readCard(page, "Users");

  const chart = page
    .getByRole("main")
    .getByRole("table", { name: /Bookings and inquiries received per week/ });
  const rows = chart.getByRole("row").filter({ has: page.getByRole("cell") });
  await expect(rows).toHaveCount(12);
  let chartBookings = 0;
  let chartInquiries = 0;
  for (const row of await rows.all()) {
    const [bookings, asked] = await row.getByRole("cell").allTextContents();
    chartBookings += integer(bookings);
    chartInquiries += integer(asked);
  }
  return {
    properties: properties.value,
    appointments: appointments.value,
    pendingAppointments: integer(/^([\d,]+) pending$/.exec(appointments.note)?.[1]),
    inquiries: inquiries.value,
    unresolvedInquiries: integer(/^([\d,]+) unresolved$/.exec(inquiries.note)?.[1]),
    users: users.value,
    chartBookings,
    chartInquiries,
  };
}

test("the dashboard shows exactly what the seed wrote", async ({ page }, testInfo) => {
  // Only the first run after the server started sees the database as seeded; a retry or a
  // --repeat-each repetition comes after the writes of the next test.
  test.skip(
    testInfo.retry > 0 || testInfo.repeatEachIndex > 0,
    "the database is no longer as seeded",
  );
  expect(await readDashboard(page)).toEqual(seededNumbers());
  await expect(
    page
      .getByRole("main")
      .getByRole("figure", { name: /Bookings and inquiries/ })
      .locator("svg"),
  ).not.toHaveCount(0);
});

test("a booking, a message and a sign-up each add exactly one", { tag: "@smoke" }, async ({
  page,
  openPage,
}) => {
  const before = await readDashboard(page);

  // A signed-out visitor of its own, without JavaScript: the plain form posts.
  const visitor = await openPage({
    baseURL: test.info().project.use.baseURL,
    javaScriptEnabled: false,
    storageState: { cookies: [], origins: [] },
  });
  await asNewVisitor(visitor);
  const stamp = `${Date.now()}`;
  const booker = `Numbers Check ${stamp}`;
  await visitor.goto("/book-appointment");
  await visitor.getByLabel("Full Name").fill(booker);
  await visitor.getByLabel("Email Address").fill(`numbers-${stamp}@example.com`);
  await visitor.getByLabel("Phone Number").fill("0803 123 4567");
  await visitor.getByLabel("Appointment Date").fill(openDayAfter(lagosToday()));
  await visitor.getByLabel("Appointment Time").selectOption("11:00 AM");
  await visitor.getByRole("button", { name: "Book Appointment" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "Appointment Booked" })).toBeVisible();

  const subject = `Dashboard numbers ${stamp}`;
  await visitor.goto("/contact");
  const message = visitor.getByRole("region", { name: "Send Us a Message" });
  await message.getByLabel("Full Name").fill("Numbers Check");
  await message.getByLabel("Email Address").fill(`numbers-${stamp}@example.com`);
  await message.getByLabel("Subject").fill(subject);
  await message.getByLabel("Message", { exact: true }).fill("Counting, please ignore.");
  await message.getByRole("button", { name: "Send Message" }).click();
  await expect(message.getByRole("status")).toContainText("Message Sent");

  await signUpAndSignIn(visitor, { js: false });

  expect(await readDashboard(page)).toEqual({
    ...before,
    appointments: before.appointments + 1,
    pendingAppointments: before.pendingAppointments + 1,
    inquiries: before.inquiries + 1,
    unresolvedInquiries: before.unresolvedInquiries + 1,
    users: before.users + 1,
    chartBookings: before.chartBookings + 1,
    chartInquiries: before.chartInquiries + 1,
  });

  // The newest of each heads its Recent list.
  const recentAppointments = page
    .getByRole("region", { name: "Recent Appointments" })
    .getByRole("listitem");
  await expect(recentAppointments).toHaveCount(5);
  await expect(recentAppointments.first()).toContainText(booker);
  await expect(recentAppointments.first().getByRole("link")).toHaveAttribute(
    "href",
    new RegExp(`^/admin/appointments/${UUID_PATTERN.source}$`),
  );
  const recentInquiries = page
    .getByRole("region", { name: "Recent Inquiries" })
    .getByRole("listitem");
  await expect(recentInquiries).toHaveCount(5);
  await expect(recentInquiries.first()).toContainText(subject);
});
