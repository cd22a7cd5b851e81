import { and, count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import {
  appointments,
  favorites,
  inquiries,
  properties,
  propertyDailyLeads,
  propertyDailyViews,
  propertySubmissions,
  submissionEvents,
  submissionPhotos,
  users,
} from "~/db/schema";
import { addDays, lagosToday } from "~/lib/appointment-rules";
import { MAX_OPEN_SUBMISSIONS } from "~/lib/submissions";
import { createSignedInUser } from "../../tests/setup/accounts";
import { createSignedInAdmin, type SignedInAdmin } from "../../tests/setup/admin";
import { FLAT, inputOf, submissionMails } from "../../tests/setup/submissions";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { isMediaReferenced } from "./media-references.server";
import { getOwnerListing, listOwnerListings } from "./owner-listings.server";
import { getHeldValues, holdSubmissionValues, holdTokenHash } from "./submission-hold.server";
import {
  getOwnerSubmission,
  listOwnerSubmissions,
  requestListingChange,
  saveOwnerSubmission,
  withdrawSubmission,
} from "./submission-owner.server";
import { approveSubmission } from "./submission-review.server";

// The owner's side of submissions (./submission-owner, ./submission-hold); the office's review
// of what they send: ./submission-review.server.test.ts.

await setupTestDatabase();

let owner: { id: string };
let other: { id: string };
let admin: SignedInAdmin;

beforeEach(async () => {
  await db.delete(users);
  owner = await createSignedInUser("owner@example.com", "Bola Owner");
  other = await createSignedInUser("other@example.com", "Chidi Other");
  admin = await createSignedInAdmin("office@example.com");
});

async function roleOf(id: string) {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id));
  return row?.role;
}

describe("an owner's submission", () => {
  it("is kept as a draft, then sent; sending makes the account an owner and tells them", async () => {
    const draft = await saveOwnerSubmission(owner.id, {
      values: { title: "Half done" },
      photos: [{ url: "/media/uploads/a.webp" }],
      send: false,
    });
    expect(draft).toMatchObject({ ok: true, status: "draft" });
    if (!draft.ok) return;
    expect(await roleOf(owner.id)).toBe("tenant");
    expect(await submissionMails(draft.id)).toEqual([]);

    const sent = await saveOwnerSubmission(owner.id, {
      id: draft.id,
      values: FLAT,
      photos: [{ url: "/media/uploads/b.webp" }],
      send: true,
    });
    expect(sent).toMatchObject({ ok: true, id: draft.id, status: "submitted" });
    expect(await roleOf(owner.id)).toBe("owner");
    expect(await submissionMails(draft.id)).toEqual(["submitted"]);
    const stored = await getOwnerSubmission(owner.id, draft.id);
    expect(stored?.title).toBe(FLAT.title);
    expect(stored?.photos.map((p) => p.mediaUrl)).toEqual([
      "/media/uploads/a.webp",
      "/media/uploads/b.webp",
    ]);
    expect(stored?.history.map((h) => h.toStatus)).toEqual(["draft", "submitted"]);
    // Its photos are in use: the upload clean-up must keep the files.
    expect(await isMediaReferenced("/media/uploads/a.webp")).toBe(true);
  });

  it("keeps an admin an admin when they send one", async () => {
    await saveOwnerSubmission(admin.id, { values: FLAT, photos: [], send: true });
    expect(await roleOf(admin.id)).toBe("admin");
  });

  it("is never shown to, changed or withdrawn by another owner", async () => {
    const sent = await saveOwnerSubmission(owner.id, { values: FLAT, photos: [], send: true });
    if (!sent.ok) throw new Error("should save");
    expect(await getOwnerSubmission(other.id, sent.id)).toBeUndefined();
    expect(await listOwnerSubmissions(other.id)).toEqual([]);
    expect(
      await saveOwnerSubmission(other.id, { id: sent.id, values: FLAT, photos: [], send: true }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await withdrawSubmission(other.id, sent.id)).toEqual({
      ok: false,
      reason: "not-found",
    });
    expect((await getOwnerSubmission(owner.id, sent.id))?.status).toBe("submitted");
  });

  it("cannot be edited once sent, and is withdrawn before a decision", async () => {
    const sent = await saveOwnerSubmission(owner.id, { values: FLAT, photos: [], send: true });
    if (!sent.ok) throw new Error("should save");
    expect(
      await saveOwnerSubmission(owner.id, { id: sent.id, values: FLAT, photos: [], send: false }),
    ).toEqual({ ok: false, reason: "not-editable" });
    expect(await withdrawSubmission(owner.id, sent.id)).toEqual({ ok: true });
    expect(await submissionMails(sent.id)).toEqual(["submitted", "withdrawn"]);
    expect(await withdrawSubmission(owner.id, sent.id)).toEqual({
      ok: false,
      reason: "not-editable",
    });
  });

  it(`allows ${MAX_OPEN_SUBMISSIONS} open submissions per owner, then refuses`, async () => {
    await db.insert(propertySubmissions).values(
      Array.from({ length: MAX_OPEN_SUBMISSIONS }, (_, i) => ({
        ownerId: owner.id,
        title: `Draft ${i}`,
      })),
    );
    expect(await saveOwnerSubmission(owner.id, { values: FLAT, photos: [], send: true })).toEqual({
      ok: false,
      reason: "too-many",
    });
    // Another owner is not held back by this one's.
    expect((await saveOwnerSubmission(other.id, { values: FLAT, photos: [], send: true })).ok).toBe(
      true,
    );
  });

  it("stores nothing when the write fails half way", async () => {
    const before = await db.select({ n: count() }).from(propertySubmissions);
    await expect(
      saveOwnerSubmission(owner.id, {
        values: FLAT,
        // A NUL byte cannot be stored: the photo insert fails after the submission's.
        photos: [{ url: "/media/uploads/\u0000.webp" }],
        send: true,
      }),
    ).rejects.toThrow();
    expect(await db.select({ n: count() }).from(propertySubmissions)).toEqual(before);
    expect(await db.select({ n: count() }).from(submissionEvents)).toEqual([{ n: 0 }]);
    expect(await roleOf(owner.id)).toBe("tenant");
  });
});

describe("a live listing", () => {
  async function live() {
    const saved = await saveOwnerSubmission(owner.id, { values: FLAT, photos: [], send: true });
    if (!saved.ok) throw new Error("should save");
    const approved = await approveSubmission(admin.actor, saved.id, inputOf(FLAT));
    if (!approved.ok || !approved.propertyId) throw new Error("should approve");
    return approved.propertyId;
  }

  it("changes only when the office approves the owner's change", async () => {
    const propertyId = await live();
    const asked = await requestListingChange(owner.id, propertyId, {
      kind: "change",
      values: { ...FLAT, price: "3,000,000" },
      photos: [],
    });
    expect(asked.ok).toBe(true);
    if (!asked.ok) return;
    const price = async () =>
      (
        await db
          .select({ price: properties.price })
          .from(properties)
          .where(eq(properties.id, propertyId))
      )[0]?.price;
    expect(await price()).toBe(2_500_000);
    // One change waits at a time.
    expect(
      await requestListingChange(owner.id, propertyId, {
        kind: "change",
        values: FLAT,
        photos: [],
      }),
    ).toEqual({ ok: false, reason: "already-asked" });
    expect(
      (await approveSubmission(admin.actor, asked.id, inputOf({ ...FLAT, price: "3,000,000" }))).ok,
    ).toBe(true);
    expect(await price()).toBe(3_000_000);
  });

  it("comes down when the office approves the owner's request", async () => {
    const propertyId = await live();
    const asked = await requestListingChange(owner.id, propertyId, {
      kind: "takedown",
      note: "Let privately",
    });
    if (!asked.ok) throw new Error("should ask");
    expect((await approveSubmission(admin.actor, asked.id, null)).ok).toBe(true);
    const [row] = await db
      .select({ deletedAt: properties.deletedAt })
      .from(properties)
      .where(eq(properties.id, propertyId));
    expect(row?.deletedAt).not.toBeNull();
  });

  it("is not another owner's to change", async () => {
    const propertyId = await live();
    expect(
      await requestListingChange(other.id, propertyId, { kind: "takedown", note: "Mine now" }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await getOwnerListing(other.id, propertyId)).toBeUndefined();
    expect(await listOwnerListings(other.id)).toEqual([]);
  });

  it("shows its owner views per week, viewings without the visitors, and saves", async () => {
    const propertyId = await live();
    const now = new Date();
    const today = lagosToday(now);
    await db.insert(propertyDailyViews).values([
      { propertyId, day: today, views: 5 },
      { propertyId, day: addDays(today, -1), views: 2 },
      { propertyId, day: addDays(today, -8), views: 4 },
      // Older than 12 weeks: not shown.
      { propertyId, day: addDays(today, -90), views: 50 },
    ]);
    await db.insert(appointments).values([
      {
        propertyId,
        fullName: "Visitor One",
        email: "v1@example.com",
        phone: "08030000001",
        appointmentDate: addDays(today, 3),
        appointmentTime: "10:00 AM",
      },
      {
        propertyId,
        fullName: "Visitor Two",
        email: "v2@example.com",
        phone: "08030000002",
        appointmentDate: addDays(today, -3),
        appointmentTime: "11:00 AM",
        status: "cancelled",
      },
    ]);
    await db.insert(favorites).values({ userId: other.id, propertyId });
    const stats = await getOwnerListing(owner.id, propertyId, now);
    expect(stats?.weeks).toHaveLength(12);
    expect(stats?.weeks.at(-1)?.views).toBe(7);
    expect(stats?.weeks.at(-2)?.views).toBe(4);
    expect(stats?.totalViews).toBe(11);
    expect(stats?.saves).toBe(1);
    expect(stats?.viewingCounts).toEqual({ upcoming: 1, done: 0, cancelled: 1 });
    // Dates and times only: who booked stays with the agency.
    expect(Object.keys(stats?.viewings[0] ?? {}).sort()).toEqual(["date", "status", "time"]);
    const [row] = await listOwnerListings(owner.id, now);
    expect(row).toMatchObject({ id: propertyId, views: 11, viewings: 2, saves: 1 });

    // Leads and inquiries (issue 21): counts only, while the listing is live.
    await db.insert(propertyDailyLeads).values([
      { propertyId, day: today, source: "whatsapp", leads: 3 },
      { propertyId, day: today, source: "inquiry", leads: 1 },
      { propertyId, day: addDays(today, -90), source: "phone", leads: 40 },
    ]);
    await db.insert(inquiries).values({
      source: "contact",
      email: "asker@example.com",
      description: "Still free?",
      propertyId,
    });
    const withLeads = await getOwnerListing(owner.id, propertyId, now);
    expect(withLeads?.leads).toEqual({
      total: 4,
      leads: { booking: 0, inquiry: 1, whatsapp: 3, phone: 0 },
      inquiries: 1,
    });
    const [listed] = await listOwnerListings(owner.id, now);
    expect(listed?.leads).toMatchObject({ total: 4, inquiries: 1 });
    await db.update(properties).set({ deletedAt: now }).where(eq(properties.id, propertyId));
    expect((await getOwnerListing(owner.id, propertyId, now))?.leads).toBeNull();
    expect((await listOwnerListings(owner.id, now))[0]?.leads).toBeNull();
  });
});

describe("what a signed-out visitor typed", () => {
  it("is kept under a token, and used up by the save that uses it", async () => {
    const token = await holdSubmissionValues({ title: "Kept flat", city: "Abuja" });
    expect(await getHeldValues(token)).toEqual({ title: "Kept flat", city: "Abuja" });
    expect(await getHeldValues("another-token")).toBeUndefined();
    await saveOwnerSubmission(owner.id, {
      values: { title: "Kept flat", city: "Abuja" },
      photos: [],
      send: false,
      holdTokenHash: holdTokenHash(token),
    });
    expect(await getHeldValues(token)).toBeUndefined();
  });
});

describe("submission photos", () => {
  it("go with their submission", async () => {
    const saved = await saveOwnerSubmission(owner.id, {
      values: { title: "Draft" },
      photos: [{ url: "/media/uploads/z.webp" }],
      send: false,
    });
    if (!saved.ok) throw new Error("should save");
    await db.delete(propertySubmissions).where(and(eq(propertySubmissions.id, saved.id)));
    expect(await db.select({ n: count() }).from(submissionPhotos)).toEqual([{ n: 0 }]);
  });
});
