import type { Page } from "@playwright/test";
import sharp from "sharp";
import { ADMIN_STATE } from "./auth-state";
import { violationsOf } from "./axe";
import { adminPage, asNewVisitor, gotoHydrated, propertyCards, toasts } from "./support";
import { expect, type OpenPage, test } from "./test";

// What staff edit and visitors read: the website editor's hero title on the home page, a phone
// number in the footer and on the contact page, the social links in the footer, and WhatsApp
// links carrying the company's number and the listing. Each test puts back what it changed
// (other specs read the demo contact details), and changes only what no other spec checks:
// the second phone number, the Twitter link, the hero title.

const DEMO_WHATSAPP_DIGITS = "2348031234567";

async function visitorPage(openPage: OpenPage, viewport = { width: 1280, height: 800 }) {
  const page = await openPage({ viewport });
  await asNewVisitor(page);
  return page;
}

function heroSection(page: Page) {
  return page.getByRole("region", { name: "Hero Section" });
}

async function saveHeroTitle(page: Page, title: string) {
  const section = heroSection(page);
  await section.getByLabel("Title", { exact: true }).fill(title);
  await section.getByRole("button", { name: "Save Hero" }).click();
  await expect(toasts(page).filter({ hasText: "Content updated successfully" })).toBeVisible();
}

test("the admin edits the hero title, sees it in the preview, and the home page shows it as text", async ({
  openPage,
}) => {
  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/website-editor");
  await expect(admin.getByRole("heading", { level: 1, name: "Website Editor" })).toBeVisible();
  expect(await violationsOf(admin, "/website-editor")).toEqual([]);
  const section = heroSection(admin);
  const original = await section.getByLabel("Title", { exact: true }).inputValue();
  // Markup typed by staff is text: shown as typed, never interpreted.
  const title = `Homes <b>checked</b> by our agents ${Date.now()}`;

  await section.getByLabel("Title", { exact: true }).fill(title);
  const preview = section.getByRole("region", { name: "Preview of the Hero section" });
  await expect(preview).toContainText(title);

  try {
    await section.getByRole("button", { name: "Save Hero" }).click();
    await expect(toasts(admin).filter({ hasText: "Content updated successfully" })).toBeVisible();
    await expect(section.getByLabel("Title", { exact: true })).toHaveValue(title);

    const visitor = await visitorPage(openPage);
    await gotoHydrated(visitor, "/");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
    await expect(visitor.locator("main b")).toHaveCount(0);

    // A blank title is refused with the spec's message; what was typed stays.
    await section.getByLabel("Title", { exact: true }).fill("  ");
    await section.getByLabel("Subtitle").fill("Kept while the title is missing");
    await section.getByRole("button", { name: "Save Hero" }).click();
    await expect(section.getByRole("alert")).toContainText("Failed to update content");
    await expect(section.getByRole("alert")).toContainText("Please enter a title");
    await expect(section.getByLabel("Subtitle")).toHaveValue("Kept while the title is missing");
    await gotoHydrated(visitor, "/");
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  } finally {
    await gotoHydrated(admin, "/website-editor");
    await saveHeroTitle(admin, original);
  }
});

test("an uploaded hero picture joins the set, moves earlier and is removed; the others stay", async ({
  openPage,
}) => {
  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/website-editor");
  const set = admin.getByRole("list", { name: "Background pictures" });
  const pictures = set.getByRole("listitem");
  const urls = () =>
    pictures.evaluateAll((items) => items.map((item) => item.getAttribute("data-url") ?? ""));
  const before = await urls();
  expect(before.length).toBeGreaterThanOrEqual(1);

  // Noise does not compress: a picture over the 256 KB form limit, posted with JavaScript on.
  const noise = Buffer.alloc(640 * 360 * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (i * 7919 + (i >> 5) * 104729) % 251;
  const buffer = await sharp(noise, { raw: { width: 640, height: 360, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  expect(buffer.length).toBeGreaterThan(256 * 1024);
  const images = admin.getByRole("region", { name: "Hero Background Images" });
  await images.locator('input[type="file"][name="image"]').setInputFiles({
    name: "skyline.png",
    mimeType: "image/png",
    buffer,
  });
  await images.getByRole("button", { name: "Upload Image" }).click();
  await expect(toasts(admin).filter({ hasText: "Image uploaded successfully" })).toBeVisible();
  // Added to the set, not instead of it.
  await expect(pictures).toHaveCount(before.length + 1);
  const added = await urls();
  expect(added.slice(0, before.length)).toEqual(before);
  const upload = added[before.length] ?? "";
  expect(upload).toMatch(/^\/media\/uploads\//);
  await expect(pictures.last()).toContainText("Uploaded picture");

  try {
    await set.getByRole("button", { name: `Move picture ${before.length + 1} earlier` }).click();
    await expect(toasts(admin).filter({ hasText: "Image moved" })).toBeVisible();
    await expect.poll(urls).toEqual([...before.slice(0, -1), upload, ...before.slice(-1)]);
  } finally {
    const row = set.locator(`li[data-url="${upload}"]`);
    await row.getByRole("button", { name: /^Remove/ }).click();
    await row.getByRole("button", { name: "Yes, remove" }).click();
    await expect(toasts(admin).filter({ hasText: "Image removed" })).toBeVisible();
  }
  await expect.poll(urls).toEqual(before);
});

test("the admin changes a phone number; the footer and the contact page show it", async ({
  openPage,
}) => {
  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/admin/contact-info");
  expect(await violationsOf(admin, "/admin/contact-info")).toEqual([]);
  const phones = admin.getByRole("region", { name: "Phone numbers" });
  const original = "+234 809 876 5432";
  const changed = "+234 701 555 0199";
  await expect(phones).toContainText(original);

  async function setPhone(value: string) {
    await phones.getByRole("link", { name: "Edit Alternative Phone" }).click();
    const form = admin.getByRole("form", { name: "Edit Alternative Phone" });
    await form.getByLabel("Phone", { exact: true }).fill(value);
    await form.getByRole("button", { name: "Save" }).click();
  }

  try {
    // A value that is not a phone number is refused, and the form keeps it.
    await setPhone("ring the office");
    const form = admin.getByRole("form", { name: "Edit Alternative Phone" });
    await expect(form.getByText("Please enter a valid phone number")).toBeVisible();
    await expect(form.getByLabel("Phone", { exact: true })).toHaveValue("ring the office");
    expect(await violationsOf(admin, "/admin/contact-info (refused)")).toEqual([]);

    await form.getByLabel("Phone", { exact: true }).fill(changed);
    await form.getByRole("button", { name: "Save" }).click();
    await expect(toasts(admin).filter({ hasText: "contact information updated" })).toBeVisible();
    await expect(phones).toContainText(changed);

    const visitor = await visitorPage(openPage);
    await gotoHydrated(visitor, "/contact");
    const info = visitor.getByRole("main").getByRole("region", { name: "Get In Touch" });
    await expect(info.getByRole("link", { name: changed })).toHaveAttribute(
      "href",
      "tel:+2347015550199",
    );
    const footer = visitor.getByRole("contentinfo");
    await expect(footer.getByRole("link", { name: changed })).toHaveAttribute(
      "href",
      "tel:+2347015550199",
    );
    await expect(footer.getByRole("link", { name: original })).toHaveCount(0);
  } finally {
    await gotoHydrated(admin, "/admin/contact-info");
    await setPhone(original);
    await expect(toasts(admin).filter({ hasText: "contact information updated" })).toBeVisible();
    await expect(phones).toContainText(original);
  }
});

test("a deleted social link leaves the footer, and comes back when added", async ({ openPage }) => {
  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/admin/social-media");
  expect(await violationsOf(admin, "/admin/social-media")).toEqual([]);
  const twitter = "https://twitter.com/naijahomesng";
  const visitor = await visitorPage(openPage);
  const footerTwitter = () =>
    visitor.getByRole("contentinfo").getByRole("link", { name: "Twitter" });

  const row = admin.getByRole("listitem").filter({ hasText: twitter });
  await row.getByRole("button", { name: "Delete" }).click();
  await row.getByRole("button", { name: "Yes, delete" }).click();
  try {
    await expect(toasts(admin).filter({ hasText: "Social media link deleted" })).toBeVisible();
    await gotoHydrated(visitor, "/about");
    await expect(footerTwitter()).toHaveCount(0);
    await expect(
      visitor.getByRole("contentinfo").getByRole("link", { name: "LinkedIn" }),
    ).toHaveCount(1);

    // Platform and URL are both required; a non-web address is refused.
    const add = admin.getByRole("region", { name: "Add a Link" });
    await add.getByRole("button", { name: "Add Link" }).click();
    await expect(add.getByRole("alert")).toContainText("Please enter both platform and URL");
    await add.getByLabel("Platform").selectOption("twitter");
    await add.getByLabel("URL").fill("javascript:alert(1)");
    await add.getByRole("button", { name: "Add Link" }).click();
    await expect(add.getByRole("alert")).toContainText("starting with http:// or https://");
  } finally {
    const add = admin.getByRole("region", { name: "Add a Link" });
    await add.getByLabel("Platform").selectOption("twitter");
    await add.getByLabel("URL").fill(twitter);
    await add.getByRole("button", { name: "Add Link" }).click();
    await expect(toasts(admin).filter({ hasText: "Social media link added" })).toBeVisible();
  }
  await gotoHydrated(visitor, "/about");
  await expect(footerTwitter()).toHaveAttribute("href", twitter);
});

test("TikTok, YouTube and a WhatsApp Channel are offered, and show in the footer with their marks", async ({
  openPage,
}) => {
  const admin = await adminPage(openPage);
  await gotoHydrated(admin, "/admin/social-media");
  const links = [
    { platform: "tiktok", label: "TikTok", url: "https://www.tiktok.com/@naijahomes" },
    { platform: "youtube", label: "YouTube", url: "https://www.youtube.com/@naijahomes" },
    {
      platform: "whatsappChannel",
      label: "WhatsApp Channel",
      url: "https://whatsapp.com/channel/0029VaNaijaHomes",
    },
  ];
  const add = admin.getByRole("region", { name: "Add a Link" });
  const visitor = await visitorPage(openPage);
  try {
    for (const link of links) {
      await expect(
        add.getByLabel("Platform").getByRole("option", { name: link.label }),
      ).toHaveCount(1);
      await add.getByLabel("Platform").selectOption(link.platform);
      await add.getByLabel("URL").fill(link.url);
      await add.getByRole("button", { name: "Add Link" }).click();
      await expect(
        toasts(admin).filter({ hasText: "Social media link added" }).first(),
      ).toBeVisible();
      await expect(admin.getByRole("listitem").filter({ hasText: link.url })).toBeVisible();
    }
    await gotoHydrated(visitor, "/about");
    const footer = visitor.getByRole("contentinfo");
    for (const link of links) {
      const anchor = footer.getByRole("link", { name: link.label, exact: true });
      await expect(anchor).toHaveAttribute("href", link.url);
      // The mark is drawn in the page (an inline SVG), nothing is fetched from the network.
      await expect(anchor.locator("svg")).toHaveCount(1);
      await expect(anchor.locator("img")).toHaveCount(0);
    }
    // Every network at once still fits a 360 px phone: the footer's row of marks wraps (it
    // once pushed every page 28 px sideways while this test's links were in place).
    await visitor.setViewportSize({ width: 360, height: 740 });
    await expect
      .poll(() =>
        visitor.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      )
      .toBeLessThanOrEqual(0);
  } finally {
    for (const link of links) {
      const row = admin.getByRole("listitem").filter({ hasText: link.url });
      if ((await row.count()) === 0) continue;
      await row.getByRole("button", { name: "Delete" }).click();
      await row.getByRole("button", { name: "Yes, delete" }).click();
      await expect(row).toHaveCount(0);
    }
  }
  await gotoHydrated(visitor, "/about");
  await expect(
    visitor.getByRole("contentinfo").getByRole("link", { name: "TikTok", exact: true }),
  ).toHaveCount(0);
});

test.describe("WhatsApp on a 360 x 740 phone", () => {
  test("the property page opens a chat about the listing and shares it; the contact page opens a chat", async ({
    openPage,
  }) => {
    const page = await visitorPage(openPage, { width: 360, height: 740 });
    await gotoHydrated(page, "/properties");
    const card = propertyCards(page).first();
    const title = ((await card.getByRole("heading").first().textContent()) ?? "").trim();
    await card.getByRole("link").first().click();
    await expect(page).toHaveURL(/\/property\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    const id = page.url().split("/").at(-1) ?? "";
    const main = page.getByRole("main");

    // The page links to the counting address (issue 21), which answers with the chat.
    const chat = main.getByRole("link", { name: "Chat on WhatsApp" });
    await expect(chat).toHaveAttribute("href", `/go/${id}/whatsapp`);
    const chatAnswer = await page.request.get(`/go/${id}/whatsapp`, { maxRedirects: 0 });
    expect(chatAnswer.status()).toBe(302);
    const chatUrl = new URL(chatAnswer.headers().location ?? "");
    expect(chatUrl.origin + chatUrl.pathname).toBe(`https://wa.me/${DEMO_WHATSAPP_DIGITS}`);
    const message = chatUrl.searchParams.get("text") ?? "";
    expect(message).toContain(`"${title}"`);
    expect(message).toMatch(new RegExp(`https?://[^ ]+/property/${id}$`));
    await expect(chat).toHaveAttribute("target", "_blank");
    await expect(chat).toHaveAttribute("rel", "noopener noreferrer");

    const share = main.getByRole("link", { name: "Share on WhatsApp" });
    const shareUrl = new URL((await share.getAttribute("href")) ?? "");
    expect(shareUrl.origin + shareUrl.pathname).toBe("https://wa.me/");
    expect(shareUrl.searchParams.get("text")).toContain(title);
    expect(shareUrl.searchParams.get("text")).toContain(`/property/${id}`);

    // Tidy at 360 px: nothing sideways, the action bar keeps its three controls, and the
    // WhatsApp links are reachable.
    // Polled for a few seconds, and what sticks out is named if it stays: that is how the
    // footer's row of social marks was found 28 px too wide while the TikTok/YouTube test had
    // every network in place (it wraps now; that test checks 360 px itself).
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const doc = document.documentElement;
            const over = doc.scrollWidth - doc.clientWidth;
            if (over <= 0) return "fits";
            const wide = [...document.querySelectorAll("body *")]
              .filter((element) => element.getBoundingClientRect().right > doc.clientWidth + 1)
              .slice(0, 3)
              .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`);
            return `${over} px sideways: ${wide.join(" ")}`;
          }),
        { timeout: 5_000 },
      )
      .toBe("fits");
    await expect(main.getByRole("link", { name: "Book Appointment" })).toBeInViewport();
    await share.scrollIntoViewIfNeeded();
    await expect(share).toBeInViewport();
    await main.getByRole("link", { name: "Contact Agent" }).click();
    await chat.scrollIntoViewIfNeeded();
    await expect(chat).toBeInViewport();
    expect(await violationsOf(page, "property page at 360 px")).toEqual([]);

    await gotoHydrated(page, "/contact");
    const contactChat = page
      .getByRole("main")
      .getByRole("region", { name: "Get In Touch" })
      .getByRole("link", { name: "Chat on WhatsApp" });
    const contactUrl = new URL((await contactChat.getAttribute("href")) ?? "");
    expect(contactUrl.origin + contactUrl.pathname).toBe(`https://wa.me/${DEMO_WHATSAPP_DIGITS}`);
    expect(contactUrl.searchParams.get("text")).toContain("NaijaHomes Realty");
    expect(await violationsOf(page, "/contact at 360 px")).toEqual([]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, storageState: ADMIN_STATE });

  test("the editor saves a section and says so in the page; a refused one keeps the text", async ({
    page,
  }) => {
    await page.goto("/website-editor");
    const about = page.getByRole("region", { name: "About Section" });
    const original = await about.getByLabel("Subtitle").inputValue();
    const subtitle = `Saved without JavaScript ${Date.now()}`;
    try {
      await about.getByLabel("Subtitle").fill(subtitle);
      await about.getByRole("button", { name: "Save About" }).click();
      await expect(page).toHaveURL(/\/website-editor#about$/);
      await expect(
        page.getByRole("status").filter({ hasText: "Content updated successfully" }),
      ).toBeVisible();
      await expect(about.getByLabel("Subtitle")).toHaveValue(subtitle);

      await about.getByLabel("Title", { exact: true }).fill("");
      await about.getByRole("button", { name: "Save About" }).click();
      await expect(about.getByRole("alert")).toContainText("Please enter a title");

      await page.goto("/");
      await expect(page.getByRole("heading", { level: 2, name: subtitle })).toBeVisible();
    } finally {
      await page.goto("/website-editor");
      await about.getByLabel("Subtitle").fill(original);
      await about.getByRole("button", { name: "Save About" }).click();
      await expect(
        page.getByRole("status").filter({ hasText: "Content updated successfully" }),
      ).toBeVisible();
    }
  });
});
