import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { inquiries, users } from "~/db/schema";
import { setupTestDatabase } from "../../tests/setup/test-database";
import { countInquiriesForUser, createInquiry, listInquiriesForUser } from "./inquiry.server";

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
    expect(await countInquiriesForUser("ada")).toBe(3);
    expect(await countInquiriesForUser("ada", { sources: ["complaint"] })).toBe(2);
    expect(await listInquiriesForUser("bayo")).toHaveLength(1);
  });
});
