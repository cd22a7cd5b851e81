import { buildDemoProperties, demoListingsBeingChecked } from "../../app/demo/demo-properties";
import { formatDay } from "../../app/lib/dates";
import { DEMO_AGENT_PASSWORD, DEMO_AGENTS } from "../../app/seed/demo-agents";
import { asNewVisitor, gotoHydrated, signInAsAdmin, toasts } from "./support";
import { expect, test } from "./test";

// Dated availability (issue 46, item 1) on a 390 px phone: a demo listing confirmed longer ago
// than its period is out of the search, its own page saying "Availability being checked" and
// noindex; an agent confirms one of their listings in one tap from To Confirm, and its page shows
// today's date, their name and how.

test.use({ viewport: { width: 390, height: 844 } });

const [agent] = DEMO_AGENTS;
if (!agent) throw new Error("no demo agent");

test("a listing past its period leaves the search; its page says it is being checked", async ({
  page,
}) => {
  // One with a title no other demo listing has, so the search's answer is about it alone.
  const titles = buildDemoProperties().map((p) => p.title);
  const stale = demoListingsBeingChecked().find(
    (p) => titles.filter((t) => t === p.title).length === 1,
  );
  if (!stale) throw new Error("no demo listing past its period with a title of its own");

  await gotoHydrated(page, `/properties?q=${encodeURIComponent(stale.title)}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.locator(`main a[href="/property/${stale.id}"]`)).toHaveCount(0);

  await gotoHydrated(page, `/property/${stale.id}`);
  await expect(page.getByRole("heading", { level: 1, name: stale.title })).toBeVisible();
  await expect(page.getByTestId("availability")).toHaveText("Availability being checked");
  await expect(page.locator('head meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("an agent confirms a listing in one tap from To Confirm", async ({ page }) => {
  await asNewVisitor(page);
  // An agent lands on the leads due today (issue 47).
  await signInAsAdmin(page, agent.email, DEMO_AGENT_PASSWORD, /\/admin\/leads\?view=due$/);

  await gotoHydrated(page, "/admin/to-confirm");
  await expect(page.getByRole("heading", { level: 1, name: "To Confirm" })).toBeVisible();
  // One still in the search (confirming it changes no other spec's search counts).
  const item = page
    .getByRole("list", { name: "Listings to confirm" })
    .getByRole("listitem")
    .filter({ hasText: /Due (in \d+ days|within a day)/ })
    .first();
  const title = (await item.getAttribute("aria-label")) ?? "";
  const href = (await item.getByRole("link").first().getAttribute("href")) ?? "";
  const id = href.split("/").pop() ?? "";
  expect(title).not.toBe("");

  await item.getByRole("button", { name: "Visited" }).click();
  await expect(toasts(page).filter({ hasText: "Availability confirmed" })).toBeVisible();
  const done = page
    .getByRole("listitem")
    .filter({ has: page.locator(`a[href="/admin/properties/${id}"]`) });
  await expect(done).toContainText(`Last confirmed ${formatDay(new Date())} (visit)`);

  await gotoHydrated(page, `/property/${id}`);
  await expect(page.getByTestId("availability")).toHaveText(
    `Availability confirmed ${formatDay(new Date())} by ${agent.firstName} ${agent.lastName} (visit)`,
  );
});
