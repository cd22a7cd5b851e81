import { REGISTRATION_NOTE } from "../../app/lib/agent-profile";
import { DEMO_AGENT_PROFILES, DEMO_AGENTS } from "../../app/seed/demo-agents";
import { asNewVisitor, gotoHydrated } from "./support";
import { expect, test } from "./test";

// Issue 45 item 3, agents you can identify: from a listing, a visitor follows "Your agent" to
// the agent's profile (their numbers as the office entered them, their official contacts, the
// listings they handle) and back to one of those listings; the team page links there too.

const [agent] = DEMO_AGENTS;
const [profile] = DEMO_AGENT_PROFILES;
if (!agent || !profile) throw new Error("no demo agent");
const NAME = `${agent.firstName} ${agent.lastName}`;

for (const js of [true, false]) {
  test(`from a property page to the agent's profile and back to a listing (${js ? "with" : "without"} JavaScript)`, async ({
    page,
    openPage,
  }) => {
    const visitor = js ? page : await openPage({ javaScriptEnabled: false });
    await asNewVisitor(visitor);
    const open = (url: string) => (js ? gotoHydrated(visitor, url) : visitor.goto(url));
    // The profile lists the agent's live listings: the first is one of theirs.
    await open("/agents/babatunde-adeyemi");
    const listings = visitor.getByRole("region", { name: `Listings ${NAME} handles` });
    const first = listings.getByRole("article").first().getByRole("link").first();
    const listingHref = (await first.getAttribute("href")) ?? "";
    expect(listingHref).toMatch(/^\/property\//);

    // The listing names its agent, linked to the profile.
    await open(listingHref);
    const card = visitor.getByTestId("listing-agent");
    await expect(card).toContainText(`Your agent: ${NAME}`);
    await expect(card.getByRole("link", { name: profile.publicEmail })).toBeVisible();
    await card.getByRole("link", { name: NAME }).click();

    await expect(visitor).toHaveURL(/\/agents\/babatunde-adeyemi$/);
    await expect(visitor.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
    const main = visitor.getByRole("main");
    await expect(main).toContainText(profile.staffId);
    await expect(main).toContainText(profile.lasreraNumber ?? "");
    await expect(main).toContainText(profile.esvarbonNumber ?? "");
    await expect(main).toContainText(REGISTRATION_NOTE);
    await expect(
      main.getByRole("link", { name: `Official phone: ${profile.officialPhone}` }),
    ).toHaveAttribute("href", `tel:${profile.officialPhone.replace(/\s+/g, "")}`);
    await expect(main.getByRole("link", { name: /on WhatsApp$/ })).toHaveAttribute(
      "href",
      /^https:\/\/wa\.me\/2348025551834\?text=/,
    );
    await expect(main.getByRole("link", { name: profile.publicEmail })).toHaveAttribute(
      "href",
      `mailto:${profile.publicEmail}`,
    );
    // The sign-in address is not the public one.
    await expect(main).not.toContainText(agent.email);

    // Back to a listing from the profile.
    await listings.locator(`a[href="${listingHref}"]`).first().click();
    await expect(visitor).toHaveURL(new RegExp(`${listingHref}$`));
    await expect(visitor.getByTestId("listing-agent")).toContainText(NAME);
  });
}

test("the team page links the agents to their profiles; an unknown agent is the 404 page", async ({
  page,
}) => {
  await asNewVisitor(page);
  await gotoHydrated(page, "/team");
  await page.getByRole("link", { name: `${NAME}: agent profile and listings` }).click();
  await expect(page).toHaveURL(/\/agents\/babatunde-adeyemi$/);
  await expect(page.getByRole("heading", { level: 1, name: NAME })).toBeVisible();
  // A team member who is not an agent has no profile link.
  await gotoHydrated(page, "/team");
  await expect(page.getByRole("link", { name: /^Adaeze Okafor: agent profile/ })).toHaveCount(0);
  const missing = await page.goto("/agents/no-such-agent");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});
