import { gotoHydrated, signedInAs } from "./support";
import { expect, test } from "./test";

// Issue 47, items 4 and 5, on a 390 px phone: an agent opens their viewing and finds the
// customer's number as a call link with WhatsApp beside it and the place as a map link, each
// tall enough to tap, and subscribes to their calendar in one tap.

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/** A thumb needs 44 px. */
const TAP_HEIGHT = 44;

test("an agent on a phone calls or WhatsApps the customer and subscribes to the calendar", async ({
  page,
}) => {
  const agent = await signedInAs(page, "tap-to-reach-agent");
  const customer = `${agent.firstName}'s Customer`;
  await gotoHydrated(page, "/admin/appointments");
  await page.getByRole("link", { name: customer, exact: true }).first().click();
  const viewing = page.getByRole("dialog");
  await expect(viewing.getByText(customer).first()).toBeVisible();

  const call = viewing.getByRole("link", { name: "0803 555 0111", exact: true });
  await expect(call).toHaveAttribute("href", "tel:+2348035550111");
  const chat = viewing.getByRole("link", { name: "WhatsApp 0803 555 0111" });
  await expect(chat).toHaveAttribute(
    "href",
    `https://wa.me/2348035550111?text=${encodeURIComponent(
      `Hello ${agent.firstName}'s, this is NaijaHomes Realty.`,
    )}`,
  );
  const map = viewing.getByRole("link", { name: /Lekki, Lagos/ });
  await expect(map).toHaveAttribute(
    "href",
    "https://www.google.com/maps/search/?api=1&query=Lekki%2C%20Lagos",
  );
  for (const link of [call, chat, map]) {
    expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(TAP_HEIGHT);
  }

  // The calendar: made here, then one tap to subscribe (the same address as webcal://).
  await gotoHydrated(page, "/admin/appointments");
  await page.getByText("Calendar feed").click();
  await page.getByRole("button", { name: "Create calendar link" }).click();
  const subscribe = page.getByRole("link", { name: "Subscribe" });
  await expect(subscribe).toHaveAttribute("href", /^webcal:\/\/[^/]+\/calendar\/[\w-]+\.ics$/);
  const address = await page.getByLabel("Calendar address").inputValue();
  expect(await subscribe.getAttribute("href")).toBe(address.replace(/^https?:\/\//, "webcal://"));
  expect((await subscribe.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(TAP_HEIGHT);
});
