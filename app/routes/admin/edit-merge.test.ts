import { and, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditEvents, properties, users } from "~/db/schema";
import type { EditConflict } from "~/lib/edit-conflict";
import { checkSubmission, type SubmissionValues } from "~/lib/schemas/submission";
import { updatePropertyByAdmin } from "~/models/admin-property-write.server";
import { requestListingChange, saveOwnerSubmission } from "~/models/submission-owner.server";
import { approveSubmission } from "~/models/submission-review.server";
import { createSignedInUser } from "../../../tests/setup/accounts";
import { createSignedInAdmin, type SignedInAdmin } from "../../../tests/setup/admin";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action as editAction, loader as editLoader } from "./property-edit";
import { action as reviewAction, loader as reviewLoader } from "./submission";
import { action as userAction, loader as userLoader } from "./user";

// Issue 42, item 1: two editors on one record keep both their work. A form posts the version
// (and the values) its page gave it; a save over a newer version is merged field by field; only
// fields both changed are asked about; a post without a version writes nothing.

await setupTestDatabase();

type Answer = {
  ok: boolean;
  conflict?: EditConflict;
  error?: { title: string; message: string };
};

let ngozi: SignedInAdmin;
let bayo: SignedInAdmin;

beforeEach(async () => {
  await db.delete(properties);
  await db.delete(users);
  ngozi = await createSignedInAdmin("ngozi-merge@example.com", { name: "Ngozi Okafor" });
  bayo = await createSignedInAdmin("bayo-merge@example.com", { name: "Bayo Adeyemi" });
});

const LISTING = {
  title: "Duplex in Lekki",
  purpose: "sale",
  price: "85000000",
  propertyType: "house",
  category: "residential",
  city: "Lagos",
  address: "12 Admiralty Way",
  description: "Four bedrooms.",
  status: "available",
  beds: "4",
};

async function newListing() {
  const [row] = await db
    .insert(properties)
    .values({
      title: LISTING.title,
      purpose: "sale",
      price: 85_000_000,
      propertyType: "house",
      category: "residential",
      city: "Lagos",
      address: LISTING.address,
      description: LISTING.description,
      beds: 4,
    })
    .returning({ id: properties.id });
  if (!row) throw new Error("no listing");
  return row.id;
}

/** The edit page as one admin opens it: the form's values and version. */
async function open(id: string, admin: SignedInAdmin) {
  const page = await callLoader<{ property: { version: string } }>(
    editLoader,
    `/admin/properties/${id}`,
    { cookie: admin.cookie, params: { id } },
  );
  return page.body.property.version;
}

function save(id: string, admin: SignedInAdmin, form: Record<string, string>) {
  return callAction<Answer>(editAction, `/admin/properties/${id}`, {
    cookie: admin.cookie,
    form,
    params: { id },
  });
}

async function listing(id: string) {
  const [row] = await db.select().from(properties).where(eq(properties.id, id));
  return row;
}

describe("two admins on one listing", () => {
  it("keeps a colleague's title check (issue 46) when the late form changed only the price", async () => {
    const id = await newListing();
    const versionA = await open(id, ngozi);
    const versionB = await open(id, bayo);
    const check = {
      titleCheck: "registry-search",
      titleCheckedOn: "2026-01-05",
      titleCheckedBy: "Ngozi Okafor",
    };
    expect((await save(id, ngozi, { ...LISTING, ...check, version: versionA })).status).toBe(302);
    const late = await save(id, bayo, { ...LISTING, price: "90000000", version: versionB });
    expect(late.status).toBe(302);
    const saved = await listing(id);
    expect([saved?.price, saved?.titleCheck, saved?.titleCheckedOn, saved?.titleCheckedBy]).toEqual(
      [90_000_000, "registry-search", "2026-01-05", "Ngozi Okafor"],
    );
  });

  it("A saves a new price, B only the description: both kept, B told theirs was kept", async () => {
    const id = await newListing();
    const versionA = await open(id, ngozi);
    const versionB = await open(id, bayo);
    const byA = await save(id, ngozi, { ...LISTING, price: "90,000,000", version: versionA });
    expect(byA.status).toBe(302);

    const byB = await save(id, bayo, {
      ...LISTING,
      description: "Four bedrooms, all en suite.",
      version: versionB,
    });
    expect(byB.status).toBe(302);
    // The toast of a merged save.
    expect(byB.cookies.join(";")).toContain("flash=savedWithTheirs");
    expect(await listing(id)).toMatchObject({
      price: 90_000_000,
      description: "Four bedrooms, all en suite.",
    });
  });

  it("asks only about a field both changed, writes nothing, and saves the choice with the rest", async () => {
    const id = await newListing();
    const versionA = await open(id, ngozi);
    const versionB = await open(id, bayo);
    await save(id, ngozi, {
      ...LISTING,
      price: "90000000",
      title: "Duplex by the lagoon",
      version: versionA,
    });
    const late = await save(id, bayo, {
      ...LISTING,
      price: "95,000,000",
      description: "Newly painted.",
      version: versionB,
    });
    expect(late.status).toBe(409);
    const conflict = late.body.conflict;
    expect(conflict?.reason).toBe("stale");
    expect(conflict?.change?.by).toBe("Ngozi Okafor");
    expect(conflict?.conflicts).toEqual([
      { name: "price", base: "85000000", theirs: "90000000", yours: "95,000,000" },
    ]);
    expect(conflict?.theirsKept).toEqual(["title"]);
    expect(conflict?.yoursTaken).toEqual(["description"]);
    // Nothing of B's was written.
    expect(await listing(id)).toMatchObject({
      title: "Duplex by the lagoon",
      price: 90_000_000,
      description: LISTING.description,
    });
    // The panel's post: the title it carries is A's (B never touched it).
    const post = Object.fromEntries(conflict?.post ?? []);
    expect(post.title).toBe("Duplex by the lagoon");
    expect(post.price).toBeUndefined();

    // B keeps theirs for the price: B's description is saved, A's price and title stay.
    const chosen = await save(id, bayo, {
      ...post,
      price: conflict?.conflicts[0]?.theirs ?? "",
      version: conflict?.version ?? "",
    });
    expect(chosen.status).toBe(302);
    expect(await listing(id)).toMatchObject({
      title: "Duplex by the lagoon",
      price: 90_000_000,
      description: "Newly painted.",
    });
  });

  it("reads the price as a number: the same price typed differently is no conflict", async () => {
    const id = await newListing();
    const versionA = await open(id, ngozi);
    const versionB = await open(id, bayo);
    await save(id, ngozi, { ...LISTING, price: "90000000", version: versionA });
    const late = await save(id, bayo, { ...LISTING, price: "90,000,000", version: versionB });
    expect(late.status).toBe(302);
    expect((await listing(id))?.price).toBe(90_000_000);
  });

  it("refuses a post without its version with the conflict answer, writing nothing", async () => {
    const id = await newListing();
    const blind = await save(id, bayo, { ...LISTING, price: "1000000" });
    expect(blind.status).toBe(409);
    expect(blind.body.conflict?.reason).toBe("no-version");
    expect(blind.body.conflict?.conflicts.map((c) => c.name)).toEqual(["price"]);
    expect((await listing(id))?.price).toBe(85_000_000);
    // An empty version is no version either.
    expect((await save(id, bayo, { ...LISTING, price: "1000000", version: "" })).status).toBe(409);
    expect((await listing(id))?.price).toBe(85_000_000);
  });

  it("does not trust a base changed in the browser: a stale save then asks about every difference", async () => {
    const id = await newListing();
    const version = await open(id, bayo);
    await save(id, ngozi, { ...LISTING, price: "90000000", version: await open(id, ngozi) });
    const [digest, , signature] = version.split(".");
    const forgedBase = Buffer.from(JSON.stringify({ ...LISTING, price: "90000000" })).toString(
      "base64url",
    );
    const late = await save(id, bayo, {
      ...LISTING,
      version: `${digest}.${forgedBase}.${signature}`,
    });
    expect(late.status).toBe(409);
    expect(late.body.conflict?.conflicts.map((c) => c.name)).toEqual(["price"]);
    expect((await listing(id))?.price).toBe(90_000_000);
  });
});

describe("two admins on one account", () => {
  it("keeps a colleague's new phone when the late form changed only the name", async () => {
    const person = await createSignedInUser("tunde-merge@example.com", "Tunde Bakare");
    const path = `/admin/users/${person.id}`;
    const opened = async (admin: SignedInAdmin) =>
      (
        await callLoader<{ user: { version: string } }>(userLoader, path, {
          cookie: admin.cookie,
          params: { id: person.id },
        })
      ).body.user.version;
    const form = {
      intent: "update",
      firstName: "Tunde",
      lastName: "Bakare",
      phone: "",
      role: "tenant",
      status: "active",
    };
    const versionA = await opened(ngozi);
    const versionB = await opened(bayo);
    const post = (admin: SignedInAdmin, values: Record<string, string>) =>
      callAction<Answer>(userAction, path, {
        cookie: admin.cookie,
        form: values,
        params: { id: person.id },
      });
    expect((await post(ngozi, { ...form, phone: "0803 123 4567", version: versionA })).status).toBe(
      302,
    );
    const late = await post(bayo, { ...form, firstName: "Babatunde", version: versionB });
    expect(late.status).toBe(302);
    const [row] = await db.select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ firstName: "Babatunde", phone: "0803 123 4567" });
    // Without a version: refused, nothing written.
    const blind = await post(bayo, { ...form, firstName: "Blind" });
    expect(blind.status).toBe(409);
    const [after] = await db.select().from(users).where(eq(users.id, person.id));
    expect(after?.firstName).toBe("Babatunde");
  });
});

describe("approving an owner's change to a live listing", () => {
  const FLAT: SubmissionValues = {
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
    description: "Quiet street.",
    contactMethod: "email",
  };

  async function liveListing(ownerId: string) {
    const saved = await saveOwnerSubmission(ownerId, { values: FLAT, photos: [], send: true });
    if (!saved.ok) throw new Error("should save");
    const checked = checkSubmission(FLAT);
    if (!checked.ok) throw new Error(JSON.stringify(checked.fields));
    const approved = await approveSubmission(ngozi.actor, saved.id, checked.property);
    if (!approved.ok || !approved.propertyId) throw new Error("should approve");
    return approved.propertyId;
  }

  type Review = {
    review: {
      rows: { name: string; live: string; owner: string; officeChanged: boolean }[];
      values: Record<string, string>;
      version: string;
    } | null;
  };

  async function review(id: string) {
    const page = await callLoader<Review>(reviewLoader, `/admin/submissions/${id}`, {
      cookie: bayo.cookie,
      params: { id },
    });
    if (!page.body.review) throw new Error("no review");
    return page.body.review;
  }

  function approve(id: string, form: Record<string, string>) {
    return callAction<Answer>(reviewAction, `/admin/submissions/${id}`, {
      cookie: bayo.cookie,
      form: { intent: "approve", ...form },
      params: { id },
    });
  }

  it("applies only the owner's price, keeps the office's description and address, and audits the fields", async () => {
    const owner = await createSignedInUser("owner-merge@example.com", "Bola Owner");
    const propertyId = await liveListing(owner.id);
    const asked = await requestListingChange(owner.id, propertyId, {
      kind: "change",
      values: { ...FLAT, price: "3,000,000" },
      photos: [],
    });
    if (!asked.ok) throw new Error("should ask");
    // Meanwhile the office edits the description and the address.
    const before = await listing(propertyId);
    if (!before) throw new Error("no listing");
    const officeInput = checkSubmission({
      ...FLAT,
      description: "Quiet street. Newly tiled.",
      address: "4B Herbert Macaulay Way",
    });
    if (!officeInput.ok) throw new Error("bad input");
    const staff = await updatePropertyByAdmin(ngozi.actor, propertyId, officeInput.property);
    expect(staff.ok).toBe(true);

    const opened = await review(asked.id);
    // The reviewer sees the owner's one change, before (live) and after (owner's).
    expect(opened.rows).toEqual([
      { name: "price", live: "2500000", owner: "3,000,000", officeChanged: false, was: "2500000" },
    ]);
    // The form opens as the live listing with the owner's change applied.
    expect(opened.values).toMatchObject({
      price: "3,000,000",
      description: "Quiet street. Newly tiled.",
      address: "4B Herbert Macaulay Way",
    });
    const done = await approve(asked.id, { ...opened.values, version: opened.version });
    expect(done.status).toBe(302);
    expect(await listing(propertyId)).toMatchObject({
      price: 3_000_000,
      description: "Quiet street. Newly tiled.",
      address: "4B Herbert Macaulay Way",
    });
    const [audit] = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "submission.approve"), eq(auditEvents.entityId, asked.id)))
      .orderBy(desc(auditEvents.createdAt));
    expect(audit?.changes).toMatchObject({
      "listing.price": { before: 2_500_000, after: 3_000_000 },
      status: { before: "submitted", after: "approved" },
    });
    expect(Object.keys(audit?.changes ?? {})).not.toContain("listing.description");
    expect(Object.keys(audit?.changes ?? {})).not.toContain("listing.address");
  });

  it("keeps the office's value for a field both changed unless the reviewer picks the owner's", async () => {
    const owner = await createSignedInUser("owner-pick@example.com", "Bola Owner");
    const propertyId = await liveListing(owner.id);
    const asked = await requestListingChange(owner.id, propertyId, {
      kind: "change",
      values: { ...FLAT, price: "3,000,000", description: "Owner's words." },
      photos: [],
    });
    if (!asked.ok) throw new Error("should ask");
    const officeInput = checkSubmission({
      ...FLAT,
      price: "2,800,000",
      description: "Office words.",
    });
    if (!officeInput.ok) throw new Error("bad input");
    await updatePropertyByAdmin(ngozi.actor, propertyId, officeInput.property);

    const opened = await review(asked.id);
    expect(opened.rows.map((r) => [r.name, r.officeChanged])).toEqual([
      ["price", true],
      ["description", true],
    ]);
    // Both keep the office's value in the form until picked.
    expect(opened.values).toMatchObject({ price: "2800000", description: "Office words." });
    const done = await approve(asked.id, {
      ...opened.values,
      version: opened.version,
      "pick.price": "owner",
      "pick.description": "office",
    });
    expect(done.status).toBe(302);
    expect(await listing(propertyId)).toMatchObject({
      price: 3_000_000,
      description: "Office words.",
    });
  });

  it("merges an office edit made after the review was opened", async () => {
    const owner = await createSignedInUser("owner-late@example.com", "Bola Owner");
    const propertyId = await liveListing(owner.id);
    const asked = await requestListingChange(owner.id, propertyId, {
      kind: "change",
      values: { ...FLAT, price: "3,000,000" },
      photos: [],
    });
    if (!asked.ok) throw new Error("should ask");
    const opened = await review(asked.id);
    const officeInput = checkSubmission({ ...FLAT, address: "9 Commercial Avenue" });
    if (!officeInput.ok) throw new Error("bad input");
    await updatePropertyByAdmin(ngozi.actor, propertyId, officeInput.property);
    const done = await approve(asked.id, { ...opened.values, version: opened.version });
    expect(done.status).toBe(302);
    expect(await listing(propertyId)).toMatchObject({
      price: 3_000_000,
      address: "9 Commercial Avenue",
    });
  });
});
