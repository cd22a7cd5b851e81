import { DEMO_AGENT_PASSWORD, DEMO_AGENTS } from "../../app/seed/demo-agents";
import { asNewVisitor, gotoHydrated } from "./support";
import { expect, test } from "./test";

// Issue 42, item 4: an agent who types an office page's address another way (upper case, a
// %-escaped letter, a trailing slash) gets the same refusal as at the address itself, in the
// browser and from the page's data request; the pages open to agents open in any spelling.

const [agent] = DEMO_AGENTS;
if (!agent) throw new Error("no demo agent");

test("an agent typing /admin/properties/NEW is refused as at /admin/properties/new", async ({
  page,
}) => {
  await asNewVisitor(page);
  await gotoHydrated(page, "/admin/login");
  await page.getByLabel("Email").fill(agent.email);
  await page.getByLabel("Password", { exact: true }).fill(DEMO_AGENT_PASSWORD);
  await page.getByRole("button", { name: "Sign In as Admin" }).click();
  await expect(page).toHaveURL(/\/admin\/leads\?view=due$/);

  // What the browser shows at each address: the status and the text on screen (the page's
  // error panel, or a resource route's bare "Forbidden").
  const refusal = async (path: string) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByText("Forbidden", { exact: true }), path).toBeVisible();
    // biome-ignore lint/performance/useDomNodeTextContent: the text on screen, not the scripts'.
    return page.evaluate(() => document.body.innerText);
  };
  for (const [written, ...typed] of [
    [
      "/admin/properties/new",
      "/admin/properties/NEW",
      "/admin/properties/%6eew",
      "/Admin/Properties/New/",
    ],
    ["/admin/properties/import", "/admin/properties/IMPORT"],
    [
      "/admin/properties/export.csv",
      "/admin/properties/Export.csv",
      "/admin/properties/%65xport.csv",
    ],
  ]) {
    const asWritten = await refusal(written ?? "");
    for (const path of typed) expect(await refusal(path), path).toBe(asWritten);
  }
  for (const path of ["/admin/properties/NEW.data", "/admin/properties/%6eew.data"]) {
    expect((await page.request.get(path)).status(), path).toBe(403);
  }
  // Posting the form to another spelling is refused too.
  const post = await page.request.post("/admin/properties/NEW", {
    form: { title: "Spelled listing", purpose: "sale", price: "1000000", city: "Kano" },
    maxRedirects: 0,
  });
  expect(post.status()).toBe(403);

  // Their own pages open however they are typed.
  const mine = await page.goto("/ADMIN/Properties");
  expect(mine?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: /^Properties \(/ })).toBeVisible();
});
