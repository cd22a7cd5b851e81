import type { Page } from "@playwright/test";
import { asNewVisitor, gotoHydrated, signedInAs, toasts } from "./support";
import { expect, test } from "./test";

// /contact end to end: the details, the map that degrades to the address, and 'Send Us a
// Message' with JavaScript (toast, form cleared, 'Sending...') and without (success in the page).

const MESSAGE = {
  name: "Tunde Bakare",
  email: "tunde.e2e@example.ng",
  phone: "+234 802 555 0101",
  subject: "Office space in Wuse II",
  message: "Do you have a 200 sqm office to let from January?",
};

function messageForm(page: Page) {
  return page.getByRole("region", { name: "Send Us a Message" });
}

function fields(page: Page) {
  const form = messageForm(page);
  return {
    name: form.getByLabel("Full Name"),
    email: form.getByLabel("Email Address"),
    phone: form.getByLabel("Phone Number (optional)"),
    subject: form.getByLabel("Subject"),
    message: form.getByLabel("Message", { exact: true }),
    send: form.getByRole("button", { name: "Send Message" }),
  };
}

async function fillMessage(page: Page, values: Partial<typeof MESSAGE>) {
  const f = fields(page);
  for (const key of Object.keys(values) as (keyof typeof MESSAGE)[]) {
    await f[key].fill(values[key] ?? "");
  }
}

async function expectEmptyForm(page: Page) {
  const f = fields(page);
  for (const field of [f.name, f.email, f.phone, f.subject, f.message]) {
    await expect(field).toHaveValue("");
  }
}

// Each test is a visitor of its own: the forms' per-address limit counts this test alone.
test.beforeEach(async ({ page }) => {
  await asNewVisitor(page);
});

test.describe("with JavaScript", () => {
  test("shows the contact details, hours, social links and a map with the address", async ({
    page,
  }) => {
    await gotoHydrated(page, "/contact");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
    const info = main.getByRole("region", { name: "Get In Touch" });
    await expect(info.getByText("Gwarinpa Estate")).toBeVisible();
    await expect(info.getByRole("link", { name: "+234 803 123 4567" })).toBeVisible();
    await expect(info.getByRole("link", { name: "info@naijahomes.ng" })).toBeVisible();
    await expect(info.getByText("Monday-Friday 9:00 AM-5:00 PM")).toBeVisible();
    await expect(info.getByText("Saturday 10:00 AM-2:00 PM")).toBeVisible();
    await expect(info.getByRole("link", { name: "Facebook" })).toHaveAttribute(
      "href",
      /facebook\.com/,
    );

    const map = main.getByRole("region", { name: "Find Our Office" });
    await expect(map.locator("iframe")).toHaveAttribute(
      "src",
      /^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?bbox=/,
    );
    await expect(map.locator("iframe")).toHaveAttribute("loading", "lazy");
    await expect(map.locator("figcaption")).toContainText("Gwarinpa Estate");
    await expect(map.getByRole("link", { name: "Open in OpenStreetMap" })).toHaveAttribute(
      "href",
      /openstreetmap\.org\/\?mlat=/,
    );
  });

  test("sends a message: 'Sending...', the toast, and a cleared form", { tag: "@smoke" }, async ({
    page,
  }) => {
    await gotoHydrated(page, "/contact");
    await fillMessage(page, MESSAGE);
    // Hold the answer a moment so the pending state can be seen.
    await page.route("**/contact.data*", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await fields(page).send.click();
    const sending = messageForm(page).getByRole("button", { name: "Sending..." });
    await expect(sending).toBeDisabled();

    const toast = toasts(page).filter({ hasText: "Message Sent" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(
      "Thank you for contacting us. We'll get back to you shortly.",
    );
    await expectEmptyForm(page);
    await expect(fields(page).send).toBeEnabled();
  });

  test("a missing field: the message beside it, what was typed kept, nothing sent", async ({
    page,
  }) => {
    await gotoHydrated(page, "/contact");
    await fillMessage(page, { ...MESSAGE, subject: "   " });
    await fields(page).send.click();

    await expect(
      toasts(page).filter({ hasText: "Please fill in all required fields" }),
    ).toBeVisible();
    const f = fields(page);
    await expect(f.subject).toHaveAttribute("aria-invalid", "true");
    await expect(messageForm(page).getByText("Please enter a subject")).toBeVisible();
    await expect(f.name).toHaveValue(MESSAGE.name);
    await expect(f.email).toHaveValue(MESSAGE.email);
    await expect(f.message).toHaveValue(MESSAGE.message);
    await expect(toasts(page).filter({ hasText: "Message Sent" })).toHaveCount(0);
  });

  test("a link with ?subject= starts the message with that subject", async ({ page }) => {
    await gotoHydrated(page, "/contact?subject=Careers");
    await expect(fields(page).subject).toHaveValue("Careers");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sends a message and shows the success in the page", async ({ page }) => {
    await page.goto("/contact");
    await fillMessage(page, { ...MESSAGE, phone: "" });
    await fields(page).send.click();

    const status = messageForm(page).getByRole("status");
    await expect(status).toContainText("Message Sent");
    await expect(status).toContainText(
      "Thank you for contacting us. We'll get back to you shortly.",
    );
    await expectEmptyForm(page);
  });

  test("a missing field shows the message and keeps what was typed", async ({ page }) => {
    await page.goto("/contact");
    await fillMessage(page, { ...MESSAGE, name: "" });
    await fields(page).send.click();

    await expect(messageForm(page).getByRole("alert")).toContainText(
      "Please fill in all required fields",
    );
    await expect(messageForm(page).getByText("Please enter your full name")).toBeVisible();
    const f = fields(page);
    await expect(f.name).toHaveAttribute("aria-invalid", "true");
    await expect(f.email).toHaveValue(MESSAGE.email);
    await expect(f.phone).toHaveValue(MESSAGE.phone);
    await expect(f.subject).toHaveValue(MESSAGE.subject);
    await expect(f.message).toHaveValue(MESSAGE.message);
  });
});

test("a signed-in customer finds their name and e-mail already filled in", async ({ page }) => {
  const { email } = await signedInAs(page, "contact-details");

  await gotoHydrated(page, "/contact");
  await expect(fields(page).name).toHaveValue("Ngozi Eze");
  await expect(fields(page).email).toHaveValue(email);
  await gotoHydrated(page, "/services/property-sales");
  const inquiry = page.getByRole("region", { name: "Inquire About This Service" });
  await expect(inquiry.getByLabel("Full Name")).toHaveValue("Ngozi Eze");
  await expect(inquiry.getByLabel("Email Address")).toHaveValue(email);
});
