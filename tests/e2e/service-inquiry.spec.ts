import type { Page } from "@playwright/test";
import { asNewVisitor, gotoHydrated, toasts } from "./support";
import { expect, test } from "./test";

// /services and /services/{id} end to end: the overview, a service page, 'Book Consultation'
// and the 'Inquire About This Service' form with JavaScript and without.

const INQUIRY = {
  name: "Amaka Obi",
  email: "amaka.e2e@example.ng",
  phone: "0803 123 4567",
  message: "I want to let my 3-bedroom flat in Lekki. What do you charge?",
};

function inquiryForm(page: Page) {
  return page.getByRole("region", { name: "Inquire About This Service" });
}

function fields(page: Page) {
  const form = inquiryForm(page);
  return {
    name: form.getByLabel("Full Name"),
    email: form.getByLabel("Email Address"),
    phone: form.getByLabel("Phone Number"),
    message: form.getByLabel("Your Message"),
    submit: form.getByRole("button", { name: "Submit Inquiry" }),
  };
}

async function fillInquiry(page: Page, values: Partial<typeof INQUIRY>) {
  const f = fields(page);
  for (const key of Object.keys(values) as (keyof typeof INQUIRY)[]) {
    await f[key].fill(values[key] ?? "");
  }
}

// Each test is a visitor of its own: the forms' per-address limit counts this test alone.
test.beforeEach(async ({ page }) => {
  await asNewVisitor(page);
});

test("the overview links its three cards to service pages and shows the process", async ({
  page,
}) => {
  await page.goto("/services");
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "What We Do" })).toBeVisible();
  const learnMore = main.getByRole("link", { name: /^Learn More about/ });
  await expect(learnMore).toHaveCount(3);
  expect(await learnMore.evaluateAll((links) => links.map((a) => a.getAttribute("href")))).toEqual([
    "/services/property-sales",
    "/services/infrastructure-development",
    "/services/project-management",
  ]);
  const steps = main.getByRole("region", { name: "Our Process" }).getByRole("listitem");
  await expect(steps).toHaveCount(4);
  await expect(steps.first()).toContainText("Consultation & Requirements Analysis");
  await expect(main.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
  await expect(main.getByRole("link", { name: "Book Consultation" })).toHaveAttribute(
    "href",
    "/book-appointment",
  );

  await learnMore.nth(1).click();
  await expect(page).toHaveURL(/\/services\/infrastructure-development$/);
  await expect(
    page.getByRole("heading", { level: 1, name: "Infrastructure Development" }),
  ).toBeVisible();
});

test("an unknown service id lands on Property Sales", async ({ page }) => {
  await page.goto("/services/legal");
  await expect(page).toHaveURL(/\/services\/property-sales$/);
  await expect(page.getByRole("heading", { level: 1, name: "Property Sales" })).toBeVisible();
});

test.describe("with JavaScript", () => {
  test("a service page has its sections, and an inquiry is sent with a toast", {
    tag: "@smoke",
  }, async ({ page }) => {
    await gotoHydrated(page, "/services/property-rentals");
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: "Property Rentals" })).toBeVisible();
    const crumbs = main.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(crumbs.getByRole("link", { name: "Services" })).toHaveAttribute(
      "href",
      "/services",
    );
    await expect(crumbs.getByRole("link", { name: "Property Rentals" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(
      main.getByRole("heading", { name: "About This Service", exact: true }),
    ).toBeVisible();
    await expect(
      main.getByRole("region", { name: "Key Features" }).getByRole("listitem"),
    ).toHaveCount(7);
    await expect(
      main.getByRole("region", { name: /^Why Choose/ }).getByRole("listitem"),
    ).toHaveCount(4);
    await expect(main.getByRole("link", { name: "All Services" })).toHaveAttribute(
      "href",
      "/services",
    );
    const direct = main.getByRole("region", { name: /talk to us directly/ });
    await expect(direct.getByRole("link", { name: /^\+234/ })).toBeVisible();
    await expect(direct).toContainText("Mon-Fri: 9am-5pm");
    // The photo is drawn by the media route.
    const image = main.getByRole("img").first();
    await expect(image).toHaveJSProperty("complete", true);
    expect(await image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(
      0,
    );

    await fillInquiry(page, INQUIRY);
    await fields(page).submit.click();
    const toast = toasts(page).filter({ hasText: "Success" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(
      "Your inquiry has been submitted. We will contact you shortly.",
    );
    for (const key of ["name", "email", "phone", "message"] as const) {
      await expect(fields(page)[key]).toHaveValue("");
    }
  });

  test("an empty field: 'Error: Please fill in all fields', typed values kept", async ({
    page,
  }) => {
    await gotoHydrated(page, "/services/property-management");
    await fillInquiry(page, { ...INQUIRY, phone: "" });
    await fields(page).submit.click();
    const toast = toasts(page).filter({ hasText: "Please fill in all fields" });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("Error");
    await expect(fields(page).phone).toHaveAttribute("aria-invalid", "true");
    await expect(fields(page).name).toHaveValue(INQUIRY.name);
    await expect(fields(page).message).toHaveValue(INQUIRY.message);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("'Book Consultation' brings the form into view", async ({ page }) => {
    await gotoHydrated(page, "/services/real-estate-consultancy");
    const heading = inquiryForm(page).getByRole("heading", { name: "Inquire About This Service" });
    await expect(heading).not.toBeInViewport();
    await page.getByRole("link", { name: "Book Consultation" }).click();
    await expect(heading).toBeInViewport();
    await expect(fields(page).name).toBeFocused();
    await expect(page).toHaveURL(/#inquiry-form$/);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an inquiry is sent and the success shows in the page", async ({ page }) => {
    await page.goto("/services/project-management");
    await fillInquiry(page, INQUIRY);
    await fields(page).submit.click();
    const status = inquiryForm(page).getByRole("status");
    await expect(status).toContainText("Success");
    await expect(status).toContainText(
      "Your inquiry has been submitted. We will contact you shortly.",
    );
    await expect(fields(page).name).toHaveValue("");
    await expect(page.getByRole("heading", { level: 1, name: "Project Management" })).toBeVisible();
  });

  test("an empty field shows the message beside the form and keeps what was typed", async ({
    page,
  }) => {
    await page.goto("/services/property-sales");
    await fillInquiry(page, { ...INQUIRY, message: "" });
    await fields(page).submit.click();
    await expect(inquiryForm(page).getByRole("alert")).toContainText("Please fill in all fields");
    await expect(fields(page).message).toHaveAttribute("aria-invalid", "true");
    await expect(fields(page).name).toHaveValue(INQUIRY.name);
    await expect(fields(page).email).toHaveValue(INQUIRY.email);
    await expect(fields(page).phone).toHaveValue(INQUIRY.phone);
  });

  test("'Book Consultation' is a link to the form", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/services/property-sales");
    await page.getByRole("link", { name: "Book Consultation" }).click();
    await expect(page).toHaveURL(/#inquiry-form$/);
    await expect(
      inquiryForm(page).getByRole("heading", { name: "Inquire About This Service" }),
    ).toBeInViewport();
  });
});
