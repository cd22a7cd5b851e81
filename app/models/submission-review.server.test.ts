import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { auditEvents, properties, propertyMedia, users } from "~/db/schema";
import { renderNotification } from "~/mail/notification-mail.server";
import { createSignedInUser } from "../../tests/setup/accounts";
import { createSignedInAdmin, type SignedInAdmin } from "../../tests/setup/admin";
import { FLAT, inputOf, submissionMails } from "../../tests/setup/submissions";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { getOwnerSubmission, saveOwnerSubmission } from "./submission-owner.server";
import {
  approveSubmission,
  countWaitingSubmissions,
  declineSubmission,
  getSubmissionForAdmin,
  listSubmissionsForAdmin,
  requestSubmissionChanges,
} from "./submission-review.server";

// The office's side of submissions (./submission-review), on what an owner sent
// (./submission-owner.server.test.ts tests the sending).

await setupTestDatabase();

let owner: { id: string };
let admin: SignedInAdmin;

beforeEach(async () => {
  await db.delete(users);
  owner = await createSignedInUser("owner@example.com", "Bola Owner");
  admin = await createSignedInAdmin("office@example.com");
});

describe("the office's review", () => {
  async function sent(values = FLAT, photos = [{ url: "/media/uploads/p1.webp" }]) {
    const result = await saveOwnerSubmission(owner.id, { values, photos, send: true });
    if (!result.ok) throw new Error("should save");
    return result.id;
  }

  it("queues what waits, oldest first, and counts it", async () => {
    const first = await sent();
    const second = await sent({ ...FLAT, title: "Shop in Wuse", city: "Abuja" });
    await saveOwnerSubmission(owner.id, { values: { title: "Draft" }, photos: [], send: false });
    expect(await countWaitingSubmissions(admin.actor)).toBe(2);
    const queue = await listSubmissionsForAdmin(admin.actor, {}, { page: 1, pageSize: 10 });
    expect(queue.rows.map((r) => r.id)).toEqual([first, second]);
    const abuja = await listSubmissionsForAdmin(
      admin.actor,
      { q: "wuse" },
      { page: 1, pageSize: 10 },
    );
    expect(abuja.rows.map((r) => r.id)).toEqual([second]);
  });

  it("asks for changes, takes the resubmission, and approves it into a live listing", async () => {
    const id = await sent();
    expect(await requestSubmissionChanges(admin.actor, id, "Please add a kitchen photo")).toEqual({
      ok: true,
      propertyId: null,
    });
    const owned = await getOwnerSubmission(owner.id, id);
    expect(owned?.status).toBe("changes_requested");
    expect(owned?.reviewMessage).toBe("Please add a kitchen photo");
    // Not reviewable while it is with the owner.
    expect(await approveSubmission(admin.actor, id, inputOf(FLAT))).toEqual({
      ok: false,
      reason: "not-reviewable",
    });
    const again = await saveOwnerSubmission(owner.id, {
      id,
      values: { ...FLAT, price: "2,400,000" },
      photos: [{ url: "/media/uploads/kitchen.webp" }],
      send: true,
    });
    expect(again).toMatchObject({ ok: true, status: "resubmitted" });
    const approved = await approveSubmission(admin.actor, id, {
      ...inputOf({ ...FLAT, price: "2,400,000" }),
      title: "Bright two-bedroom flat, Yaba",
    });
    expect(approved.ok).toBe(true);
    if (!approved.ok || !approved.propertyId) return;
    const [listing] = await db
      .select()
      .from(properties)
      .where(eq(properties.id, approved.propertyId));
    expect(listing).toMatchObject({
      title: "Bright two-bedroom flat, Yaba",
      price: 2_400_000,
      ownerId: owner.id,
      imageUrl: "/media/uploads/p1.webp",
    });
    const media = await db
      .select({ url: propertyMedia.mediaUrl })
      .from(propertyMedia)
      .where(eq(propertyMedia.propertyId, approved.propertyId));
    expect(media.map((m) => m.url)).toEqual([
      "/media/uploads/p1.webp",
      "/media/uploads/kitchen.webp",
    ]);
    expect(await submissionMails(id)).toEqual([
      "submitted",
      "changes_requested",
      "resubmitted",
      "approved",
    ]);
    const audit = await db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.entityId, id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      "submission.approve",
      "submission.request-changes",
    ]);
    const forAdmin = await getSubmissionForAdmin(admin.actor, id);
    expect(forAdmin?.owner.email).toBe("owner@example.com");
    // Twice is refused: it is decided.
    expect((await approveSubmission(admin.actor, id, inputOf(FLAT))).ok).toBe(false);
  });

  it("declines with a reason the owner reads", async () => {
    const id = await sent();
    expect((await declineSubmission(admin.actor, id, "We do not list in this area")).ok).toBe(true);
    expect(await getOwnerSubmission(owner.id, id)).toMatchObject({
      status: "declined",
      reviewMessage: "We do not list in this area",
    });
    expect(
      await db.select({ n: count() }).from(properties).where(eq(properties.ownerId, owner.id)),
    ).toEqual([{ n: 0 }]);
  });

  it("renders the owner's e-mail for each step", async () => {
    const id = await sent();
    await requestSubmissionChanges(admin.actor, id, "Please add the service charge");
    const mails = await renderNotification(db, "submission.status-set", {
      submissionId: id,
      status: "changes_requested",
      message: "Please add the service charge",
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toBe("owner@example.com");
    expect(mails[0]?.subject).toContain("Changes requested");
    expect(mails[0]?.text).toContain("Please add the service charge");
  });
});
