import type { Page } from "@playwright/test";
import { violationsOf } from "./axe";
import { adminPage, freshEmail, gotoHydrated, toasts, visitorSendsMessage } from "./support";
import { expect, test } from "./test";

// Staff answer messages: a visitor writes through /contact, an admin finds the message, answers
// it in the dialog over the list (an empty answer is refused beside the field) and the answer
// is shown read-only afterwards. Without JavaScript the message is a page of its own.

function rowOf(page: Page, subject: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: subject }) });
}

test("an admin answers a contact message; the answer is stored and shown read-only", {
  tag: "@smoke",
}, async ({ openPage }) => {
  const email = freshEmail("inquiry");
  const subject = `Ikoyi flat ${Date.now()}`;
  await visitorSendsMessage(openPage, email, subject);

  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/admin/complaints");
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText(
    /^Inquiries Management \(\d+\)$/,
  );
  await admin.getByLabel("Source").selectOption("contact");
  await expect(admin).toHaveURL(/source=contact/);
  await admin.getByLabel("Search inquiries").fill(email);
  await admin.getByLabel("Search inquiries").press("Enter");
  const row = rowOf(admin, subject);
  await expect(row).toContainText("Contact message");
  await expect(row).toContainText("Pending");

  await row.getByRole("link", { name: subject }).click();
  const dialog = admin.getByRole("dialog", { name: subject });
  await expect(dialog).toContainText("Is the Ikoyi flat still to let?");
  await expect(dialog).toContainText(email);
  expect(await violationsOf(admin, "/admin/complaints (dialog)")).toEqual([]);

  // An empty answer is refused beside the field; the dialog stays.
  await dialog.getByRole("button", { name: "Send Response" }).click();
  await expect(dialog.getByText("Please enter a response")).toBeVisible();
  await expect(dialog.getByLabel("Your response")).toHaveAttribute("aria-invalid", "true");

  await dialog.getByLabel("Your response").fill("Yes. Viewings are on weekdays from 9 AM.");
  await dialog.getByRole("button", { name: "Send Response" }).click();
  await expect(toasts(admin).filter({ hasText: "Response sent successfully" })).toBeVisible();
  await expect(admin.getByRole("dialog")).toHaveCount(0);
  await expect(rowOf(admin, subject)).toContainText("Answered");

  await rowOf(admin, subject).getByRole("link", { name: subject }).click();
  const answered = admin.getByRole("dialog", { name: subject });
  await expect(answered.getByRole("region", { name: "Response" })).toContainText(
    "Yes. Viewings are on weekdays from 9 AM.",
  );
  await expect(answered.getByRole("region", { name: "Response" })).toContainText("Demo Admin");
  await expect(answered.getByLabel("Your response")).toHaveCount(0);

  // The status can still be set by hand.
  await answered.getByLabel("Set the status").selectOption("resolved");
  await answered.getByRole("button", { name: "Update Status" }).click();
  await expect(toasts(admin).filter({ hasText: "Inquiry status updated" })).toBeVisible();
  await expect(rowOf(admin, subject)).toContainText("Resolved");
});

test.describe("without JavaScript", () => {
  test("the inquiry is a page with the response form", async ({ openPage }) => {
    const email = freshEmail("inquiry-nojs");
    const subject = `Lekki shop ${Date.now()}`;
    await visitorSendsMessage(openPage, email, subject);

    const admin = await adminPage(openPage, { javaScriptEnabled: false });
    await admin.goto(`/admin/complaints?q=${encodeURIComponent(email)}`);
    await rowOf(admin, subject).getByRole("link", { name: subject }).click();
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText(subject);
    await admin.getByLabel("Your response").fill("It is let, sorry. We have two others nearby.");
    await admin.getByRole("button", { name: "Send Response" }).click();
    await expect(admin).toHaveURL(/\/admin\/complaints$/);
    await expect(
      admin.getByRole("status").filter({ hasText: "Response sent successfully" }),
    ).toBeVisible();
  });
});
