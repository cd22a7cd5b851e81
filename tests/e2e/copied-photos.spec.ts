import sharp from "sharp";
import { buildDemoProperties } from "../../app/demo/demo-properties";
import { adminPage, gotoHydrated, signedInAs } from "./support";
import { expect, test } from "./test";

// Issue 46 item 3 end to end: an owner sends a listing whose photo is a live listing's photo,
// downloaded from the site, resized and saved again as a JPEG; the review queue badges it
// "Copied photo", and its page shows both photos side by side with the live listing's code and
// title. The live listing's photos are the demo's, fingerprinted by the server's background job
// after it starts (cover photos first): the queue is read again until the job has got to them.

const TITLE = `Copied flat in Surulere ${Date.now()}`;
const LIVE = buildDemoProperties().find((p) => p.propertyType === "villa" && p.media.length > 0);

test("the review queue shows an owner's submission with a copied photo", async ({
  page,
  openPage,
}) => {
  test.setTimeout(180_000);
  if (!LIVE?.media[0]) throw new Error("the demo has a villa with photos");
  const original = await page.request.get(`${LIVE.media[0].mediaUrl}?w=800`);
  expect(original.ok()).toBe(true);
  const copy = await sharp(await original.body())
    .resize({ width: 640 })
    .jpeg({ quality: 70 })
    .toBuffer();

  await signedInAs(page, "photos-copier");
  await gotoHydrated(page, "/list-your-property");
  await page.getByLabel("Title", { exact: true }).fill(TITLE);
  await page.getByText("For Rent", { exact: true }).click();
  await page.getByLabel("Price (₦)").fill("1800000");
  await page.getByLabel("Location").selectOption("Lagos");
  await page.getByLabel(/^Address/).fill("22 Adeniran Ogunsanya Street, Surulere");
  await page.getByLabel("Property type").selectOption("apartment");
  await page.getByLabel("Bedrooms").fill("1");
  await page.getByLabel("Bathrooms").fill("1");
  await page.getByLabel("How should we reach you?").selectOption("whatsapp");
  await page.getByLabel("Phone number").fill("0803 555 0101");
  await page
    .locator("#property-photos")
    .setInputFiles([{ name: "living-room.jpg", mimeType: "image/jpeg", buffer: copy }]);
  await page.getByRole("button", { name: "Send for review" }).click();
  await expect(page).toHaveURL(/\/dashboard\/listings\/submissions\//);

  const office = await adminPage(openPage);
  const row = office.getByRole("row").filter({ hasText: TITLE });
  await expect(async () => {
    await gotoHydrated(office, `/admin/submissions?q=${encodeURIComponent(TITLE)}`);
    await expect(row.getByText("Copied photo")).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 120_000 });
  await row.getByRole("link", { name: `Review ${TITLE}` }).click();
  await expect(office).toHaveURL(/\/admin\/submissions\//);

  const flags = office.getByRole("region", { name: "Possible copy: check before publishing" });
  await expect(flags).toBeVisible();
  await expect(flags).toContainText(
    "A photo of this submission looks the same as a photo of another listing.",
  );
  const other = flags.getByRole("link", { name: new RegExp(`: ${escapeRegExp(LIVE.title)}$`) });
  await expect(other).toHaveAttribute("href", /^\/admin\/properties\/[0-9a-f-]{36}$/);
  const code = (await other.textContent())?.split(":")[0] ?? "";
  expect(code).toMatch(/^NH-[A-Z]{3}-\d{4}$/);
  // Side by side: the owner's photo and the live listing's.
  const mine = flags.getByRole("img", { name: "This photo (this submission)" });
  const theirs = flags.getByRole("img", { name: `The photo on ${code}` });
  await expect(mine).toBeVisible();
  await expect(theirs).toBeVisible();
  await expect(theirs).toHaveAttribute(
    "src",
    new RegExp(`^${escapeRegExp(LIVE.media[0].mediaUrl)}`),
  );
  const [a, b] = [await mine.boundingBox(), await theirs.boundingBox()];
  expect(Math.abs((a?.y ?? 0) - (b?.y ?? 1))).toBeLessThan(2);
  expect(b?.x ?? 0).toBeGreaterThan((a?.x ?? 0) + (a?.width ?? 0) - 1);
});

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
