import { lagosToday } from "../../app/lib/appointment-rules";
import { DEMO_AGENT_PASSWORD, DEMO_AGENTS } from "../../app/seed/demo-agents";
import { asNewVisitor, gotoHydrated, openDayAfter, UUID_PATTERN } from "./support";
import { expect, test } from "./test";

// Issue 21 (agents): the demo agent signs in at the admin login and sees only their own listings
// and viewings; the property page of one of their listings shows them; a visitor's booking of
// it lands in their viewings. Leads are counted in leads.spec.ts.

const [agent] = DEMO_AGENTS;
if (!agent) throw new Error("no demo agent");
const AGENT_NAME = `${agent.firstName} ${agent.lastName}`;

test("an agent sees their own listings, the page shows them, and a visitor's booking is theirs", async ({
  page,
  openPage,
}) => {
  await asNewVisitor(page);
  await gotoHydrated(page, "/admin/login");
  await page.getByLabel("Email").fill(agent.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_AGENT_PASSWORD);
  await page.getByRole("button", { name: "Sign In as Admin" }).click();
  // An agent's home is their leads due today (issue 47); their menu holds only what is theirs.
  await expect(page).toHaveURL(/\/admin\/leads\?view=due$/);
  await expect(page.getByRole("heading", { level: 2, name: /^Due today/ })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Admin" }).first();
  await expect(nav.getByRole("link")).toHaveText([
    "My Properties",
    "To Confirm",
    "My Viewings",
    "My Inquiries",
    "My Leads",
    "Settings",
  ]);
  // The office's screens are refused.
  const users = await page.request.get("/admin/users");
  expect(users.status()).toBe(403);

  // Their listings: no add, import or bulk changes; open the first.
  await page.getByRole("link", { name: "My Properties" }).first().click();
  await expect(page.getByRole("link", { name: "Add Property" })).toHaveCount(0);
  const first = page.getByRole("link", { name: "Edit", exact: false }).first();
  await first.click();
  await expect(page).toHaveURL(/\/admin\/properties\//);
  const propertyId = UUID_PATTERN.exec(page.url())?.[0] ?? "";
  expect(propertyId).not.toBe("");

  // A visitor (no JavaScript, a browser of their own) sees the agent and books a viewing.
  const visitor = await openPage({ javaScriptEnabled: false });
  await asNewVisitor(visitor);
  await visitor.goto(`/property/${propertyId}`);
  const contact = visitor.locator("#contact-agent");
  await expect(contact.getByText(AGENT_NAME)).toBeVisible();
  // The chat goes through the counting link (issue 21 item 4), which answers with the agent's.
  const chatHref = await contact
    .getByRole("link", { name: "Chat on WhatsApp" })
    .getAttribute("href");
  expect(chatHref).toBe(`/go/${propertyId}/whatsapp`);
  const chat = await visitor.request.get(chatHref ?? "", { maxRedirects: 0 });
  expect(chat.status()).toBe(302);
  expect(chat.headers().location).toMatch(/^https:\/\/wa\.me\/234\d+\?text=Hello%20Babatunde/);
  const visitorName = `Agent Viewer ${Date.now()}`;
  await visitor.goto(`/book-appointment?property=${propertyId}`);
  await visitor.getByLabel("Full Name").fill(visitorName);
  await visitor.getByLabel("Email Address").fill(`viewer-${Date.now()}@example.com`);
  await visitor.getByLabel("Phone Number").fill("0803 123 4567");
  await visitor.getByLabel("Appointment Date").fill(openDayAfter(lagosToday()));
  await visitor.getByLabel("Appointment Time").selectOption("10:00 AM");
  await visitor.getByRole("button", { name: "Book Appointment" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "Appointment Booked" })).toBeVisible();

  // The booking is the agent's.
  await gotoHydrated(page, `/admin/appointments?q=${encodeURIComponent(visitorName)}`);
  await expect(page.getByRole("link", { name: visitorName, exact: true })).toBeVisible();
});
