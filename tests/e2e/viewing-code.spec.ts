import { VIEWING_CODE_ADVICE } from "../../app/lib/viewing-code";
import { CUSTOMER_STATE } from "./auth-state";
import { gotoHydrated, signedInAs, toasts } from "./support";
import { expect, test } from "./test";

// Issue 45 item 4, viewing codes: the customer finds the four-digit code of a confirmed viewing
// on their dashboard with the warning never to pay at a viewing; the agent sees the same code
// on the viewing, completes it and records that the customer's code matched.

test.describe("the customer", () => {
  test.use({ storageState: CUSTOMER_STATE });

  test("sees the code of a confirmed viewing, with the warning, on the dashboard", async ({
    page,
  }) => {
    await gotoHydrated(page, "/dashboard/appointments");
    const rows = page.getByRole("list", { name: "Appointments" }).getByRole("listitem");
    const confirmed = rows.filter({ hasText: "Confirmed" }).filter({ hasText: "viewing code" });
    await expect(confirmed.first()).toBeVisible();
    const notice = confirmed.first().getByTestId("viewing-code");
    await expect(notice).toContainText(VIEWING_CODE_ADVICE);
    const code = /Your viewing code:\s*(\d{4})/.exec((await notice.textContent()) ?? "")?.[1];
    expect(code).toMatch(/^\d{4}$/);
    // The same code on the appointment's own page.
    await confirmed.first().getByRole("link", { name: "View Details" }).click();
    await expect(page.getByRole("heading", { level: 1, name: /^Appointment/ })).toBeVisible();
    await expect(page.getByTestId("viewing-code")).toContainText(`Your viewing code: ${code}`);
    // A pending booking has no code yet.
    await gotoHydrated(page, "/dashboard/appointments");
    const pending = rows.filter({ hasText: "Pending" });
    await expect(pending.first()).toBeVisible();
    await expect(pending.first().getByTestId("viewing-code")).toHaveCount(0);
  });
});

test("the agent sees the code, completes the viewing and records that the code matched", async ({
  page,
}) => {
  const agent = await signedInAs(page, "viewing-code-agent");
  const customer = `${agent.firstName}'s Customer`;
  await gotoHydrated(page, "/admin/appointments");
  const row = page.getByRole("row").filter({ hasText: customer });
  await expect(row).toContainText("Confirmed");
  // The day view of today and tomorrow is not where a viewing three days old shows; the row is.
  await row.getByRole("button", { name: "Complete" }).click();
  await page
    .getByRole("alertdialog")
    .getByRole("button", { name: "Yes, mark it completed" })
    .click();
  await expect(toasts(page).filter({ hasText: "Appointment Completed" })).toBeVisible();
  await expect(row).toContainText("Completed");

  // The viewing: its code, and the question whether the customer's matched.
  const link = row.getByRole("link", { name: customer, exact: true });
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/admin\/appointments\/[0-9a-f-]{36}$/);
  await link.click();
  const viewing = page.getByRole("dialog");
  await expect(viewing.getByRole("heading", { name: "Viewing code" })).toBeVisible();
  await expect(viewing.getByTestId("staff-viewing-code")).toHaveText(/^\d{4}$/);
  await expect(viewing.getByText("Did the customer's code match?")).toBeVisible();
  await viewing.getByRole("button", { name: "Code matched", exact: true }).click();
  await expect(
    toasts(page).filter({ hasText: "Recorded: the viewing code matched" }),
  ).toBeVisible();

  // Stored: the page opened again shows it, and the history says who recorded it.
  await gotoHydrated(page, href);
  const again = page.getByRole("main");
  await expect(again.locator("[data-code-matched=yes]")).toHaveText("Code matched");
  await expect(
    again.getByText(`Viewing code matched (recorded by ${agent.firstName} Code)`),
  ).toBeVisible();
  await expect(again.locator("[data-code-matched=no]")).toHaveCount(0);
});
