import { adminPage, gotoHydrated, signUpAndSignIn, toasts, UUID_PATTERN } from "./support";
import { expect, test } from "./test";

// Issue 42, item 1, the owner's side, as the issue tells it: an owner asks for a price change on
// a live listing; while the owner's form is open, staff edit its description and address;
// approving the owner's change keeps both, and the reviewer sees the owner's change as before ->
// after against the live listing. Its own owner and listing, so no other spec sees them change.

const TITLE = `Studio flat in Surulere ${Date.now()}`;

test("approving an owner's price change keeps the office's edits made while the owner's form was open", async ({
  page,
  openPage,
}) => {
  test.setTimeout(150_000);
  // The owner lists a flat (one bedroom: other specs count rentals with two or more).
  await signUpAndSignIn(page, { firstName: "Bola", lastName: "Landlord" });
  await gotoHydrated(page, "/list-your-property");
  await page.getByLabel("Title", { exact: true }).fill(TITLE);
  await page.getByText("For Rent", { exact: true }).click();
  await page.getByLabel("Price (₦)").fill("2500000");
  await page.getByLabel("Location").selectOption("Lagos");
  await page.getByLabel(/^Address/).fill("7 Adeniran Ogunsanya Street");
  await page.getByLabel("Property type").selectOption("apartment");
  await page.getByLabel("Bedrooms").fill("1");
  await page.getByLabel("Bathrooms").fill("1");
  await page.getByLabel("Description").fill("Quiet street.");
  await page.getByLabel("How should we reach you?").selectOption("whatsapp");
  await page.getByLabel("Phone number").fill("0803 765 4321");
  await page.getByRole("button", { name: "Send for review" }).click();
  await expect(page).toHaveURL(/\/dashboard\/listings\/submissions\//);

  // The office approves it: a live listing.
  const office = await adminPage(openPage);
  await gotoHydrated(office, "/admin/submissions");
  await office
    .getByRole("link", { name: `Review ${TITLE}` })
    .first()
    .click();
  await office.getByRole("button", { name: "Approve and publish" }).click();
  await expect(office.getByText("Approved").first()).toBeVisible();

  // The owner opens "Change the listing" and types a new price...
  const main = page.getByRole("main");
  await gotoHydrated(page, "/dashboard/listings");
  await page.getByRole("link", { name: TITLE }).first().click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/listings/${UUID_PATTERN.source}$`));
  const listingId = new URL(page.url()).pathname.split("/").pop() ?? "";
  const change = main.getByRole("region", { name: "Change the listing" });
  await change.getByLabel("Price (₦)").fill("2800000");

  // ... while staff edit the description and the address of the live listing.
  const staff = await adminPage(openPage);
  await gotoHydrated(staff, `/admin/properties/${listingId}`);
  await staff.getByLabel("Description").fill("Quiet street. Newly tiled, with a borehole.");
  await staff
    .getByRole("textbox", { name: "Address (optional)" })
    .fill("7B Adeniran Ogunsanya Street");
  await staff.getByRole("button", { name: "Save Changes" }).click();
  await expect(toasts(staff).filter({ hasText: "Property updated successfully" })).toBeVisible();

  // The owner sends the form opened before the staff edit.
  await change.getByRole("button", { name: "Send change for review" }).click();
  await expect(page).toHaveURL(/\/dashboard\/listings\/submissions\//);
  await expect(main.getByText("Waiting for review").first()).toBeVisible();

  // The reviewer sees the owner's one change, before -> after; the staff's fields are not in it.
  await gotoHydrated(office, "/admin/submissions");
  await office
    .getByRole("link", { name: `Review ${TITLE}` })
    .first()
    .click();
  const changes = office.getByRole("table", { name: "The owner's changes" });
  await expect(changes.getByRole("row")).toHaveCount(2);
  const price = changes.getByRole("row", { name: /Price/ });
  await expect(price.getByRole("cell").nth(0)).toHaveText("2500000");
  await expect(price.getByRole("cell").nth(1)).toHaveText("2800000");
  await expect(changes.getByText(/Description|Address/)).toHaveCount(0);
  // The approve form shows the live listing with the owner's change applied.
  await expect(office.getByLabel("Price (₦)")).toHaveValue("2800000");
  await expect(office.getByLabel("Description")).toHaveValue(
    "Quiet street. Newly tiled, with a borehole.",
  );
  await office.getByRole("button", { name: "Approve and publish" }).click();
  await expect(office.getByText("Approved").first()).toBeVisible();

  // The live listing has the owner's price and the staff's description and address.
  await gotoHydrated(staff, `/admin/properties/${listingId}`);
  await expect(staff.getByLabel("Price (₦)")).toHaveValue("2800000");
  await expect(staff.getByLabel("Description")).toHaveValue(
    "Quiet street. Newly tiled, with a borehole.",
  );
  await expect(staff.getByRole("textbox", { name: "Address (optional)" })).toHaveValue(
    "7B Adeniran Ogunsanya Street",
  );
});
