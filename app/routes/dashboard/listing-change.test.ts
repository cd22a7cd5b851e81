import { and, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditEvents, properties, propertySubmissions } from "~/db/schema";
import { checkSubmission, type SubmissionValues } from "~/lib/schemas/submission";
import { SUBMISSION_MESSAGES } from "~/lib/submissions";
import { updatePropertyByAdmin } from "~/models/admin-property-write.server";
import { createProperty, createSignedInUser } from "../../../tests/setup/accounts";
import { createSignedInAdmin } from "../../../tests/setup/admin";
import { callAction, callLoader, type FormFailure } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as reviewAction, loader as reviewLoader } from "../admin/submission";
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

type Page = { values: SubmissionValues; version: string };

function open() {
  return callLoader<Page>(loader, `/dashboard/listings/${listingId}`, {
    cookie: owner.cookie,
    params: { id: listingId },
  });
}

/** The form as the page shows it, sent as it is ("Send change for review"). */
function sendAsShown(page: Page, changes: Record<string, string> = {}) {
  const form: Record<string, string> = {};
  for (const [name, value] of Object.entries(page.values)) if (value) form[name] = value;
  return callAction<FormFailure & { version?: string }>(
    action,
    `/dashboard/listings/${listingId}`,
    {
      cookie: owner.cookie,
      params: { id: listingId },
      form: { ...form, version: page.version, ...changes, intent: "submit" },
    },
  );
}

async function changeRequests() {
  return db
    .select({ id: propertySubmissions.id, base: propertySubmissions.base })
    .from(propertySubmissions)
    .where(
      and(eq(propertySubmissions.propertyId, listingId), eq(propertySubmissions.kind, "change")),
    );
}

describe("the owner's change form", () => {
  it("keeps how the owner asked to be reached, so it sends untouched", async () => {
    await firstSubmission(FIRST);
    const page = await open();
    expect(page.body.values.contactMethod).toBe("whatsapp");
    expect(page.body.values.contactPhone).toBe("0803 123 4567");
    expect(page.body.values.title).toBe(FIRST.title);

    const sent = await sendAsShown(page.body, { price: "2,800,000" });
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
    const sent = await sendAsShown(page.body);
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

describe("a change the office edits around (issue 42)", () => {
  const LIVE = {
    ...FIRST,
    description: "Quiet street.",
  };

  /** The listing as the owner's first submission made it, with a description. */
  async function liveAsFirst() {
    await firstSubmission(FIRST);
    await db
      .update(properties)
      .set({
        title: LIVE.title,
        purpose: "rent",
        rentPeriod: "year",
        price: 2_500_000,
        propertyType: "apartment",
        address: LIVE.address,
        beds: 2,
        baths: 2,
        description: LIVE.description,
      })
      .where(eq(properties.id, listingId));
  }

  /** Staff save the listing's edit form with a new description and address. */
  async function staffEdit(admin: Awaited<ReturnType<typeof createSignedInAdmin>>) {
    const input = checkSubmission({
      ...LIVE,
      description: "Quiet street. Newly tiled.",
      address: "4B Herbert Macaulay Way",
    });
    if (!input.ok) throw new Error(JSON.stringify(input.fields));
    expect((await updatePropertyByAdmin(admin.actor, listingId, input.property)).ok).toBe(true);
  }

  it("keeps a staff edit made while the owner's form was open, shows before/after and audits the fields", async () => {
    await liveAsFirst();
    const admin = await createSignedInAdmin(`office-${ownerCount}@example.com`, {
      name: "Ngozi Okafor",
    });
    // The owner opens "Change the listing"; meanwhile staff edit the description and address.
    const opened = await open();
    await staffEdit(admin);
    // The owner sends the form as it was opened, with a new price.
    const sent = await sendAsShown(opened.body, { price: "2,800,000" });
    expect(sent.status).toBe(302);
    const [request] = await changeRequests();
    if (!request) throw new Error("no change request stored");
    // The base stored is the copy the owner's form showed, not the listing when sent.
    expect(request.base).toMatchObject({ description: "Quiet street.", price: "2500000" });

    const reviewPage = await callLoader<{
      review: {
        rows: { name: string; live: string; owner: string; officeChanged: boolean }[];
        values: Record<string, string>;
        version: string;
      } | null;
    }>(reviewLoader, `/admin/submissions/${request.id}`, {
      cookie: admin.cookie,
      params: { id: request.id },
    });
    const review = reviewPage.body.review;
    if (!review) throw new Error("no review");
    // Before (the live listing now) -> after (the owner's), for the owner's one field only.
    expect(review.rows).toEqual([
      { name: "price", live: "2500000", owner: "2,800,000", officeChanged: false, was: "2500000" },
    ]);
    const approved = await callAction(reviewAction, `/admin/submissions/${request.id}`, {
      cookie: admin.cookie,
      params: { id: request.id },
      form: { ...review.values, version: review.version, intent: "approve" },
    });
    expect(approved.status).toBe(302);

    const [listing] = await db.select().from(properties).where(eq(properties.id, listingId));
    expect(listing).toMatchObject({
      price: 2_800_000,
      description: "Quiet street. Newly tiled.",
      address: "4B Herbert Macaulay Way",
    });
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, "submission.approve"), eq(auditEvents.entityId, request.id)),
      )
      .orderBy(desc(auditEvents.createdAt));
    expect(audit?.changes).toMatchObject({
      "listing.price": { before: 2_500_000, after: 2_800_000 },
      status: { before: "submitted", after: "approved" },
    });
    expect(Object.keys(audit?.changes ?? {})).not.toContain("listing.description");
    expect(Object.keys(audit?.changes ?? {})).not.toContain("listing.address");
  });

  it("sends a refused change back at the copy it was opened at", async () => {
    await liveAsFirst();
    const opened = await open();
    const sent = await sendAsShown(opened.body, { price: "" });
    expect(sent.status).toBe(400);
    expect(sent.body.version).toBe(opened.body.version);
  });

  it.each([
    ["without a version", () => ""],
    [
      "with a version changed in the browser",
      (token: string) => token.replace(/.$/, (c) => (c === "A" ? "B" : "A")),
    ],
  ])("refuses a change posted %s, stores nothing and keeps what was typed", async (_, version) => {
    await liveAsFirst();
    const opened = await open();
    const sent = await sendAsShown(opened.body, {
      price: "2,800,000",
      version: version(opened.body.version),
    });
    expect(sent.status).toBe(409);
    expect(sent.body.error?.message).toBe(SUBMISSION_MESSAGES.changeOutOfDate);
    expect(sent.body.values?.price).toBe("2,800,000");
    expect(await changeRequests()).toEqual([]);
  });

  it("refuses the version of another of the owner's listings", async () => {
    await liveAsFirst();
    const otherId = await createProperty("Shop in Ikeja");
    await db.update(properties).set({ ownerId: owner.id }).where(eq(properties.id, otherId));
    const other = await callLoader<Page>(loader, `/dashboard/listings/${otherId}`, {
      cookie: owner.cookie,
      params: { id: otherId },
    });
    const opened = await open();
    const sent = await sendAsShown(opened.body, { version: other.body.version });
    expect(sent.status).toBe(409);
    expect(await changeRequests()).toEqual([]);
  });
});
