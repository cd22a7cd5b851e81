import { lagosToday } from "../../app/lib/appointment-rules";
import {
  adminPage,
  asNewVisitor,
  gotoHydrated,
  openDayAfter,
  toasts,
  UUID_PATTERN,
} from "./support";
import { expect, test } from "./test";

// Issue 21 item 4, done when: a visitor clicks WhatsApp and phone on a listing, books a viewing
// of it and asks about it; the Leads dashboard counts exactly those, on that listing's row (a
// listing this spec adds, so other specs running beside it do not move its numbers).

/** A visitor's own browser: not a robot's name (robots are never counted). */
const BROWSER_UA =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";

test("a visitor's WhatsApp and phone clicks, booking and question are the listing's leads", async ({
  openPage,
}) => {
  const title = `Leads test duplex ${Date.now()}`;
  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/admin/properties");
  await admin.getByRole("link", { name: "Add Property" }).click();
  const dialog = admin.getByRole("dialog", { name: "Add Property" });
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Location").selectOption("Abuja");
  await dialog.getByLabel("Price (₦)").fill("120,000,000");
  await dialog.getByRole("button", { name: "Add Property" }).click();
  await expect(toasts(admin).filter({ hasText: "Property added successfully" })).toBeVisible();
  const edit = admin.getByRole("link", { name: `Edit ${title}` });
  const propertyId = UUID_PATTERN.exec((await edit.getAttribute("href")) ?? "")?.[0] ?? "";
  expect(propertyId).not.toBe("");

  // The visitor, in a browser of their own. The counting links answer with a redirect to
  // WhatsApp or the phone: the first is followed into a stand-in page, the phone's is kept.
  const visitor = await openPage({ userAgent: BROWSER_UA });
  const context = visitor.context();
  const targets: string[] = [];
  await context.route(/\/go\//, async (route) => {
    const answer = await route.fetch({ maxRedirects: 0 });
    targets.push(answer.headers().location ?? `status ${answer.status()}`);
    await route.fulfill({ status: 200, contentType: "text/plain", body: "left the site" });
  });
  await asNewVisitor(visitor);
  await gotoHydrated(visitor, `/property/${propertyId}`);
  await expect(visitor.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const contact = visitor.locator("#contact-agent");

  // WhatsApp opens in a new tab, on a chat naming the listing.
  const [chatTab] = await Promise.all([
    context.waitForEvent("page"),
    contact.getByRole("link", { name: "Chat on WhatsApp" }).click(),
  ]);
  await chatTab.waitForLoadState();
  await chatTab.close();
  // The office's first number (the listing has no agent).
  await contact.getByRole("link").first().click();
  await expect.poll(() => targets.length).toBe(2);
  expect(targets[0]).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
  expect(decodeURIComponent(targets[0] ?? "")).toContain(`"${title}"`);
  expect(targets[1]).toMatch(/^tel:\+?\d+$/);

  // A second click the same day is the same visitor's: not counted again.
  await gotoHydrated(visitor, `/property/${propertyId}`);
  await visitor.locator("#contact-agent").getByRole("link").first().click();
  await expect.poll(() => targets.length).toBe(3);

  // They ask about it.
  await gotoHydrated(visitor, `/property/${propertyId}`);
  const ask = visitor.getByRole("region", { name: "Ask about this property" });
  await ask.getByLabel("Full Name").fill("Leads Visitor");
  await ask.getByLabel("Email Address").fill(`leads-${Date.now()}@example.com`);
  await ask.getByLabel("Message").fill("Is the duplex still available? Can I see it this week?");
  await ask.getByRole("button", { name: "Send Message" }).click();
  await expect(toasts(visitor).filter({ hasText: "Message Sent" })).toBeVisible();

  // They book a viewing of it (the form as it works without JavaScript: a plain date field).
  const booker = await openPage({ userAgent: BROWSER_UA, javaScriptEnabled: false });
  await booker.goto(`/book-appointment?property=${propertyId}`);
  await booker.getByLabel("Full Name").fill("Leads Visitor");
  await booker.getByLabel("Email Address").fill(`leads-booking-${Date.now()}@example.com`);
  await booker.getByLabel("Phone Number").fill("0803 123 4567");
  await booker.getByLabel("Appointment Date").fill(openDayAfter(lagosToday()));
  await booker.getByLabel("Appointment Time").selectOption("10:00 AM");
  await booker.getByRole("button", { name: "Book Appointment" }).click();
  await expect(booker.getByRole("status").filter({ hasText: "Appointment Booked" })).toBeVisible();

  // The Leads dashboard: that listing's row, found by its title.
  await gotoHydrated(admin, "/admin/leads");
  await expect(admin.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await admin.getByRole("searchbox", { name: "Find a listing by its title" }).fill(title);
  await admin.getByRole("button", { name: "Search", exact: true }).click();
  await expect(admin).toHaveURL(/\/admin\/leads\?q=/);
  const row = admin.getByTestId("leads-top-listings").getByRole("row").filter({ hasText: title });
  const cells = row.getByRole("cell");
  // Viewings booked, inquiries, WhatsApp, phone, total, views, rate.
  await expect(cells.nth(0)).toHaveText("1");
  await expect(cells.nth(1)).toHaveText("1");
  await expect(cells.nth(2)).toHaveText("1");
  await expect(cells.nth(3)).toHaveText("1");
  await expect(cells.nth(4)).toHaveText("4");

  // The listing's own screen says the same, and its message names the listing.
  await gotoHydrated(admin, `/admin/properties/${propertyId}`);
  const leads = admin.getByRole("table", { name: "Leads by source, last 12 weeks" });
  const total = leads.locator("tfoot").getByRole("cell");
  await expect(total).toHaveText(["1", "1", "1", "1", "4"]);
  await gotoHydrated(admin, "/admin/complaints?q=Leads%20Visitor");
  await expect(admin.getByRole("link", { name: `About: ${title}` }).first()).toBeVisible();
});
