import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { properties, propertySubmissions } from "~/db/schema";
import type { SubmissionValues } from "~/lib/schemas/submission";
import { createProperty, createSignedInUser } from "../../../tests/setup/accounts";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action, loader } from "./listing";

// "Change the listing" on one of the owner's live listings (issue 42 item 3): the form starts
// from the listing as it is and from how the owner asked to be reached, so sending it without
// touching "How should we reach you?" works (it used to fail with "Validation Error").

await setupTestDatabase();

const FIRST: SubmissionValues = {
  title: "Two-bedroom flat in Yaba",
  purpose: "rent",
  rentPeriod: "year",
  price: "2,500,000",
  propertyType: "apartment",
  category: "residential",
  city: "Lagos",
  address: "4 Herbert Macaulay Way",
  beds: "2",
  baths: "2",
  contactMethod: "whatsapp",
  contactPhone: "0803 123 4567",
};

let owner: Awaited<ReturnType<typeof createSignedInUser>>;
let listingId: string;
let ownerCount = 0;

beforeEach(async () => {
  ownerCount += 1;
  owner = await createSignedInUser(`change-owner-${ownerCount}@example.ng`, "Bola Owner");
  listingId = await createProperty(FIRST.title ?? "");
  await db.update(properties).set({ ownerId: owner.id }).where(eq(properties.id, listingId));
});

/** The submission that made the listing, approved (as the office's approval leaves it). */
async function firstSubmission(values: SubmissionValues, updatedAt = new Date()) {
  await db.insert(propertySubmissions).values({
    ownerId: owner.id,
    kind: "listing",
    status: "approved",
    propertyId: listingId,
    title: values.title ?? "",
    values,
    submittedAt: updatedAt,
    updatedAt,
  });
}

type Page = { values: SubmissionValues };

function open() {
  return callLoader<Page>(loader, `/dashboard/listings/${listingId}`, {
    cookie: owner.cookie,
    params: { id: listingId },
  });
}

/** The form as the page shows it, sent as it is ("Send change for review"). */
function sendAsShown(values: SubmissionValues, changes: Record<string, string> = {}) {
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) if (value) form[name] = value;
  return callAction<FormFailure>(action, `/dashboard/listings/${listingId}`, {
    cookie: owner.cookie,
    params: { id: listingId },
    form: { ...form, ...changes, intent: "submit" },
  });
}

describe("the owner's change form", () => {
  it("keeps how the owner asked to be reached, so it sends untouched", async () => {
    await firstSubmission(FIRST);
    const page = await open();
    expect(page.body.values.contactMethod).toBe("whatsapp");
    expect(page.body.values.contactPhone).toBe("0803 123 4567");
    expect(page.body.values.title).toBe(FIRST.title);

    const sent = await sendAsShown(page.body.values, { price: "2,800,000" });
    expect(sent.status).toBe(302);
    expect(sent.location).toMatch(/^\/dashboard\/listings\/submissions\/[0-9a-f-]{36}$/);
    const [change] = await db
      .select({ values: propertySubmissions.values })
      .from(propertySubmissions)
      .where(eq(propertySubmissions.kind, "change"));
    expect(change?.values).toMatchObject({
      contactMethod: "whatsapp",
      contactPhone: "0803 123 4567",
      price: "2,800,000",
    });
  });

  it("takes the owner's latest word: a later change said e-mail", async () => {
    await firstSubmission(FIRST, new Date("2026-01-05T09:00:00Z"));
    await db.insert(propertySubmissions).values({
      ownerId: owner.id,
      kind: "change",
      status: "approved",
      propertyId: listingId,
      title: FIRST.title ?? "",
      values: { ...FIRST, contactMethod: "email", contactPhone: "" },
      updatedAt: new Date("2026-02-01T09:00:00Z"),
    });
    const page = await open();
    expect(page.body.values.contactMethod).toBe("email");
  });

  it("asks when the owner never said (a listing the office gave them), in the form's words", async () => {
    const page = await open();
    expect(page.body.values.contactMethod).toBeUndefined();
    const sent = await sendAsShown(page.body.values);
    expect(sent.status).toBe(400);
    expect(sent.body.fields?.contactMethod).toBeTruthy();
    // What was typed comes back, and nothing was stored.
    expect(sent.body.values?.title).toBe(FIRST.title);
    expect(
      await db
        .select()
        .from(propertySubmissions)
        .where(eq(propertySubmissions.propertyId, listingId)),
    ).toEqual([]);
  });

  it("never takes another owner's word about the same listing", async () => {
    const other = await createSignedInUser(`other-owner-${ownerCount}@example.ng`, "Chidi Other");
    await db.insert(propertySubmissions).values({
      ownerId: other.id,
      kind: "listing",
      status: "approved",
      propertyId: listingId,
      title: FIRST.title ?? "",
      values: FIRST,
    });
    expect((await open()).body.values.contactMethod).toBeUndefined();
  });
});
