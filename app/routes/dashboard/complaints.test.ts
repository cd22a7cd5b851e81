import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { inquiries } from "~/db/schema";
import { COMPLAINT_MAX_LENGTH, COMPLAINT_MESSAGES } from "~/lib/schemas/inquiry";
import { RATE_LIMITS, TOO_MANY_ATTEMPTS_MESSAGE } from "~/rate-limit/rate-limit.server";
import { createSignedInUser } from "../../../tests/setup/accounts";
import { callAction, callLoader } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import { action, loader } from "./complaints";

await setupTestDatabase();

type Result = {
  ok: boolean;
  id?: string;
  error?: { title: string; message: string };
  fields?: { description?: string };
  values?: { description: string };
};

let ada: Awaited<ReturnType<typeof createSignedInUser>>;
let bola: Awaited<ReturnType<typeof createSignedInUser>>;

beforeAll(async () => {
  ada = await createSignedInUser("ada@complaints.test", "Ada Grace Obi");
  bola = await createSignedInUser("bola@complaints.test", "Bola Ade");
});

function submit(cookie: string | undefined, form: Record<string, string>) {
  return callAction<Result>(action, "/dashboard/complaints", { cookie, form });
}

function complaintsOf(userId: string) {
  return db.select().from(inquiries).where(eq(inquiries.userId, userId));
}

describe("submitting a complaint", () => {
  it("stores one pending complaint from the signed-in user, whatever the form claims", async () => {
    const answer = await submit(ada.cookie, {
      description: "  The agent did not turn up for my viewing.  ",
      // Forged fields: ignored, the sender comes from the session.
      userId: bola.id,
      email: "someone@else.test",
      status: "answered",
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ ok: true, id: expect.any(String) });
    const rows = await complaintsOf(ada.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: answer.body.id,
      source: "complaint",
      email: "ada@complaints.test",
      name: "Ada Grace Obi",
      description: "The agent did not turn up for my viewing.",
      status: "pending",
      response: null,
    });
    expect(await complaintsOf(bola.id)).toHaveLength(0);
  });

  it.each([
    ["empty", ""],
    ["only whitespace", "   \n\t  "],
  ])("refuses an %s complaint and stores nothing", async (_label, description) => {
    const before = await db.select().from(inquiries);
    const answer = await submit(bola.cookie, { description });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.description).toBe("Please enter your complaint");
    expect(answer.body.error).toEqual({ title: "Error", message: COMPLAINT_MESSAGES.empty });
    expect(await db.select().from(inquiries)).toEqual(before);
  });

  it("refuses an over-long complaint, keeping the text", async () => {
    const description = "x".repeat(COMPLAINT_MAX_LENGTH + 1);
    const answer = await submit(bola.cookie, { description });
    expect(answer.status).toBe(400);
    expect(answer.body.fields?.description).toBe(
      `Please keep your complaint under ${COMPLAINT_MAX_LENGTH} characters`,
    );
    expect(answer.body.values?.description).toBe(description);
    expect(await complaintsOf(bola.id)).toHaveLength(0);
  });

  it("sends a signed-out visitor to sign in and stores nothing", async () => {
    const answer = await submit(undefined, { description: "Hello" });
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/signin?redirectTo=%2Fdashboard%2Fcomplaints");
    expect(await db.select().from(inquiries).where(eq(inquiries.description, "Hello"))).toEqual([]);
  });

  it("limits how many complaints one user sends in a while", async () => {
    const carl = await createSignedInUser("carl@complaints.test", "Carl Eze");
    for (let i = 0; i < RATE_LIMITS.publicForm.limit; i++) {
      expect((await submit(carl.cookie, { description: `Complaint ${i}` })).status).toBe(200);
    }
    const refused = await submit(carl.cookie, { description: "One too many" });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({ title: "Error", message: TOO_MANY_ATTEMPTS_MESSAGE });
    expect(refused.body.values?.description).toBe("One too many");
    expect(await complaintsOf(carl.id)).toHaveLength(RATE_LIMITS.publicForm.limit);
    // Another user is not held back by Carl's limit.
    expect((await submit(bola.cookie, { description: "My own" })).status).toBe(200);
  });
});

describe("complaint history", () => {
  it("shows the user's own inquiries only, newest first, with the admin's response", async () => {
    const [answered] = await complaintsOf(ada.id);
    if (!answered) throw new Error("no complaint");
    await db
      .update(inquiries)
      .set({ status: "answered", response: "We are sorry; a new viewing is booked." })
      .where(eq(inquiries.id, answered.id));
    await db.insert(inquiries).values({
      source: "contact",
      userId: ada.id,
      email: ada.email,
      description: "Do you manage properties in Kano?",
      createdAt: new Date(Date.now() + 1000),
    });
    const page = await callLoader<Awaited<ReturnType<typeof loader>>>(
      loader,
      "/dashboard/complaints",
      { cookie: ada.cookie },
    );
    expect(page.body.history.map((h) => [h.source, h.status])).toEqual([
      ["contact", "pending"],
      ["complaint", "answered"],
    ]);
    expect(page.body.history[1]?.response).toBe("We are sorry; a new viewing is booked.");
    const bolas = await callLoader<Awaited<ReturnType<typeof loader>>>(
      loader,
      "/dashboard/complaints",
      { cookie: bola.cookie },
    );
    expect(bolas.body.history.every((h) => h.description === "My own")).toBe(true);
  });
});
