import type { Page } from "@playwright/test";
import { lagosToday } from "../../app/lib/appointment-rules";
import { DEMO_AGENT_PASSWORD, DEMO_AGENTS } from "../../app/seed/demo-agents";
import { adminPage, asNewVisitor, gotoHydrated, openDayAfter, toasts } from "./support";
import { expect, type OpenPage, test } from "./test";

// Issue 21, items 2 and 3: the office gives a viewing to another agent, who then finds it in
// their own list; and gives several listings to an agent at once from the properties table.

const [, aisha, ibrahim] = DEMO_AGENTS;
if (!aisha || !ibrahim) throw new Error("no demo agents");
const nameOf = (agent: { firstName: string; lastName: string }) =>
  `${agent.firstName} ${agent.lastName}`;

/** Signs an agent in at the admin login, in a browser of their own; then opens their viewings. */
async function agentPage(openPage: OpenPage, email: string) {
  const page = await openPage();
  await asNewVisitor(page);
  await gotoHydrated(page, "/admin/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_AGENT_PASSWORD);
  await page.getByRole("button", { name: "Sign In as Admin" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?view=due$/);
  await gotoHydrated(page, "/admin/appointments");
  return page;
}

/** A visitor's general booking (no listing), without JavaScript: the admins' until given. */
async function generalBooking(openPage: OpenPage, fullName: string) {
  const visitor = await openPage({ javaScriptEnabled: false });
  await asNewVisitor(visitor);
  await visitor.goto("/book-appointment");
  await visitor.getByLabel("Full Name").fill(fullName);
  await visitor.getByLabel("Email Address").fill(`assign-${Date.now()}@example.com`);
  await visitor.getByLabel("Phone Number").fill("0803 123 4567");
  await visitor.getByLabel("Appointment Date").fill(openDayAfter(lagosToday()));
  await visitor.getByLabel("Appointment Time").selectOption("11:00 AM");
  await visitor.getByRole("button", { name: "Book Appointment" }).click();
  await expect(visitor.getByRole("status").filter({ hasText: "Appointment Booked" })).toBeVisible();
}

function rowOf(page: Page, name: string) {
  return page.getByRole("row").filter({ has: page.getByRole("rowheader", { name }) });
}

test("the office gives a viewing to an agent, who then sees it in their own list", async ({
  openPage,
}) => {
  const fullName = `Reassign Viewer ${Date.now()}`;
  await generalBooking(openPage, fullName);

  const admin = await adminPage(openPage);
  await gotoHydrated(admin, `/admin/appointments?q=${encodeURIComponent(fullName)}`);
  await expect(rowOf(admin, fullName).getByRole("cell", { name: "Admins" })).toBeVisible();
  await admin.getByRole("link", { name: fullName, exact: true }).click();
  const record = admin.getByRole("dialog");
  await expect(record.getByTestId("appointment-agent")).toHaveText("Admins (no agent)");
  await record.getByLabel("Give to").selectOption({ label: nameOf(aisha) });
  await record.getByRole("button", { name: "Reassign" }).click();
  await expect(toasts(admin).filter({ hasText: "Appointment reassigned" })).toBeVisible();
  await expect(rowOf(admin, fullName).getByRole("cell", { name: nameOf(aisha) })).toBeVisible();

  // The list filtered by agent holds it; by the admins, not any more.
  await gotoHydrated(admin, `/admin/appointments?q=${encodeURIComponent(fullName)}`);
  await admin.getByLabel("Agent").selectOption({ label: "Admins (no agent)" });
  await expect(admin.getByText("No appointments found")).toBeVisible();

  const agent = await agentPage(openPage, aisha.email);
  await expect(agent.getByRole("link", { name: fullName, exact: true })).toBeVisible();
  await agent.getByRole("link", { name: fullName, exact: true }).click();
  // Theirs to handle, not to give away.
  await expect(agent.getByRole("dialog").getByLabel("Give to")).toHaveCount(0);
});

test("several listings go to one agent from the properties table, and are theirs", async ({
  openPage,
}) => {
  // Words a phone can wrap: these listings may be the newest card while layout-fit.spec runs.
  const token = `Assign ${Date.now()}`;
  const titles = [1, 2].map((n) => `${token} flat ${n}`);
  const plain = await adminPage(openPage, { javaScriptEnabled: false });
  for (const title of titles) {
    await plain.goto("/admin/properties/new");
    await plain.getByLabel("Title", { exact: true }).fill(title);
    await plain.getByLabel("Price (₦)").fill("30000000");
    await plain.getByLabel("Location").selectOption("Kano");
    await plain.getByRole("button", { name: "Add Property" }).click();
    await expect(plain).toHaveURL(/\/admin\/properties$/);
  }

  const admin = await adminPage(openPage);
  await gotoHydrated(admin, `/admin/properties?q=${encodeURIComponent(token)}`);
  for (const title of titles) await admin.getByLabel(`Select ${title}`).check();
  await admin.getByLabel("With the selected listings").selectOption("assign");
  await admin.getByLabel("Agent (for Assign agent)").selectOption({ label: nameOf(ibrahim) });
  await admin.getByRole("button", { name: "Apply to selected" }).click();
  const ask = admin.getByRole("alertdialog");
  await expect(ask).toContainText(`Assign 2 listings to ${nameOf(ibrahim)}?`);
  await ask.getByRole("button", { name: "Yes, assign them" }).click();
  await expect(
    toasts(admin).filter({ hasText: `2 listings assigned to ${nameOf(ibrahim)}` }),
  ).toBeVisible();

  const agent = await agentPage(openPage, ibrahim.email);
  await gotoHydrated(agent, `/admin/properties?q=${encodeURIComponent(token)}`);
  for (const title of titles) {
    await expect(agent.getByRole("rowheader", { name: title })).toBeVisible();
  }
});
