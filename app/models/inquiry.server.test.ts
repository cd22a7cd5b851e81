import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { inquiries, mailOutbox, users } from "~/db/schema";
import { INQUIRY_RESPONSE_MESSAGES } from "~/lib/schemas/inquiry";
import { settleBackgroundMail } from "~/mail/mail.server";
import { actorFor } from "../../tests/setup/admin";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { countCustomerActivity } from "./customer-activity.server";
import {
  createInquiry,
  listInquiriesForUser,
  respondToInquiry,
  setInquiryStatus,
} from "./inquiry.server";

await setupTestDatabase();

describe("inquiries", () => {
  it("stores an inquiry as pending", async () => {
    await createInquiry({
      source: "contact",
      name: "Ngozi",
      email: "ngozi@example.ng",
      subject: "Viewing",
      description: "Is the Wuse flat still available?",
    });
    const rows = await db.select().from(inquiries);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe("pending");
    expect(rows[0]?.source).toBe("contact");
  });

  it("lists the customer's own, by kind, newest first", async () => {
    for (const id of ["ada", "bayo"]) {
      await db
        .insert(users)
        .values({ id, email: `${id}@example.ng`, name: id, firstName: id, lastName: "T" });
    }
    const older = await createInquiry({
      source: "complaint",
      userId: "ada",
      email: "ada@example.ng",
      description: "Leaking roof",
    });
    const newer = await createInquiry({
      source: "complaint",
      userId: "ada",
      email: "ada@example.ng",
      description: "Gate broken",
    });
    await createInquiry({
      source: "contact",
      userId: "ada",
      email: "ada@example.ng",
      description: "Hello",
    });
    await createInquiry({
      source: "complaint",
      userId: "bayo",
      email: "bayo@example.ng",
      description: "Not Ada's",
    });

    const complaints = await listInquiriesForUser("ada", { sources: ["complaint"] });
    expect(complaints.map((c) => c.id)).toEqual([newer.id, older.id]);
    expect((await countCustomerActivity("ada")).inquiries).toBe(3);
    expect((await countCustomerActivity("bayo")).inquiries).toBe(1);
    expect(await listInquiriesForUser("bayo")).toHaveLength(1);
  });
});

describe("admin responses", () => {
  const ADMIN = "admin-1";
  const ACTOR = actorFor({ id: ADMIN, email: "staff@example.ng" });
  let customerId: string;

  beforeEach(async () => {
    await db.delete(mailOutbox);
    await db.delete(inquiries);
    await db
      .insert(users)
      .values({
        id: ADMIN,
        email: "staff@naijahomes.ng",
        name: "Staff",
        firstName: "Staff",
        lastName: "A",
        role: "admin",
      })
      .onConflictDoNothing();
    await db
      .insert(users)
      .values({
        id: "cust",
        email: "kemi@example.ng",
        name: "Kemi",
        firstName: "Kemi",
        lastName: "A",
      })
      .onConflictDoNothing();
    customerId = "cust";
  });

  async function complaint() {
    return createInquiry({
      source: "complaint",
      userId: customerId,
      name: "Kemi <Adewale>",
      email: "kemi@example.ng",
      description: "The borehole pump at Block C has failed.",
    });
  }

  it("records the response, who and when, and the notification to its sender", async () => {
    const { id } = await complaint();
    const before = Date.now();
    const result = await respondToInquiry(ACTOR, id, {
      response: "  A technician will visit on Tuesday <morning>.  ",
    });
    expect(result).toMatchObject({ ok: true, inquiry: { id, status: "answered" } });

    const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row).toMatchObject({
      status: "answered",
      response: "A technician will visit on Tuesday <morning>.",
      respondedBy: ADMIN,
    });
    expect(row?.respondedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row?.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // What happened; the sender renders the e-mail (~/mail/inquiry-mail.server.test.ts).
    const notified = await db
      .select({ kind: mailOutbox.kind, payload: mailOutbox.payload })
      .from(mailOutbox)
      .where(sql`${mailOutbox.payload}->>'inquiryId' = ${id}`);
    expect(notified).toEqual([{ kind: "inquiry.answered", payload: { inquiryId: id } }]);
  });

  it("sets the chosen status instead of 'answered'", async () => {
    const { id } = await complaint();
    const result = await respondToInquiry(ACTOR, id, {
      response: "Yes, three are available.",
      status: "resolved",
    });
    expect(result).toMatchObject({ ok: true, inquiry: { id, status: "resolved" } });
  });

  it("requires a response, and writes nothing without one", async () => {
    const { id } = await complaint();
    expect(await respondToInquiry(ACTOR, id, { response: "   " })).toEqual({
      ok: false,
      reason: "missing-response",
    });
    expect(INQUIRY_RESPONSE_MESSAGES["missing-response"]).toBe("Please enter a response");
    const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row).toMatchObject({ status: "pending", response: null, respondedBy: null });
    await settleBackgroundMail();
    expect(await db.select().from(mailOutbox)).toHaveLength(0);
  });

  it("refuses to change a response once given", async () => {
    const { id } = await complaint();
    await respondToInquiry(ACTOR, id, { response: "First answer" });
    const again = await respondToInquiry(ACTOR, id, { response: "Second answer" });
    expect(again).toEqual({ ok: false, reason: "already-answered" });
    const [row] = await db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row?.response).toBe("First answer");
  });

  it("answers not-found for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", ""]) {
      const notFound = { ok: false, reason: "not-found" };
      expect(await respondToInquiry(ACTOR, id, { response: "Hi" })).toEqual(notFound);
      expect(await setInquiryStatus(ACTOR, id, "resolved")).toEqual(notFound);
    }
  });

  it("sets a status; 'answered' only once there is a response", async () => {
    const { id } = await complaint();
    expect(await setInquiryStatus(ACTOR, id, "in-progress")).toEqual({
      ok: true,
      inquiry: { id, status: "in-progress" },
    });
    expect(await setInquiryStatus(ACTOR, id, "answered")).toEqual({
      ok: false,
      reason: "missing-response",
    });
    let [row] = await db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row?.status).toBe("in-progress");

    await respondToInquiry(ACTOR, id, { response: "Done." });
    expect((await setInquiryStatus(ACTOR, id, "rejected")).ok).toBe(true);
    expect((await setInquiryStatus(ACTOR, id, "answered")).ok).toBe(true);
    [row] = await db.select().from(inquiries).where(eq(inquiries.id, id));
    expect(row).toMatchObject({ status: "answered", response: "Done." });
  });
});
