import { addDays, lagosToday } from "../../app/lib/appointment-rules";
import { DEMO_AGENT_PASSWORD, DEMO_AGENTS } from "../../app/seed/demo-agents";
import { asNewVisitor, gotoHydrated, toasts, UUID_PATTERN } from "./support";
import { expect, test } from "./test";

// Issue 47 item 1, on a 390 px phone: a visitor asks about one of the agent's listings; the
// agent signs in, lands on his leads due today, finds that lead, sets it contacted with a
// follow-up date and a note, and sees both in its history.

const agent = DEMO_AGENTS[2];
if (!agent) throw new Error("no third demo agent");

test("an agent works his due-today lead from a phone", async ({ openPage }) => {
  const phone = await openPage({ viewport: { width: 390, height: 844 }, isMobile: true });
  await asNewVisitor(phone);
  await gotoHydrated(phone, "/admin/login");
  await phone.getByLabel("Email").fill(agent.email);
  await phone.getByLabel("Password", { exact: true }).fill(DEMO_AGENT_PASSWORD);
  await phone.getByRole("button", { name: "Sign In as Admin" }).click();
  await expect(phone).toHaveURL(/\/admin\/leads\?view=due$/);

  // One of his listings, for the visitor to ask about.
  await gotoHydrated(phone, "/admin/properties");
  const edit = phone.getByRole("link", { name: "Edit", exact: false }).first();
  const propertyId = UUID_PATTERN.exec((await edit.getAttribute("href")) ?? "")?.[0] ?? "";
  expect(propertyId).not.toBe("");

  const name = `Inbox Caller ${Date.now()}`;
  const visitor = await openPage();
  await asNewVisitor(visitor);
  await gotoHydrated(visitor, `/property/${propertyId}`);
  const ask = visitor.getByRole("region", { name: "Ask about this property" });
  await ask.getByLabel("Full Name").fill(name);
  await ask.getByLabel("Email Address").fill(`inbox-${Date.now()}@example.com`);
  await ask.getByLabel("Message").fill("Is it still available? Please call me.");
  await ask.getByRole("button", { name: "Send Message" }).click();
  await expect(toasts(visitor).filter({ hasText: "Message Sent" })).toBeVisible();

  // A new lead is due today: it is in his due list, which fits the phone's width.
  await gotoHydrated(phone, "/admin/leads?view=due");
  const lead = phone.getByTestId("lead-row").filter({ hasText: name });
  await expect(lead).toBeVisible();
  expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await lead.getByRole("link", { name }).click();
  await expect(phone.getByRole("heading", { level: 1, name })).toBeVisible();

  const followUp = addDays(lagosToday(), 2);
  await phone.getByLabel("Status", { exact: true }).selectOption({ label: "Contacted" });
  await phone.getByLabel(/^Next follow-up/).fill(followUp);
  await phone.getByRole("button", { name: "Save" }).click();
  await expect(toasts(phone).filter({ hasText: "Lead updated" })).toBeVisible();
  await phone.getByLabel("Add a note").fill("Called: viewing Saturday, bring ID.");
  await phone.getByRole("button", { name: "Add note" }).click();
  await expect(toasts(phone).filter({ hasText: "Note added" })).toBeVisible();

  const history = phone.getByTestId("lead-history");
  await expect(history).toContainText("Called: viewing Saturday, bring ID.");
  await expect(history).toContainText("Status: New → Contacted.");
  await expect(history).toContainText(`${agent.firstName} ${agent.lastName}`);
  await expect(phone.getByTestId("lead-follow-up")).not.toHaveText("None set");

  // Contacted with a later follow-up: no longer due today.
  await gotoHydrated(phone, "/admin/leads?view=due");
  await expect(phone.getByTestId("lead-row").filter({ hasText: name })).toHaveCount(0);
});
